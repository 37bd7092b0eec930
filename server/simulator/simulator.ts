import type { Telemetry } from '../telemetry/service';
import { DeviceSim } from './deviceSim';

export interface SimulatorOptions {
  /** how many ledger terminals to simulate (default all) */
  devices?: number;
  /** report interval per device (default 15 s) */
  intervalMs?: number;
  seed?: number;
  /** the hour of the day (0–24) the devices' daily load curve is read at, whatever the clock (benches) */
  hourOfDay?: number;
  /** set false to drive ticks by hand (tests) */
  autoStart?: boolean;
}

/**
 * Runs simulated terminals in process. Readings go through the same ingest function the HTTP
 * gateways use, and remote commands reach the devices over the same channel: a pending command
 * wakes its device, which reports at once, takes the command from the ingest answer and acks it
 * in its next batch.
 */
export class Simulator {
  readonly sims = new Map<number, DeviceSim>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private slice = 0;
  readonly intervalMs: number;
  private readonly slices: number;

  constructor(
    private readonly telemetry: Telemetry,
    private readonly opts: SimulatorOptions = {},
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.intervalMs = opts.intervalMs ?? 15_000;
    const devices = telemetry.devices
      .all()
      .sort((a, b) => a.id - b.id)
      .slice(0, opts.devices ?? Infinity);
    for (const d of devices) this.sims.set(d.id, new DeviceSim(d.id, d.code, opts.seed ?? 20240601, undefined, opts.hourOfDay ?? null));
    // About every 100 ms a slice of the devices reports: arrivals spread like a real fleet's.
    this.slices = Math.max(1, Math.min(this.sims.size, Math.round(this.intervalMs / 100)));
  }

  start(): this {
    this.unsubscribe = this.telemetry.channel.onPending((deviceId) => void this.answer(deviceId).catch(this.onError));
    if (this.opts.autoStart !== false) {
      // Devices report spread over the interval, as real ones do, not all at the same instant.
      this.timer = setInterval(() => void this.tickSlice().catch(this.onError), this.intervalMs / this.slices);
      this.timer.unref();
    }
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private async tickSlice(): Promise<void> {
    const s = this.slice;
    this.slice = (this.slice + 1) % this.slices;
    const list = [...this.sims.values()].filter((_, i) => i % this.slices === s);
    await this.report(list, this.telemetry.now());
  }

  /** One report of every simulated device (or the given ones) at `time`. */
  async tick(time = this.telemetry.now(), only?: DeviceSim[]): Promise<void> {
    await this.report(only ?? [...this.sims.values()], time);
  }

  private async report(list: DeviceSim[], time: number): Promise<void> {
    await Promise.all(
      list.map(async (sim) => {
        if (sim.silent()) return;
        const res = await this.telemetry.ingest({ device: sim.id, time, values: sim.readings(time) }, { trusted: true });
        if (res.commands.length)
          await this.ack(
            sim,
            res.commands.map((c) => sim.handle(c)),
          );
      }),
    );
  }

  private async answer(deviceId: number): Promise<void> {
    const sim = this.sims.get(deviceId);
    // A device in a drop-out hears nothing; its commands time out.
    if (!sim || sim.silentNow()) return;
    await new Promise((r) => setImmediate(r));
    const res = await this.telemetry.ingest({ device: sim.id, time: this.telemetry.now(), values: [] }, { trusted: true });
    if (res.commands.length)
      await this.ack(
        sim,
        res.commands.map((c) => sim.handle(c)),
      );
  }

  private async ack(sim: DeviceSim, acks: ReturnType<DeviceSim['handle']>[]): Promise<void> {
    await this.telemetry.ingest({ device: sim.id, time: this.telemetry.now(), values: [], acks }, { trusted: true });
  }
}
