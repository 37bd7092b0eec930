import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { MeasureDef } from '../../domain/telemetry';
import type { DeviceInfo } from '../devices/devices';
import { BINARY_CONTENT_TYPE } from '../../domain/seriesWire';
import { frameSeries } from '../../domain/seriesStream';
import { seriesQueryBody } from '../../domain/seriesQuery';
import { guarded } from '../http/routeOptions';
import { requireDevice } from '../access/scope';
import { forPlot, plotResolution } from '../series/plotReads';
import { limitLines, measure, range, seriesHead } from './history';
import { timeZoneOf } from '../settings/effective';
import { signedIn } from '../access/signedIn';

/** POST history/series: every series of a view in one request, streamed as binary frames (domain/seriesStream.ts). */
export async function historySeriesRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.post(
    '/history/series',
    { schema: { body: seriesQueryBody }, config: guarded('history', 'historydata_browser') },
    async ({ session, body, reply }) => {
      const [from, to] = range(body.startTime, body.endTime, await timeZoneOf(app, session));
      // Every check before the first byte: a refused request answers the envelope, never half a stream.
      const targets: { device: DeviceInfo; def: MeasureDef; isDiffValue: boolean }[] = [];
      for (const s of body.series) {
        const device = await requireDevice(app, session, s.pecDeviceId);
        targets.push({ device, def: measure(s.dataId), isDiffValue: s.isDiffValue });
      }
      const t = app.telemetry;
      const asks = targets.map((x) => ({ deviceId: x.device.id, dataId: x.def.dataId, diff: x.isDiffValue }));
      const resolution = await plotResolution(t.series, asks, from, to, body.pixels);
      async function* frames() {
        for (const [i, { device, def, isDiffValue }] of targets.entries()) {
          const limits = limitLines(t.thresholds.get(device.id, def.dataId));
          const { cols, meta } = await forPlot(t.series, asks[i]!, from, to, resolution);
          yield frameSeries({ ...seriesHead(device.id, def, isDiffValue), ...limits, ...meta }, cols);
        }
      }
      reply.header('content-type', BINARY_CONTENT_TYPE);
      // One series has nothing to overlap its read with: its frame goes as one body of known length
      // (a stream of one chunk cost the month of one series about 1 ms more: chunked, piped, then ended),
      // as a Buffer over the frame's own memory (Buffer.from(frame) copied its 0.7 MB once more).
      if (targets.length === 1) {
        const frame = (await frames().next()).value!;
        return reply.send(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
      }
      return reply.send(Readable.from(frames(), { objectMode: false }));
    },
  );
}
