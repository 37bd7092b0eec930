import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RESTART_SPREAD_MS, websocketMachine } from '../../machines/websocketMachine';
import { MAX_BACK_IN_MS } from '../../domain/socketProtocol';
import type { NoticeMessage } from '../../domain/telemetry';

/** One fake socket.io connection: the options it was opened with and the handlers the actor put on it. */
interface FakeSocket {
  options: { auth: { lastSeq?: number } };
  handlers: Map<string, (arg?: unknown) => void>;
  fire: (event: string, arg?: unknown) => void;
}
const sockets: FakeSocket[] = [];
const actors: { stop: () => void }[] = [];

vi.mock('socket.io-client', () => ({
  io: (options: FakeSocket['options']) => {
    const handlers = new Map<string, (arg?: unknown) => void>();
    const s: FakeSocket = { options, handlers, fire: (event, arg) => handlers.get(event)?.(arg) };
    sockets.push(s);
    return {
      connected: true,
      on: (event: string, fn: (arg?: unknown) => void) => handlers.set(event, fn),
      emit: () => true,
      removeAllListeners: () => handlers.clear(),
      disconnect: () => undefined,
    };
  },
}));

const { createSocketActor, GOING_AWAY_END_WAIT_MS } = await import('../../src/app/realtime/socketActor');

const notice = (seq: number) => ({ seq, kind: 'alarm.raised' }) as NoticeMessage;

function console_() {
  const delivered: number[] = [];
  const resyncs: number[] = [];
  const socket = createSocketActor({ token: () => 't', onNotice: (m) => void delivered.push(m.seq) });
  const actor = createActor(
    websocketMachine.provide({
      actors: { socket, register: fromPromise(async () => {}) },
      actions: { resync: (_, p) => void resyncs.push(p.headSeq) },
    }),
    { input: { userId: 5, supported: true } },
  ).start();
  actors.push(actor);
  return { actor, delivered, resyncs };
}

describe('socket actor: notices go past the machine, through the sequence cursor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    actors.splice(0).forEach((a) => a.stop());
    sockets.length = 0;
    vi.useRealTimers();
  });

  it('delivers every notice once and in order, one by one or batched, and resumes after the last', () => {
    const c = console_();
    const first = sockets[0]!;
    expect(first.options.auth.lastSeq).toBeUndefined();
    first.fire('connect');
    first.fire('ready', { headSeq: 9 });
    first.fire('message', notice(10));
    first.fire('messages', [notice(10), notice(11), notice(12)]);
    first.fire('message', notice(12));
    expect(c.delivered).toEqual([10, 11, 12]);
    first.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(30_000);
    const second = sockets[1]!;
    expect(second.options.auth.lastSeq).toBe(12);
    // the replay overlaps what came live: only what is new is delivered
    second.fire('connect');
    second.fire('messages', [notice(12), notice(13)]);
    expect(c.delivered).toEqual([10, 11, 12, 13]);
  });

  it('a connection that drops before any notice resumes from the head announced on connect', () => {
    console_();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('ready', { headSeq: 40 });
    sockets[0]!.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(30_000);
    expect(sockets[1]!.options.auth.lastSeq).toBe(40);
  });

  it("a resync moves the cursor to the server's head and tells the app", () => {
    const c = console_();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('message', notice(3));
    sockets[0]!.fire('resync', { headSeq: 900 });
    expect(c.resyncs).toEqual([900]);
    expect(c.actor.getSnapshot().context.cursor.lastSeq).toBe(900);
    sockets[0]!.fire('message', notice(900));
    sockets[0]!.fire('message', notice(901));
    expect(c.delivered).toEqual([3, 901]);
  });
  it("a going-away notice's word on when the server is back reaches the machine, bounded; without one the console retries at once", () => {
    const c = console_();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('going_away', { reason: 'shutdown', backInMs: 800 });
    // heard when the server ends the connection, not before: the console does not close it itself
    expect(c.actor.getSnapshot().matches({ active: 'open' })).toBe(true);
    sockets[0]!.fire('disconnect', 'transport close');
    expect(c.actor.getSnapshot().value).toBe('waiting');
    expect(c.actor.getSnapshot().context.retryInMs).toBeGreaterThanOrEqual(800);
    vi.advanceTimersByTime(c.actor.getSnapshot().context.retryInMs);
    expect(sockets).toHaveLength(2);
    // a server's word of a day is taken as MAX_BACK_IN_MS
    sockets[1]!.fire('connect');
    sockets[1]!.fire('going_away', { reason: 'shutdown', backInMs: 86_400_000 });
    sockets[1]!.fire('disconnect', 'transport close');
    expect(c.actor.getSnapshot().context.retryInMs).toBeGreaterThanOrEqual(MAX_BACK_IN_MS);
    expect(c.actor.getSnapshot().context.retryInMs).toBeLessThan(MAX_BACK_IN_MS + RESTART_SPREAD_MS);
    vi.advanceTimersByTime(MAX_BACK_IN_MS + RESTART_SPREAD_MS);
    expect(sockets).toHaveLength(3);
    // an old server's notice, or a value that is no time: a fresh connection at once
    for (const n of [{ reason: 'shutdown' }, { reason: 'shutdown', backInMs: 'soon' }, { reason: 'shutdown', backInMs: -5 }, null]) {
      const before = sockets.length;
      sockets[before - 1]!.fire('connect');
      sockets[before - 1]!.fire('going_away', n);
      sockets[before - 1]!.fire('disconnect', 'transport close');
      expect(sockets).toHaveLength(before + 1);
      expect(c.actor.getSnapshot().value).toEqual({ active: 'connecting' });
    }
  });
  it('a going-away notice whose connection stays open reaches the machine after GOING_AWAY_END_WAIT_MS', () => {
    const c = console_();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('going_away', { reason: 'shutdown', backInMs: 800 });
    vi.advanceTimersByTime(GOING_AWAY_END_WAIT_MS - 1);
    expect(c.actor.getSnapshot().matches({ active: 'open' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(c.actor.getSnapshot().value).toBe('waiting');
    expect(c.actor.getSnapshot().context.retryInMs).toBeGreaterThanOrEqual(800);
    // the connection's end after that is no second close
    sockets[0]!.fire('disconnect', 'transport close');
    expect(c.actor.getSnapshot().value).toBe('waiting');
    expect(sockets).toHaveLength(1);
  });
});
