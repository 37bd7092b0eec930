import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How long the checkpointer rests when it found the WAL copied back (ms). */
const REST_MS = 100;
/** How long it rests when the WAL still has frames it could not copy (readers on older snapshots). */
const BEHIND_MS = 10;
/**
 * The writer's own checkpoint threshold while the worker runs (pages, about 1 GB): a safety net only,
 * so the WAL stays bounded even if the worker stalls. It must sit above what a burst makes of the WAL:
 * the WAL starts over only when the worker has copied all of it before the writer's next transaction,
 * which a sustained burst (the ingest bench: 100,000 readings/s, a commit every few tens of ms) does
 * not allow, and past the threshold SQLite checkpoints and syncs at the end of every commit on the
 * event loop (at 50,000 pages the bench's alarming run spent most of its blocked time there).
 */
export const SAFETY_AUTOCHECKPOINT_PAGES = 250_000;
// No journal_size_limit: a WAL file cut back at every restart after a burst (64 MB tried) made the
// writer's commit truncate it on the event loop, then grow it again block by block; kept at its size
// it is overwritten in place (at most about the safety net's 1 GB).
/** SQLite's default, restored when the worker stops. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The worker's code, plain CommonJS (no TypeScript loader inside a worker): its own connection to
 * the file, PASSIVE checkpoints in a loop. A PASSIVE checkpoint never blocks the writer: it copies the
 * frames no reader still needs and leaves the rest for the next round.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
let stopped = false;
let timer = null;
let rounds = 0;
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  stopped = true;
  if (timer) clearTimeout(timer);
  db.close();
  parentPort.close();
});
function round() {
  timer = null;
  if (stopped) return;
  let rest = ${REST_MS};
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r.log > 0 && r.checkpointed < r.log) rest = ${BEHIND_MS};
    rounds++;
    if (r.log > 0) parentPort.postMessage({ round: rounds, log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    // SQLITE_BUSY: another checkpoint is running; the next round retries.
    if (!err || err.code !== 'SQLITE_BUSY') parentPort.postMessage({ error: String(err && err.message) });
  }
  timer = setTimeout(round, rest);
}
parentPort.postMessage({ ready: true });
round();
`;

/**
 * Copies the WAL back into the database file from a worker thread with its own connection, so the
 * ingest commits on the main thread never run a checkpoint themselves: with 28,000 series a round,
 * each commit dirties thousands of pages, and SQLite's automatic checkpoint (at 1,000 pages, inside
 * the commit that crosses it) copied them back and synced the file on the event loop — the largest
 * single cost of ingest (bench/ingest.ts). While the worker runs, the main connection's automatic
 * checkpoint stays only as a far-off safety net.
 */
/** One checkpoint of the worker: its number, frames in the WAL, frames copied back into the file. */
export interface CheckpointRound {
  round: number;
  log: number;
  checkpointed: number;
}

export class WalCheckpointer {
  private worker: Worker | null = null;
  private readonly listeners = new Set<(round: CheckpointRound) => void>();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * Starts the worker (not awaited: the app starts meanwhile). Once it has its connection, the
   * writer's own checkpoints stop; until then they go on as before.
   */
  start(): void {
    if (this.worker || this.sqlite.memory) return;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: this.sqlite.name } });
    this.worker = worker;
    worker.on('message', (m: { ready?: boolean; error?: string; round?: number; log?: number; checkpointed?: number }) => {
      if (m.error) this.onError(new Error(`WAL checkpoint: ${m.error}`));
      if (m.round !== undefined) for (const l of this.listeners) l({ round: m.round, log: m.log ?? 0, checkpointed: m.checkpointed ?? 0 });
      if (!m.ready || this.worker !== worker || !this.sqlite.open) return;
      this.sqlite.pragma(`wal_autocheckpoint = ${SAFETY_AUTOCHECKPOINT_PAGES}`);
      // Referenced until ready (so a short-lived process does not leave it half-started); from then on
      // it never keeps the process alive by itself.
      worker.unref();
    });
    worker.on('error', (err) => {
      if (this.worker === worker) {
        // The writer checkpoints for itself again.
        this.worker = null;
        this.restoreWriter();
      }
      this.onError(err);
    });
  }

  /** Hears each checkpoint of a WAL that had frames (when the WAL was all copied back: `checkpointed === log`). */
  onCheckpoint(listener: (round: CheckpointRound) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops the worker after its current checkpoint; the writer checkpoints for itself again. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('stop');
    await exited;
    this.restoreWriter();
  }

  private restoreWriter(): void {
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }
}
