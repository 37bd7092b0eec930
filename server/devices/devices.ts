import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../store/schema';

/**
 * What ingest, alarms and push need of a terminal, without a query per reading: the terminal row's
 * own columns with its project's name and contact phone.
 */
export type DeviceInfo = Pick<Selectable<Database['terminal']>, 'id' | 'code' | 'name' | 'projectid' | 'tenantid' | 'devicestatus'> & {
  projectName: string;
  contactphone: Selectable<Database['project']>['contactphone'];
};

/**
 * Terminals read per statement of a load. A whole ledger in one statement held the event loop for as
 * long as the fleet is large, every 30 s on every instance (25–29 ms at 10,000 terminals, 320–390 ms at
 * 100,000: no alarm pushed, no request answered meanwhile); in pieces of this size it gets a turn every
 * few ms.
 */
const LOAD_CHUNK = 1000;

/** The ledger's columns of two readings of one terminal agree (the status is live, held apart). */
const sameLedger = (a: DeviceInfo, b: DeviceInfo) =>
  a.code === b.code &&
  a.name === b.name &&
  a.projectid === b.projectid &&
  a.tenantid === b.tenantid &&
  a.projectName === b.projectName &&
  a.contactphone === b.contactphone;

/**
 * In-memory index of the ledger's terminals by id and code. A miss reloads (at most once per
 * `missReloadMs`) so devices added to the ledger are found without a restart.
 */
export class DeviceDirectory {
  private byId = new Map<number, DeviceInfo>();
  private byCode = new Map<string, DeviceInfo>();
  private lastLoad = 0;
  private loading: Promise<void> | null = null;
  /** the load asked for while one was under way (which may have read past the change that asked) */
  private again: Promise<void> | null = null;
  /** live statuses observed while a load reads its pieces: they win over what it read */
  private observedWhileLoading: Map<number, number> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly missReloadMs = 2000,
    private readonly chunk = LOAD_CHUNK,
  ) {}

  /**
   * Reads the ledger again. Resolves once a load that began after this call has ended: a load under
   * way may already have read the terminal a caller just changed, so the callers meanwhile share one
   * more after it.
   */
  load(): Promise<void> {
    if (!this.loading) {
      this.loading = this.readAll().finally(() => (this.loading = null));
      return this.loading;
    }
    this.again ??= this.loading
      .catch(() => undefined)
      .then(() => {
        this.again = null;
        return this.load();
      });
    return this.again;
  }

  private async readAll(): Promise<void> {
    const byId = new Map<number, DeviceInfo>();
    const byCode = new Map<string, DeviceInfo>();
    const observed = new Map<number, number>();
    this.observedWhileLoading = observed;
    try {
      for (let after = 0; ;) {
        const rows = await this.db
          .selectFrom('terminal')
          .innerJoin('project', 'project.id', 'terminal.projectid')
          .select([
            'terminal.id',
            'terminal.code',
            'terminal.name',
            'terminal.projectid',
            'terminal.tenantid',
            'terminal.devicestatus',
            'project.name as projectName',
            'project.contactphone',
          ])
          .where('terminal.id', '>', after)
          .orderBy('terminal.id')
          .limit(this.chunk)
          .execute();
        for (const r of rows) {
          const known = this.byId.get(r.id);
          // An unchanged terminal keeps its object (and the live status the comm watch holds in it): a
          // reload of a large fleet then leaves little to collect but the rows it read.
          const info: DeviceInfo = known && sameLedger(known, r) ? known : { ...r, devicestatus: known?.devicestatus ?? r.devicestatus };
          byId.set(r.id, info);
          byCode.set(r.code, info);
        }
        if (rows.length < this.chunk) break;
        after = rows[rows.length - 1]!.id;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.observedWhileLoading = null;
    }
    // A status observed while the pieces were read wins: a piece read before the change holds the old one.
    for (const [id, status] of observed) {
      const info = byId.get(id);
      if (info) info.devicestatus = status;
    }
    this.byId = byId;
    this.byCode = byCode;
    this.lastLoad = Date.now();
  }

  getSync(ref: string | number): DeviceInfo | undefined {
    if (typeof ref === 'number') return this.byId.get(ref);
    return this.byCode.get(ref) ?? (/^\d+$/.test(ref) ? this.byId.get(Number(ref)) : undefined);
  }

  async get(ref: string | number): Promise<DeviceInfo | undefined> {
    const hit = this.getSync(ref);
    if (hit) return hit;
    if (Date.now() - this.lastLoad < this.missReloadMs) return undefined;
    await this.load();
    return this.getSync(ref);
  }

  /** A status change committed by this instance (the comm watch) or another (the device.status_changed event). */
  observeStatus(deviceId: number, status: number): void {
    const d = this.byId.get(deviceId);
    if (d) d.devicestatus = status;
    this.observedWhileLoading?.set(deviceId, status);
  }

  all(): DeviceInfo[] {
    return [...this.byId.values()];
  }
}
