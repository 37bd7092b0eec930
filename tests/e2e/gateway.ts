import { request, type APIRequestContext } from '@playwright/test';
import { REMOTE_PARAMS } from '../../domain/telemetry';
import { apiLogin } from './helpers';

interface PendingCommand {
  commandId: string;
  type: string;
  controlpoint?: number;
  groupId?: number;
  params?: Record<string, number>;
}

interface Ack {
  commandId: string;
  ok: boolean;
  params?: Record<string, number>;
}

/**
 * A field gateway for one device, as the tests' own simulated device: it reports through the real
 * ingest path with its device key, takes commands from the ingest answers and acknowledges them.
 */
export class Gateway {
  readonly commands: PendingCommand[] = [];
  private acks: Ack[] = [];
  /** the device's own parameter values: reads answer these, writes change them */
  readonly params: Record<string, number> = Object.fromEntries(REMOTE_PARAMS.map((p) => [p.id, p.defaultValue]));
  /** a device-side rule: the value it actually applies for a written one (default: as sent) */
  applies: (id: string, value: number) => number = (_id, value) => value;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  private constructor(
    private readonly api: APIRequestContext,
    readonly deviceId: number,
    readonly code: string,
    private readonly key: string,
  ) {}

  static async open(baseURL: string, deviceId: number): Promise<Gateway> {
    const api = await request.newContext({ baseURL });
    const login = await apiLogin(api, 'root');
    const res = await api.get(`/devicedata/api/comm/v1/device/${deviceId}/key`, {
      headers: { authorization: `Bearer ${login.data.token}` },
    });
    const body = (await res.json()) as { code: number; data: { code: string; key: string } };
    if (body.code !== 0) throw new Error(`device key: ${JSON.stringify(body)}`);
    return new Gateway(api, deviceId, body.data.code, body.data.key);
  }

  /** the time of the last batch stamped here by default */
  private lastStamp = 0;

  /**
   * One batch stamped `time`, by default now — and always later than this gateway's previous default
   * stamp, as a device stamps its readings: the alarm engine ignores a reading no newer than the last
   * (server/alarms/engine.ts), and a quick server answers two reports within the same millisecond.
   */
  async report(values: Record<number, number>, stamp?: number): Promise<void> {
    const time = stamp ?? (this.lastStamp = Math.max(Date.now(), this.lastStamp + 1));
    const acks = this.acks;
    this.acks = [];
    const res = await this.api.post('/devicedata/api/comm/v1/ingest', {
      headers: { 'X-Device-Key': this.key },
      data: { device: this.code, time, values: Object.entries(values).map(([dataId, value]) => ({ dataId: Number(dataId), value })), acks },
    });
    const body = (await res.json()) as { code: number; msg: string; data: { commands: PendingCommand[] } };
    if (body.code !== 0) throw new Error(`ingest refused: ${body.msg}`);
    for (const c of body.data.commands) {
      this.commands.push(c);
      this.acks.push(this.answer(c));
    }
  }

  /** Parameter commands answer with the device's values; other commands are simply acknowledged. */
  private answer(c: PendingCommand): Ack {
    if (c.type === 'param_write')
      for (const [k, v] of Object.entries(c.params ?? {})) if (k in this.params) this.params[k] = this.applies(k, v);
    if (c.type === 'param_read' || c.type === 'param_write') return { commandId: c.commandId, ok: true, params: { ...this.params } };
    return { commandId: c.commandId, ok: true };
  }

  /**
   * Keeps reporting normal values (`values`) every `everyMs` so the device stays online and answers
   * commands quickly.
   */
  startHeartbeat(everyMs = 500, values: Record<number, number> = { 1001: 80, 1101: 35 }): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.report(values)
        .catch(() => {})
        .finally(() => (this.busy = false));
    }, everyMs);
  }

  stopHeartbeat(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async close(): Promise<void> {
    this.stopHeartbeat();
    await this.api.dispose();
  }
}
