import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { PacedFanOut } from '../../server/messages/fanOut';
import { BATCHING_ROOM, type ConsoleServer } from '../../server/messages/socket';
import { SOCKET_EVENT } from '../../domain/socketProtocol';
import type { NoticeMessage } from '../../domain/telemetry';

/**
 * Real socket.io: 60 clients in room "wall", the even ones in BATCHING_ROOM (their console asked for
 * batches). More clients than one slice (48), so a notice to all of them takes two turns of the loop.
 */
const CLIENTS = 60;

let http: HttpServer;
let io: Server;
let clients: Socket[];
let ids: string[];
const serverSide = new Map<string, ServerSocket>();
/** what each client heard, by its server-side id: a seq per `message`, a list of seqs per `messages` */
const heard = new Map<string, (number | number[])[]>();

const notice = (seq: number): NoticeMessage => ({
  seq,
  id: `notice_${seq}`,
  time: seq,
  kind: 'alarm.raised',
  logTypeName: '剩余电流报警',
  projectId: 1,
  description: { projectName: null, deviceName: null, deviceCode: null, contactInfo: null, value: null, deviceId: null },
  payload: {},
});
const turn = () => new Promise((r) => setImmediate(r));
const flat = (l: (number | number[])[]) => l.flat();
const batching = (id: string) => ids.indexOf(id) % 2 === 0;
/** Resolves once every client in `of` has heard notices up to `seq`. */
const until = (of: string[], seq: number) =>
  vi.waitFor(() => expect(of.filter((id) => !flat(heard.get(id)!).includes(seq))).toEqual([]), { timeout: 10_000, interval: 5 });

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
            c.on(SOCKET_EVENT.MESSAGE, (m: NoticeMessage) => heard.get(id)!.push(m.seq));
            c.on(SOCKET_EVENT.MESSAGES, (list: NoticeMessage[]) => heard.get(id)!.push(list.map((m) => m.seq)));
            resolve(c);
          });
        }),
    ),
  );
  ids = [...heard.keys()];
  ids.forEach((id, i) => i % 2 === 0 && void serverSide.get(id)!.join(BATCHING_ROOM));
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await io.close();
});

beforeEach(() => {
  for (const id of ids) heard.set(id, []);
});

describe('notices that queue up go together', () => {
  it('five notices queued at once: one `messages` event to a console that asked for batches, five `message` events to one that did not', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    for (let seq = 1; seq <= 5; seq++) expect(fan.emitNotice(['wall'], [], notice(seq))).toBe(CLIENTS);
    expect(fan.pending('events')).toBe(5);
    await turn();
    // merged into one job, of which one slice has gone
    expect(fan.pending('events')).toBe(1);
    await until(ids, 5);
    for (const id of ids) expect(heard.get(id)).toEqual(batching(id) ? [[1, 2, 3, 4, 5]] : [1, 2, 3, 4, 5]);
  });

  it('each console gets its own share of a batch, in seq order; a socket that left a room gets none of its notices', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    const few = ids.slice(0, 10);
    for (const id of few) void serverSide.get(id)!.join('few');
    fan.emitNotice(['few'], [], notice(11));
    fan.emitNotice(['wall'], [], notice(12));
    fan.emitNotice(['few'], [], notice(13));
    fan.emitNotice(['wall'], ['few'], notice(14));
    // as a revoked role does, while the batch waits: the last of the few leaves the room (14 was never
    // for it: it was among the few when 14 was sent)
    const leaver = few.at(-1)!;
    void serverSide.get(leaver)!.leave('few');
    const others = ids.filter((id) => !few.includes(id));
    await until(others, 14);
    await until(few.slice(0, -1), 13);
    await until([leaver], 12);
    for (const id of ids) {
      const share = id === leaver ? [12] : few.includes(id) ? [11, 12, 13] : [12, 14];
      // a share of one notice goes as a `message`
      expect(heard.get(id)).toEqual(batching(id) && share.length > 1 ? [share] : share);
    }
    for (const id of few) void serverSide.get(id)!.leave('few');
  });

  it('a notice already under way goes on alone; those queued behind it go together after it', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    fan.emitNotice(['wall'], [], notice(21));
    await turn();
    // the first slice of 21 has gone: 22 and 23 queue behind the rest of it
    fan.emitNotice(['wall'], [], notice(22));
    fan.emitNotice(['wall'], [], notice(23));
    expect(fan.pending('events')).toBe(3);
    await until(ids, 23);
    for (const id of ids) expect(heard.get(id)).toEqual(batching(id) ? [21, [22, 23]] : [21, 22, 23]);
  });

  it('a notice alone goes as a `message` to every console, and other events are never merged into a batch', async () => {
    const fan = new PacedFanOut(io as unknown as ConsoleServer, 0);
    fan.emitNotice(['wall'], [], notice(31));
    fan.emit('events', ['wall'], [], SOCKET_EVENT.SETTINGS);
    fan.emitNotice(['wall'], [], notice(32));
    await until(ids, 32);
    for (const id of ids) expect(heard.get(id)).toEqual([31, 32]);
  });
});
