/**
 * A load generator in its own process (bench/apiLight.ts): `connections` keep-alive connections, each
 * sending the next GET as soon as the previous answer is read, for `seconds`. Reports completed
 * requests and failures to its parent.
 */
import http from 'node:http';

const { url, headers, seconds, connections } = JSON.parse(process.env.BENCH_LOAD!) as {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
};
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
let done = 0;
let failed = 0;
const end = performance.now() + seconds * 1000;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: 'GET', headers, agent },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode === 200) done++;
          else failed++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      failed++;
      resolve();
    });
    req.end();
  });
}

async function loop(): Promise<void> {
  while (performance.now() < end) await once();
}

const t0 = performance.now();
await Promise.all(Array.from({ length: connections }, loop));
const elapsed = (performance.now() - t0) / 1000;
agent.destroy();
process.send!({ done, failed, seconds: elapsed }, () => process.exit(0));
