import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Simulator } from '../../../server/simulator/simulator';
import type { DeviceSim } from '../../../server/simulator/deviceSim';
import { PASSWORD, bearer, digest, login, makeApp } from '../telemetry/helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let sim: Simulator;
let device: DeviceSim;
let token: string;

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  token = (await login(app, 'zhangsan')).token;
  sim = new Simulator(app.telemetry, { devices: 1, autoStart: false, seed: 11 }).start();
  device = [...sim.sims.values()][0]!;
});
afterAll(async () => {
  sim.stop();
  await cleanup();
});

const save = (params: { id: string; value: number }[], password = PASSWORD, groupId = 1) =>
  app
    .inject({
      method: 'POST',
      url: '/wisdompower/v1/remote/config/save/dataparam/list',
      headers: bearer(token),
      payload: {
        deviceId: device.id,
        groupId,
        params,
        userInfo: { userName: 'zhangsan', password: digest(password), timestamps: Date.now(), client: 'web' },
      },
    })
    .then((r) => r.json());
const read = (groupId = 1) =>
  app
    .inject({
      method: 'POST',
      url: `/wisdompower/v1/remote/config/${device.id}/${groupId}/dataparam/list`,
      headers: bearer(token),
      payload: {},
    })
    .then((r) => r.json());
const remoteEvents = () =>
  app.db.selectFrom('event_log').select(['kind', 'payload', 'actorName', 'at']).where('kind', 'like', 'remote.%').orderBy('seq').execute();

describe('/remoteSetting backend', () => {
  it('definitions carry type, range and required', async () => {
    const r = (
      await app.inject({ url: `/wisdompower/v1/remote/config/${device.id}/1/dataparam/definition/list`, headers: bearer(token) })
    ).json();
    expect(r.data.find((d: { id: string }) => d.id === 'powerLimit')).toMatchObject({
      type: 'float',
      precision: 1,
      required: true,
      unit: 'kW',
      min: 1,
      max: 200,
    });
    expect(r.data.find((d: { id: string }) => d.id === 'leakLimit')).toMatchObject({ type: 'int', required: true });
  });

  it('a save with a wrong password changes nothing on the device and sends nothing', async () => {
    const before = { ...device.params };
    const events = (await remoteEvents()).length;
    const r = await save([{ id: 'leakLimit', value: 500 }], 'wrong-password');
    expect(r).toMatchObject({ code: 4311, msg: '操作验证失败：用户名或密码错误' });
    expect(device.params).toEqual(before);
    expect((await remoteEvents()).length).toBe(events);
  });

  it('a value against the definition (type or range) is refused before the device sees it', async () => {
    const before = { ...device.params };
    expect((await save([{ id: 'reportInterval', value: 12.5 }], PASSWORD, 2)).msg).toBe('请求参数错误：上报周期须为整数');
    expect((await save([{ id: 'tempLimit', value: 200 }])).msg).toBe('请求参数错误：温度报警值须在 45~120℃ 之间');
    expect(device.params).toEqual(before);
  });

  it('the save answers with the device values; read back afterwards comes from the device, not the form', async () => {
    // This device clamps the temperature limit to 100 ℃ whatever it is sent: the answer must show that.
    const original = device.handle.bind(device);
    device.handle = (cmd) => {
      if (cmd.type === 'param_write' && (cmd.params?.tempLimit ?? 0) > 100) cmd = { ...cmd, params: { ...cmd.params, tempLimit: 100 } };
      return original(cmd);
    };
    try {
      const r = await save([
        { id: 'leakLimit', value: 450 },
        { id: 'tempLimit', value: 110 },
      ]);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ leakLimit: 450, tempLimit: 100 });
    } finally {
      device.handle = original;
    }
    expect(device.params).toMatchObject({ leakLimit: 450, tempLimit: 100 });
    // A change made at the device itself shows up on the next read.
    device.params.leakLimit = 333;
    const values = (await read()).data as { id: string; value: number }[];
    expect(values.find((v) => v.id === 'leakLimit')?.value).toBe(333);
    expect(values.find((v) => v.id === 'tempLimit')?.value).toBe(100);
  });

  it('the operation log has who, what and the device answer for the save', async () => {
    const log = (
      await app.inject({
        method: 'POST',
        url: '/wisdompower/v1/operationlog/list',
        headers: bearer(token),
        payload: { filter: { kind: 'remote' } },
      })
    ).json();
    expect(log.code).toBe(0);
    const saved = log.data.find((r: { kind: string }) => r.kind === 'remote.params_saved');
    expect(saved).toMatchObject({ actorName: 'zhangsan', subject: `terminal:${device.id}` });
    expect(saved.payload.before).toEqual({ leakLimit: 450, tempLimit: 110 });
    expect(saved.payload.after).toMatchObject({ answer: '参数设置成功', leakLimit: 450, tempLimit: 100 });
    expect(log.data.some((r: { kind: string }) => r.kind === 'remote.command_issued')).toBe(true);
  });

  it('a device of another product has no control points', async () => {
    const other = await app.db
      .selectFrom('terminal')
      .select('id')
      .where('id', '!=', device.id)
      .where(
        'tenantid',
        '=',
        (await app.db.selectFrom('terminal').select('tenantid').where('id', '=', device.id).executeTakeFirstOrThrow()).tenantid,
      )
      .executeTakeFirstOrThrow();
    await app.db.updateTable('terminal').set({ devicetype: '第三方电能表' }).where('id', '=', other.id).execute();
    const list = (
      await app.inject({
        method: 'POST',
        url: `/wisdompower/v1/remote/config/query/${other.id}/controlpoint/list`,
        headers: bearer(token),
        payload: {},
      })
    ).json();
    expect(list).toMatchObject({ code: 0, msg: '没有匹配的设备遥控点列表', data: [] });
    const put = (
      await app.inject({
        method: 'PUT',
        url: `/wisdompower/v1/remote/config/control/${other.id}/1`,
        headers: bearer(token),
        payload: { data: { paramValue: 1, type: 0 }, userInfo: { userName: 'zhangsan', password: digest(PASSWORD) } },
      })
    ).json();
    expect(put.code).toBe(4312);
  });

  it('a user without remote permissions cannot read or save parameters', async () => {
    const lisi = (await login(app, 'lisi')).token;
    const r = (await app.inject({ url: `/wisdompower/v1/remote/config/${device.id}/dataparam/group/list`, headers: bearer(lisi) })).json();
    expect(r.msg).toBe('无操作权限!');
    const s = (
      await app.inject({ method: 'POST', url: '/wisdompower/v1/remote/config/save/dataparam/list', headers: bearer(lisi), payload: {} })
    ).json();
    expect(s.msg).toBe('无操作权限!');
  });
});
