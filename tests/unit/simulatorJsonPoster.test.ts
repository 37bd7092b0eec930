import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonPoster } from '../../server/simulator/httpPost';

/** A receiver on a free loopback port answering with `answer(body, headers)`; counts its connections. */
async function receiver(answer: (body: string, req: http.IncomingMessage) => string) {
  let connections = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => res.end(answer(body, req)));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`, server, connections: () => connections };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('the simulator posts its batches', () => {
  it('as JSON with its headers, resolves with the parsed answer, one kept-alive connection for posts one after another', async () => {
    const r = await receiver((body, req) =>
      JSON.stringify({ code: 0, got: JSON.parse(body), key: req.headers['x-device-key'], type: req.headers['content-type'] }),
    );
    servers.push(r.server);
    const post = jsonPoster(r.url);
    for (let i = 0; i < 3; i++) {
      await expect(post({ 'x-device-key': `k${i}` }, JSON.stringify({ device: 'D1', n: i }))).resolves.toEqual({
        code: 0,
        got: { device: 'D1', n: i },
        key: `k${i}`,
        type: 'application/json',
      });
    }
    expect(r.connections()).toBe(1);
  });

  it('rejects an answer that is not JSON, naming the status', async () => {
    const r = await receiver(() => '<html>bad gateway</html>');
    servers.push(r.server);
    await expect(jsonPoster(r.url)({}, '{}')).rejects.toThrow('HTTP 200: the answer is not JSON');
  });

  it('rejects when nothing listens', async () => {
    const r = await receiver(() => '{}');
    await new Promise((res) => r.server.close(res));
    await expect(jsonPoster(r.url)({}, '{}')).rejects.toThrow(/ECONNREFUSED/);
  });
});
