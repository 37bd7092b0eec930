import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { EVENT_CONFIRM, EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import { MONITOR_EVENT_LEVELS, MONITOR_EVENT_TYPES, type CountById } from '../../domain/schemas/monitor';
import {
  TOP_DEVICES,
  type ConfirmationFigures,
  type DeviceFigure,
  type NodeFigure,
  type ReportFigures,
  type TypeFigure,
} from '../../domain/schemas/report';
import { timeDistribute } from '../../domain/timeBuckets';
import { conclude, type PairCount } from './conclusion';
import { disposalSection } from './disposal';
import type { ReportRequest } from './period';

/** The figures of the period's alarm episodes: the report but its look ahead (the projected crossings). */
export type PeriodFigures = Omit<ReportFigures, 'projectedCrossings'>;

interface EventRow {
  projectid: number;
  deviceid: number;
  customtype: number;
  peceventlevel: number;
  confirmeventstatus: number;
  endeventid: number;
  eventtime: number;
  updatetime: number | null;
}

/**
 * Every figure of one report, from one pass over the period's alarm episodes (those raised in the
 * period) and a grouped count of the previous period. An episode belongs to the period it was raised
 * in, so a report does not change when an alarm raised last month ends this month.
 */
export async function reportFigures(db: Kysely<Database>, req: ReportRequest, now = Date.now()): Promise<PeriodFigures> {
  const ids = req.scope.projects.map((p) => p.id);
  const [events, previous, terminals, disposal] = ids.length
    ? await Promise.all([
        db
          .selectFrom('peceventextend')
          .select(['projectid', 'deviceid', 'customtype', 'peceventlevel', 'confirmeventstatus', 'endeventid', 'eventtime', 'updatetime'])
          .where('projectid', 'in', ids)
          .where('eventtime', '>=', req.start)
          .where('eventtime', '<', req.end)
          .execute() as Promise<EventRow[]>,
        db
          .selectFrom('peceventextend')
          .select(['projectid', 'customtype', (eb) => eb.fn.countAll<number>().as('n')])
          .where('projectid', 'in', ids)
          .where('eventtime', '>=', req.previous.start)
          .where('eventtime', '<', req.previous.end)
          .groupBy(['projectid', 'customtype'])
          .execute(),
        db.selectFrom('terminal').select(['id', 'name', 'code', 'projectid']).where('projectid', 'in', ids).execute(),
        disposalSection(db, req, now),
      ])
    : [[], [], [], await disposalSection(db, req, now)];
  const prevOf = new Map(previous.map((r) => [`${r.projectid}:${r.customtype}`, Number(r.n)]));
  const prevTotal = previous.reduce((s, r) => s + Number(r.n), 0);
  const projectName = new Map(req.scope.projects.map((p) => [p.id, p.name]));

  const nodes: NodeFigure[] = req.scope.projects.map((p) => {
    const mine = events.filter((e) => e.projectid === p.id);
    const prev = previous.filter((r) => r.projectid === p.id).reduce((s, r) => s + Number(r.n), 0);
    return {
      id: p.id,
      name: p.name,
      modelLabel: 'project',
      total: mine.length,
      previous: prev,
      byLevel: countBy(MONITOR_EVENT_LEVELS, mine, (e) => e.peceventlevel),
      unconfirmed: mine.filter(isUnconfirmed).length,
    };
  });
  nodes.sort((a, b) => b.total - a.total || a.id - b.id);

  const terminalById = new Map(terminals.map((t) => [t.id, t]));
  const perDevice = new Map<number, EventRow[]>();
  for (const e of events) {
    const list = perDevice.get(e.deviceid);
    if (list) list.push(e);
    else perDevice.set(e.deviceid, [e]);
  }
  const topDevices: DeviceFigure[] = [...perDevice]
    .sort(([a, ea], [b, eb]) => eb.length - ea.length || a - b)
    .slice(0, TOP_DEVICES)
    .map(([deviceId, list]) => {
      const t = terminalById.get(deviceId);
      return {
        deviceId,
        name: t?.name ?? String(deviceId),
        code: t?.code ?? '',
        projectName: projectName.get(list[0]!.projectid) ?? '',
        total: list.length,
        byType: countBy(MONITOR_EVENT_TYPES, list, (e) => e.customtype),
      };
    });

  const byType: TypeFigure[] = MONITOR_EVENT_TYPES.map((type) => {
    const mine = events.filter((e) => e.customtype === type);
    const prev = previous.filter((r) => r.customtype === type).reduce((s, r) => s + Number(r.n), 0);
    return { id: type, total: mine.length, previous: prev, byLevel: countBy(MONITOR_EVENT_LEVELS, mine, (e) => e.peceventlevel) };
  });

  const byLevel = countBy(MONITOR_EVENT_LEVELS, events, (e) => e.peceventlevel);
  const confirmed = events.filter((e) => e.confirmeventstatus === EVENT_CONFIRM.CONFIRM);
  const figures: Omit<PeriodFigures, 'conclusion'> = {
    overview: {
      scope: { modelLabel: req.scope.modelLabel, id: req.scope.id, name: req.scope.name },
      startTime: req.start,
      endTime: req.end,
      previous: { startTime: req.previous.start, endTime: req.previous.end, total: prevTotal },
      projectCount: ids.length,
      deviceCount: terminals.length,
      total: events.length,
      byLevel,
      confirmed: confirmed.length,
      unconfirmed: events.filter(isUnconfirmed).length,
      active: events.filter((e) => e.endeventid === EVENT_STATUS.ACTIVE).length,
      alarmedDevices: perDevice.size,
      confirmation: confirmationFigures(confirmed),
      generatedAt: now,
      timeZone: req.zone,
    },
    nodeDistribute: { nodes, topDevices },
    timeDistribute: timeDistribute(
      req.start,
      req.end,
      events.map((e) => e.eventtime),
      req.zone,
    ),
    typeDistribute: { byType, byLevel },
    disposal,
  };
  const accidents = byLevel.find((c) => c.id === EVENT_LEVEL.ACCIDENT)?.count ?? 0;
  const pairs = pairCounts(events, prevOf, projectName);
  return { ...figures, conclusion: conclude(figures, pairs, accidents) };
}

const isUnconfirmed = (e: EventRow) => e.confirmeventstatus !== EVENT_CONFIRM.CONFIRM;

function countBy(ids: readonly number[], rows: readonly EventRow[], key: (e: EventRow) => number): CountById[] {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return [...counts].map(([id, count]) => ({ id, count }));
}

/** Time from raising to confirmation; updatetime is stamped by event/save when an operator confirms. */
function confirmationFigures(confirmed: readonly Pick<EventRow, 'eventtime' | 'updatetime'>[]): ConfirmationFigures {
  const spans = confirmed
    .filter((e) => e.updatetime !== null && e.updatetime >= e.eventtime)
    .map((e) => e.updatetime! - e.eventtime)
    .sort((a, b) => a - b);
  if (!spans.length) return { count: 0, avgMs: null, medianMs: null, maxMs: null, within1h: 0, within24h: 0 };
  const mid = spans.length >> 1;
  return {
    count: spans.length,
    avgMs: Math.round(spans.reduce((s, v) => s + v, 0) / spans.length),
    medianMs: spans.length % 2 ? spans[mid]! : Math.round((spans[mid - 1]! + spans[mid]!) / 2),
    maxMs: spans[spans.length - 1]!,
    within1h: spans.filter((v) => v <= 3600_000).length,
    within24h: spans.filter((v) => v <= 86_400_000).length,
  };
}

/** Alarms per project and type, this period and the one before: the conclusion's trend material. */
function pairCounts(events: readonly EventRow[], prevOf: Map<string, number>, projectName: Map<number, string>): PairCount[] {
  const now = new Map<string, number>();
  for (const e of events) now.set(`${e.projectid}:${e.customtype}`, (now.get(`${e.projectid}:${e.customtype}`) ?? 0) + 1);
  const keys = new Set([...now.keys(), ...prevOf.keys()]);
  return [...keys].map((k) => {
    const [projectid, type] = k.split(':').map(Number) as [number, number];
    return { project: projectName.get(projectid) ?? String(projectid), type, count: now.get(k) ?? 0, previous: prevOf.get(k) ?? 0 };
  });
}
