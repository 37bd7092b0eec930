import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { freePort } from '../../../scripts/localServices';
import { bearer, login, makeApp, terminalsOfProject } from '../telemetry/helpers';

/**
 * Issue 34 item 8: /healthz, /readyz and /metrics as a load balancer, an orchestrator and Prometheus
 * call them. The /metrics answer is checked with the real `promtool check metrics` (Debian's
 * prometheus package; scripts/test.sh installs it).
 */
const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim();

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let consoleSocket: Socket;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp({ mqtt: { port: await freePort(), host: '127.0.0.1' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  consoleSocket?.close();
  await cleanup();
});

const scrape = async (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ url: '/metrics', remoteAddress, headers });
const sample = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

describe('health and metrics', () => {
  it('/healthz: the process answers, without a token', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { live: true } });
  });

  it('/readyz: the store answers and the broker is connected; no Redis is configured', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ready: true, draining: false, checks: { store: 'ok', redis: 'absent', mqtt: 'ok' } });
  });

  it('/metrics: ingest, alarm push, store write and consoles counted; promtool finds the text valid', async () => {
    const { token, userId } = await login(app, 'root');
    const { port } = app.server.address() as { port: number };
    consoleSocket = connect(`http://127.0.0.1:${port}`, {
      path: '/messageServer/websocket',
      transports: ['websocket'],
      reconnection: false,
      auth: { token, userId },
    });
    await new Promise((resolve, reject) => {
      consoleSocket.once('ready', resolve);
      consoleSocket.once('connect_error', reject);
    });
    const [d] = await terminalsOfProject(app, '西湖文化广场');
    const key = (await app.inject({ url: `/devicedata/api/comm/v1/device/${d!.id}/key`, headers: bearer(token) })).json().data
      .key as string;
    const ingest = await app.inject({
      method: 'POST',
      url: '/devicedata/api/comm/v1/ingest',
      headers: { 'x-device-key': key },
      payload: {
        device: d!.code,
        time: Date.now(),
        values: [
          { dataId: 1001, value: 520 },
          { dataId: 1201, value: 1 },
        ],
      },
    });
    expect(ingest.json().code).toBe(0);
    app.metrics.setDeliveryBacklog(3);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'voltguard_ingest_readings_total')).toBe(2);
    expect(sample(text, 'voltguard_ingest_batches_total')).toBe(1);
    expect(sample(text, 'voltguard_alarm_push_latency_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voltguard_store_write_seconds_count')).toBe(1);
    expect(sample(text, 'voltguard_consoles_connected')).toBe(1);
    expect(sample(text, 'voltguard_delivery_backlog')).toBe(3);
    expect(sample(text, 'voltguard_event_loop_delay_p99_seconds')).toBeGreaterThan(0);

    if (!promtool) return void console.warn('promtool is not installed (apt-get install -y prometheus): the format check is skipped');
    const check = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('/metrics is refused to other addresses without the token (the envelope, 403)', async () => {
    const res = await scrape('10.0.0.5');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 4033, data: null });
  });

  it('/readyz answers 503 with a retry hint while draining (from SIGTERM on)', async () => {
    app.readiness.drain();
    const res = await app.inject({ url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 5031, msg: 'Not ready: draining', data: { ready: false, draining: true } });
  });

  it("while draining, any other request gets the same envelope (not Fastify's own 503 body) and the connection closed", async () => {
    const res = await app.inject({ url: '/wisdompower/v1/system/setting/public' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers.connection).toBe('close');
    expect(res.json()).toEqual({ code: 5031, msg: '服务未就绪：正在停止', data: null });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('METRICS_TOKEN', () => {
  let other: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    other = await makeApp({ metricsToken: 'scrape-secret-1' });
  });
  afterAll(() => other.cleanup());

  it('opens /metrics to any address with the bearer token, and only with it', async () => {
    const get = (headers: Record<string, string>) => other.app.inject({ url: '/metrics', remoteAddress: '10.0.0.5', headers });
    expect((await get({ authorization: 'Bearer scrape-secret-1' })).statusCode).toBe(200);
    expect((await get({ authorization: 'Bearer scrape-secret-2' })).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(403);
  });
});
