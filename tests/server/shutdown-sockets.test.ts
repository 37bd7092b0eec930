import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { login, startApp, type TestApp } from './helpers';
import { SOCKET_EVENT, SOCKET_PATH } from '../../domain/socketProtocol';
import { SHUTDOWN_DEADLINE_MS } from '../../server/shutdown';

/**
 * A websocket client that upgrades and then never answers (a frozen tab, a client process too busy
 * to read): a websocket close waits for its answer, up to 30 s, and held the server past the 2 s a
 * supervisor gives it (seen with 1,000 consoles in bench/reconnectStorm.ts). Shutdown ends the
 * connection at once and cuts it if it is still open after a short grace. A console that reads hears
 * that the server is going away before its connection ends.
 */
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close().catch(() => {});
  t = null;
});

function silentWebsocket(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(
        [
          `GET ${SOCKET_PATH}/?EIO=4&transport=websocket HTTP/1.1`,
          'Host: 127.0.0.1',
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      );
    });
    s.once('error', reject);
    // The server's 101 answer: from now on the client reads nothing and answers nothing.
    s.once('data', (b) => (b.toString().startsWith('HTTP/1.1 101') ? (s.pause(), resolve(s)) : reject(new Error(b.toString()))));
  });
}

describe('shutdown with websocket clients that never answer', () => {
  it('ends them and closes well inside the deadline', async () => {
    t = await startApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const clients = await Promise.all(Array.from({ length: 5 }, () => silentWebsocket(port)));
    const cut = clients.map((c) => new Promise<void>((r) => c.once('close', () => r())));
    const t0 = performance.now();
    await t.app.close();
    const ms = performance.now() - t0;
    await Promise.all(cut);
    expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
  });
});

describe('shutdown with consoles connected', () => {
  it('every console hears going away before its connection ends, and nothing is written to an ended connection', async () => {
    t = await startApp();
    // A write to an ended connection is an error on the server's side of it (ERR_STREAM_WRITE_AFTER_END).
    const writeErrors: string[] = [];
    t.app.server.on('connection', (socket: net.Socket) => socket.on('error', (err) => writeErrors.push(err.message)));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const { token, user } = await login(t.app, 'root');
    const consoles = Array.from({ length: 30 }, () =>
      connect(`http://127.0.0.1:${port}`, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        reconnection: false,
        auth: { token, userId: user.id },
      }),
    );
    // whether each had heard going away when its connection ended
    const ended = consoles.map((socket) => {
      let heard = false;
      socket.on(SOCKET_EVENT.GOING_AWAY, () => (heard = true));
      return new Promise<boolean>((resolve) => socket.once('disconnect', () => resolve(heard)));
    });
    await Promise.all(consoles.map((socket) => new Promise((resolve) => socket.once(SOCKET_EVENT.READY, resolve))));
    await t.app.close();
    expect(await Promise.all(ended)).toEqual(consoles.map(() => true));
    expect(writeErrors).toEqual([]);
  });
});
