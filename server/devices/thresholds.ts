import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { MEASURES, MEASURE_BY_ID, defaultThreshold, type Threshold } from '../../domain/telemetry';

const DEFAULTS: ReadonlyMap<number, Threshold> = new Map(MEASURES.map((m) => [m.dataId, defaultThreshold(m)]));

/**
 * Thresholds per terminal: catalogue defaults overlaid with the rows saved for that terminal. Held in
 * memory because every reading is checked against them.
 */
export class ThresholdStore {
  private overrides = new Map<number, Map<number, Threshold>>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<void> {
    const rows = await this.db.selectFrom('measure_threshold').selectAll().execute();
    this.overrides.clear();
    for (const r of rows)
      this.put(r.deviceid, {
        dataId: r.dataid,
        alarmLimit: r.alarmLimit,
        warnLimit: r.warnLimit,
        hysteresis: r.hysteresis,
        enabled: r.enabled === 1,
      });
  }

  private put(deviceId: number, t: Threshold) {
    let m = this.overrides.get(deviceId);
    if (!m) this.overrides.set(deviceId, (m = new Map()));
    m.set(t.dataId, t);
  }

  /** A save on another instance (the threshold.saved event carries the saved list). */
  observe(deviceId: number, list: readonly Threshold[]): void {
    for (const t of list) if (MEASURE_BY_ID.has(t.dataId)) this.put(deviceId, t);
  }

  get(deviceId: number, dataId: number): Threshold | undefined {
    return this.overrides.get(deviceId)?.get(dataId) ?? DEFAULTS.get(dataId);
  }

  list(deviceId: number): (Threshold & { isDefault: boolean })[] {
    return MEASURES.filter((m) => m.alarmLimit !== null).map((m) => {
      const o = this.overrides.get(deviceId)?.get(m.dataId);
      return { ...(o ?? DEFAULTS.get(m.dataId)!), isDefault: !o };
    });
  }

  /** Writes inside the caller's transaction; call `apply` after commit. */
  async save(trx: Transaction<Database>, deviceId: number, list: Threshold[], now: number): Promise<() => void> {
    for (const t of list) {
      if (!MEASURE_BY_ID.has(t.dataId)) continue;
      const row = {
        alarmLimit: t.alarmLimit,
        warnLimit: t.warnLimit,
        hysteresis: t.hysteresis,
        enabled: t.enabled ? 1 : 0,
        updatedAt: now,
      };
      await trx
        .insertInto('measure_threshold')
        .values({ deviceid: deviceId, dataid: t.dataId, ...row })
        .onConflict((oc) => oc.columns(['deviceid', 'dataid']).doUpdateSet(row))
        .execute();
    }
    return () => list.forEach((t) => this.put(deviceId, t));
  }
}
