/**
 * A light API call against bare Fastify (issue 17): requests/s of `GET /auth/v1/user` (token check,
 * session, route guard, the user's record with roles, groups and nodes, the envelope) beside a bare
 * Fastify route answering the very same JSON, both in this process, the load from another process
 * (bench/httpLoad.ts: keep-alive connections, next request as soon as the answer is in). Periodic
 * jobs run as in production. Alternating rounds, best of each side.
 * Run: npm run bench -- apiLight
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { benchApp, injectLogin } from './lib';
import { recordResults } from './results';

/** a round's seconds: on a quiet machine the 5-s rounds of 2026-12-01 read within 1 % of each other on each side */
const SECONDS = Number(process.env.API_SECONDS ?? 3);
const ROUNDS = 3;
const CONNECTIONS = 16;
const PASSWORD = 'Bench#Pass123';

const { app, done } = await benchApp({ logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const { token } = await injectLogin(app, 'zhangsan', PASSWORD);
const headers = { authorization: `Bearer ${token}` };
const answer = await app.inject({ url: '/auth/v1/user', headers });
if (answer.statusCode !== 200) throw new Error(`GET /auth/v1/user: ${answer.statusCode} ${answer.body}`);
const body = answer.json() as unknown;

// The baseline: what a competent engineer's bare Fastify gives for the same JSON.
const bare = Fastify({ logger: false });
bare.get('/auth/v1/user', async () => body);
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

function load(port: number, seconds: number): Promise<{ done: number; failed: number; seconds: number }> {
  const child = fork(fileURLToPath(new URL('./httpLoad.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_LOAD: JSON.stringify({ url: `http://127.0.0.1:${port}/auth/v1/user`, headers, seconds, connections: CONNECTIONS }),
    },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as { done: number; failed: number; seconds: number }));
    child.once('exit', (code) => code && reject(new Error(`load process exited ${code}`)));
  });
}

const rate = (r: { done: number; seconds: number }) => r.done / r.seconds;
await load(barePort, 1);
await load(port, 1);
const ours: number[] = [];
const bares: number[] = [];
let failed = 0;
for (let i = 0; i < ROUNDS; i++) {
  const b = await load(barePort, SECONDS);
  const o = await load(port, SECONDS);
  bares.push(rate(b));
  ours.push(rate(o));
  failed += b.failed + o.failed;
}
const best = (xs: number[]) => Math.max(...xs);
const ratio = +(best(ours) / best(bares)).toFixed(3);
const detail = {
  route: 'GET /auth/v1/user (tenant user)',
  connections: CONNECTIONS,
  secondsPerRound: SECONDS,
  oursPerS: ours.map(Math.round),
  barePerS: bares.map(Math.round),
  failedRequests: failed,
};
console.log(JSON.stringify({ bench: 'apiLight', ...detail, ratio, target: '≥ 0.5 × bare Fastify' }, null, 2));
recordResults('apiLight', { api_light_vs_bare: ratio, api_light_per_s: Math.round(best(ours)) }, detail);
await bare.close();
await done();
