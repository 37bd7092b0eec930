import type { FastifyInstance } from 'fastify';
import { ruleCreateSchema, ruleUpdateSchema, type RuleDto } from '../../domain/schemas/notify';
import { mayAccessTenant, type Session } from '../auth/access';
import { namedTenant } from '../auth/references';
import { errors } from '../errors';
import { transact } from '../eventLog/transact';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { idParams } from '../http/wire';
import { mayseeProject, visibleProjects } from '../access/scope';
import { loadRule, ruleColumns, ruleDto } from './ruleStore';
import '../store/notifyTables';
import { signedIn } from '../access/signedIn';

async function requireRule(app: FastifyInstance, session: Session, id: number): Promise<RuleDto> {
  const rule = await loadRule(app.db, id);
  if (!rule || !mayAccessTenant(session, rule.tenantId)) throw errors.NOT_FOUND(tx(`通知规则 ${id} `, `Notification rule ${id}`));
  return rule;
}

/**
 * What a rule names must be the caller's to name: projects of the rule's tenant within the caller's
 * scope, the tenant's channels and users.
 */
async function checkReferences(
  app: FastifyInstance,
  session: Session,
  tenantId: number,
  r: Pick<RuleDto, 'projectIds' | 'channelIds' | 'userIds'>,
) {
  if (r.projectIds?.length) {
    const scope = await visibleProjects(app, session);
    const rows = await app.db.selectFrom('project').select(['id', 'tenantid']).where('id', 'in', r.projectIds).execute();
    for (const id of r.projectIds) {
      const row = rows.find((p) => p.id === id);
      if (!row || row.tenantid !== tenantId || !mayseeProject(scope, id)) throw errors.TENANT_DENIED();
    }
  }
  if (r.channelIds.length) {
    const rows = await app.db
      .selectFrom('notify_channel')
      .select('id')
      .where('id', 'in', r.channelIds)
      .where('tenantId', '=', tenantId)
      .execute();
    const missing = r.channelIds.find((id) => !rows.some((c) => c.id === id));
    if (missing !== undefined) throw errors.NOT_FOUND(tx(`通知渠道 ${missing} `, `Notification channel ${missing}`));
  }
  if (r.userIds.length) {
    const rows = await app.db.selectFrom('app_user').select('id').where('id', 'in', r.userIds).where('tenantId', '=', tenantId).execute();
    const missing = r.userIds.find((id) => !rows.some((u) => u.id === id));
    if (missing !== undefined) throw errors.NOT_FOUND(tx(`用户 ${missing} `, `User ${missing}`));
  }
}

/** 通知规则: POST/GET /notify/v1/rule, PUT/DELETE /notify/v1/rule/{id}. */
export async function ruleRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  const write = guarded('system', 'wp_system_config');

  route.post('/rule', { schema: { body: ruleCreateSchema }, config: write }, async ({ session, body }) => {
    const tenantId = await namedTenant(app.db, session, body.tenantId);
    await checkReferences(app, session, tenantId, body);
    const now = Date.now();
    const id = await transact(app, async (trx, emit) => {
      const row = await trx
        .insertInto('notify_rule')
        .values({ tenantId, ...ruleColumns(body), createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      emit({
        kind: 'notify.rule_created',
        actorId: session.userId,
        actorName: session.userName,
        tenantId,
        subject: `notify_rule:${row.id}`,
        payload: { id: row.id, ...body },
      });
      return row.id;
    });
    return ok({ id });
  });

  route.get('/rule', { config: guarded('system') }, async ({ session }) => {
    let q = app.db.selectFrom('notify_rule').selectAll().orderBy('id');
    if (session.tenants !== 'all') q = q.where('tenantId', 'in', session.tenants.length ? session.tenants : [-1]);
    return ok<RuleDto[]>((await q.execute()).map(ruleDto));
  });

  route.put('/rule/:id', { schema: { params: idParams, body: ruleUpdateSchema }, config: write }, async ({ session, body, params }) => {
    const rule = await requireRule(app, session, params.id);
    const next: RuleDto = {
      ...rule,
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
    } as RuleDto;
    if (next.channelIds.length + next.userIds.length === 0)
      throw errors.BAD_REQUEST(tx('请选择通知渠道或接收人', 'choose a channel or a recipient'));
    await checkReferences(app, session, rule.tenantId, next);
    await transact(app, async (trx, emit) => {
      await trx
        .updateTable('notify_rule')
        .set({ ...ruleColumns(next), updatedAt: Date.now() })
        .where('id', '=', rule.id)
        .execute();
      emit({
        kind: 'notify.rule_updated',
        actorId: session.userId,
        actorName: session.userName,
        tenantId: rule.tenantId,
        subject: `notify_rule:${rule.id}`,
        payload: { before: rule, after: next },
      });
    });
    return ok((await loadRule(app.db, rule.id))!);
  });

  route.delete('/rule/:id', { schema: { params: idParams }, config: write }, async ({ session, params }) => {
    const rule = await requireRule(app, session, params.id);
    await transact(app, async (trx, emit) => {
      await trx.deleteFrom('notify_rule').where('id', '=', rule.id).execute();
      emit({
        kind: 'notify.rule_deleted',
        actorId: session.userId,
        actorName: session.userName,
        tenantId: rule.tenantId,
        subject: `notify_rule:${rule.id}`,
        payload: { id: rule.id, name: rule.name },
      });
    });
    return ok(null);
  });
}
