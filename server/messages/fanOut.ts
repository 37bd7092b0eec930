import { performance } from 'node:perf_hooks';
import type { ServerToClientEvents } from '../../domain/socketProtocol';
import type { ConsoleServer } from './socket';

/** Sockets written per step: about 25–50 µs each on this machine (a write system call per socket). */
const SLICE = 48;
/**
 * How long one turn of the event loop may spend writing before requests, timers and ingest get theirs.
 * Other work shares the turn (a chunk of the latest-value flush, an ingest commit, a collection), so
 * the budget is a third of the 10 ms the loop's delay is sampled at. Quiet runs of the alarm bench
 * (1,000 consoles, an alarm to 600 of them 10 times a second), loop-delay p99 / alarm p99:
 * 8 ms 23.4 / 60, 5 ms 20.4–20.9 / 50–65, 4 ms 20.1–20.2 / 57–97, 3 ms 18.1–20.3 / 61–89.
 */
const BUDGET_MS = 3;

/**
 * Events (alarm messages, in sequence order) go before state (live values, which the next frame
 * supersedes anyway): a frame of values for every wall never delays an alarm.
 */
export type Lane = 'events' | 'state';

interface Job {
  /** the sockets in the rooms when the message was sent here */
  ids: string[];
  next: number;
  rooms: readonly string[];
  except: readonly string[];
  /** sent as queued: `event` and `args` came together through the typed emit */
  send: (to: ReturnType<ConsoleServer['local']['to']>) => void;
}

/**
 * Sends a message to every local socket of some rooms without holding the event loop. A broadcast
 * writes once per socket, and a write is a system call: an alarm to 600 consoles or a frame of live
 * values to every wall is 30–60 ms in one piece, during which no reading is ingested and no request
 * answered (the event-loop delay p99 of the 1,000-console bench was 76–81 ms). Here a large
 * broadcast goes out a slice of sockets at a time, at most `budgetMs` of writing per turn of the loop.
 *
 * - Order: one queue per lane, so every socket receives a lane's messages in the order they were
 *   sent (alarm messages stay in sequence order; a small broadcast waits its turn too). Events go
 *   before state.
 * - Who: the sockets in the rooms at the moment of sending (one that joins later had the message
 *   replayed when it joined); each is checked again when its slice goes, so a socket that left the
 *   rooms meanwhile (a revoked role, a new scope, a closed connection) gets nothing.
 * - Nothing is queued or encoded for rooms nobody is in.
 */
export class PacedFanOut {
  private readonly lanes: Record<Lane, Job[]> = { events: [], state: [] };
  private scheduled: NodeJS.Immediate | null = null;

  constructor(
    private readonly io: ConsoleServer,
    private readonly budgetMs = BUDGET_MS,
    private readonly slice = SLICE,
  ) {}

  /** Sends `event` to the local sockets in any of `rooms` and in none of `except`; returns how many. */
  emit<E extends keyof ServerToClientEvents>(
    lane: Lane,
    rooms: readonly string[],
    except: readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): number {
    const ids = this.members(rooms, except);
    if (ids.length === 0) return 0;
    // Queued even when small: a frame of live values is one small room after another, a hundred of
    // them in one timer callback. An immediate set now runs in this same turn of the loop.
    this.lanes[lane].push({ ids, next: 0, rooms, except, send: (to) => to.emit(event, ...args) });
    this.scheduled ??= setImmediate(this.drain);
    return ids.length;
  }

  /** Messages of a lane waiting for their turn (live values wait for the last frame to go). */
  pending(lane: Lane): number {
    return this.lanes[lane].length;
  }

  /** Drops what has not gone yet (shutdown: the consoles replay from their last sequence number). */
  stop(): void {
    this.lanes.events.length = 0;
    this.lanes.state.length = 0;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
  }

  private readonly drain = (): void => {
    this.scheduled = null;
    const until = performance.now() + this.budgetMs;
    const rooms = this.io.of('/').adapter.rooms;
    const stillThere = (id: string, job: Job) =>
      job.rooms.some((r) => rooms.get(r)?.has(id)) && !job.except.some((r) => rooms.get(r)?.has(id));
    for (;;) {
      const queue = this.lanes.events.length > 0 ? this.lanes.events : this.lanes.state;
      const job = queue[0];
      if (!job) break;
      const ids = job.ids.slice(job.next, job.next + this.slice).filter((id) => stillThere(id, job));
      job.next += this.slice;
      if (job.next >= job.ids.length) queue.shift();
      if (ids.length > 0) job.send(this.io.local.to(ids));
      if (performance.now() >= until) break;
    }
    if (this.lanes.events.length + this.lanes.state.length > 0) this.scheduled = setImmediate(this.drain);
  };

  private members(rooms: readonly string[], except: readonly string[]): string[] {
    const all = this.io.of('/').adapter.rooms;
    const ids = new Set<string>();
    for (const r of rooms) for (const id of all.get(r) ?? []) ids.add(id);
    for (const r of except) for (const id of all.get(r) ?? []) ids.delete(id);
    return [...ids];
  }
}
