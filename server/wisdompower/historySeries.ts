import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DATA_TYPE_NAME, type MeasureDef } from '../../domain/telemetry';
import type { DeviceInfo } from '../telemetry/devices';
import { BINARY_CONTENT_TYPE, type SeriesColumns, type SeriesMeta } from '../../domain/seriesWire';
import { frameSeries } from '../../domain/seriesStream';
import { seriesQueryBody } from '../../domain/seriesQuery';
import { guarded, typed } from '../http/routeOptions';
import { sessionOf } from '../auth/session';
import { requireDevice } from '../telemetry/visibility';
import { chooseResolution, TIER_STEP_MS, type Tier } from '../telemetry/seriesReader';
import { differenceColumn } from '../telemetry/trend';
import { rollUpRollups, type Rollups } from '../telemetry/rollups';
import { measure, range } from './history';
import { timeZoneOf } from '../system/effective';

/**
 * Rollups as chart columns: the step's average as the value, its extremes and count beside it. A
 * cumulative series asked as differences answers each step's increase (last − previous last), with
 * no spread.
 */
function rollupColumns(r: Rollups, diffBefore: number | undefined, diff: boolean): SeriesColumns {
  const n = r.time.length;
  const value = new Float64Array(n);
  for (let i = 0; i < n; i++) value[i] = Math.round((r.sum[i]! / r.count[i]!) * 1000) / 1000;
  if (!diff)
    return {
      time: Float64Array.from(r.time),
      value,
      status: Uint8Array.from(r.status),
      min: Float64Array.from(r.min),
      max: Float64Array.from(r.max),
      count: Float64Array.from(r.count),
    };
  const d = differenceColumn(r.last, diffBefore === undefined ? undefined : { time: 0, value: diffBefore, status: 0 });
  return {
    time: Float64Array.from(r.time),
    value: d,
    status: Uint8Array.from(r.status),
    min: d,
    max: d,
    count: Float64Array.from(r.count),
  };
}

/** When the minimum and maximum of the rollups fell (their step's start; the first on ties). */
function extremesAt(r: Rollups): { minAt?: number; maxAt?: number } {
  let lo = -1;
  let hi = -1;
  for (let i = 0; i < r.time.length; i++) {
    if (lo < 0 || r.min[i]! < r.min[lo]!) lo = i;
    if (hi < 0 || r.max[i]! > r.max[hi]!) hi = i;
  }
  return lo < 0 ? {} : { minAt: r.time[lo]!, maxAt: r.time[hi]! };
}

/** POST history/series: every series of a view in one request, streamed as binary frames (domain/seriesStream.ts). */
export async function historySeriesRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  app.post(
    '/history/series',
    { schema: { body: seriesQueryBody }, config: guarded('history', 'historydata_browser') },
    async (request, reply) => {
      const session = sessionOf(request);
      const body = request.body;
      const [from, to] = range(body.startTime, body.endTime, await timeZoneOf(app, session));
      // Every check before the first byte: a refused request answers the envelope, never half a stream.
      const targets: { device: DeviceInfo; def: MeasureDef; isDiffValue: boolean }[] = [];
      for (const s of body.series) {
        const device = await requireDevice(app, session, s.pecDeviceId);
        targets.push({ device, def: measure(s.dataId), isDiffValue: s.isDiffValue });
      }
      const t = app.telemetry;
      // The resolution the plot needs: at least one step per pixel column, each step's extremes kept.
      const resolution = body.pixels ? chooseResolution(from, to, body.pixels) : { tier: 'raw' as Tier, stepMs: 0 };
      const stepMs = resolution.stepMs;
      let tier = resolution.tier;
      if (tier === '1m') {
        // Steps only pay when the readings come more often than that.
        let most = 0;
        for (const x of targets) most = Math.max(most, await t.series.countRaw(x.device.id, x.def.dataId, from, to));
        if (most < (2 * (to - from)) / stepMs) tier = 'raw';
      }
      async function* frames() {
        for (const { device, def, isDiffValue } of targets) {
          const head = {
            pecDeviceId: device.id,
            dataId: def.dataId,
            logicalId: def.logicalId,
            dataTypeId: def.dataTypeId,
            dataIdName: def.name,
            dataTypeName: DATA_TYPE_NAME[def.dataTypeId] ?? '',
            unit: def.unit,
            isDiffValue,
          };
          const th = t.thresholds.get(device.id, def.dataId);
          const limits = { upperLimit: th?.enabled ? th.alarmLimit : null, lowerLimit: null };
          let cols: SeriesColumns;
          let meta: SeriesMeta;
          if (tier === 'raw') {
            cols = await t.series.points(device.id, def.dataId, from, to);
            if (isDiffValue) cols = { ...cols, value: differenceColumn(cols.value, await t.series.before(device.id, def.dataId, from)) };
            meta = { ...head, ...limits, count: cols.time.length };
          } else {
            // A month of minutes folds straight into the plot's steps (no minute columns in between).
            const folded =
              tier === '1m' && stepMs > TIER_STEP_MS[tier] ? await t.series.minuteSteps(device.id, def.dataId, from, to, stepMs) : null;
            let r: Rollups;
            let extremes: { minAt?: number; maxAt?: number };
            if (folded) {
              ({ steps: r, ...extremes } = folded);
            } else {
              const fine = await t.series.rollups(device.id, def.dataId, from, to, tier);
              r = stepMs > TIER_STEP_MS[tier] ? rollUpRollups(fine, stepMs, from) : fine;
              extremes = extremesAt(fine);
            }
            const before = isDiffValue ? await t.series.before(device.id, def.dataId, from) : undefined;
            cols = rollupColumns(r, before?.value, isDiffValue);
            meta = {
              ...head,
              ...limits,
              count: cols.time.length,
              tier,
              stepMs,
              readings: r.count.reduce((s, c) => s + c, 0),
              ...(isDiffValue ? {} : extremes),
            };
          }
          yield frameSeries(meta, cols);
        }
      }
      return reply.header('content-type', BINARY_CONTENT_TYPE).send(Readable.from(frames(), { objectMode: false }));
    },
  );
}
