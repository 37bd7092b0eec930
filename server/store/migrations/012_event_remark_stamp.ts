import type { Kysely } from 'kysely';

/**
 * Alarm events (issue 15): the remark gets its own author and time (remarkoperator, remarktime), so a
 * remark never overwrites the confirmation stamp (operator, updatetime: spec §4 "confirmation stamps
 * updatetime and operator"). Rows written before were stamped by whichever came last; the domain
 * event log holds every confirmation and remark with its author and time, so both stamps are rebuilt
 * from it, in log order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('peceventextend').addColumn('remarkoperator', 'text').execute();
  await db.schema.alterTable('peceventextend').addColumn('remarktime', 'bigint').execute();
  const entries = await db
    .selectFrom('event_log')
    .select(['at', 'kind', 'actorName', 'payload'])
    .where('kind', 'in', ['alarm.confirmed', 'alarm.remarked'])
    .orderBy('seq')
    .execute();
  const confirmed = new Map<number, { operator: string | null; updatetime: number }>();
  const remarked = new Map<number, { remarkoperator: string | null; remarktime: number }>();
  for (const e of entries as { at: number | string; kind: string; actorName: string | null; payload: string }[]) {
    let p: { eventId?: unknown; operator?: unknown; updatetime?: unknown };
    try {
      p = JSON.parse(e.payload) as typeof p;
    } catch {
      continue;
    }
    const id = Number(p.eventId);
    if (!Number.isInteger(id)) continue;
    const who = typeof p.operator === 'string' ? p.operator : e.actorName;
    // The first confirmation is the one that counts (a confirmed event cannot be confirmed again).
    if (e.kind === 'alarm.confirmed' && !confirmed.has(id))
      confirmed.set(id, { operator: who, updatetime: typeof p.updatetime === 'number' ? p.updatetime : Number(e.at) });
    if (e.kind === 'alarm.remarked') remarked.set(id, { remarkoperator: who, remarktime: Number(e.at) });
  }
  for (const [id, stamp] of confirmed) await db.updateTable('peceventextend').set(stamp).where('id', '=', id).execute();
  // A remark on an event never confirmed stamped operator/updatetime too: those were the remark's.
  await db
    .updateTable('peceventextend')
    .set({ operator: null, updatetime: null })
    .where('confirmeventstatus', '<>', 3)
    .where('remark', 'is not', null)
    .execute();
  for (const [id, stamp] of remarked)
    await db.updateTable('peceventextend').set(stamp).where('id', '=', id).where('remark', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('peceventextend').dropColumn('remarktime').execute();
  await db.schema.alterTable('peceventextend').dropColumn('remarkoperator').execute();
}
