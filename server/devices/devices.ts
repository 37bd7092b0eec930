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
 * In-memory index of the ledger's terminals by id and code. A miss reloads (at most once per
 * `missReloadMs`) so devices added to the ledger are found without a restart.
 */
export class DeviceDirectory {
  private byId = new Map<number, DeviceInfo>();
  private byCode = new Map<string, DeviceInfo>();
  private lastLoad = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly missReloadMs = 2000,
  ) {}

  async load(): Promise<void> {
    this.loading ??= (async () => {
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
        .execute();
      const byId = new Map<number, DeviceInfo>();
      const byCode = new Map<string, DeviceInfo>();
      for (const r of rows) {
        // Keep the live status the comm watch already holds in memory.
        const info: DeviceInfo = { ...r, devicestatus: this.byId.get(r.id)?.devicestatus ?? r.devicestatus };
        byId.set(r.id, info);
        byCode.set(r.code, info);
      }
      this.byId = byId;
      this.byCode = byCode;
      this.lastLoad = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
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

  /** A status change committed by any instance (the device.status_changed event). */
  observeStatus(deviceId: number, status: number): void {
    const d = this.byId.get(deviceId);
    if (d) d.devicestatus = status;
  }

  all(): DeviceInfo[] {
    return [...this.byId.values()];
  }
}
