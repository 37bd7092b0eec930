import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DATA_TYPE_NAME,
  measureIds,
  MAX_TREND_POINTS,
  MEASURES,
  MEASURE_BY_ID,
  type MeasureDef,
  historyExportBody,
  trendQueryBody,
  unitListBody,
} from '../../domain/telemetry';
import { errors } from '../errors';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { tx } from '../text/text';
import { idText, orEmpty } from '../http/wire';
import { requireDevice } from '../access/scope';
import { formatTime, parseTime } from '../text/time';
import { forTrend, readingColumns, readingList } from '../series/plotReads';
import { BINARY_CONTENT_TYPE, encodeSeries, type SeriesMeta } from '../../domain/seriesWire';
import { datalogQueryBody } from '../../domain/seriesQuery';
import { sendXlsx } from '../http/xlsx';
import { timeZoneOf } from '../settings/effective';
import { signedIn } from '../access/signedIn';

/** A year of one series at most per request. */
const MAX_RANGE_MS = 366 * 86_400_000;

export function range(startTime: number | string, endTime: number | string, zone: string): [number, number] {
  const from = parseTime(startTime, zone);
  const to = parseTime(endTime, zone);
  if (from === null) throw errors.BAD_REQUEST(tx('startTime 无法解析', 'startTime cannot be read'));
  if (to === null) throw errors.BAD_REQUEST(tx('endTime 无法解析', 'endTime cannot be read'));
  if (to <= from) throw errors.BAD_REQUEST(tx('endTime 须晚于 startTime', 'endTime must be after startTime'));
  if (to - from > MAX_RANGE_MS) throw errors.BAD_REQUEST(tx('时间范围不能超过 366 天', 'the range is at most 366 days'));
  return [from, to];
}

export function measure(dataId: number) {
  const def = MEASURE_BY_ID.get(dataId);
  if (!def) throw errors.BAD_REQUEST(tx(`未知的数据项 dataId ${dataId}`, `unknown dataId ${dataId}`));
  return def;
}

/** What a series answer says of its series: the device and the measure, and whether it is differences. */
export function seriesHead(deviceId: number, def: MeasureDef, isDiffValue: boolean) {
  return {
    pecDeviceId: deviceId,
    dataId: def.dataId,
    logicalId: def.logicalId,
    dataTypeId: def.dataTypeId,
    dataIdName: def.name,
    dataTypeName: DATA_TYPE_NAME[def.dataTypeId] ?? '',
    unit: def.unit,
    isDiffValue,
  };
}

/** The trend's limit lines: the device's alarm limit for the measure while it is enabled. */
export function limitLines(th: { enabled: boolean; alarmLimit: number | null } | undefined) {
  return { upperLimit: th?.enabled ? th.alarmLimit : null, lowerLimit: null };
}

/** History, units, export and the trend query (spec §7 History and real-time, Trend query). */
export async function historyRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/history/:pecDeviceId/datalog',
    { schema: { params: z.object({ pecDeviceId: idText }), body: datalogQueryBody }, config: guarded('history', 'historydata_browser') },
    async ({ session, body, params: { pecDeviceId }, reply }) => {
      const device = await requireDevice(app, session, pecDeviceId);
      const def = measure(body.dataId);
      const zone = await timeZoneOf(app, session);
      const [from, to] = range(body.startTime, body.endTime, zone);
      const ask = { deviceId: device.id, dataId: def.dataId, diff: body.isDiffValue };
      const head = seriesHead(device.id, def, body.isDiffValue);
      if (body.format === 'list') {
        return ok({ ...head, dataList: await readingList(app.telemetry.series, ask, from, to) });
      }
      // Columnar answers (issue 5): the list's per-point objects cost more to serialize than the scan.
      const cols = await readingColumns(app.telemetry.series, ask, from, to);
      const limits = limitLines(app.telemetry.thresholds.get(device.id, def.dataId));
      const meta: SeriesMeta = { ...head, ...limits, count: cols.time.length };
      if (body.format === 'binary') return reply.header('content-type', BINARY_CONTENT_TYPE).send(Buffer.from(encodeSeries(meta, cols)));
      // JSON.stringify of a typed array would emit an object keyed by index; plain arrays serialize as lists.
      return ok({ ...meta, time: Array.from(cols.time), value: Array.from(cols.value), status: Array.from(cols.status) });
    },
  );

  route.post('/history/dataId/unit/list', { schema: { body: orEmpty(unitListBody) }, config: guarded('shell') }, async ({ body }) => {
    const list = body.dataIds ? body.dataIds.map(measure) : MEASURES;
    return ok(
      list.map((d) => ({
        ...measureIds(d),
        dataIdName: d.name,
        unit: d.unit,
      })),
    );
  });

  route.post(
    '/history/export/device/datalog',
    { schema: { body: historyExportBody }, config: guarded('history', 'historydata_browser') },
    async ({ session, body, reply }) => {
      const device = await requireDevice(app, session, body.pecDeviceId);
      const defs = body.dataIds.map(measure);
      const zone = await timeZoneOf(app, session);
      const [from, to] = range(body.startTime, body.endTime, zone);
      const byTime = new Map<number, Record<string, unknown>>();
      for (const def of defs) {
        // Differences apply to counters only: the difference of a temperature reading means nothing.
        const ask = { deviceId: device.id, dataId: def.dataId, diff: body.isDiffValue && def.cumulative };
        for (const p of await readingList(app.telemetry.series, ask, from, to)) {
          const row = byTime.get(p.time) ?? { time: formatTime(p.time, zone) };
          row[`d${def.dataId}`] = p.value;
          byTime.set(p.time, row);
        }
      }
      const rows = [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
      if (rows.length > 200_000) throw errors.BAD_REQUEST(tx('导出数据过多，请缩小时间范围', 'too many rows to export: narrow the range'));
      return sendXlsx(
        reply,
        device.name,
        [
          { header: '时间', key: 'time', width: 22 },
          ...defs.map((d) => ({ header: d.unit ? `${d.name}(${d.unit})` : d.name, key: `d${d.dataId}` })),
        ],
        rows,
        body.fileName,
      );
    },
  );

  route.post(
    '/trend/query',
    { schema: { body: trendQueryBody }, config: guarded('history', 'historydata_browser') },
    async ({ session, body }) => {
      const [from, to] = range(body.startTime, body.endTime, await timeZoneOf(app, session));
      // Buckets never narrower than the asked interval, and never more than the point budget.
      const bucketMs = Math.max(body.interval * 1000, Math.ceil((to - from) / MAX_TREND_POINTS));
      const data = [];
      for (const mc of body.meterConfigs) {
        const device = await requireDevice(app, session, mc.deviceId);
        const def = measure(mc.dataId);
        const th = app.telemetry.thresholds.get(device.id, def.dataId);
        const { aggregated, dataList } = await forTrend(
          app.telemetry.series,
          { deviceId: device.id, dataId: def.dataId },
          from,
          to,
          bucketMs,
        );
        data.push({
          dataId: def.dataId,
          dataTypeId: def.dataTypeId,
          deviceId: device.id,
          logicalId: def.logicalId,
          deviceName: device.name,
          dataName: def.name,
          dataTypeName: DATA_TYPE_NAME[def.dataTypeId],
          unit: def.unit,
          upperLimit: th?.enabled ? th.alarmLimit : null,
          lowerLimit: null,
          aggregated,
          dataList,
        });
      }
      return ok(data);
    },
  );
}
