import type { FastifyInstance } from 'fastify';
import type { IngestResult } from '../../domain/telemetry';
import { errors } from '../errors';
import { AlarmEngine } from '../alarms/engine';
import { CommWatch } from '../alarms/commWatch';
import { DEFAULT_CLEAR_COUNT } from '../alarms/hysteresis';
import { CommandChannel } from './channel';
import { DeviceDirectory } from './devices';
import { DeviceKeys } from './deviceKeys';
import { openHistoryStore, type HistoryStore } from './historyStore';
import { RealtimeCache } from './realtime';
import { ThresholdStore } from './thresholds';
import { IngestWriter } from './writer';
import { checkBatch } from './validateBatch';

export interface TelemetryOptions {
  dataDir: string;
  now?: () => number;
  /** history rows older than this are pruned (default 400 days) */
  retentionDays?: number;
  /** readings below the release level needed to end an alarm */
  clearCount?: number;
  commRetryMs?: number;
  commExitMs?: number;
  /** how long a remote command waits for the device's acknowledgement */
  remoteTimeoutMs?: number;
  /** periodic jobs (realtime persistence, retention, comm watch); off for deterministic tests */
  timers?: boolean;
}

export interface IngestAuth {
  /** the X-Device-Key header; ignored when trusted */
  key?: string | undefined;
  /** in-process sources (the simulator) are not asked for a key */
  trusted?: boolean;
}

/** Everything of the telemetry core, one instance per app. */
export class Telemetry {
  readonly now: () => number;
  readonly devices: DeviceDirectory;
  readonly keys: DeviceKeys;
  readonly thresholds: ThresholdStore;
  readonly history: HistoryStore;
  readonly realtime: RealtimeCache;
  readonly alarms: AlarmEngine;
  readonly channel = new CommandChannel();
  readonly commWatch: CommWatch;
  readonly writer: IngestWriter;
  readonly retentionMs: number;
  readonly remoteTimeoutMs: number;

  constructor(
    app: FastifyInstance,
    readonly opts: TelemetryOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.devices = new DeviceDirectory(app.db);
    this.keys = new DeviceKeys(opts.dataDir);
    this.thresholds = new ThresholdStore(app.db);
    this.history = openHistoryStore(app.store);
    this.realtime = new RealtimeCache(app.db);
    this.alarms = new AlarmEngine(app.db, this.thresholds, opts.clearCount ?? DEFAULT_CLEAR_COUNT);
    this.commWatch = new CommWatch(app, this.devices, {
      retryMs: opts.commRetryMs ?? 45_000,
      exitMs: opts.commExitMs ?? 120_000,
      now: this.now,
    });
    this.writer = new IngestWriter(app, this.history, this.realtime, this.alarms);
    this.retentionMs = (opts.retentionDays ?? 400) * 86_400_000;
    this.remoteTimeoutMs = opts.remoteTimeoutMs ?? 10_000;
  }

  async load(): Promise<void> {
    await this.devices.load();
    await this.thresholds.load();
    await this.realtime.load();
    await this.alarms.load();
  }

  /**
   * The one ingest path (HTTP gateways and the simulator alike). Bad readings come back with their
   * reasons; the good ones of the same batch are stored together.
   */
  async ingest(raw: unknown, auth: IngestAuth): Promise<IngestResult> {
    const batch = checkBatch(raw, this.now());
    const device = await this.devices.get(batch.device);
    if (!device) throw errors.DEVICE_UNKNOWN(String(batch.device));
    if (!auth.trusted && !this.keys.verify(device.code, auth.key)) throw errors.DEVICE_KEY_INVALID();
    if (batch.readings.length) await this.writer.submit(device, batch.readings);
    if (batch.acks.length) this.channel.ack(device.id, batch.acks);
    void this.commWatch.seen(device)?.catch(() => undefined);
    return { deviceId: device.id, accepted: batch.readings.length, rejected: batch.rejected, commands: this.channel.take(device.id) };
  }

  async pruneHistory(): Promise<number> {
    return this.history.prune(this.realtime.series(), this.now() - this.retentionMs);
  }
}
