import type { FastifyInstance } from 'fastify';
import type { IngestResult } from '../../domain/telemetry';
import { errors } from '../errors';
import type { Text } from '../text/text';
import { AlarmEngine } from '../alarms/engine';
import { CommWatch } from '../alarms/commWatch';
import { DEFAULT_CLEAR_COUNT } from '../alarms/hysteresis';
import { CommandChannel } from './channel';
import { DeviceDirectory } from '../devices/devices';
import { openDeviceKeys, type DeviceKeys } from '../devices/deviceKeys';
import { openHistoryStore, type HistoryStore } from '../series/historyStore';
import { BlockStore } from '../series/blockStore';
import { Compactor } from '../series/compactor';
import { pruneTiers, Retention, type PruneResult, type RetentionDays } from '../series/retention';
import { SeriesReader } from '../series/seriesReader';
import { PostgresHistoryStore } from '../series/historyPostgres';
import { RealtimeCache, type LatestValue } from './realtime';
import { ThresholdStore } from '../devices/thresholds';
import { IngestWriter } from './writer';
import { checkBatch, hasTextTime } from './validateBatch';
import { timeZoneOf } from '../settings/effective';
import { DEFAULT_TIME_ZONE } from '../../domain/timeZone';

export interface TelemetryOptions {
  dataDir: string;
  now?: () => number;
  /** how long each tier of history is kept (raw 90 days, 1-minute rollups 2 years, 1-hour 10 years) */
  retention?: RetentionDays;
  /** compaction of closed hours: how late a reading may come before its hour is compacted, slice length */
  compaction?: { graceMs?: number; sliceMs?: number };
  /** readings below the release level needed to end an alarm */
  clearCount?: number;
  commRetryMs?: number;
  commExitMs?: number;
  /** how long a remote command waits for the device's acknowledgement */
  remoteTimeoutMs?: number;
  /** several instances share the database: alarm state is read and written per transaction */
  shared?: boolean;
}

export interface IngestAuth {
  /** the X-Device-Key header (or the MQTT payload's key); ignored when trusted */
  key?: string | undefined;
  /** where the key came from, named in the wrong-key answer (default: the X-Device-Key header) */
  keySource?: Text;
  /** in-process sources (the simulator) are not asked for a key */
  trusted?: boolean;
}

/** Everything of the telemetry core, one instance per app. */
export class Telemetry {
  readonly now: () => number;
  readonly devices: DeviceDirectory;
  private deviceKeys: DeviceKeys | null = null;
  readonly thresholds: ThresholdStore;
  /** recent readings, one row each: the hot write path */
  readonly history: HistoryStore;
  /** compacted history: blocks and rollups */
  readonly blocks: BlockStore;
  /** every history read: blocks and recent rows merged, rollup tiers */
  readonly series: SeriesReader;
  readonly compactor: Compactor;
  readonly retention: Retention;
  readonly realtime: RealtimeCache;
  readonly alarms: AlarmEngine;
  readonly channel = new CommandChannel();
  private readonly seenListeners = new Set<(deviceId: number, at: number) => void>();
  readonly commWatch: CommWatch;
  readonly writer: IngestWriter;
  readonly remoteTimeoutMs: number;

  constructor(
    private readonly app: FastifyInstance,
    readonly opts: TelemetryOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.devices = new DeviceDirectory(app.db);
    this.thresholds = new ThresholdStore(app.db);
    this.history = openHistoryStore(app.store);
    this.retention = new Retention(opts.retention);
    this.blocks = new BlockStore(app.db, app.store.dialect === 'postgres' ? undefined : app.store.sqlite);
    this.series = new SeriesReader(this.blocks, { now: this.now, retention: this.retention });
    this.compactor = new Compactor(app.db, this.blocks, { now: this.now, retention: this.retention, ...opts.compaction });
    this.realtime = new RealtimeCache(app.db, app.store);
    this.alarms = new AlarmEngine(app.db, this.thresholds, opts.clearCount ?? DEFAULT_CLEAR_COUNT, opts.shared ?? false, app.store);
    this.commWatch = new CommWatch(app, this.devices, {
      retryMs: opts.commRetryMs ?? 45_000,
      exitMs: opts.commExitMs ?? 120_000,
      now: this.now,
    });
    this.writer = new IngestWriter(app, this.history, this.realtime, this.alarms);
    this.writer.onRowsWritten((rows) => this.compactor.noteWritten(rows));
    this.remoteTimeoutMs = opts.remoteTimeoutMs ?? 10_000;
  }

  get keys(): DeviceKeys {
    if (!this.deviceKeys) throw new Error('telemetry not loaded');
    return this.deviceKeys;
  }

  async load(): Promise<void> {
    this.deviceKeys = await openDeviceKeys(this.app.db, this.app.store.dialect, this.opts.dataDir);
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
    // Text times without an offset are project time (the platform's zone); most gateways send ms.
    const zone = hasTextTime(raw) ? await timeZoneOf(this.app, undefined) : DEFAULT_TIME_ZONE;
    const batch = checkBatch(raw, this.now(), zone);
    const device = await this.devices.get(batch.device);
    if (!device) throw errors.DEVICE_UNKNOWN(String(batch.device));
    if (!auth.trusted && !this.keys.verify(device.code, auth.key)) throw errors.DEVICE_KEY_INVALID(auth.keySource ?? 'X-Device-Key');
    if (batch.readings.length) await this.writer.submit(device, batch.readings);
    if (batch.acks.length) this.channel.ack(device.id, batch.acks);
    // Awaited (it changes something only when a silent device is back): the answer to the batch that ends
    // a silence comes after the device shows 正在通信 again. A failed status write must not refuse the batch.
    await this.commWatch.seen(device)?.catch((err) => this.app.log.error({ err }, 'communication status after a batch'));
    for (const l of this.seenListeners) l(device.id, this.now());
    const commands = await this.channel.take(device.id);
    return { deviceId: device.id, accepted: batch.readings.length, rejected: batch.rejected, commands };
  }

  /** Hears every batch a device sent to this instance (relayed so the comm watch sees all of them). */
  onSeen(listener: (deviceId: number, at: number) => void): () => void {
    this.seenListeners.add(listener);
    return () => this.seenListeners.delete(listener);
  }

  /** Readings and batches another instance took: the latest values and the comm watch follow them. */
  applyPeerReadings(latest: readonly LatestValue[]): void {
    for (const v of latest) this.realtime.set(v);
  }

  applyPeerSeen(deviceId: number, at: number): void {
    this.commWatch.markSeen(deviceId, at);
  }

  /** Retention of every history tier, by whole blocks. */
  async pruneHistory(): Promise<PruneResult> {
    const rows = this.history instanceof PostgresHistoryStore ? this.history.partitions : undefined;
    return pruneTiers(this.app.db, this.blocks, this.retention, this.now(), rows);
  }
}
