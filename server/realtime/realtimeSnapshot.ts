import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import type { DeviceSnapshot, TileTrip } from '../../domain/telemetry';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { mayseeProject, visibleProjects } from '../access/scope';
import { signedIn } from '../access/signedIn';

const query = z.object({
  /** comma-separated project ids; all visible projects when absent */
  projectIds: z
    .string()
    .max(2000)
    .regex(/^\d+(,\d+)*$/, 'projectIds 须为逗号分隔的项目 id')
    .optional(),
});

const RANK_OF_LEVEL: Record<number, number> = { [EVENT_LEVEL.EARLY_WARNING]: 1, [EVENT_LEVEL.ALARM]: 2, [EVENT_LEVEL.ACCIDENT]: 3 };

/**
 * GET realtime/snapshot: every visible device's status, active alarms and latest values in one
 * answer, the starting point of the wall and the realtime table; pushes keep it current after that.
 */
export async function realtimeSnapshotRoutes(app: FastifyInstance) {
  const route = signedIn(app);
  route.get(
    '/realtime/snapshot',
    { schema: { querystring: query }, config: guarded('realtime', 'device_browser') },
    async ({ session, query: q }) => {
      const scope = await visibleProjects(app, session);
      const wanted = q.projectIds ? new Set(q.projectIds.split(',').map(Number)) : null;
      const devices = app.telemetry.devices.all().filter((d) => mayseeProject(scope, d.projectid) && (!wanted || wanted.has(d.projectid)));
      const active = devices.length
        ? await app.db
            .selectFrom('peceventextend')
            .select(['id', 'deviceid', 'peceventlevel', 'customtype', 'dataid', 'value', 'limitvalue', 'eventtime'])
            .where('endeventid', '=', EVENT_STATUS.ACTIVE)
            .execute()
        : [];
      // Per device: how many are active, the highest rank, and what tripped the severest (the newest of them).
      const alarms = new Map<number, { rank: number; n: number; at: number; trip: TileTrip }>();
      for (const a of active) {
        const rank = RANK_OF_LEVEL[a.peceventlevel] ?? 2;
        const at = Number(a.eventtime);
        const cur = alarms.get(a.deviceid);
        const severer = !cur || rank > cur.rank || (rank === cur.rank && (at > cur.at || (at === cur.at && a.id > cur.trip.eventId)));
        const trip: TileTrip = {
          eventId: a.id,
          level: a.peceventlevel,
          customtype: a.customtype,
          dataId: a.dataid,
          value: a.value === null ? null : Number(a.value),
          limit: a.limitvalue === null ? null : Number(a.limitvalue),
        };
        alarms.set(a.deviceid, severer ? { rank, n: (cur?.n ?? 0) + 1, at, trip } : { ...cur, n: cur.n + 1 });
      }
      const data: DeviceSnapshot[] = devices
        .sort((a, b) => a.id - b.id)
        .map((d) => {
          const latest = app.telemetry.realtime.ofDevice(d.id);
          const values: Record<number, number> = {};
          let time: number | null = null;
          for (const [dataId, v] of latest) {
            values[dataId] = v.value;
            if (time === null || v.time > time) time = v.time;
          }
          const a = alarms.get(d.id);
          return {
            deviceId: d.id,
            code: d.code,
            name: d.name,
            projectId: d.projectid,
            projectName: d.projectName,
            devicestatus: d.devicestatus,
            alarmRank: a?.rank ?? 0,
            activeAlarms: a?.n ?? 0,
            trip: a?.trip ?? null,
            time,
            values,
          };
        });
      return ok(data, { total: data.length });
    },
  );
}
