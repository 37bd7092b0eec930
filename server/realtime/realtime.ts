import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEVICE_STATUS } from '../../domain/enums';
import { MEASURES, measureIds } from '../../domain/telemetry';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { idText } from '../http/wire';
import { requireDevice } from '../access/scope';
import { signedIn } from '../access/signedIn';

const COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272'];
/** The realtime dialog's trend charts show the last hour. */
const TREND_WINDOW_MS = 3600_000;

/** GET realtime/{deviceId}: latest values with over-limit flags and per-chart trend groups (spec §3). */
export async function realtimeRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  // The device dialog opens from the bell on every page: the shell's area.
  route.get(
    '/realtime/:deviceId',
    { schema: { params: z.object({ deviceId: idText }) }, config: guarded('shell', 'device_browser') },
    async ({ session, params: { deviceId } }) => {
      const device = await requireDevice(app, session, deviceId);
      const t = app.telemetry;
      const latest = t.realtime.ofDevice(device.id);
      const row = await app.db
        .selectFrom('terminal')
        .select(['devicetype', 'vendor', 'location', 'installdate', 'accesstype'])
        .where('id', '=', device.id)
        .executeTakeFirst();
      let time: number | null = null;
      const measureDataList = MEASURES.map((def) => {
        const v = latest.get(def.dataId);
        if (v && (time === null || v.time > time)) time = v.time;
        return {
          ...measureIds(def),
          measureName: def.name,
          value: v ? v.value : null,
          unit: def.unit,
          time: v ? v.time : null,
          isOverproof: t.alarms.rankOf(device.id, def.dataId) > 0,
        };
      });
      const until = time ?? t.now();
      const trendData: Record<string, unknown> = {};
      const charts = [...new Set(MEASURES.map((m) => m.chart))];
      for (const chart of charts) {
        const defs = MEASURES.filter((m) => m.chart === chart);
        const units = [...new Set(defs.map((d) => d.unit))];
        const list = [];
        for (const def of defs) {
          // The device's own thresholds (its saved ones, else the catalogue's), drawn as lines on the chart.
          const th = t.thresholds.get(device.id, def.dataId);
          list.push({
            measureName: def.name,
            dataId: def.dataId,
            unit: def.unit,
            alarmLimit: th?.enabled ? th.alarmLimit : null,
            warnLimit: th?.enabled ? th.warnLimit : null,
            dataList: await t.series.list(device.id, def.dataId, until - TREND_WINDOW_MS, until + 1),
          });
        }
        trendData[chart] = {
          configList: defs.map((d, i) => ({ measureName: d.name, color: COLORS[i % COLORS.length], unit: d.unit })),
          measureDataList: list,
          leftUnit: units[0] ?? '',
          rightUnit: units[1] ?? '',
        };
      }
      return ok({
        time,
        device: {
          id: device.id,
          name: device.name,
          code: device.code,
          devicestatus: device.devicestatus,
          devicestatusText: DEVICE_STATUS.textOf(device.devicestatus),
          devicetype: row?.devicetype ?? null,
          vendor: row?.vendor ?? null,
          location: row?.location ?? null,
          installdate: row?.installdate ?? null,
          accesstype: row?.accesstype ?? null,
          projectId: device.projectid,
          projectName: device.projectName,
        },
        measureDataList,
        trendData,
      });
    },
  );
}
