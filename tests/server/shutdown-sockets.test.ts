import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';
import { SOCKET_PATH } from '../../domain/socketProtocol';
import { SHUTDOWN_DEADLINE_MS } from '../../server/shutdown';

/**
 * A websocket client that upgrades and then never answers (a frozen tab, a client process too busy
 * to read): a websocket close waits for its answer, up to 30 s, and held the server past the 2 s a
 * supervisor gives it (seen with 1,000 consoles in bench/reconnectStorm.ts). Shutdown ends the
 * connection at once and cuts it if it is still open after a short grace.
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
