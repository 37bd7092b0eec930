import type { FastifyInstance } from 'fastify';
import { transact } from '../eventLog/transact';
import type { AlarmEngine, Journal, Transition } from '../alarms/engine';
import type { DeviceInfo } from '../devices/devices';
import type { HistoryGroup, HistoryStore } from '../series/historyStore';
import type { RealtimeCache } from './realtime';
import type { GoodReading } from './validateBatch';

/** One submitted batch; it is also the batch's group of history rows (no copy per reading). */
interface Job extends HistoryGroup {
  device: DeviceInfo;
  readings: GoodReading[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for ingest: batches that arrive while a transaction is running are written together
 * in the next one. Each batch lands whole or not at all; its alarm episodes and domain events are in
 * the same transaction; realtime values and alarm state change only after the commit.
 */
/** One committed batch: a device's readings (the realtime cache has taken them already). */
export interface CommittedReadings {
  device: DeviceInfo;
  /** the latest reading time of the batch */
  time: number;
  readings: readonly GoodReading[];
}

export class IngestWriter {
  private queue: Job[] = [];
  private readonly committedListeners = new Set<(batch: CommittedReadings[]) => void>();
  private readonly rowListeners = new Set<(groups: readonly HistoryGroup[]) => void>();
  private readonly timingListeners = new Set<(seconds: number) => void>();
  private readonly failureListeners = new Set<(err: unknown) => void>();
  private draining: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly history: HistoryStore,
    private readonly realtime: RealtimeCache,
    private readonly alarms: AlarmEngine,
    private readonly maxJobsPerTx = 2000,
  ) {}

  submit(device: DeviceInfo, readings: GoodReading[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ device, deviceid: device.id, readings, resolve, reject });
      this.draining ??= this.drain().finally(() => {
        this.draining = null;
      });
    });
  }

  /** Hears every committed group of batches, after the commit (the push of live values). */
  onCommitted(listener: (batch: CommittedReadings[]) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /** Hears the history rows of every commit (the compactor notes readings of hours already compacted). */
  onRowsWritten(listener: (groups: readonly HistoryGroup[]) => void): () => void {
    this.rowListeners.add(listener);
    return () => this.rowListeners.delete(listener);
  }

  /** Hears how long each committed transaction took (the store write latency of /metrics). */
  onTransactionTimed(listener: (seconds: number) => void): () => void {
    this.timingListeners.add(listener);
    return () => this.timingListeners.delete(listener);
  }

  /** Hears every transaction that failed (the store banner learns of a full disk or a lost database here). */
  onFailed(listener: (err: unknown) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** Resolves when everything submitted so far is committed. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // Let the batches of this tick join the first transaction.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length) {
      const jobs = this.queue.splice(0, this.maxJobsPerTx);
      try {
        await this.commit(jobs);
        for (const j of jobs) j.resolve();
      } catch (err) {
        for (const l of this.failureListeners) l(err);
        for (const j of jobs) j.reject(err);
      }
      // A commit on SQLite runs synchronously: a backlog drained commit after commit would hold the
      // event loop (requests, pushes, the batches still arriving) until the queue is empty.
      if (this.queue.length) await new Promise((r) => setImmediate(r));
    }
  }

  private async commit(jobs: Job[]): Promise<void> {
    const journal: Journal = new Map();
    const started = performance.now();
    try {
      await transact(this.app, async (trx, emit) => {
        await this.history.write(trx, jobs);
        if (this.alarms.shared)
          await this.alarms.sync(
            trx,
            jobs.map((j) => j.device.id),
          );
        const transitions: Transition[] = [];
        for (const j of jobs) {
          // Alarms follow time order, whatever order the device listed its readings in.
          const ordered =
            j.readings.length > 1 && j.readings.some((r, i) => i > 0 && r.time < j.readings[i - 1]!.time)
              ? [...j.readings].sort((a, b) => a.time - b.time)
              : j.readings;
          for (const r of ordered) {
            if (r.def.alarmLimit === null) continue;
            const t = this.alarms.evaluate(journal, j.device, r.def, r.value, r.time);
            if (t) transitions.push(t);
          }
        }
        await this.alarms.applyAll(trx, transitions, emit);
        await this.alarms.persist(trx, journal);
      });
    } catch (err) {
      this.alarms.rollback(journal);
      throw err;
    }
    const seconds = (performance.now() - started) / 1000;
    for (const l of this.timingListeners) l(seconds);
    for (const l of this.rowListeners) l(jobs);
    const committed = new Array<CommittedReadings>(jobs.length);
    for (let i = 0; i < jobs.length; i++) {
      const j = jobs[i]!;
      const deviceid = j.device.id;
      let time = 0;
      for (const r of j.readings) {
        this.realtime.setReading(deviceid, r.def.dataId, r.logicalId, r.time, r.value, r.status);
        if (r.time > time) time = r.time;
      }
      committed[i] = { device: j.device, time, readings: j.readings };
    }
    for (const l of this.committedListeners) l(committed);
  }
}
