import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
// one file a function: the package's index loads all 250 of them (0.1 s of every start)
import { startOfDay } from 'date-fns/startOfDay';
import { subDays } from 'date-fns/subDays';
import { inZone } from '../../domain/timeZone';
import { DEVICE_STATUS, EVENT_CONFIRM } from '../../domain/enums';
import { ORDER_STATUS } from '../../domain/schemas/workorder';
import { MONITOR_EVENT_LEVELS } from '../../domain/schemas/monitor';
import {
  BIG_SCREEN_RECENT,
  BIG_SCREEN_TOP,
  BIG_SCREEN_TREND_DAYS,
  type BigScreenAlarm,
  type BigScreenData,
  type BigScreenTrend,
} from '../../domain/schemas/bigScreen';
import { EVENT_NAME_COLUMNS } from '../alarms/eventNames';
import { countRows } from '../store/count';
import type { ResolvedScope } from './scope';
import { statisOf, tally } from './statistics';
import '../store/workOrderTables';

/** Events are grouped in quarter hours before they are put in days: every zone's offset is a whole number of them. */
const BUCKET_MS = 15 * 60_000;

/**
 * The 大屏's figures over a resolved scope in one read: the monitor tally for devices and today, and
 * four grouped queries (the 30-day window by device, level and quarter hour; the unconfirmed queue;
 * open work orders; today's confirmation times) plus the newest alarms for the ticker.
 */
export async function bigScreenOf(app: FastifyInstance, scope: ResolvedScope, zone: string, now = Date.now()): Promise<BigScreenData> {
  const ids = scope.projects.map((p) => p.id);
  const t = await tally(app.db, ids, zone, now);
  const s = statisOf(t, scope, ids);
  const days = Array.from({ length: BIG_SCREEN_TREND_DAYS }, (_, i) =>
    startOfDay(subDays(now, BIG_SCREEN_TREND_DAYS - 1 - i, inZone(zone)), inZone(zone)).getTime(),
  );
  // a caller without projects asks for one that cannot exist: every figure comes back zero or empty
  const asked = ids.length ? ids : [-1];
  const [windowRows, unconfirmed, openOrders, confirmedToday, recent] = await Promise.all([
    app.db
      .selectFrom('peceventextend')
      .select([
        'deviceid',
        'projectid',
        'peceventlevel',
        sql<number>`eventtime / ${sql.lit(BUCKET_MS)}`.as('bucket'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('projectid', 'in', asked)
      .where('eventtime', '>=', days[0]!)
      .groupBy(['deviceid', 'projectid', 'peceventlevel', sql`eventtime / ${sql.lit(BUCKET_MS)}`])
      .execute(),
    countRows(
      app.db.selectFrom('peceventextend').where('projectid', 'in', asked).where('confirmeventstatus', '=', EVENT_CONFIRM.UNCONFIRM),
    ),
    countRows(app.db.selectFrom('work_order').where('projectId', 'in', asked).where('status', '!=', ORDER_STATUS.CLOSED)),
    app.db
      .selectFrom('peceventextend')
      .select(['eventtime', 'updatetime'])
      .where('projectid', 'in', asked)
      .where('eventtime', '>=', t.dayStart)
      .where('confirmeventstatus', '=', EVENT_CONFIRM.CONFIRM)
      .where('updatetime', 'is not', null)
      .execute(),
    recentAlarms(app, asked),
  ]);

  const rows = windowRows.map((r) => ({ ...r, bucket: Number(r.bucket), n: Number(r.n) }));
  const byDevice = new Map<number, number>();
  const byProject = new Map<number, number>();
  for (const r of rows) {
    byDevice.set(r.deviceid, (byDevice.get(r.deviceid) ?? 0) + r.n);
    byProject.set(r.projectid, (byProject.get(r.projectid) ?? 0) + r.n);
  }
  const topIds = top(byDevice);
  const devices = topIds.length
    ? await app.db.selectFrom('terminal').select(['id', 'name', 'code', 'projectid']).where('id', 'in', topIds).execute()
    : [];
  const deviceById = new Map(devices.map((d) => [d.id, d]));
  const projectName = new Map(scope.projects.map((p) => [p.id, p.name]));
  const tta = confirmedToday.map((e) => Number(e.updatetime) - Number(e.eventtime));
  const online = s.devicesByStatus.find((c) => c.id === DEVICE_STATUS.COMMUNICATING)?.count ?? 0;

  return {
    kpis: {
      projects: ids.length,
      devices: s.deviceCount,
      online,
      onlineRate: s.deviceCount ? online / s.deviceCount : null,
      todayByLevel: s.today.byLevel,
      todayTotal: s.today.total,
      unconfirmed,
      openWorkOrders: openOrders,
      mttaMs: tta.length ? tta.reduce((a, b) => a + b, 0) / tta.length : null,
    },
    trend: trendOf(days, rows),
    topDevices: topIds.map((id) => {
      const d = deviceById.get(id);
      return {
        deviceId: id,
        name: d?.name ?? '',
        code: d?.code ?? '',
        projectName: (d && projectName.get(d.projectid)) ?? '',
        count: byDevice.get(id)!,
      };
    }),
    topProjects: top(byProject).map((id) => ({ projectId: id, name: projectName.get(id) ?? '', count: byProject.get(id)! })),
    recent,
    dayStart: t.dayStart,
    generatedAt: now,
  };
}

/** The ids with the most alarms, most first, ties by id; at most BIG_SCREEN_TOP. */
function top(counts: Map<number, number>): number[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, BIG_SCREEN_TOP)
    .map(([id]) => id);
}

function trendOf(days: number[], rows: { peceventlevel: number; bucket: number; n: number }[]): BigScreenTrend {
  const byLevel = new Map(MONITOR_EVENT_LEVELS.map((id) => [id, days.map(() => 0)]));
  for (const r of rows) {
    const at = r.bucket * BUCKET_MS;
    let day = days.length - 1;
    while (day > 0 && days[day]! > at) day--;
    const counts = byLevel.get(r.peceventlevel) ?? days.map(() => 0);
    counts[day]! += r.n;
    byLevel.set(r.peceventlevel, counts);
  }
  return { days, byLevel: [...byLevel].map(([id, counts]) => ({ id, counts })) };
}

async function recentAlarms(app: FastifyInstance, ids: number[]): Promise<BigScreenAlarm[]> {
  const rows = await app.db
    .selectFrom('peceventextend as e')
    .innerJoin('terminal', 'terminal.id', 'e.deviceid')
    .innerJoin('project', 'project.id', 'e.projectid')
    .selectAll('e')
    .select(EVENT_NAME_COLUMNS)
    .where('e.projectid', 'in', ids)
    .orderBy('e.eventtime', 'desc')
    .orderBy('e.id', 'desc')
    .limit(BIG_SCREEN_RECENT)
    .execute();
  return rows.map((r) => ({
    eventId: r.id,
    time: Number(r.eventtime),
    level: r.peceventlevel,
    customtype: r.customtype,
    dataId: r.dataid,
    value: r.value === null ? null : Number(r.value),
    limit: r.limitvalue === null ? null : Number(r.limitvalue),
    projectName: r.projectName,
    deviceName: r.deviceName,
    deviceCode: r.deviceCode,
  }));
}
