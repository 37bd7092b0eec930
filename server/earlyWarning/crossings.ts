import type { FastifyInstance } from 'fastify';
import { EVENT_STATUS } from '../../domain/enums';
import { MEASURE_BY_ID, TREND_WARNING_EVENT_TYPE } from '../../domain/telemetry';
import { MAX_PROJECTED_CROSSINGS, type ProjectedCrossing, type ReportProjectedCrossings } from '../../domain/schemas/report';

/**
 * The analysis report's list of devices by projected time to threshold (issue 31): every open
 * 趋势预警 of the given projects with the projection the evidence chart draws now — the same fit as
 * the hourly job, on the job's kept hourly windows — soonest crossing first, those without a
 * projection now last.
 */
export async function projectedCrossings(
  app: FastifyInstance,
  projects: readonly { id: number; name: string }[],
): Promise<ReportProjectedCrossings> {
  const asOf = app.telemetry.now();
  if (!projects.length) return { asOf, devices: [], total: 0 };
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  const open = await app.db
    .selectFrom('peceventextend as e')
    .innerJoin('terminal as t', 't.id', 'e.deviceid')
    .select(['e.id', 'e.deviceid', 'e.dataid', 'e.eventtime', 'e.projectid', 't.name', 't.code'])
    .where('e.projectid', 'in', [...projectName.keys()])
    .where('e.customtype', '=', TREND_WARNING_EVENT_TYPE)
    .where('e.endeventid', '=', EVENT_STATUS.ACTIVE)
    .execute();
  const devices: ProjectedCrossing[] = [];
  for (const e of open) {
    const device = await app.telemetry.devices.get(e.deviceid);
    const def = e.dataid === null ? undefined : MEASURE_BY_ID.get(e.dataid);
    if (!device || !def) continue;
    const { trend, limit } = await app.earlyWarning.evidence(device, def);
    devices.push({
      eventId: e.id,
      deviceId: e.deviceid,
      name: e.name,
      code: e.code,
      projectName: projectName.get(e.projectid) ?? '',
      dataId: def.dataId,
      since: Number(e.eventtime),
      slopePerDay: trend?.slopePerDay ?? null,
      limit,
      crossingAt: trend?.crossingAt ?? null,
    });
  }
  devices.sort((a, b) => (a.crossingAt ?? Infinity) - (b.crossingAt ?? Infinity) || a.eventId - b.eventId);
  return { asOf, devices: devices.slice(0, MAX_PROJECTED_CROSSINGS), total: devices.length };
}
