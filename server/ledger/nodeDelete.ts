import type { FastifyInstance } from 'fastify';
import {
  deleteNodesBody,
  LEDGER_LABELS,
  LEDGER_PERMISSION_GROUP,
  type DeleteImpact,
  type LedgerLabel,
  type NodeRef,
} from '../../domain/schemas/ledger';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { anyOperation, guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import type { Session } from '../auth/access';
import { transact } from '../eventLog/transact';
import { LEVEL_TEXT, requireLevel, requireNode, scopeOf, type Db, type Scope } from './scope';
import { requireRegionWriter } from '../access/scope';
import { actedBy } from '../eventLog/eventLog';
import { signedIn } from '../access/signedIn';

type Sets = Record<LedgerLabel, Set<number>>;
const emptySets = (): Sets => Object.fromEntries(LEDGER_LABELS.map((l) => [l, new Set<number>()])) as Sets;

async function idsWhere(db: Db, table: LedgerLabel, column: string, parents: Set<number>): Promise<number[]> {
  if (!parents.size) return [];
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where(column as 'id', 'in', [...parents])
    .execute();
  return rows.map((r) => r.id);
}

/** The selected nodes and everything under them, level by level. */
async function closure(db: Db, session: Session, scope: Scope, nodes: NodeRef[]) {
  const sets = emptySets();
  const rows = new Map<string, Record<string, unknown>>();
  for (const n of nodes) {
    const row = await requireNode(db, scope, n.modelLabel, n.id);
    if (n.modelLabel === 'province' || n.modelLabel === 'city' || n.modelLabel === 'district') requireRegionWriter(session);
    sets[n.modelLabel].add(n.id);
    rows.set(`${n.modelLabel}:${n.id}`, row);
  }
  const add = (label: LedgerLabel, ids: number[]) => ids.forEach((i) => sets[label].add(i));
  add('city', await idsWhere(db, 'city', 'provinceid', sets.province));
  add('district', await idsWhere(db, 'district', 'cityid', sets.city));
  add('project', await idsWhere(db, 'project', 'districtid', sets.district));
  add('terminal', await idsWhere(db, 'terminal', 'projectid', sets.project));
  add('enterprise', await idsWhere(db, 'enterprise', 'projectid', sets.project));
  return { sets, rows };
}

const impactOf = (sets: Sets): DeleteImpact => Object.fromEntries(LEDGER_LABELS.filter((l) => sets[l].size).map((l) => [l, sets[l].size]));

/** "2 个区县、1 个项目、8 个设备" */
const describeImpact = (impact: DeleteImpact) =>
  LEDGER_LABELS.filter((l) => impact[l])
    .map((l) => `${impact[l]} 个${LEVEL_TEXT[l]}`)
    .join('、');

const DELETE_PERMISSIONS = anyOperation(Object.values(LEDGER_PERMISSION_GROUP), ['delete']);

/**
 * POST account/delete/node/list: deletes nodes with what hangs below them. A node with children is
 * refused unless the caller confirmed with cascade (after a dryRun showed what goes with it).
 */
export async function nodeDeleteRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/account/delete/node/list',
    { schema: { body: deleteNodesBody }, config: guarded('ledger', DELETE_PERMISSIONS) },
    async ({ session, body }) => {
      for (const n of body.nodes) requireLevel(session, n.modelLabel, 'delete');
      const scope = await scopeOf(app, session);
      const outcome = await transact(app, async (trx, emit) => {
        const { sets, rows } = await closure(trx, session, scope, body.nodes);
        const impact = impactOf(sets);
        if (body.dryRun) return { impact, deleted: false };
        for (const l of LEDGER_LABELS) if (sets[l].size) requireLevel(session, l, 'delete');
        const descendants = Object.values(sets).reduce((a, s) => a + s.size, 0) - rows.size;
        if (descendants > 0 && !body.cascade)
          throw errors.IN_USE(
            tx(
              `所选节点下还有下级节点，将一并删除：${describeImpact(impact)}；请确认后再删除`,
              `The chosen nodes hold lower levels that would go too (${JSON.stringify(impact)}): confirm to delete them`,
            ),
          );
        const terminals = [...sets.terminal];
        // In chunks: SQLite limits bound parameters per statement.
        for (let i = 0; i < terminals.length; i += 500) {
          const chunk = terminals.slice(i, i + 500);
          for (const t of ['pecdeviceinfo', 'measure_threshold', 'device_access_scheme', 'realtime'] as const)
            await trx.deleteFrom(t).where('deviceid', 'in', chunk).execute();
          await trx.deleteFrom('terminal').where('id', 'in', chunk).execute();
        }
        for (const l of ['enterprise', 'project', 'district', 'city', 'province'] as const) {
          const ids = [...sets[l]];
          for (let i = 0; i < ids.length; i += 500)
            await trx
              .deleteFrom(l)
              .where('id', 'in', ids.slice(i, i + 500))
              .execute();
        }
        if (sets.project.size)
          await trx
            .deleteFrom('user_model_node')
            .where('modelLabel', '=', 'project')
            .where('nodeId', 'in', [...sets.project])
            .execute();
        for (const [subject, row] of rows) {
          const label = subject.split(':')[0] as LedgerLabel;
          emit({
            kind: 'ledger.deleted',
            ...actedBy(session),
            tenantId: (row.tenantid as number | undefined) ?? null,
            projectId: label === 'project' ? (row.id as number) : ((row.projectid as number | undefined) ?? null),
            subject,
            payload: { modelLabel: label, level: LEVEL_TEXT[label], id: row.id, name: row.name, before: row, cascade: impact },
          });
        }
        return { impact, deleted: true };
      });
      if (outcome.deleted && (outcome.impact.terminal || outcome.impact.project)) {
        await app.telemetry.devices.load();
        await app.telemetry.thresholds.load();
      }
      return ok(outcome, { msg: outcome.deleted ? '删除成功!' : describeImpact(outcome.impact) });
    },
  );
}
