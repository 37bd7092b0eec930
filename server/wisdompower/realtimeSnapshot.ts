import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import type { DeviceSnapshot } from '../../domain/telemetry';
import { ok } from '../http/envelope';
import { guarded, typed } from '../http/routeOptions';
import { sessionOf } from '../auth/session';
import { mayseeProject, visibleProjects } from '../telemetry/visibility';

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
export async function realtimeSnapshotRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  app.get('/realtime/snapshot', { schema: { querystring: query }, config: guarded('realtime', 'device_browser') }, async (request) => {
    const session = sessionOf(request);
    const q = request.query;
    const scope = await visibleProjects(app, session);
    const wanted = q.projectIds ? new Set(q.projectIds.split(',').map(Number)) : null;
    const devices = app.telemetry.devices.all().filter((d) => mayseeProject(scope, d.projectid) && (!wanted || wanted.has(d.projectid)));
    const active = devices.length
      ? await app.db
          .selectFrom('peceventextend')
          .select(['deviceid', 'peceventlevel'])
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('endeventid', '=', EVENT_STATUS.ACTIVE)
          .groupBy(['deviceid', 'peceventlevel'])
          .execute()
      : [];
    const alarms = new Map<number, { rank: number; n: number }>();
    for (const a of active) {
      const cur = alarms.get(a.deviceid) ?? { rank: 0, n: 0 };
      alarms.set(a.deviceid, { rank: Math.max(cur.rank, RANK_OF_LEVEL[a.peceventlevel] ?? 2), n: cur.n + Number(a.n) });
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
          time,
          values,
        };
      });
    return ok(data, { total: data.length });
  });
}
