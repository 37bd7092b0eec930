import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../store/schema';
import type { Store } from '../store/storeTypes';

/** A series' latest value: a row of the persisted `realtime` table. */
export type LatestValue = Selectable<Database['realtime']>;

/**
 * Rows per persistence transaction: a few milliseconds of work each, so a flush of a whole fleet's
 * changes never holds the event loop (alarms, requests, socket pushes) for more than that at a time.
 */
export const FLUSH_CHUNK = 500;

type WriteChunk = (rows: readonly LatestValue[]) => Promise<void>;

/**
 * Latest value of every series, in memory for the realtime screen and persisted every few seconds
 * (and on shutdown) so a restart shows the last known values instead of blanks. Only series that
 * changed since the last flush are written, in chunks of FLUSH_CHUNK rows, each chunk its own short
 * transaction with a turn of the event loop between chunks.
 */
export class RealtimeCache {
  private readonly latest = new Map<number, Map<number, LatestValue>>();
  private readonly dirty = new Set<LatestValue>();
  private readonly writeChunk: WriteChunk;

  constructor(
    private readonly db: Kysely<Database>,
    store?: Store,
  ) {
    this.writeChunk = store?.dialect === 'sqlite' ? sqliteChunkWriter(db, store) : (rows) => this.kyselyChunk(rows);
  }

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

  /**
   * A committed reading: the latest of its series unless a newer one is there. The series' entry is
   * updated in place (ingest's hot path: no object per reading outliving the commit).
   */
  setReading(deviceid: number, dataid: number, logicalid: number, time: number, value: number, status: number): void {
    let m = this.latest.get(deviceid);
    if (!m) this.latest.set(deviceid, (m = new Map()));
    const cur = m.get(dataid);
    if (!cur) {
      const v = { deviceid, dataid, logicalid, time, value, status };
      m.set(dataid, v);
      this.dirty.add(v);
      return;
    }
    if (cur.time > time) return;
    cur.logicalid = logicalid;
    cur.time = time;
    cur.value = value;
    cur.status = status;
    this.dirty.add(cur);
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

  /** Series changed since the last flush (not yet persisted). */
  get pending(): number {
    return this.dirty.size;
  }

  async flush(): Promise<number> {
    let written = 0;
    while (this.dirty.size) {
      const rows: LatestValue[] = [];
      for (const v of this.dirty) {
        rows.push(v);
        this.dirty.delete(v);
        if (rows.length === FLUSH_CHUNK) break;
      }
      try {
        await this.writeChunk(rows);
      } catch (err) {
        // Still the latest of their series (not superseded meanwhile): written by the next flush.
        for (const r of rows) if (this.latest.get(r.deviceid)?.get(r.dataid) === r) this.dirty.add(r);
        throw err;
      }
      written += rows.length;
      // Let alarms, requests and pushes through between chunks.
      if (this.dirty.size) await new Promise((r) => setImmediate(r));
    }
    return written;
  }

  private async kyselyChunk(rows: readonly LatestValue[]): Promise<void> {
    await this.db
      .insertInto('realtime')
      .values([...rows])
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
}

/** Rows per multi-row upsert of a flush chunk (6 parameters each). */
const UPSERT_ROWS = 100;

/** On SQLite: upserts prepared once (100 rows a statement), a chunk per transaction (no query building per row). */
function sqliteChunkWriter(db: Kysely<Database>, store: Store): WriteChunk {
  const upsert = (n: number) =>
    store.sqlite.prepare<unknown[]>(
      `insert into realtime (deviceid, dataid, logicalid, time, value, status) values ${Array(n).fill('(?, ?, ?, ?, ?, ?)').join(', ')}
     on conflict (deviceid, dataid) do update set logicalid = excluded.logicalid, time = excluded.time, value = excluded.value, status = excluded.status`,
    );
  const many = upsert(UPSERT_ROWS);
  const one = upsert(1);
  const write = store.sqlite.transaction((rows: readonly LatestValue[]) => {
    const params: number[] = [];
    let i = 0;
    for (; i + UPSERT_ROWS <= rows.length; i += UPSERT_ROWS) {
      params.length = 0;
      for (let j = i; j < i + UPSERT_ROWS; j++) {
        const r = rows[j]!;
        params.push(r.deviceid, r.dataid, r.logicalid, r.time, r.value, r.status);
      }
      many.run(params);
    }
    for (; i < rows.length; i++) {
      const r = rows[i]!;
      one.run(r.deviceid, r.dataid, r.logicalid, r.time, r.value, r.status);
    }
  });
  // Holds the store's one connection (Kysely's mutex): no other transaction is open on it meanwhile.
  return (rows) => db.connection().execute(async () => write(rows));
}
