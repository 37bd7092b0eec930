import type { FastifyInstance } from 'fastify';
import '../store/infoSchema';
import {
  DEFAULT_SYSTEM_SETTINGS,
  settingReadBody,
  settingSaveBody,
  systemSettingsSchema,
  type SystemSettingDto,
} from '../../domain/schemas/info';
import { ok } from '../http/envelope';
import { guarded, typed } from '../http/routeOptions';
import { orEmpty } from '../http/wire';
import { sessionOf } from '../auth/session';
import { requireTenantRef } from '../auth/references';
import { transact } from '../events/transact';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** A tenant's settings; defaults fill in what was never saved or what an older version lacked. */
export async function tenantSettings(db: Kysely<Database>, tenantId: number): Promise<SystemSettingDto> {
  const row = await db.selectFrom('system_setting').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
  if (!row) return { tenantId, settings: DEFAULT_SYSTEM_SETTINGS, updatedAt: null };
  const parsed = systemSettingsSchema.partial().safeParse(JSON.parse(row.value));
  return { tenantId, settings: { ...DEFAULT_SYSTEM_SETTINGS, ...(parsed.success ? parsed.data : {}) }, updatedAt: row.updatedAt };
}

/**
 * System settings, one record per tenant (the platform's is tenant 1). Spec §6 names no operation
 * permission for settings, so both read and save need the page permission wp_system_config.
 */
export async function settingRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const access = guarded('system', 'wp_system_config');
  const read = (tenantId: number) => tenantSettings(app.db, tenantId);

  app.post('/system/setting', { schema: { body: orEmpty(settingReadBody) }, config: access }, async (request) => {
    const session = sessionOf(request);
    const body = request.body;
    const tenantId = body.tenantId ?? session.tenantId;
    await requireTenantRef(app.db, session, tenantId);
    return ok(await read(tenantId));
  });

  app.post('/system/setting/save', { schema: { body: settingSaveBody }, config: access }, async (request) => {
    const session = sessionOf(request);
    const body = request.body;
    const tenantId = body.tenantId ?? session.tenantId;
    await requireTenantRef(app.db, session, tenantId);
    const before = await read(tenantId);
    const now = Date.now();
    await transact(app, async (trx, emit) => {
      const value = JSON.stringify(body.settings);
      await trx
        .insertInto('system_setting')
        .values({ tenantId, value, updatedAt: now })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet({ value, updatedAt: now }))
        .execute();
      emit({
        kind: 'system.setting_saved',
        actorId: session.userId,
        actorName: session.userName,
        tenantId,
        subject: `tenant:${tenantId}`,
        payload: { before: before.settings, after: body.settings },
      });
    });
    return ok(await read(tenantId), { msg: '保存成功!' });
  });
}
