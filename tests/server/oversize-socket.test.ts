import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';

/**
 * Issue 34 item 7: a body over the limit, sent over a real connection by a client that writes all of
 * it before reading (as most do), gets the 413 envelope — never a reset (EPIPE / ECONNRESET) because
 * the server closed the socket with the body still coming.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends the whole request (head, then the body in 64 KiB writes), then reads the answer to the end. */
function post(path: string, bodyBytes: number, chunked: boolean): Promise<{ answer: string; error: string | null }> {
  return new Promise((resolve) => {
    let answer = '';
    let error: string | null = null;
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          (chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${bodyBytes}\r\n\r\n`),
      );
      const piece = Buffer.alloc(65_536, 0x20);
      for (let sent = 0; sent < bodyBytes; sent += piece.length)
        s.write(chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
      if (chunked) s.write('0\r\n\r\n');
    });
    s.on('data', (b: Buffer) => (answer += b.toString()));
    s.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    s.on('close', () => resolve({ answer, error }));
  });
}

describe('a 2 MB body', () => {
  it.each([
    ['with Content-Length', false],
    ['chunked', true],
  ])('%s: the 413 envelope on every one of 8 concurrent connections, no reset', async (_what, chunked) => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post('/devicedata/api/comm/v1/ingest', 2 * 1024 * 1024, chunked)));
    for (const r of results) {
      expect(r.error).toBeNull();
      expect(r.answer).toMatch(/^HTTP\/1\.1 413 /);
      const body = JSON.parse(r.answer.slice(r.answer.indexOf('\r\n\r\n') + 4)) as { code: number; msg: string };
      expect(body.code).toBe(4002);
      expect(body.msg).toContain('1048576');
    }
  });
});
