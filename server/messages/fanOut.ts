import { performance } from 'node:perf_hooks';
import { SOCKET_EVENT, type ServerToClientEvents } from '../../domain/socketProtocol';
import type { NoticeMessage } from '../../domain/telemetry';
import { BATCHING_ROOM, type ConsoleServer } from './socket';

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
/** Notices sent together at most (one bit each in a socket's share of the batch). */
const MAX_BATCH = 30;
/**
 * How far each broadcast's first socket moves along its audience (a fraction of it): the golden
 * ratio's, so consecutive broadcasts start far apart and every socket is as often near the front as
 * near the back.
 */
const ROTATION_STEP = 0.6180339887;

/**
 * Events (alarm messages, in sequence order) go before state (live values, which the next frame
 * supersedes anyway): a frame of values for every wall never delays an alarm.
 */
export type Lane = 'events' | 'state';

type Rooms = Map<string, Set<string>>;

/** Who a message is for: the sockets in any of `rooms` and in none of `except`. */
interface Audience {
  rooms: readonly string[];
  except: readonly string[];
}

const inAudience = (all: Rooms, id: string, a: Audience) =>
  a.rooms.some((r) => all.get(r)?.has(id)) && !a.except.some((r) => all.get(r)?.has(id));

interface Job {
  /** the sockets in the rooms when the message was sent here */
  ids: string[];
  next: number;
  /** sends to those of `ids` that are still in the audience */
  deliver: (ids: readonly string[], rooms: Rooms) => void;
  /** a sequenced notice: while none of it has gone, it may go together with the notices queued behind it */
  notice?: { message: NoticeMessage; audience: Audience };
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
 * - Batches: when several notices wait and none of them has started, they go together, each console
 *   getting its share of them in seq order as one `messages` event (a console that asked for batches at
 *   its handshake: BATCHING_ROOM) — one write per console instead of one per notice. A flood of alarms
 *   faster than the writes (the alarm bench at the simulated fleet's busiest hour: 26 alarms a second to
 *   600 consoles each) then costs fewer writes the longer it waits, instead of falling further behind.
 */
export class PacedFanOut {
  private readonly lanes: Record<Lane, Job[]> = { events: [], state: [] };
  private scheduled: NodeJS.Immediate | null = null;
  /** where the next broadcast starts in its audience, as a fraction of it */
  private rotation = 0;

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
    const audience = { rooms, except };
    return this.queue(lane, audience, (ids, all) => {
      const live = ids.filter((id) => inAudience(all, id, audience));
      if (live.length > 0) this.io.local.to(live).emit(event, ...args);
    });
  }

  /** Sends a sequenced notice (an alarm, an event, a user's message) like `emit`, batched when they queue up. */
  emitNotice(rooms: readonly string[], except: readonly string[], message: NoticeMessage): number {
    const audience = { rooms, except };
    return this.queue(
      'events',
      audience,
      (ids, all) => {
        const live = ids.filter((id) => inAudience(all, id, audience));
        if (live.length > 0) this.io.local.to(live).emit(SOCKET_EVENT.MESSAGE, message);
      },
      { message, audience },
    );
  }

  private queue(lane: Lane, audience: Audience, deliver: Job['deliver'], notice?: Job['notice']): number {
    const ids = this.members(audience.rooms, audience.except);
    if (ids.length === 0) return 0;
    // Queued even when small: a frame of live values is one small room after another, a hundred of
    // them in one timer callback. An immediate set now runs in this same turn of the loop.
    this.lanes[lane].push(notice ? { ids, next: 0, deliver, notice } : { ids, next: 0, deliver });
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
    for (;;) {
      const queue = this.lanes.events.length > 0 ? this.lanes.events : this.lanes.state;
      if (queue.length === 0) break;
      this.batchAtHead(queue);
      const job = queue[0]!;
      const ids = job.ids.slice(job.next, job.next + this.slice);
      job.next += this.slice;
      if (job.next >= job.ids.length) queue.shift();
      job.deliver(ids, rooms);
      if (performance.now() >= until) break;
    }
    if (this.lanes.events.length + this.lanes.state.length > 0) this.scheduled = setImmediate(this.drain);
  };

  /** Replaces the notices waiting at the head of the queue, none of them started, by one batch of them. */
  private batchAtHead(queue: Job[]): void {
    let n = 0;
    while (n < queue.length && n < MAX_BATCH && queue[n]!.notice && queue[n]!.next === 0) n++;
    if (n < 2) return;
    const parts = queue.slice(0, n).map((job) => ({ ...job.notice!, members: new Set(job.ids) }));
    const ids = [...new Set(queue.slice(0, n).flatMap((job) => job.ids))];
    queue.splice(0, n, {
      ids,
      next: 0,
      deliver: (slice, all) => {
        // the sockets of the slice by the notices due to each (a bit per notice): one send per share
        const shares = new Map<number, string[]>();
        for (const id of slice) {
          let mask = 0;
          parts.forEach((p, k) => {
            if (p.members.has(id) && inAudience(all, id, p.audience)) mask |= 1 << k;
          });
          if (mask === 0) continue;
          const share = shares.get(mask);
          if (share) share.push(id);
          else shares.set(mask, [id]);
        }
        const batching = all.get(BATCHING_ROOM);
        for (const [mask, to] of shares) {
          const messages = parts.filter((_, k) => mask & (1 << k)).map((p) => p.message);
          const together = to.filter((id) => batching?.has(id));
          const oneByOne = together.length === to.length ? [] : to.filter((id) => !batching?.has(id));
          if (messages.length === 1) this.io.local.to(to).emit(SOCKET_EVENT.MESSAGE, messages[0]!);
          else {
            if (together.length > 0) this.io.local.to(together).emit(SOCKET_EVENT.MESSAGES, messages);
            for (const m of oneByOne.length > 0 ? messages : []) this.io.local.to(oneByOne).emit(SOCKET_EVENT.MESSAGE, m);
          }
        }
      },
    });
  }

  /**
   * The sockets of the audience, starting at a place that moves with every broadcast. A broadcast
   * spread over several turns of the loop reaches its last sockets tens of milliseconds after its
   * first; taken in the rooms' own order (the order the sockets joined), the consoles that connected
   * last (a reloaded page, the browsers that reconnected last after a restart) would be last for
   * every alarm. Rotated, each console waits the average over the alarms.
   */
  private members(rooms: readonly string[], except: readonly string[]): string[] {
    const all = this.io.of('/').adapter.rooms;
    const ids = new Set<string>();
    for (const r of rooms) for (const id of all.get(r) ?? []) ids.add(id);
    for (const r of except) for (const id of all.get(r) ?? []) ids.delete(id);
    const list = [...ids];
    if (list.length <= this.slice) return list;
    const start = Math.floor(this.rotation * list.length);
    this.rotation = (this.rotation + ROTATION_STEP) % 1;
    return [...list.slice(start), ...list.slice(0, start)];
  }
}
