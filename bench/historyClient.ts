/**
 * The client of bench/history.ts in a process of its own, as a browser is: the parent sends one request
 * at a time; this process times it — sent → whole answer read — and reports the time and the answer's
 * size. In the parent's process the client's own work (reading 0.7 MB) took the server's thread too and
 * counted as the server's.
 *
 * Two clients: Node's http module (`via: 'http'`, the body's chunks kept as they come, as a browser's
 * network stack hands a fetch its bytes) and undici's fetch (`via: 'fetch'`), whose web streams spend
 * some milliseconds of their own JavaScript on a body of 0.7 MB — the client's time, not the server's.
 */
import http from 'node:http';

interface Ask {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  read: 'arrayBuffer' | 'json';
  via: 'http' | 'fetch';
}

/** POSTs with node:http; resolves with the status and the body's bytes once the last has arrived. */
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

process.on('message', (ask: Ask) => {
  void (async () => {
    const t = performance.now();
    let status: number;
    let answer: number;
    if (ask.via === 'http') {
      const res = await post(ask.url, ask.headers, JSON.stringify(ask.body));
      status = res.status;
      answer = ask.read === 'json' ? JSON.stringify(JSON.parse(res.body.toString('utf8'))).length : res.body.byteLength;
    } else {
      const res = await fetch(ask.url, { method: 'POST', headers: ask.headers, body: JSON.stringify(ask.body) });
      status = res.status;
      answer = ask.read === 'json' ? JSON.stringify(await res.json()).length : (await res.arrayBuffer()).byteLength;
    }
    const ms = performance.now() - t;
    if (status !== 200) throw new Error(`${ask.url} answered ${status}`);
    process.send!({ ms, bytes: answer });
  })();
});
process.on('disconnect', () => process.exit(0));
