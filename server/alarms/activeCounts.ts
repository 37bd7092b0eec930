import type { Kysely } from 'kysely';
import { EVENT_STATUS } from '../../domain/enums';
import type { Database } from '../store/schema';

/** How many alarms are active, by project or by device (absent: none). */
export async function activeAlarmCounts(db: Kysely<Database>, by: 'projectid' | 'deviceid'): Promise<Map<number, number>> {
  const active = await db
    .selectFrom('peceventextend')
    .select((eb) => [eb.ref(by).as('key'), eb.fn.countAll<number>().as('n')])
    .where('endeventid', '=', EVENT_STATUS.ACTIVE)
    .groupBy(by)
    .execute();
  return new Map(active.map((a) => [a.key, Number(a.n)]));
}
