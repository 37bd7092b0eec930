import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { PacedFanOut } from '../../server/messages/fanOut';
import type { ConsoleServer } from '../../server/messages/socket';
import { SOCKET_EVENT } from '../../domain/socketProtocol';

/**
 * Real socket.io: a server on a loopback port and this many clients, every one in room "wall". The
 * messages are 'ready' notices numbered by their headSeq (any event of the protocol would do).
 */
const CLIENTS = 150;

let http: HttpServer;
let io: Server;
let clients: Socket[];
const serverSide = new Map<string, ServerSocket>();
/** what each client heard, by its server-side id */
const heard = new Map<string, number[]>();

const turn = () => new Promise((r) => setImmediate(r));
/** Resolves once every client in `ids` has heard `count` messages (or fails on the test's timeout). */
const until = (ids: string[], count: number) =>
  vi.waitFor(() => expect(ids.filter((id) => (heard.get(id)?.length ?? 0) < count)).toEqual([]), { timeout: 10_000, interval: 5 });

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { transports: ['websocket'] });
  io.on('connection', (s) => {
    serverSide.set(s.id, s);
    void s.join('wall');
    s.emit('id', s.id);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as AddressInfo).port;
  clients = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise<Socket>((resolve) => {
          const c = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
          c.on('id', (id: string) => {
            heard.set(id, []);
            c.on(SOCKET_EVENT.READY, (r: { headSeq: number }) => heard.get(id)!.push(r.headSeq));
            resolve(c);
          });
        }),
    ),
  );
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await io.close();
});

describe('paced fan-out over real sockets', () => {
  it('sends a large broadcast a slice per turn of the loop, each socket getting every message in order', async () => {
    // budget 0: one slice of 48 sockets per turn, so the split is visible without timing anything
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    const before = new Map([...heard].map(([id, l]) => [id, l.length]));
    for (let n = 1; n <= 5; n++) expect(fan.emit('events', ['wall'], [], SOCKET_EVENT.READY, { headSeq: n })).toBe(CLIENTS);
    expect(fan.pending('events')).toBe(5);
    await turn();
    // after one turn one slice has gone: the rest of the first message and the other four still wait
    expect(fan.pending('events')).toBe(5);
    const ids = [...heard.keys()];
    await until(ids, 5);
    expect(fan.pending('events')).toBe(0);
    for (const id of ids) expect(heard.get(id)!.slice(before.get(id))).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends nothing to a socket that left the room before its slice went, nor to the excepted', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    const ids = [...heard.keys()];
    const leaver = ids[ids.length - 1]!;
    const excepted = ids[0]!;
    void serverSide.get(excepted)!.join('silenced');
    for (const id of ids) heard.set(id, []);
    expect(fan.emit('events', ['wall'], ['silenced'], SOCKET_EVENT.READY, { headSeq: 6 })).toBe(CLIENTS - 1);
    // as a revoked role or a new scope does: the socket leaves while the broadcast is under way
    void serverSide.get(leaver)!.leave('wall');
    const others = ids.filter((id) => id !== leaver && id !== excepted);
    await until(others, 1);
    // a message after it on the same sockets proves nothing more was still coming for them
    void serverSide.get(leaver)!.join('wall');
    fan.emit('events', ['wall'], ['silenced'], SOCKET_EVENT.READY, { headSeq: 7 });
    await until(others, 2);
    await until([leaver], 1);
    expect(heard.get(leaver)).toEqual([7]);
    expect(heard.get(excepted)).toEqual([]);
    for (const id of others) expect(heard.get(id)).toEqual([6, 7]);
    void serverSide.get(excepted)!.leave('silenced');
  });

  it('queues nothing for rooms nobody is in, and a small broadcast goes in the same turn of the loop', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    expect(fan.emit('events', ['nobody'], [], SOCKET_EVENT.READY, { headSeq: 8 })).toBe(0);
    expect(fan.pending('events')).toBe(0);
    const few = [...heard.keys()].slice(0, 3);
    for (const id of few) void serverSide.get(id)!.join('few');
    for (const id of few) heard.set(id, []);
    expect(fan.emit('events', ['few'], [], SOCKET_EVENT.READY, { headSeq: 9 })).toBe(3);
    await turn();
    expect(fan.pending('events')).toBe(0);
    await until(few, 1);
    for (const id of few) expect(heard.get(id)).toEqual([9]);
  });

  it('sends events before state: an alarm does not wait behind a frame of live values for every wall', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    for (const id of heard.keys()) heard.set(id, []);
    fan.emit('state', ['wall'], [], SOCKET_EVENT.READY, { headSeq: 100 });
    fan.emit('events', ['wall'], [], SOCKET_EVENT.READY, { headSeq: 101 });
    expect([fan.pending('state'), fan.pending('events')]).toEqual([1, 1]);
    await until([...heard.keys()], 2);
    for (const l of heard.values()) expect(l).toEqual([101, 100]);
  });

  it('stop drops what has not gone yet', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    for (const id of heard.keys()) heard.set(id, []);
    fan.emit('events', ['wall'], [], SOCKET_EVENT.READY, { headSeq: 10 });
    fan.stop();
    expect(fan.pending('events')).toBe(0);
    fan.emit('events', ['wall'], [], SOCKET_EVENT.READY, { headSeq: 11 });
    await until([...heard.keys()], 1);
    for (const l of heard.values()) expect(l).toEqual([11]);
  });
});

describe('paced fan-out: who goes first', () => {
  /** A server that records the sockets of each write, in order, with the rooms as the adapter keeps them. */
  function recordingServer(members: string[]) {
    const writes: { ids: string[]; seq: number }[] = [];
    const rooms = new Map([['wall', new Set(members)]]);
    const server = {
      of: () => ({ adapter: { rooms } }),
      local: { to: (ids: string[]) => ({ emit: (_e: string, r: { headSeq: number }) => writes.push({ ids: [...ids], seq: r.headSeq }) }) },
    };
    return { server: server as unknown as ConsoleServer, writes };
  }

  it('starts each large broadcast elsewhere in its audience: the socket that joined last is not last every time', async () => {
    const members = Array.from({ length: 150 }, (_, i) => `s${i}`);
    const { server, writes } = recordingServer(members);
    const fan = new PacedFanOut(server, 0, 48);
    const BROADCASTS = 20;
    for (let n = 1; n <= BROADCASTS; n++) {
      fan.emit('events', ['wall'], [], SOCKET_EVENT.READY, { headSeq: n });
      while (fan.pending('events') > 0) await turn();
    }
    const lastJoined = members[members.length - 1]!;
    const places: number[] = [];
    for (let n = 1; n <= BROADCASTS; n++) {
      const order = writes.filter((w) => w.seq === n).flatMap((w) => w.ids);
      // every socket exactly once, whatever the start
      expect([...order].sort()).toEqual([...members].sort());
      places.push(order.indexOf(lastJoined) / members.length);
    }
    // in the rooms' order it would be last (place 149/150) for all twenty
    expect(places.filter((p) => p < 48 / 150).length).toBeGreaterThan(0);
    const mean = places.reduce((s, p) => s + p, 0) / places.length;
    expect(mean).toBeGreaterThan(0.3);
    expect(mean).toBeLessThan(0.7);
  });

  it('keeps a broadcast that fits in one slice in the rooms’ order', async () => {
    const members = ['a', 'b', 'c'];
    const { server, writes } = recordingServer(members);
    const fan = new PacedFanOut(server, 0, 48);
    for (let n = 1; n <= 3; n++) fan.emit('events', ['wall'], [], SOCKET_EVENT.READY, { headSeq: n });
    while (fan.pending('events') > 0) await turn();
    expect(writes.map((w) => w.ids)).toEqual([members, members, members]);
  });
});
