import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { KEEPALIVE_MS, RECONNECT_MS, websocketMachine, type SocketInput } from '../../machines/websocketMachine';

/** A fake socket: records every connection with its input and the keep-alives it was asked to send. */
function harness(opts: { registerFails?: boolean } = {}) {
  const connections: { input: SocketInput; keepalives: number; closed: boolean; send: (e: AnyEventObject) => void }[] = [];
  const delivered: number[] = [];
  const resyncs: number[] = [];
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
      deliver: (_, p) => void delivered.push(p.message.seq),
      resync: (_, p) => void resyncs.push(p.headSeq),
      reportUnsupported: () => void unsupported++,
    },
  });
  return {
    machine,
    connections,
    delivered,
    resyncs,
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
  afterEach(() => vi.useRealTimers());

  it('connects with the user id, registers on open and sends a keep-alive every 40 s', async () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    expect(actor.getSnapshot().value).toEqual({ active: 'connecting' });
    expect(h.connections[0]!.input).toEqual({ userId: 5, lastSeq: null });
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

  it('reconnects 30 s after an unexpected close, resuming from the last sequence number', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    const first = h.connections[0]!;
    first.send({ type: 'SOCKET.OPENED' });
    first.send({ type: 'SOCKET.MESSAGE', message: { seq: 10 } });
    first.send({ type: 'SOCKET.MESSAGE', message: { seq: 11 } });
    first.send({ type: 'SOCKET.MESSAGE', message: { seq: 11 } });
    expect(h.delivered).toEqual([10, 11]);
    first.send({ type: 'SOCKET.CLOSED', reason: 'transport close' });
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(h.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.connections).toHaveLength(2);
    expect(last(h.connections).input).toEqual({ userId: 5, lastSeq: 11 });
    // Replayed messages continue the sequence; an old duplicate is dropped.
    last(h.connections).send({ type: 'SOCKET.OPENED' });
    last(h.connections).send({ type: 'SOCKET.MESSAGE', message: { seq: 11 } });
    last(h.connections).send({ type: 'SOCKET.MESSAGE', message: { seq: 12 } });
    expect(h.delivered).toEqual([10, 11, 12]);
  });

  it('a drop before any message resumes from the head the server announced on connect', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: true } }).start();
    h.connections[0]!.send({ type: 'SOCKET.OPENED' });
    h.connections[0]!.send({ type: 'SOCKET.READY', headSeq: 40 });
    h.connections[0]!.send({ type: 'SOCKET.CLOSED', reason: 'transport close' });
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(last(h.connections).input.lastSeq).toBe(40);
    // A later ready does not move a sequence that messages already set.
    last(h.connections).send({ type: 'SOCKET.MESSAGE', message: { seq: 41 } });
    last(h.connections).send({ type: 'SOCKET.READY', headSeq: 45 });
    expect(actor.getSnapshot().context.lastSeq).toBe(41);
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

  it('a resync moves the sequence to the server head', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, lastSeq: 3, supported: true } }).start();
    expect(h.connections[0]!.input.lastSeq).toBe(3);
    h.connections[0]!.send({ type: 'SOCKET.RESYNC', headSeq: 900 });
    expect(h.resyncs).toEqual([900]);
    expect(actor.getSnapshot().context.lastSeq).toBe(900);
  });

  it('without websocket support it reports so and never connects', () => {
    const h = harness();
    const actor = createActor(h.machine, { input: { userId: 5, supported: false } }).start();
    expect(actor.getSnapshot().value).toBe('unsupported');
    expect(h.unsupported).toBe(1);
    expect(h.connections).toHaveLength(0);
  });
});
