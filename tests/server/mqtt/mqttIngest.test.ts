import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { Writable } from 'node:stream';
import { freePort } from '../../../scripts/localServices';
import { bearer, login, makeApp, terminalsOfProject } from '../telemetry/helpers';
import type { FastifyInstance } from 'fastify';

/**
 * MQTT ingest through the embedded broker (MQTT_PORT): the same validation, alarm engine and answers
 * as the HTTP ingest, each answer on the device's reply topic; bad messages refused with a reason and
 * logged, the good ones around them kept; commands out on the down topic.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let gateway: MqttClient;
const logs: string[] = [];
let devices: { id: number; code: string; key: string }[];
const MAX_PAYLOAD = 8192;

/** Every reply per device code, in arrival order. */
const replies = new Map<
  string,
  {
    code: number;
    msg: string;
    data: { accepted: number; rejected: { index: number; reason: string }[]; commands: { commandId: string }[] } | null;
  }[]
>();
const downs = new Map<string, { commands: { commandId: string; type: string }[] }[]>();
const waiters = new Set<() => void>();
const until = (ok: () => boolean, what: string, timeoutMs = 5000) =>
  new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!ok()) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`not within ${timeoutMs} ms: ${what}`));
    }, timeoutMs);
    waiters.add(check);
    check();
  });

beforeAll(async () => {
  const port = await freePort();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  ({ app, cleanup } = await makeApp({ mqtt: { port, host: '127.0.0.1', maxPayload: MAX_PAYLOAD }, logger: { level: 'warn', stream } }));
  const root = (await login(app, 'root')).token;
  const list = await terminalsOfProject(app, '西湖文化广场');
  devices = [];
  for (const d of list.slice(0, 4)) {
    const key = (await app.inject({ url: `/devicedata/api/comm/v1/device/${d.id}/key`, headers: bearer(root) })).json().data.key as string;
    devices.push({ id: d.id, code: d.code, key });
  }
  gateway = await connectAsync(app.mqtt!.url, { protocolVersion: 4, clientId: 'test-gateway' });
  gateway.on('message', (topic, payload) => {
    const [, code, kind] = topic.split('/');
    const body = JSON.parse(payload.toString());
    const map = kind === 'reply' ? replies : downs;
    map.set(code!, [...(map.get(code!) ?? []), body]);
    for (const w of waiters) w();
  });
  await gateway.subscribeAsync(['voltguard/+/reply', 'voltguard/+/down'], { qos: 1 });
});
afterAll(async () => {
  await gateway?.endAsync();
  await cleanup();
});

const publish = (code: string, body: unknown) =>
  gateway.publishAsync(`voltguard/${code}/up`, typeof body === 'string' ? body : JSON.stringify(body), { qos: 1 });
const repliesOf = (code: string) => replies.get(code) ?? [];

describe('MQTT ingest', () => {
  it('stores a batch, raises its alarm and answers on the reply topic as the HTTP ingest does', async () => {
    const d = devices[0]!;
    const events: string[] = [];
    const stop = app.eventLog.onEvent((ev) => events.push(ev.kind));
    await publish(d.code, {
      time: Date.now(),
      key: d.key,
      values: [
        { dataId: 1001, value: 480 },
        { dataId: 9999, value: 1 },
      ],
    });
    await until(() => repliesOf(d.code).length === 1, 'the reply');
    stop();
    const answer = repliesOf(d.code)[0]!;
    expect(answer.code).toBe(0);
    expect(answer.msg).toBe('已接收 1 个读数，拒收 1 个');
    expect(answer.data!.accepted).toBe(1);
    expect(answer.data!.rejected).toEqual([{ index: 1, dataId: 9999, reason: '未知的数据项 dataId 9999' }]);
    expect(events).toContain('alarm.raised');
    const stored = await app.db.selectFrom('history').select(['dataid', 'value']).where('deviceid', '=', d.id).execute();
    expect(stored).toEqual([{ dataid: 1001, value: 480 }]);
  });

  it('refuses malformed, unknown-device, wrong-key and oversize messages with a reason, logs them, and loses none of the good ones around them', async () => {
    const [good1, good2, bad] = [devices[1]!, devices[2]!, devices[3]!];
    const t = Date.now() - 60_000;
    await Promise.all([
      publish(good1.code, { time: t, key: good1.key, values: [{ dataId: 1201, value: 11 }] }),
      publish(bad.code, '{"time": 1, "values": [ not json'),
      publish('NO-SUCH-DEVICE', { time: t, key: 'x', values: [{ dataId: 1201, value: 1 }] }),
      publish(bad.code, { time: t, key: good1.key, values: [{ dataId: 1201, value: 1 }] }),
      publish(bad.code, { time: t, key: bad.key, values: [{ dataId: 1201, value: 1 }], pad: 'x'.repeat(MAX_PAYLOAD) }),
      publish(bad.code, { time: t, key: bad.key, device: good1.code, values: [{ dataId: 1201, value: 1 }] }),
      publish(good2.code, { time: t, key: good2.key, values: [{ dataId: 1201, value: 22 }] }),
      publish(good1.code, { time: t + 15_000, key: good1.key, values: [{ dataId: 1201, value: 12 }] }),
    ]);
    await until(
      () =>
        repliesOf(bad.code).length === 4 &&
        repliesOf('NO-SUCH-DEVICE').length === 1 &&
        repliesOf(good1.code).length === 2 &&
        repliesOf(good2.code).length === 1,
      'every reply',
    );
    const refused = [...repliesOf(bad.code), ...repliesOf('NO-SUCH-DEVICE')];
    expect(refused.map((r) => r.code).sort()).toEqual([4000, 4001, 4002, 4301, 4302]);
    const byCode = Object.fromEntries(refused.map((r) => [r.code, r.msg]));
    expect(byCode[4000]).toBe(`请求参数错误：消息中的 device（${good1.code}）与主题中的设备（${bad.code}）不符`);
    expect(byCode[4001]).toMatch(/^请求体不是合法的 JSON：/);
    expect(byCode[4002]).toBe(`请求体过大，上限为 ${MAX_PAYLOAD} 字节`);
    expect(byCode[4301]).toBe('设备不存在：NO-SUCH-DEVICE');
    expect(byCode[4302]).toMatch(/设备密钥错误（消息的 key 字段）/);
    expect(byCode[4302]).not.toMatch(/X-Device-Key/);
    for (const r of refused) expect(r.data).toBeNull();
    // nothing of the refused ones stored, all of the good ones
    const rows = await app.db
      .selectFrom('history')
      .select(['deviceid', 'value'])
      .where('dataid', '=', 1201)
      .orderBy('deviceid')
      .orderBy('time')
      .execute();
    expect(rows).toEqual([
      { deviceid: good1.id, value: 11 },
      { deviceid: good1.id, value: 12 },
      { deviceid: good2.id, value: 22 },
    ]);
    // and each refusal is in the log with its reason
    const refusals = logs.filter((l) => l.includes('MQTT batch refused'));
    expect(refusals.length).toBe(5);
    expect(refusals.some((l) => l.includes('NO-SUCH-DEVICE') && l.includes('4301'))).toBe(true);
  });

  it('sends a command on the down topic and takes its acknowledgement from the next uplink', async () => {
    const d = devices[1]!;
    const root = (await login(app, 'root')).token;
    // the device answers what it hears on its down topic
    const answered = until(() => (downs.get(d.code) ?? []).length > 0, 'the command').then(async () => {
      const [cmd] = downs.get(d.code)![0]!.commands;
      await publish(d.code, {
        time: Date.now(),
        key: d.key,
        acks: [{ commandId: cmd!.commandId, ok: true, params: { reportInterval: 30 } }],
      });
    });
    const res = await app.inject({
      method: 'POST',
      url: `/wisdompower/v1/remote/config/${d.id}/2/dataparam/list`,
      headers: bearer(root),
      payload: {},
    });
    await answered;
    expect(res.json().code).toBe(0);
    expect(res.json().data).toEqual([expect.objectContaining({ id: 'reportInterval', value: 30 })]);
  });
});
