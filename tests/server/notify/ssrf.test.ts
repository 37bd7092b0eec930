import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_PATHS, type ChannelTestAnswer } from '../../../domain/schemas/notify';
import { classifyAddress } from '../../../server/notify/addressPolicy';
import { quietUntil } from '../../../server/notify/quietHours';
import { nextAttemptAt } from '../../../server/notify/backoff';
import { safeFetch } from '../../../server/notify/safeFetch';
import { login, startApp, type TestApp } from '../helpers';
import { call } from './helpers';

/** The SSRF guard of notification receivers (issue 28), without and with NOTIFY_ALLOW_PRIVATE. */
let closed: TestApp;
let open: TestApp;
let closedToken: string;
let openToken: string;

beforeAll(async () => {
  closed = await startApp({ notify: { checkIntervalMs: 0 } });
  open = await startApp({ notify: { allowPrivate: true, checkIntervalMs: 0 } });
  closedToken = (await login(closed.app, 'zhangsan')).token;
  openToken = (await login(open.app, 'zhangsan')).token;
});
afterAll(async () => {
  await closed.close();
  await open.close();
});

const webhook = (url: string) => ({ name: 'hook', kind: 'webhook', config: { url } });

describe('receiver addresses', () => {
  it('refuses 169.254.169.254, 127.0.0.1 and other private addresses without NOTIFY_ALLOW_PRIVATE', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://100.64.0.1/hook',
      'http://metadata.google.internal/computeMetadata/v1/',
      'ftp://example.com/hook',
    ]) {
      const res = await call(closed.app, closedToken, 'POST', NOTIFY_PATHS.channel, webhook(url));
      expect(res.code, url).toBe(4601);
    }
  });

  it('checks the resolved address at send: a name for 127.0.0.1 is refused', async () => {
    const created = await call<{ id: number }>(closed.app, closedToken, 'POST', NOTIFY_PATHS.channel, webhook('http://localhost:9/hook'));
    expect(created.code).toBe(0);
    const res = await call<ChannelTestAnswer>(closed.app, closedToken, 'POST', NOTIFY_PATHS.channelTest(created.data.id), {});
    expect(res.data.ok).toBe(false);
    expect(res.data.status).toBeNull();
    expect(res.data.error).toMatch(/^地址不允许/);
  });

  it('with NOTIFY_ALLOW_PRIVATE private receivers are allowed, metadata addresses never', async () => {
    expect((await call(open.app, openToken, 'POST', NOTIFY_PATHS.channel, webhook('http://127.0.0.1:9/hook'))).code).toBe(0);
    for (const url of [
      'http://169.254.169.254/latest/',
      'http://[fd00:ec2::254]/',
      'http://100.100.100.200/',
      'http://metadata.google.internal/',
    ])
      expect((await call(open.app, openToken, 'POST', NOTIFY_PATHS.channel, webhook(url))).code, url).toBe(4601);
  });
});

describe('redirects', () => {
  it('follows a redirect only to an allowed address, re-checked', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/ok') return res.end('fine');
      res.writeHead(302, { location: req.url === '/to-ok' ? '/ok' : 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await safeFetch({ url: `${base}/to-ok`, method: 'POST', body: '{}' }, { allowPrivate: true })).toEqual({
        status: 200,
        body: 'fine',
      });
      await expect(safeFetch({ url: `${base}/to-metadata`, method: 'POST', body: '{}' }, { allowPrivate: true })).rejects.toMatchObject({
        text: { zh: expect.stringMatching(/^地址不允许：169\.254\.169\.254/) },
      });
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('address classes', () => {
  it('knows metadata, private and public addresses in both families', () => {
    expect(classifyAddress('169.254.169.254')).toBe('metadata');
    expect(classifyAddress('fd00:ec2::254')).toBe('metadata');
    expect(classifyAddress('::ffff:169.254.169.254')).toBe('metadata');
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(classifyAddress(ip), ip).toBe('private');
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888']) expect(classifyAddress(ip), ip).toBeNull();
  });
});

describe('schedules', () => {
  it('backs off 1 s, 5 s, 30 s, 2 min, 10 min, then hourly up to a day', () => {
    const t0 = 1_000_000;
    expect([1, 2, 3, 4, 5, 6].map((n) => nextAttemptAt(n, t0, t0)! - t0)).toEqual([1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000]);
    expect(nextAttemptAt(30, t0, t0 + 23.5 * 3600_000)).toBeNull();
  });

  it('quiet hours across midnight end at their end in the project zone', () => {
    const zone = 'Asia/Shanghai';
    // 2026-11-28 23:30 in Shanghai is 15:30 UTC
    const lateEvening = Date.UTC(2026, 10, 28, 15, 30);
    expect(quietUntil(lateEvening, zone, { from: '22:00', to: '07:00' })).toBe(Date.UTC(2026, 10, 28, 23, 0));
    expect(quietUntil(lateEvening, zone, { from: '08:00', to: '20:00' })).toBeNull();
  });
});
