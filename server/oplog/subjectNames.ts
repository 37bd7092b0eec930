import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { OperationLogRow } from '../../domain/schemas/info';
import type { Lang } from '../text/language';
import { EVENT_TYPE_TEXT, EVENT_TYPE_TEXT_EN } from '../../domain/measures';
import { formatTime } from '../text/time';

/** The ledger and account tables whose rows are called by their `name`, by the subject label the log uses. */
const TABLE_OF_LABEL: Record<string, 'app_user' | 'role' | 'usergroup' | 'tenant' | 'project' | 'province' | 'city' | 'district'> = {
  user: 'app_user',
  role: 'role',
  usergroup: 'usergroup',
  tenant: 'tenant',
  project: 'project',
  province: 'province',
  city: 'city',
  district: 'district',
};

const idsOf = (rows: readonly OperationLogRow[], label: string) =>
  [
    ...new Set(
      rows.flatMap((r) => {
        const m = r.subject?.match(/^([a-z_]+):(\d+)$/);
        return m && m[1] === label ? [Number(m[2])] : [];
      }),
    ),
  ].slice(0, 1000);

/** A name the entry itself carried (a deleted object's `before`, a created one's `after`). */
function payloadName(r: OperationLogRow): string | null {
  for (const side of [r.payload.after, r.payload.before])
    if (side && typeof side === 'object' && typeof (side as { name?: unknown }).name === 'string') return (side as { name: string }).name;
  return null;
}

/**
 * Names the subjects of a page of the operation log (issue 30: "用户组 5" told an operator nothing). The
 * objects' current names are read in one query per kind; an object that is gone keeps the name its entry
 * carried.
 */
export async function withSubjectNames(
  db: Kysely<Database>,
  rows: readonly Omit<OperationLogRow, 'subjectName'>[],
  lang: Lang,
  zone: string,
): Promise<OperationLogRow[]> {
  const base = rows.map((r) => ({ ...r, subjectName: null }) as OperationLogRow);
  const names = new Map<string, string>();
  for (const [label, table] of Object.entries(TABLE_OF_LABEL)) {
    const ids = idsOf(base, label);
    if (!ids.length) continue;
    const found = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
    for (const f of found) names.set(`${label}:${f.id}`, f.name);
  }
  const deviceIds = idsOf(base, 'terminal');
  if (deviceIds.length)
    for (const d of await db.selectFrom('terminal').select(['id', 'name', 'code']).where('id', 'in', deviceIds).execute())
      names.set(`terminal:${d.id}`, `${d.name} (${d.code})`);
  const eventIds = idsOf(base, 'peceventextend');
  if (eventIds.length) {
    const events = await db
      .selectFrom('peceventextend as e')
      .leftJoin('terminal as t', 't.id', 'e.deviceid')
      .select(['e.id', 'e.customtype', 'e.eventtime', 't.name as deviceName'])
      .where('e.id', 'in', eventIds)
      .execute();
    for (const e of events) {
      const type = (lang === 'en' ? EVENT_TYPE_TEXT_EN : EVENT_TYPE_TEXT)[e.customtype] ?? String(e.customtype);
      names.set(`peceventextend:${e.id}`, [type, formatTime(e.eventtime, zone), e.deviceName].filter(Boolean).join(' '));
    }
  }
  return base.map((r) => ({ ...r, subjectName: (r.subject && names.get(r.subject)) ?? payloadName(r) }));
}
