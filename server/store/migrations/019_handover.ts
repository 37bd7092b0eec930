import type { Kysely } from 'kysely';
import { portable } from './portable';

/** Ids of the operate-permission map (domain/permissions.ts), fixed here as they were when this ran. */
const EVENT_CONFIRM_ID = 2000;
const SHIFT_HANDOVER_ID = 2009;

/**
 * Issue 29, the rest of it: shift handovers (交接班) with their stored summary; a work order may be
 * dispatched to a user group (groupId; its assigneeId stays 0 until a member accepts it). The new
 * operation permission 交接班 is granted to every role that holds event confirmation, like 派单/处置/审核
 * in 015.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const p = portable(db);
  await db.schema
    .createTable('shift_handover')
    .addColumn('id', 'integer', p.autoId)
    .addColumn('tenantId', 'integer', (c) => c.notNull())
    .addColumn('shiftName', 'text', (c) => c.notNull())
    .addColumn('shiftStart', 'bigint', (c) => c.notNull())
    .addColumn('shiftEnd', 'bigint', (c) => c.notNull())
    .addColumn('fromUserId', 'integer', (c) => c.notNull())
    .addColumn('fromUserName', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('projectIds', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('handedAt', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('toUserId', 'integer')
    .addColumn('toUserName', 'text')
    .addColumn('acceptedAt', 'bigint')
    .addColumn('acceptNote', 'text')
    .execute();
  await db.schema.createIndex('shift_handover_tenant').on('shift_handover').columns(['tenantId', 'handedAt']).execute();
  // one handover of a shift occurrence per operator: a second one is refused, also when two race
  await db.schema
    .createIndex('shift_handover_once')
    .on('shift_handover')
    .columns(['fromUserId', 'shiftName', 'shiftStart'])
    .unique()
    .execute();
  await db.schema.alterTable('work_order').addColumn('groupId', 'integer').execute();

  const roles = (await db.selectFrom('role').select(['id', 'pageNodes', 'auths']).execute()) as {
    id: number;
    pageNodes: string;
    auths: string;
  }[];
  for (const r of roles) {
    const auths = parseIds(r.auths);
    if (!parseIds(r.pageNodes).includes(EVENT_CONFIRM_ID) && !auths.includes(EVENT_CONFIRM_ID)) continue;
    const next = [...new Set([...auths, SHIFT_HANDOVER_ID])].sort((a, b) => a - b);
    await db
      .updateTable('role')
      .set({ auths: JSON.stringify(next) })
      .where('id', '=', r.id)
      .execute();
  }
}

function parseIds(text: string): number[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x !== null ? Number((x as { id: unknown }).id) : Number(x))) : [];
  } catch {
    return [];
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('work_order').dropColumn('groupId').execute();
  await db.schema.dropTable('shift_handover').execute();
}
