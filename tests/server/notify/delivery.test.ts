import { createHmac } from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFY_PATHS, SECRET_MASK, type ChannelDto, type ChannelTestAnswer } from '../../../domain/schemas/notify';
import { EVENT_LEVEL, EVENT_TYPE } from '../../../domain/enums';
import { formatIn } from '../../../domain/timeZone';
import type { ManualJobs } from '../../infra/manualJobs';
import { deliveryId } from '../../../server/notify/deliveryId';
import { login, makeApp } from '../telemetry/helpers';
import { httpReceiver, smtpReceiver, type HttpReceiver } from './receivers';
import { ACCIDENT, ALARM, NORMAL, call, ingest, createChannel, createRule, deliveries, fakeClock, raise, tickAt } from './helpers';

/**
 * Notifications through the real server (issue 28): alarms ingested through the device API, a local
 * HTTP receiver and a local SMTP server, the delivery worker driven by a clock the test moves.
 */
const clock = fakeClock();
const logLines: string[] = [];
let app: FastifyInstance;
let jobs: ManualJobs | undefined;
let cleanup: () => Promise<void>;
let receiver: HttpReceiver;
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
let zhangsan: { token: string; userId: number };
let wangwu: { token: string; userId: number };
let devices: { id: number; code: string; projectid: number }[];
let nextDevice = 0;
const device = () => devices[nextDevice++]!;
// what must never appear in an answer or a log line (the last two are set in the 飞书 / SMS test)
const SECRETS = [
  'whsec-Voltguard-1234',
  'wecom-key-ABCDEF123',
  'ding-token-987654',
  'SECdingtalk-secret-42',
  'feishu-secret-77',
  'sms-key-4242',
];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  ({ app, jobs, cleanup } = await makeApp({
    logger: { level: 'trace', stream },
    // the worker's clock: the test's hand (clock.t) plus the job clock, which only the pacing test moves
    notify: { allowPrivate: true, now: () => clock.t + (jobs?.clock ?? 0), publicUrl: 'https://console.example.com' },
    // escalation runs when the test says so (app.escalation.check())
    escalation: { checkMs: 0 },
  }));
  await app.ready();
  receiver = await httpReceiver();
  smtp = await smtpReceiver();
  zhangsan = await login(app, 'zhangsan');
  wangwu = await login(app, 'wangwu');
  devices = await app.db
    .selectFrom('terminal')
    .select(['id', 'code', 'projectid'])
    .where(
      'tenantid',
      '=',
      (await app.db.selectFrom('app_user').select('tenantId').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()).tenantId,
    )
    .orderBy('id')
    .execute();
});
afterAll(async () => {
  await cleanup();
  await receiver.close();
  await smtp.close();
});

/** A rule sending every alarm of tenant A to the given channels, for the length of one test. */
async function withRule(channelIds: number[], extra: Record<string, unknown>, body: () => Promise<void>) {
  const ruleId = await createRule(app, zhangsan.token, { channelIds, ...extra });
  try {
    await body();
  } finally {
    await call(app, zhangsan.token, 'DELETE', NOTIFY_PATHS.ruleById(ruleId));
  }
}

/** A 企业微信 robot limited to 2 messages a minute: one slot every 30 s of the worker's clock. */
const pacedRobot = (name: string, path: string) =>
  createChannel(app, zhangsan.token, { name, kind: 'wecom', config: { url: receiver.url(`${path}?key=k`), ratePerMinute: 2 } });

const webhook = (path: string, secret?: string) => ({
  name: path,
  kind: 'webhook',
  config: { url: receiver.url(path), ...(secret ? { secret } : {}) },
});

describe('one alarm reaches every kind of channel', () => {
  it('one signed webhook, one 企业微信 body, one signed 钉钉 call and one e-mail', async () => {
    const ids = [
      await createChannel(app, zhangsan.token, webhook('/hook', SECRETS[0])),
      await createChannel(app, zhangsan.token, { name: 'wecom', kind: 'wecom', config: { url: receiver.url(`/wecom?key=${SECRETS[1]}`) } }),
      await createChannel(app, zhangsan.token, {
        name: 'ding',
        kind: 'dingtalk',
        config: { url: receiver.url(`/ding?access_token=${SECRETS[2]}`), secret: SECRETS[3] },
      }),
      await createChannel(app, zhangsan.token, {
        name: 'mail',
        kind: 'email',
        config: { host: '127.0.0.1', port: smtp.port, security: 'none', from: 'alarm@voltguard.test', to: ['duty@voltguard.test'] },
      }),
    ];
    await withRule(ids, {}, async () => {
      const eventId = await raise(app, device(), [ALARM]);
      await vi.waitFor(
        async () => {
          await tickAt(app, clock);
          expect(receiver.at('/hook')).toHaveLength(1);
          expect(receiver.at('/wecom')).toHaveLength(1);
          expect(receiver.at('/ding')).toHaveLength(1);
          expect(smtp.mails).toHaveLength(1);
        },
        { timeout: 8000, interval: 50 },
      );
      const hook = receiver.at('/hook')[0]!;
      const expected = `sha256=${createHmac('sha256', SECRETS[0]!).update(hook.body).digest('hex')}`;
      expect(hook.headers['x-voltguard-signature']).toBe(expected);
      const hookBody = JSON.parse(hook.body) as { deliveryId: string; eventId: number; link: string };
      expect(hook.headers['x-voltguard-delivery']).toBe(hookBody.deliveryId);
      expect(hookBody.eventId).toBe(eventId);
      expect(hookBody.link).toBe(`https://console.example.com/#/alarmEvent?eventId=${eventId}`);

      const wecom = JSON.parse(receiver.at('/wecom')[0]!.body) as { msgtype: string; markdown: { content: string } };
      expect(wecom.msgtype).toBe('markdown');
      expect(wecom.markdown.content).toContain('剩余电流');

      const ding = receiver.at('/ding')[0]!;
      const query = new URL(ding.url, 'http://x').searchParams;
      const timestamp = query.get('timestamp')!;
      expect(query.get('access_token')).toBe(SECRETS[2]);
      expect(query.get('sign')).toBe(createHmac('sha256', SECRETS[3]!).update(`${timestamp}\n${SECRETS[3]}`).digest('base64'));
      const dingBody = JSON.parse(ding.body) as { msgtype: string; markdown: { title: string; text: string } };
      expect(dingBody.msgtype).toBe('markdown');
      expect(dingBody.markdown.title).toContain('报警');

      const mail = smtp.mails[0]!;
      expect(mail.to).toEqual(['duty@voltguard.test']);
      expect(mail.data).toMatch(/X-Voltguard-Delivery: [0-9a-f-]{36}/);

      const rows = await deliveries(app, zhangsan.token, { eventId });
      expect(rows).toHaveLength(4);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt !== null)).toBe(true);
      expect(rows.map((r) => r.noticeMode).sort()).toEqual([2, 3, 3, 3]);
      expect(rows.find((r) => r.channelKind === 'webhook')!.id).toBe(hookBody.deliveryId);

      // the message log lists them under their notice modes beside mode 4
      const log = (mode: number) =>
        call<{ noticeMode: number; logTypeName: string; delivery: { id: string; status: string } }[]>(
          app,
          zhangsan.token,
          'POST',
          '/messageServer/v1/log',
          {
            noticeMode: mode,
            startTime: '2000-01-01 00:00:00',
            endTime: '2100-01-01 00:00:00',
            receiver: zhangsan.userId,
          },
        );
      const robots = await log(3);
      expect(robots.code, robots.msg).toBe(0);
      expect(robots.data.filter((r) => rows.some((d) => d.id === r.delivery.id))).toHaveLength(3);
      expect(robots.data[0]).toMatchObject({ noticeMode: 3, logTypeName: '剩余电流报警' });
      const mails = await log(2);
      expect(mails.data.map((r) => r.delivery.id)).toContain(rows.find((r) => r.channelKind === 'email')!.id);
    });
  });
});

describe("飞书, SMS and the robots' rate limit", () => {
  it('测试发送 over 飞书 signs its body; SMS fills the gateway template', async () => {
    const feishu = await createChannel(app, zhangsan.token, {
      name: 'feishu',
      kind: 'feishu',
      config: { url: receiver.url('/feishu'), secret: 'feishu-secret-77' },
    });
    const answer = await call<ChannelTestAnswer>(app, zhangsan.token, 'POST', NOTIFY_PATHS.channelTest(feishu), {});
    expect(answer.data).toMatchObject({ ok: true, status: 200 });
    const body = JSON.parse(receiver.at('/feishu')[0]!.body) as {
      timestamp: string;
      sign: string;
      msg_type: string;
      content: { text: string };
    };
    expect(body.msg_type).toBe('text');
    expect(body.sign).toBe(createHmac('sha256', `${body.timestamp}\nfeishu-secret-77`).update('').digest('base64'));
    expect(Math.abs(Number(body.timestamp) - Date.now() / 1000)).toBeLessThan(60);

    const sms = await createChannel(app, zhangsan.token, {
      name: 'sms',
      kind: 'sms',
      config: {
        url: receiver.url('/sms?to={phone}'),
        method: 'POST',
        headers: { 'x-api-key': 'sms-key-4242' },
        bodyTemplate: '{"mobile":"{phone}","text":"{content}"}',
        phones: ['13800000001'],
      },
    });
    expect((await call<ChannelTestAnswer>(app, zhangsan.token, 'POST', NOTIFY_PATHS.channelTest(sms), {})).data.ok).toBe(true);
    const sent = receiver.at('/sms')[0]!;
    expect(sent.url).toBe('/sms?to=13800000001');
    expect(sent.headers['x-api-key']).toBe('sms-key-4242');
    expect(JSON.parse(sent.body)).toMatchObject({ mobile: '13800000001' });
    const listed = await call<ChannelDto[]>(app, zhangsan.token, 'GET', NOTIFY_PATHS.channel);
    expect(JSON.stringify(listed)).not.toContain('sms-key-4242');
    expect(JSON.stringify(listed)).not.toContain('feishu-secret-77');
  });

  it('over its rate a robot sends one message per 60 ÷ rate s, what waited merged into one digest; a webhook sends at once', async () => {
    const clockJobs = jobs!;
    // 2 a minute: at most one message every 30 s of the worker's clock, here moved by the job clock only
    // (its delivery job runs every 1 s from 0; no test before this one moved it)
    const wecom = await pacedRobot('slow', '/slow');
    const hook = await createChannel(app, zhangsan.token, webhook('/fast'));
    const resume = clock.t;
    // an hour ahead of the alarms' own time: every delivery is due as soon as it is written
    clock.t = Math.max(clock.t, Date.now()) + 3600_000;
    const start = clock.t + clockJobs.clock;
    const slow = () => receiver.at('/slow');
    const contents = () => slow().map((r) => (JSON.parse(r.body) as { markdown: { content: string } }).markdown.content);
    const sentAt = async (channelId: number, eventIds: number[]) =>
      (await deliveries(app, zhangsan.token, { channelId }))
        .filter((r) => eventIds.includes(r.eventId!))
        .map((r) => ({ eventId: r.eventId, status: r.status, at: r.sentAt! - start, mergedInto: r.mergedInto, id: r.id }));
    // only 报警 of residual current: the other jobs the job clock runs on the way (communication watch,
    // early warning) raise nothing that this rule sends
    await withRule([wecom, hook], { levels: [EVENT_LEVEL.ALARM], types: [EVENT_TYPE.AFTERCURRENT] }, async () => {
      const first = await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await clockJobs.run('notify.deliver');
        expect(slow()).toHaveLength(1);
      });
      const waited: number[] = [];
      for (let i = 0; i < 3; i++) waited.push(await raise(app, device(), [ALARM]));
      // the webhook has no limit: each alarm at once, alone
      await vi.waitFor(async () => {
        await clockJobs.run('notify.deliver');
        expect(receiver.at('/fast')).toHaveLength(4);
      });
      expect((await sentAt(hook, [first, ...waited])).map((r) => [r.at, r.mergedInto])).toEqual(Array(4).fill([0, null]));
      // the robot's next slot is 30 s after its first message: nothing before it
      await clockJobs.advance(29_999);
      expect(slow()).toHaveLength(1);
      await clockJobs.advance(1);
      await vi.waitFor(() => expect(slow()).toHaveLength(2));
      expect(contents()[1]).toContain('告警汇总：3 条');
      const digest = await sentAt(wecom, waited);
      const carrier = digest.find((r) => r.mergedInto === null)!;
      expect(carrier.eventId).toBe(waited[0]);
      expect(digest.map((r) => [r.status, r.at, r.mergedInto ?? carrier.id])).toEqual(Array(3).fill(['sent', 30_000, carrier.id]));
      // one more alarm right after the digest: alone, 30 s later; the webhook's at once
      const last = await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await clockJobs.run('notify.deliver');
        expect(receiver.at('/fast')).toHaveLength(5);
      });
      await clockJobs.advance(29_999);
      expect(slow()).toHaveLength(2);
      await clockJobs.advance(1);
      await vi.waitFor(() => expect(slow()).toHaveLength(3));
      expect(contents()[2]).not.toContain('告警汇总');
      const all = await sentAt(wecom, [first, ...waited, last]);
      expect(all.every((r) => r.status === 'sent')).toBe(true);
      // messages (carriers) at 0, 30 and 60 s: never more than 2 in any 60 s
      const messages = all.filter((r) => r.mergedInto === null).map((r) => r.at);
      expect(messages.sort((a, b) => a - b)).toEqual([0, 30_000, 60_000]);
      expect((await sentAt(hook, [last]))[0]!.at).toBe(30_000);
    });
    clock.t = resume;
  });

  it("a storm's backlog leaves a robot in its next slot, all of it in one digest; a paced webhook's body lists 1,000 a message", async () => {
    const clockJobs = jobs!;
    const robot = await pacedRobot('storm', '/storm');
    const hook = await createChannel(app, zhangsan.token, {
      name: 'storm hook',
      kind: 'webhook',
      config: { url: receiver.url('/storm-hook'), ratePerMinute: 2 },
    });
    const resume = clock.t;
    clock.t = Math.max(clock.t, Date.now()) + 3 * 3600_000;
    await withRule([robot, hook], { levels: [EVENT_LEVEL.ALARM], types: [EVENT_TYPE.AFTERCURRENT] }, async () => {
      await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await clockJobs.run('notify.deliver');
        expect(receiver.at('/storm')).toHaveLength(1);
        expect(receiver.at('/storm-hook')).toHaveLength(1);
      });
      // The storm: 2,500 more deliveries on each channel, written as the outbox writes them (the first
      // alarm's row again under new ids), all waiting for the channels' next slot.
      const STORM = 2_500;
      const firsts = await app.db.selectFrom('notify_delivery').selectAll().where('channelId', 'in', [robot, hook]).execute();
      const writtenAt = clock.t + clockJobs.clock;
      for (const first of firsts) {
        const rows = Array.from({ length: STORM }, (_, i) => ({
          ...first,
          id: deliveryId(writtenAt + i),
          status: 'pending',
          attempts: 0,
          sentAt: null,
          nextAttemptAt: writtenAt,
          leaseOwner: null,
          leaseUntil: null,
          mergedInto: null,
          createdAt: writtenAt + i,
        }));
        for (let i = 0; i < rows.length; i += 200)
          await app.db
            .insertInto('notify_delivery')
            .values(rows.slice(i, i + 200))
            .execute();
      }
      const waiting = async (channelId: number) =>
        Number(
          (
            await app.db
              .selectFrom('notify_delivery')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('channelId', '=', channelId)
              .where('status', '=', 'pending')
              .executeTakeFirstOrThrow()
          ).n,
        );
      await clockJobs.advance(30_000);
      await vi.waitFor(() => {
        expect(receiver.at('/storm')).toHaveLength(2);
        expect(receiver.at('/storm-hook')).toHaveLength(2);
      });
      // the robot: one message tells of the whole storm, nothing is left for later slots
      const markdown = (JSON.parse(receiver.at('/storm')[1]!.body) as { markdown: { content: string } }).markdown.content;
      expect(markdown).toContain('告警汇总：2500 条');
      expect(markdown).toContain('另有 2480 条');
      expect(await waiting(robot)).toBe(0);
      // the webhook: its body names each event, so a message carries 1,000 and the rest wait for the next slots
      expect(await waiting(hook)).toBe(STORM - 1000);
      for (const n of [3, 4]) {
        await clockJobs.advance(30_000);
        await vi.waitFor(() => expect(receiver.at('/storm-hook')).toHaveLength(n));
      }
      const bodies = receiver.at('/storm-hook').map((r) => JSON.parse(r.body) as { count?: number; events?: unknown[] });
      expect(bodies.slice(1).map((b) => [b.count, b.events!.length])).toEqual([
        [1000, 1000],
        [1000, 1000],
        [500, 500],
      ]);
      expect(await waiting(hook)).toBe(0);
    });
    clock.t = resume;
  });

  it('a robot switched off while deliveries wait for its slot: they leave its paced lane and fail in words, none stays pending', async () => {
    const clockJobs = jobs!;
    const robot = await pacedRobot('paused', '/paused');
    const resume = clock.t;
    clock.t = Math.max(clock.t, Date.now()) + 7200_000;
    await withRule([robot], { levels: [EVENT_LEVEL.ALARM], types: [EVENT_TYPE.AFTERCURRENT] }, async () => {
      await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await clockJobs.run('notify.deliver');
        expect(receiver.at('/paused')).toHaveLength(1);
      });
      const waiting = [await raise(app, device(), [ALARM]), await raise(app, device(), [ALARM])];
      // written into the paced lane: only the slot's taker sends them, the unpaced look never reads them
      const lanes = await app.db.selectFrom('notify_delivery').select(['paced', 'status']).where('channelId', '=', robot).execute();
      expect(lanes.map((r) => r.paced)).toEqual([1, 1, 1]);
      await call(app, zhangsan.token, 'PUT', NOTIFY_PATHS.channelById(robot), { enabled: false });
      await clockJobs.advance(30_000);
      await vi.waitFor(async () => {
        await clockJobs.run('notify.deliver');
        const rows = (await deliveries(app, zhangsan.token, { channelId: robot })).filter((r) => waiting.includes(r.eventId!));
        expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
        expect(rows[0]!.lastError).toBe('通知渠道已删除或停用');
      });
      expect(receiver.at('/paused')).toHaveLength(1);
    });
    clock.t = resume;
  });
});

describe('users reached by their contact fields', () => {
  it('a user sets its own e-mail and language; a rule naming it sends it an English e-mail', async () => {
    const saved = await call(app, zhangsan.token, 'PUT', '/auth/v1/user/contact', {
      email: 'zhangsan@voltguard.test',
      language: 'en',
      wecomId: 'zhangsan',
    });
    expect(saved.code, saved.msg).toBe(0);
    const me = await call<{ email: string; language: string; wecomId: string }>(app, zhangsan.token, 'GET', '/auth/v1/user');
    expect(me.data).toMatchObject({ email: 'zhangsan@voltguard.test', language: 'en', wecomId: 'zhangsan' });
    const mail = await createChannel(app, zhangsan.token, {
      name: 'user mail',
      kind: 'email',
      config: { host: '127.0.0.1', port: smtp.port, security: 'none', from: 'alarm@voltguard.test', to: [] },
    });
    // 测试发送 of a channel without recipients of its own goes to the caller
    const tested = await call<ChannelTestAnswer>(app, zhangsan.token, 'POST', NOTIFY_PATHS.channelTest(mail), {});
    expect(tested.data).toMatchObject({ ok: true, status: 250 });
    expect(smtp.mails.at(-1)!.to).toEqual(['zhangsan@voltguard.test']);
    const before = smtp.mails.length;
    const ruleId = await createRule(app, zhangsan.token, { channelIds: [mail], userIds: [zhangsan.userId] });
    try {
      const eventId = await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await tickAt(app, clock);
        expect(smtp.mails.length).toBe(before + 1);
      });
      const sent = smtp.mails[before]!;
      expect(sent.to).toEqual(['zhangsan@voltguard.test']);
      expect(sent.data).toContain('Subject: [Alarm] Residual current alarm');
      const [row] = await deliveries(app, zhangsan.token, { eventId, channelId: mail });
      expect(row).toMatchObject({ userId: zhangsan.userId, recipient: 'zhangsan@voltguard.test', status: 'sent', noticeMode: 2 });
    } finally {
      await call(app, zhangsan.token, 'DELETE', NOTIFY_PATHS.ruleById(ruleId));
    }
  });
});

describe('delivery you can trust', () => {
  it('a receiver answering 500 twice then 200: delivered once, attempts 3, one delivery id', async () => {
    const channel = await createChannel(app, zhangsan.token, webhook('/flaky'));
    await withRule([channel], {}, async () => {
      receiver.answers.push(500, 500);
      const eventId = await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await tickAt(app, clock);
        expect(receiver.at('/flaky')).toHaveLength(1);
      });
      let [row] = await deliveries(app, zhangsan.token, { eventId });
      expect(row).toMatchObject({ status: 'retrying', attempts: 1 });
      expect(row!.lastError).toMatch(/^HTTP 500: /);
      await tickAt(app, clock, 1_000);
      await vi.waitFor(() => expect(receiver.at('/flaky')).toHaveLength(2));
      await tickAt(app, clock, 5_000);
      await vi.waitFor(async () => {
        [row] = await deliveries(app, zhangsan.token, { eventId });
        expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      });
      expect(receiver.at('/flaky')).toHaveLength(3);
      expect(new Set(receiver.at('/flaky').map((r) => r.headers['x-voltguard-delivery']))).toEqual(new Set([row!.id]));
    });
  });

  it('a receiver that is down: retried in words, delivered once it is back', async () => {
    const later = await httpReceiver();
    const port = later.port;
    await later.close();
    const channel = await createChannel(app, zhangsan.token, {
      name: 'down',
      kind: 'webhook',
      config: { url: `http://127.0.0.1:${port}/back` },
    });
    await withRule([channel], {}, async () => {
      const eventId = await raise(app, device(), [ALARM]);
      await vi.waitFor(async () => {
        await tickAt(app, clock);
        const [row] = await deliveries(app, zhangsan.token, { eventId });
        expect(row).toMatchObject({ status: 'retrying', attempts: 1, lastError: '连接被拒绝' });
      });
      // the receiver starts again on its port
      const again = http.createServer((_req, res) => res.end('ok'));
      await new Promise<void>((r) => again.listen(port, '127.0.0.1', r));
      try {
        await tickAt(app, clock, 1_000);
        await vi.waitFor(async () => {
          const [row] = await deliveries(app, zhangsan.token, { eventId });
          expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
        });
      } finally {
        again.closeAllConnections();
        await new Promise<void>((r) => again.close(() => r()));
      }
    });
  });

  it('quiet hours hold a 报警 until they end and never a 事故', async () => {
    const channel = await createChannel(app, zhangsan.token, webhook('/quiet'));
    const now = Math.max(clock.t, Date.now());
    const zone = 'Asia/Shanghai';
    const quietHours = { from: formatIn(now - 3600_000, 'HH:mm', zone), to: formatIn(now + 3600_000, 'HH:mm', zone) };
    await withRule([channel], { quietHours }, async () => {
      const alarmId = await raise(app, device(), [ALARM]);
      const accidentId = await raise(app, device(), [ACCIDENT]);
      await vi.waitFor(async () => {
        await tickAt(app, clock);
        expect(receiver.at('/quiet')).toHaveLength(1);
      });
      expect((JSON.parse(receiver.at('/quiet')[0]!.body) as { eventId: number }).eventId).toBe(accidentId);
      const [held] = await deliveries(app, zhangsan.token, { eventId: alarmId });
      expect(held).toMatchObject({ status: 'pending', attempts: 0 });
      expect(held!.nextAttemptAt! - now).toBeGreaterThan(3000_000);
      // the worker's clock past the end of the quiet hours
      clock.t = held!.nextAttemptAt! + 1;
      await vi.waitFor(async () => {
        await app.notify.worker.tick();
        expect(receiver.at('/quiet')).toHaveLength(2);
      });
      expect((JSON.parse(receiver.at('/quiet')[1]!.body) as { eventId: number }).eventId).toBe(alarmId);
    });
  });

  it('a flood sends one digest, not one message per alarm', async () => {
    const channel = await createChannel(app, zhangsan.token, webhook('/flood'));
    await withRule([channel], {}, async () => {
      // the worker's clock behind every new delivery: nothing is due until the test says so
      const resume = clock.t;
      clock.t = 0;
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await raise(app, device(), [ALARM]));
      clock.t = resume;
      await vi.waitFor(async () => {
        await tickAt(app, clock);
        expect(receiver.at('/flood')).toHaveLength(1);
      });
      const digest = JSON.parse(receiver.at('/flood')[0]!.body) as { kind: string; count: number; mergedDeliveryIds: string[] };
      expect(digest).toMatchObject({ kind: 'digest', count: 6 });
      expect(digest.mergedDeliveryIds).toHaveLength(5);
      const rows = (await deliveries(app, zhangsan.token, { channelId: channel })).filter((r) => ids.includes(r.eventId!));
      expect(rows).toHaveLength(6);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      expect(rows.filter((r) => r.mergedInto !== null)).toHaveLength(5);
    });
  });
});

describe('ends and re-sends', () => {
  it('a rule with sendEnd also sends the end of the alarm', async () => {
    const channel = await createChannel(app, zhangsan.token, webhook('/end'));
    await withRule([channel], { sendEnd: true }, async () => {
      const d = device();
      const eventId = await raise(app, d, [ALARM]);
      // two readings in a row below the release level end it (anti-flapping)
      await ingest(app, d, [NORMAL]);
      await ingest(app, d, [NORMAL]);
      await vi.waitFor(async () => {
        await tickAt(app, clock);
        expect(receiver.at('/end')).toHaveLength(2);
      });
      // the two may be sent at once, in either order
      const sent = receiver.at('/end').map((r) => JSON.parse(r.body) as { kind: string; eventId: number });
      expect(sent.map((b) => `${b.kind} ${b.eventId}`).sort()).toEqual([`alarm.ended ${eventId}`, `alarm.raised ${eventId}`]);
      expect((await deliveries(app, zhangsan.token, { eventId })).map((r) => r.kind).sort()).toEqual(['ended', 'raised']);
    });
  });

  it('a delivery still failing after a day is failed; 重新发送 sends it again with its id', async () => {
    const channel = await createChannel(app, zhangsan.token, webhook('/late'));
    await withRule([channel], {}, async () => {
      const resume = clock.t;
      clock.t = 0;
      const eventId = await raise(app, device(), [ALARM]);
      receiver.answers.push(503);
      // the worker's clock a day and more after the delivery was written
      clock.t = Math.max(resume, Date.now()) + 25 * 3600_000;
      await vi.waitFor(async () => {
        await app.notify.worker.tick();
        const [row] = await deliveries(app, zhangsan.token, { eventId });
        expect(row).toMatchObject({ status: 'failed', attempts: 1 });
        expect(row!.lastError).toMatch(/^HTTP 503/);
      });
      const [failed] = await deliveries(app, zhangsan.token, { eventId });
      const resent = await call(app, zhangsan.token, 'POST', NOTIFY_PATHS.deliveryResend(failed!.id), {});
      expect(resent.code, resent.msg).toBe(0);
      await vi.waitFor(async () => {
        await app.notify.worker.tick();
        const [row] = await deliveries(app, zhangsan.token, { eventId });
        expect(row).toMatchObject({ id: failed!.id, status: 'sent', attempts: 2 });
      });
      expect(receiver.at('/late').map((r) => r.headers['x-voltguard-delivery'])).toEqual([failed!.id, failed!.id]);
      // another tenant's user does not even find it
      expect((await call(app, wangwu.token, 'POST', NOTIFY_PATHS.deliveryResend(failed!.id), {})).code).toBe(4005);
    });
  });
});

describe('escalation', () => {
  it('an escalated alarm is sent to the users of the escalation role', async () => {
    const roleId = (await app.db.selectFrom('user_role').select('roleId').where('userId', '=', zhangsan.userId).executeTakeFirstOrThrow())
      .roleId;
    const current = await call<{ settings: Record<string, unknown> }>(app, zhangsan.token, 'POST', '/wisdompower/v1/system/setting', {});
    const saved = await call(app, zhangsan.token, 'POST', '/wisdompower/v1/system/setting/save', {
      settings: { ...current.data.settings, escalateRoleId: roleId, escalateAlarmSeconds: 60 },
    });
    expect(saved.code, saved.msg).toBe(0);
    await call(app, zhangsan.token, 'PUT', '/auth/v1/user/contact', { email: 'zhangsan@voltguard.test', language: 'zh_cn' });
    // the alarm was raised hours ago (readings are stamped in the past): due to escalate at once
    const eventId = await raise(app, device(), [ALARM]);
    expect(await app.escalation.check()).toContain(eventId);
    let carrier = '';
    await vi.waitFor(async () => {
      await tickAt(app, clock);
      const rows = (await deliveries(app, zhangsan.token, { eventId })).filter((r) => r.kind === 'escalated');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: zhangsan.userId, recipient: 'zhangsan@voltguard.test', status: 'sent', noticeMode: 2 });
      // alone, or in a digest with the other overdue alarms escalated in the same check
      carrier = rows[0]!.mergedInto ?? rows[0]!.id;
    });
    const mail = smtp.mails.find((m) => m.data.includes(`X-Voltguard-Delivery: ${carrier}`));
    expect(mail?.to).toEqual(['zhangsan@voltguard.test']);
  });
});

describe('scope and secrets', () => {
  it("a project user cannot make a rule for another tenant's project nor see another tenant's channels", async () => {
    const channel = await createChannel(app, zhangsan.token, webhook('/private', 'tenant-a-secret-1'));
    const projectOfA = devices[0]!.projectid;
    const wangwuChannel = await createChannel(app, wangwu.token, webhook('/b'));
    const rule = await call(app, wangwu.token, 'POST', NOTIFY_PATHS.rule, {
      name: 'steal',
      projectIds: [projectOfA],
      levels: [1, 2, 4],
      types: null,
      channelIds: [wangwuChannel],
    });
    expect(rule.code).toBe(4031);
    const listed = await call<ChannelDto[]>(app, wangwu.token, 'GET', NOTIFY_PATHS.channel);
    expect(listed.data.map((c) => c.id)).not.toContain(channel);
    for (const [method, url] of [
      ['PUT', NOTIFY_PATHS.channelById(channel)],
      ['DELETE', NOTIFY_PATHS.channelById(channel)],
      ['POST', NOTIFY_PATHS.channelTest(channel)],
    ] as const) {
      const res = await call(app, wangwu.token, method, url, method === 'DELETE' ? undefined : {});
      expect(res.code, `${method} ${url}`).toBe(4005);
    }
    // nor name another tenant's channel in a rule of its own
    const borrowed = await call(app, wangwu.token, 'POST', NOTIFY_PATHS.rule, {
      name: 'x',
      projectIds: null,
      levels: [1],
      types: null,
      channelIds: [channel],
    });
    expect(borrowed.code).toBe(4005);
  });

  it('secrets are masked in every answer, kept by an update that sends them back masked, and never logged', async () => {
    const listed = await call<ChannelDto[]>(app, zhangsan.token, 'GET', NOTIFY_PATHS.channel);
    const ding = listed.data.find((c) => c.kind === 'dingtalk')!;
    expect(ding.config.secret).toBe(SECRET_MASK);
    expect(ding.hasSecret).toBe(true);
    expect(String(ding.config.url)).toContain(`access_token=${SECRET_MASK}`);
    // the console sends back what it read, with a new name: the stored URL and secret stay
    const updated = await call<ChannelDto>(app, zhangsan.token, 'PUT', NOTIFY_PATHS.channelById(ding.id), {
      name: 'ding2',
      config: ding.config,
    });
    expect(updated.code, updated.msg).toBe(0);
    const before = receiver.at('/ding').length;
    const test = await call<ChannelTestAnswer>(app, zhangsan.token, 'POST', NOTIFY_PATHS.channelTest(ding.id), {});
    expect(test.data).toMatchObject({ ok: true, status: 200, error: null });
    const call2 = receiver.at('/ding')[before]!;
    const query = new URL(call2.url, 'http://x').searchParams;
    expect(query.get('access_token')).toBe(SECRETS[2]);
    expect(query.get('sign')).toBe(
      createHmac('sha256', SECRETS[3]!)
        .update(`${query.get('timestamp')}\n${SECRETS[3]}`)
        .digest('base64'),
    );
    // a failing receiver's answer is shown to the 测试发送 button
    receiver.answers.push(500);
    const hook = listed.data.find((c) => c.name === '/hook')!;
    const failed = await call<ChannelTestAnswer>(app, zhangsan.token, 'POST', NOTIFY_PATHS.channelTest(hook.id), {});
    expect(failed.data).toMatchObject({ ok: false, status: 500 });
    expect(failed.data.error).toMatch(/^HTTP 500: /);

    const answers = JSON.stringify([listed, updated, test, failed, await call(app, zhangsan.token, 'GET', NOTIFY_PATHS.channel)]);
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of SECRETS) {
      expect(answers).not.toContain(secret);
      expect(log).not.toContain(secret);
    }
  });
});
