import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import {
  BACKOFF_CAP_MS,
  KEEPALIVE_MS,
  RESTART_SPREAD_MS,
  RESTART_TRIES,
  backoffCeiling,
  websocketMachine,
  type SocketInput,
} from '../../machines/websocketMachine';
import type { RevokeReason } from '../../domain/socketProtocol';

/** Longest wait any retry can have: the cap. */
const RECONNECT_MS = BACKOFF_CAP_MS;

/** A fake socket: records every connection with its input and the keep-alives it was asked to send. */
function harness(opts: { registerFails?: boolean } = {}) {
  const connections: { input: SocketInput; keepalives: number; closed: boolean; send: (e: AnyEventObject) => void }[] = [];
  const resyncs: number[] = [];
  const unauthorized: RevokeReason[] = [];
  let rescoped = 0;
  let registrations = 0;
  let unsupported = 0;
  const machine = websocketMachine.provide({
    actors: {
      socket: fromCallback<AnyEventObject, SocketInput>(({ sendBack, receive, input }) => {
        const conn = { input, keepalives: 0, closed: false, send: sendBack };
        connections.push(conn);
        receive((e) => {
          if (e.type === 'KEEPALIVE') conn.keepalives++;
        });
        return () => {
          conn.closed = true;
        };
      }),
      register: fromPromise(async () => {
        registrations++;
        if (opts.registerFails) throw new Error('register failed');
      }),
    },
    actions: {
      resync: (_, p) => void resyncs.push(p.headSeq),
      reportUnsupported: () => void unsupported++,
      unauthorized: (_, p) => void unauthorized.push(p.reason),
      rescoped: () => void rescoped++,
    },
  });
  return {
    machine,
    connections,
    resyncs,
    unauthorized,
    get rescoped() {
      return rescoped;
    },
    get registrations() {
      return registrations;
    },
    get unsupported() {
      return unsupported;
    },
  };
}

const last = <T>(a: T[]) => a[a.length - 1]!;

describe('websocket machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects with the user id, registers on open and sends a keep-alive every 40 s', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    expect(actor.getSnapshot().value).toEqual({ active: 'connecting' });
    expect(h.connections[0]!.input.userId).toBe(5);
    expect(h.connections[0]!.input.cursor.lastSeq).toBeNull();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    // Let the registration promise settle without moving the clock (vi.waitFor would advance it).
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ active: { open: { registration: 'registered', heartbeat: 'beating' } } });
    expect(h.registrations).toBe(1);
    vi.advanceTimersByTime(KEEPALIVE_MS - 1);
    expect(h.connections[0]!.keepalives).toBe(0);
    vi.advanceTimersByTime(1);
    expect(h.connections[0]!.keepalives).toBe(1);
    vi.advanceTimersByTime(KEEPALIVE_MS * 2);
    expect(h.connections[0]!.keepalives).toBe(3);
    expect(h.registrations).toBe(1);
  });

  it('a failed registration does not stop the socket', async () => {
    const h = harness({ registerFails: true });
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ active: { open: { registration: 'failed' } } })).toBe(true);
  });

  it('reconnects after an unexpected close, resuming from the last sequence number', () => {
    // The largest jitter: the retry comes at the end of the first window (1 s).
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    const first = h.connections[0]!;
    first.send({ type: 'SOCKET.OPENED' });
    const opened = actor.getSnapshot();
    // the socket actor takes notices on the cursor; the machine's snapshot does not change for them
    expect(first.input.cursor.take(10)).toBe(true);
    expect(first.input.cursor.take(11)).toBe(true);
    expect(actor.getSnapshot()).toBe(opened);
    first.send({ type: 'SOCKET.CLOSED', reason: 'transport close' });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(998);
    expect(h.connections).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(h.connections).toHaveLength(2);
    // The same cursor: the new connection resumes after 11, and a replayed 11 is not taken twice.
    expect(last(h.connections).input).toEqual({ userId: 5, cursor: first.input.cursor });
    expect(last(h.connections).input.cursor.lastSeq).toBe(11);
    expect(last(h.connections).input.cursor.take(11)).toBe(false);
  });

  it('a drop before any message resumes from the head the server announced on connect', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    h.connections[0]!.input.cursor.ready(40);
    h.connections[0]!.send({ type: 'SOCKET.CLOSED', reason: 'transport close' });
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(h.connections).toHaveLength(2);
    expect(last(h.connections).input.cursor.lastSeq).toBe(40);
    expect(actor.getSnapshot().context.cursor.lastSeq).toBe(40);
  });

  it('never reconnects after a manual close', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(h.connections[0]!.closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS * 10);
    expect(h.connections).toHaveLength(1);
  });

  it('a manual close while waiting cancels the reconnect', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.CLOSED', reason: 'io server disconnect' });
    actor.send({ type: 'CLOSE' });
    vi.advanceTimersByTime(RECONNECT_MS * 2);
    expect(h.connections).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('starts from the sequence number it is given, and hands a resync to the app', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, lastSeq: 3, supported: true } }).start();
    expect(h.connections[0]!.input.cursor.lastSeq).toBe(3);
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    h.connections[0]!.send({ type: 'SOCKET.RESYNC', headSeq: 900 });
    expect(h.resyncs).toEqual([900]);
    expect(actor.getSnapshot().matches({ active: 'open' })).toBe(true);
  });

  it('without websocket support it reports so and never connects', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: false } }).start();
    expect(actor.getSnapshot().value).toBe('unsupported');
    expect(h.unsupported).toBe(1);
    expect(h.connections).toHaveLength(0);
  });
});

describe('websocket reconnect: backoff with full jitter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('the ceiling doubles from 1 s per failure and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20, 1000].map(backoffCeiling)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });

  /** Fails `n` connection attempts in a row; returns the wait before each retry. */
  function failRepeatedly(n: number) {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    const waits: number[] = [];
    for (let i = 0; i < n; i++) {
      last(h.connections).send({ type: 'SOCKET.CLOSED', reason: 'xhr poll error' });
      waits.push(actor.getSnapshot().context.retryInMs);
      const before = h.connections.length;
      vi.advanceTimersByTime(actor.getSnapshot().context.retryInMs);
      expect(h.connections.length).toBe(before + 1);
    }
    return { h, actor, waits };
  }

  it('each wait is a uniform draw below its ceiling: the first retry within 1 s, none past 30 s', () => {
    const draws = [0.999999, 0.5, 0, 0.25, 0.999999, 0.999999, 0.999999, 0.1];
    let i = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => draws[i++ % draws.length]!);
    const { waits } = failRepeatedly(draws.length);
    expect(waits).toEqual([999, 1000, 0, 2000, 15999, 29999, 29999, 3000]);
    waits.forEach((w, k) => expect(w).toBeLessThan(backoffCeiling(k + 1)));
  });

  it('with the real random source many consoles spread their first retry over the whole first second', () => {
    const firsts: number[] = [];
    for (let k = 0; k < 200; k++) firsts.push(failRepeatedly(1).waits[0]!);
    expect(Math.max(...firsts)).toBeLessThan(1000);
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(700);
  });

  it('a successful open resets the backoff', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const { h, actor } = failRepeatedly(5);
    last(h.connections).send({ type: 'SOCKET.OPENED' });
    expect(actor.getSnapshot().context.failures).toBe(0);
    last(h.connections).send({ type: 'SOCKET.CLOSED', reason: 'transport close' });
    expect(actor.getSnapshot().context.retryInMs).toBe(999);
  });

  it("'going away' (a server restart) naming no time retries at once, then keeps retrying within 1 s until the server is back", () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    h.connections[0]!.input.cursor.take(7);
    h.connections[0]!.send({ type: 'SOCKET.GOING_AWAY' });
    // A fresh connection at once, with no timer involved, resuming from seq 7.
    expect(h.connections).toHaveLength(2);
    expect(h.connections[0]!.closed).toBe(true);
    expect(last(h.connections).input.cursor.lastSeq).toBe(7);
    // The server is still down: each failure waits below 2 s, not the growing backoff.
    for (let k = 0; k < RESTART_TRIES; k++) {
      last(h.connections).send({ type: 'SOCKET.CLOSED', reason: 'websocket error' });
      expect(actor.getSnapshot().context.retryInMs).toBeLessThan(RESTART_SPREAD_MS);
      vi.advanceTimersByTime(RESTART_SPREAD_MS);
    }
    // After that the ordinary backoff takes over, from its start: a slow restart is met within
    // seconds, not after the 30 s cap the quick tries would have run up as failures.
    const waits: number[] = [];
    for (let k = 0; k < 4; k++) {
      last(h.connections).send({ type: 'SOCKET.CLOSED', reason: 'websocket error' });
      waits.push(actor.getSnapshot().context.retryInMs);
      vi.advanceTimersByTime(actor.getSnapshot().context.retryInMs);
    }
    expect(waits).toEqual([999, 1999, 3999, 7999]);
  });

  it("'going away' with the server's word on when it is back waits that long, spread over the restart window, then retries briskly", () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    h.connections[0]!.input.cursor.take(7);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    h.connections[0]!.send({ type: 'SOCKET.GOING_AWAY', backInMs: 900 });
    // No knocking at the closed port while the server boots.
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(h.connections[0]!.closed).toBe(true);
    expect(actor.getSnapshot().context.retryInMs).toBe(900 + RESTART_SPREAD_MS / 2);
    vi.advanceTimersByTime(900 + RESTART_SPREAD_MS / 2 - 1);
    expect(h.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.connections).toHaveLength(2);
    expect(last(h.connections).input.cursor.lastSeq).toBe(7);
    // Not back yet: the quick tries of the restart schedule, not the backoff.
    last(h.connections).send({ type: 'SOCKET.CLOSED', reason: 'websocket error' });
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, restartTries: RESTART_TRIES - 1 });
    expect(actor.getSnapshot().context.retryInMs).toBeLessThan(RESTART_SPREAD_MS);
    // A notice that names no time (0, as the socket actor passes an absent or unusable one) retries at once.
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    last(h.connections).send({ type: 'SOCKET.OPENED' });
    const before = h.connections.length;
    last(h.connections).send({ type: 'SOCKET.GOING_AWAY', backInMs: 0 });
    expect(h.connections).toHaveLength(before + 1);
    expect(actor.getSnapshot().value).toEqual({ active: 'connecting' });
  });

  it('back online or visible again: a waiting socket retries at once', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const { h, actor } = failRepeatedly(6);
    last(h.connections).send({ type: 'SOCKET.CLOSED', reason: 'transport close' });
    expect(actor.getSnapshot().value).toBe('waiting');
    const before = h.connections.length;
    actor.send({ type: 'RECONNECT' });
    expect(h.connections.length).toBe(before + 1);
    expect(actor.getSnapshot().value).toEqual({ active: 'connecting' });
  });
});

describe('websocket session end', () => {
  it('a refused handshake (stale token) ends the session once and never reconnects', () => {
    vi.useFakeTimers();
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(h.unauthorized).toEqual(['expired']);
    vi.advanceTimersByTime(RECONNECT_MS * 10);
    expect(h.connections).toHaveLength(1);
    vi.useRealTimers();
  });

  it('a revocation names its reason; a re-scope keeps the socket open', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    h.connections[0]!.send({ type: 'SOCKET.RESCOPED' });
    expect(h.rescoped).toBe(1);
    expect(actor.getSnapshot().matches({ active: 'open' })).toBe(true);
    h.connections[0]!.send({ type: 'SOCKET.REVOKED', reason: 'password_reset' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(h.unauthorized).toEqual(['password_reset']);
    expect(h.connections[0]!.closed).toBe(true);
  });
});
