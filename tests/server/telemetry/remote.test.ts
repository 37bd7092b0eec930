import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Simulator } from '../../../server/simulator/simulator';
import type { DeviceSim } from '../../../server/simulator/deviceSim';
import { PASSWORD, bearer, digest, login, makeApp, terminalsOfProject } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let sim: Simulator;
let answering: DeviceSim;
let mute: { id: number; code: string };
let token: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  token = (await login(app, 'zhangsan')).token;
  const devices = await terminalsOfProject(app, '鄞州商业中心');
  // Only the first device of the ledger is simulated, ticked by hand; the others never answer.
  sim = new Simulator(app.telemetry, { devices: 1, autoStart: false, seed: 7 }).start();
  answering = [...sim.sims.values()][0]!;
  mute = devices[0]!;
});
afterAll(async () => {
  sim.stop();
  await cleanup();
});

const control = (deviceId: number, point: number, password: string, userName = 'zhangsan') =>
  app.inject({
    method: 'PUT',
    url: `/wisdompower/v1/remote/config/control/${deviceId}/${point}`,
    headers: bearer(token),
    payload: {
      deviceId,
      controlpoint: point,
      data: { paramValue: 1, type: 0 },
      userInfo: { userName, password, timestamps: Date.now(), client: 'web' },
    },
  });

describe('remote control', () => {
  it('silence clears the buzzer only with the right password; a wrong one changes nothing on the device', async () => {
    answering.buzzer = true;
    answering.latched = true;
    const issued = await app.db
      .selectFrom('event_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', 'like', 'remote.%')
      .executeTakeFirstOrThrow();
    const wrong = (await control(answering.id, 1, digest('wrong-password'))).json();
    expect(wrong).toMatchObject({ code: 4311, msg: '操作验证失败：用户名或密码错误' });
    const otherUser = (await control(answering.id, 1, digest(PASSWORD), 'lisi')).json();
    expect(otherUser.code).toBe(4311);
    expect(answering.buzzer).toBe(true);
    const after = await app.db
      .selectFrom('event_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', 'like', 'remote.%')
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(issued.n);

    const good = (await control(answering.id, 1, digest(PASSWORD))).json();
    expect(good).toMatchObject({ code: 0, msg: '遥控成功' });
    expect(answering.buzzer).toBe(false);
    expect(answering.latched).toBe(true);
    expect((await control(answering.id, 2, digest(PASSWORD))).json().code).toBe(0);
    expect(answering.latched).toBe(false);
    const kinds = await app.db.selectFrom('event_log').select('kind').where('kind', 'like', 'remote.%').orderBy('seq').execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'remote.command_issued',
      'remote.command_answered',
      'remote.command_issued',
      'remote.command_answered',
    ]);
  });

  it('a user without remote_control is refused', async () => {
    const lisi = (await login(app, 'lisi')).token;
    const r = await app.inject({
      method: 'PUT',
      url: `/wisdompower/v1/remote/config/control/${answering.id}/1`,
      headers: bearer(lisi),
      payload: { userInfo: { userName: 'lisi', password: digest(PASSWORD) } },
    });
    expect(r.json().msg).toBe('无操作权限!');
  });

  it('a command to a device that does not answer times out with 遥控失败', async () => {
    const r = (await control(mute.id, 1, digest(PASSWORD))).json();
    expect(r).toMatchObject({ code: 4310, msg: '遥控失败' });
    const last = await app.db
      .selectFrom('event_log')
      .select(['kind', 'payload'])
      .where('kind', 'like', 'remote.%')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.kind).toBe('remote.command_answered');
    expect(JSON.parse(last.payload)).toMatchObject({ ok: false, timeout: true });
    // The withdrawn command is not delivered later.
    const late = await app.telemetry.ingest({ device: mute.code, time: Date.now(), values: [] }, { trusted: true });
    expect(late.commands).toEqual([]);
  });

  it('parameter writes are applied by the device and read back', async () => {
    const save = (
      await app.inject({
        method: 'POST',
        url: `/wisdompower/v1/remote/config/save/dataparam/list?password=${digest(PASSWORD)}&timestamp=${Date.now()}`,
        headers: bearer(token),
        payload: { deviceId: answering.id, groupId: 1, params: [{ id: 'leakLimit', value: 250 }] },
      })
    ).json();
    expect(save.code).toBe(0);
    expect(answering.params.leakLimit).toBe(250);
    const read = (
      await app.inject({
        method: 'POST',
        url: `/wisdompower/v1/remote/config/${answering.id}/1/dataparam/list`,
        headers: bearer(token),
        payload: {},
      })
    ).json();
    expect(read.code).toBe(0);
    expect(read.data.find((p: { id: string }) => p.id === 'leakLimit').value).toBe(250);
    const outOfRange = (
      await app.inject({
        method: 'POST',
        url: `/wisdompower/v1/remote/config/save/dataparam/list`,
        headers: bearer(token),
        payload: {
          deviceId: answering.id,
          groupId: 1,
          params: [{ id: 'leakLimit', value: 5 }],
          userInfo: { userName: 'zhangsan', password: digest(PASSWORD) },
        },
      })
    ).json();
    expect(outOfRange.code).toBe(4000);
    expect(answering.params.leakLimit).toBe(250);
    const groups = (
      await app.inject({ url: `/wisdompower/v1/remote/config/${answering.id}/dataparam/group/list`, headers: bearer(token) })
    ).json();
    expect(groups.data.length).toBeGreaterThan(0);
    const points = (
      await app.inject({
        method: 'POST',
        url: `/wisdompower/v1/remote/config/query/${answering.id}/controlpoint/list`,
        headers: bearer(token),
        payload: {},
      })
    ).json();
    expect(points.data.map((p: { name: string }) => p.name)).toEqual(['消音', '复位']);
  });

  it('the simulator is reproducible from its seed', async () => {
    const { DeviceSim } = await import('../../../server/simulator/deviceSim');
    const a = new DeviceSim(1, 'VG1', 42);
    const b = new DeviceSim(1, 'VG1', 42);
    const t0 = new Date(2024, 5, 1, 14).getTime();
    for (let i = 0; i < 50; i++) expect(a.readings(t0 + i * 15_000)).toEqual(b.readings(t0 + i * 15_000));
    const leak = a.readings(t0)[0]!.value;
    expect(leak).toBeGreaterThan(30);
    expect(leak).toBeLessThan(250);
  });
});
