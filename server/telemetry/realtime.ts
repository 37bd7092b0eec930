import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

export interface LatestValue {
  deviceid: number;
  dataid: number;
  logicalid: number;
  time: number;
  value: number;
  status: number;
}

/**
 * Latest value of every series, in memory for the realtime screen and persisted every few seconds
 * (and on shutdown) so a restart shows the last known values instead of blanks.
 */
export class RealtimeCache {
  private readonly latest = new Map<number, Map<number, LatestValue>>();
  private readonly dirty = new Set<LatestValue>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<void> {
    for (const r of await this.db.selectFrom('realtime').selectAll().execute()) this.set(r, false);
  }

  /** Only a newer reading replaces the latest one; late readings go to history only. */
  set(v: LatestValue, markDirty = true): void {
    let m = this.latest.get(v.deviceid);
    if (!m) this.latest.set(v.deviceid, (m = new Map()));
    const cur = m.get(v.dataid);
    if (cur && cur.time > v.time) return;
    if (cur) this.dirty.delete(cur);
    m.set(v.dataid, v);
    if (markDirty) this.dirty.add(v);
  }

  ofDevice(deviceid: number): ReadonlyMap<number, LatestValue> {
    return this.latest.get(deviceid) ?? new Map();
  }

  get(deviceid: number, dataid: number): LatestValue | undefined {
    return this.latest.get(deviceid)?.get(dataid);
  }

  *series(): Iterable<[number, number]> {
    for (const [d, m] of this.latest) for (const k of m.keys()) yield [d, k];
  }

  async flush(): Promise<number> {
    if (this.dirty.size === 0) return 0;
    const rows = [...this.dirty];
    this.dirty.clear();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 100) {
          await trx
            .insertInto('realtime')
            .values(rows.slice(i, i + 100))
            .onConflict((oc) =>
              oc.columns(['deviceid', 'dataid']).doUpdateSet((eb) => ({
                logicalid: eb.ref('excluded.logicalid'),
                time: eb.ref('excluded.time'),
                value: eb.ref('excluded.value'),
                status: eb.ref('excluded.status'),
              })),
            )
            .execute();
        }
      });
    } catch (err) {
      for (const r of rows) this.dirty.add(r);
      throw err;
    }
    return rows.length;
  }
}
