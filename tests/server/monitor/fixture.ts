import type { FastifyInstance } from 'fastify';
import { DEVICE_STATUS } from '../../../domain/enums';
import { dayStartOf } from '../../../server/monitor/statistics';
import { bearer, login, terminalsOfProject } from '../telemetry/helpers';
import { DEFAULT_TIME_ZONE } from '../../../domain/timeZone';

/**
 * A monitoring fixture built only through the public paths: device keys from the device-data service,
 * readings through ingest (the alarm engine raises and ends the episodes), status changes and a new
 * project through the model service, a confirmation through event/save. The counts the tests expect
 * are worked out by hand in monitor.test.ts from what is done here.
 */
export interface MonitorFixture {
  projects: Record<'xihu' | 'binjiang' | 'yinzhou' | 'xuanwu' | 'wuhou' | 'unplaced', number>;
  tenants: { A: number; B: number };
  provinces: { zhejiang: number; jiangsu: number };
}

export async function buildFixture(app: FastifyInstance): Promise<MonitorFixture> {
  const root = (await login(app, 'root')).token;
  const zhangsan = (await login(app, 'zhangsan')).token;
  const wangwu = (await login(app, 'wangwu')).token;
  const now = Date.now();
  // Readings of "today": never before local midnight, even when the suite runs just after it.
  const today = Math.max(now - 5_000, dayStartOf(now, DEFAULT_TIME_ZONE));
  const yesterday = dayStartOf(now, DEFAULT_TIME_ZONE) - 3600_000;

  const keyOf = async (deviceId: number) => {
    const res = (await app.inject({ url: `/devicedata/api/comm/v1/device/${deviceId}/key`, headers: bearer(root) })).json();
    if (res.code !== 0) throw new Error(`device key ${deviceId}: ${res.msg}`);
    return res.data as { code: string; key: string };
  };
  const ingest = async (deviceId: number, time: number, values: { dataId: number; value: number }[]) => {
    const { code, key } = await keyOf(deviceId);
    const res = (
      await app.inject({
        method: 'POST',
        url: '/devicedata/api/comm/v1/ingest',
        headers: { 'x-device-key': key },
        payload: { device: code, time, values },
      })
    ).json();
    if (res.code !== 0 || res.data.accepted !== values.length) throw new Error(`ingest ${code}: ${JSON.stringify(res)}`);
  };
  const write = async (token: string, node: Record<string, unknown>) => {
    const res = (await app.inject({ method: 'POST', url: '/model/v1/write/hierachy', headers: bearer(token), payload: [node] })).json();
    if (res.code !== 0) throw new Error(`write ${JSON.stringify(node)}: ${res.msg}`);
    return res.data[0].id as number;
  };

  const xihu = await terminalsOfProject(app, '西湖文化广场');
  const binjiang = await terminalsOfProject(app, '滨江科技园');
  const xuanwu = await terminalsOfProject(app, '玄武区人民医院');

  // 西湖文化广场 (tenant A): an alarm, an early warning, an accident, an alarm that ends, two devices out.
  await ingest(xihu[0]!.id, today, [{ dataId: 1001, value: 400 }]); // residual current ≥ 300 mA: alarm
  await ingest(xihu[1]!.id, today, [{ dataId: 1101, value: 60 }]); // 60 ℃ ≥ 56 (0.8 × 70): early warning
  await ingest(xihu[2]!.id, today, [{ dataId: 1501, value: 1 }]); // probe fault: accident
  await ingest(xihu[3]!.id, today - 2_000, [{ dataId: 1001, value: 400 }]);
  await ingest(xihu[3]!.id, today - 1_000, [{ dataId: 1001, value: 10 }]);
  await ingest(xihu[3]!.id, today, [{ dataId: 1001, value: 10 }]); // two readings below the band end it
  for (const [i, status] of [
    [5, DEVICE_STATUS.MANUAL_OUT],
    [6, DEVICE_STATUS.MAINTENANCE_SERVICE],
  ] as const) {
    const t = await app.db
      .selectFrom('terminal')
      .select(['id', 'name', 'code', 'projectid'])
      .where('id', '=', xihu[i]!.id)
      .executeTakeFirstOrThrow();
    await write(zhangsan, { modelLabel: 'terminal', ...t, devicestatus: status });
  }
  // 滨江科技园 (tenant A): an alarm raised yesterday and still active.
  await ingest(binjiang[0]!.id, yesterday, [{ dataId: 1102, value: 80 }]);
  // 玄武区人民医院 (tenant B): power over the limit, and an early warning.
  await ingest(xuanwu[0]!.id, today, [{ dataId: 1401, value: 30 }]);
  await ingest(xuanwu[1]!.id, today, [{ dataId: 1101, value: 60 }]);

  // The alarm on 西湖 device 0 is confirmed: one fewer unconfirmed.
  const ev = await app.db.selectFrom('peceventextend').select('id').where('deviceid', '=', xihu[0]!.id).executeTakeFirstOrThrow();
  const saved = (
    await app.inject({
      method: 'POST',
      url: '/wisdompower/v1/event/save',
      headers: bearer(zhangsan),
      payload: [{ id: ev.id, confirmeventstatus: 3 }],
    })
  ).json();
  if (saved.code !== 0) throw new Error(`confirm: ${saved.msg}`);

  // Tenant B gets a project without coordinates, with one new terminal (status UNKNOWN by default).
  const place = await app.db
    .selectFrom('project')
    .select(['provinceid', 'cityid', 'districtid'])
    .where('id', '=', xuanwu[0]!.projectid)
    .executeTakeFirstOrThrow();
  const unplaced = await write(wangwu, { modelLabel: 'project', name: '待定位项目', ...place, longitude: null, latitude: null });
  await write(wangwu, { modelLabel: 'terminal', name: '新装终端', code: 'VGMONITOR01', projectid: unplaced });

  const projectId = async (name: string) =>
    (await app.db.selectFrom('project').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const provinceId = async (name: string) =>
    (await app.db.selectFrom('province').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  return {
    projects: {
      xihu: xihu[0]!.projectid,
      binjiang: binjiang[0]!.projectid,
      yinzhou: await projectId('鄞州商业中心'),
      xuanwu: xuanwu[0]!.projectid,
      wuhou: await projectId('武侯购物中心'),
      unplaced,
    },
    tenants: { A: xihu[0]!.tenantid, B: xuanwu[0]!.tenantid },
    provinces: { zhejiang: await provinceId('浙江省'), jiangsu: await provinceId('江苏省') },
  };
}
