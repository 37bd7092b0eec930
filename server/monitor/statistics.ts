import { startOfDay } from 'date-fns/startOfDay'; // not the index: it loads all 250 functions at start
import { inZone } from '../../domain/timeZone';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { EVENT_CONFIRM, EVENT_STATUS, isDeviceStatusNormal } from '../../domain/enums';
import {
  MONITOR_DEVICE_STATUSES,
  MONITOR_EVENT_LEVELS,
  MONITOR_EVENT_TYPES,
  alarmStateOf,
  type AlarmCounts,
  type CountById,
  type MonitorStatis,
  type ProjectStatis,
} from '../../domain/schemas/monitor';
import type { ResolvedScope, ScopedProject } from './scope';

interface DeviceRow {
  projectid: number;
  devicestatus: number;
  n: number;
}
interface EventRow {
  projectid: number;
  customtype: number;
  peceventlevel: number;
  confirmeventstatus: number;
  n: number;
}

/** Grouped counts of a set of projects, fetched once and then cut per project or per enterprise. */
export interface Tally {
  devices: Map<number, DeviceRow[]>;
  today: Map<number, EventRow[]>;
  active: Map<number, EventRow[]>;
  dayStart: number;
  generatedAt: number;
}

/** Midnight in the project time zone: "today" as the console shows it, wherever the server runs. */
export function dayStartOf(now: number, zone: string): number {
  return startOfDay(now, inZone(zone)).getTime();
}

/**
 * Three GROUP BY queries over the terminal and event tables; SQLite answers them from the
 * terminal_project and pecevent_project_* indexes. The terminal table holds the live status: the
 * comm watch writes each change there in the same transaction as its domain event.
 */
export async function tally(db: Kysely<Database>, projectIds: readonly number[], zone: string, now = Date.now()): Promise<Tally> {
  const dayStart = dayStartOf(now, zone);
  const empty: Tally = { devices: new Map(), today: new Map(), active: new Map(), dayStart, generatedAt: now };
  if (projectIds.length === 0) return empty;
  const ids = [...projectIds];
  const [devices, today, active] = await Promise.all([
    db
      .selectFrom('terminal')
      .select(['projectid', 'devicestatus', (eb) => eb.fn.countAll<number>().as('n')])
      .where('projectid', 'in', ids)
      .groupBy(['projectid', 'devicestatus'])
      .execute(),
    eventCounts(db, ids).where('eventtime', '>=', dayStart).execute(),
    eventCounts(db, ids).where('endeventid', '=', EVENT_STATUS.ACTIVE).execute(),
  ]);
  return { devices: byProject(devices), today: byProject(today), active: byProject(active), dayStart, generatedAt: now };
}

function eventCounts(db: Kysely<Database>, ids: number[]) {
  return db
    .selectFrom('peceventextend')
    .select(['projectid', 'customtype', 'peceventlevel', 'confirmeventstatus', (eb) => eb.fn.countAll<number>().as('n')])
    .where('projectid', 'in', ids)
    .groupBy(['projectid', 'customtype', 'peceventlevel', 'confirmeventstatus']);
}

function byProject<R extends { projectid: number; n: number }>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rows) {
    const row = { ...r, n: Number(r.n) };
    const list = out.get(r.projectid);
    if (list) list.push(row);
    else out.set(r.projectid, [row]);
  }
  return out;
}

const rowsOf = <R>(map: Map<number, R[]>, projectIds: readonly number[]): R[] => projectIds.flatMap((id) => map.get(id) ?? []);

function zeroFilled(ids: readonly number[], rows: { key: number; n: number }[]): CountById[] {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const r of rows) counts.set(r.key, (counts.get(r.key) ?? 0) + r.n);
  // Ids outside the known lists (a type added later) still count, after the known ones.
  return [...counts].map(([id, count]) => ({ id, count }));
}

function alarmCounts(rows: readonly EventRow[]): AlarmCounts {
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    byType: zeroFilled(
      MONITOR_EVENT_TYPES,
      rows.map((r) => ({ key: r.customtype, n: r.n })),
    ),
    byLevel: zeroFilled(
      MONITOR_EVENT_LEVELS,
      rows.map((r) => ({ key: r.peceventlevel, n: r.n })),
    ),
    unconfirmed: rows.filter((r) => r.confirmeventstatus === EVENT_CONFIRM.UNCONFIRM).reduce((s, r) => s + r.n, 0),
  };
}

function deviceCounts(rows: readonly DeviceRow[]) {
  const devicesByStatus = zeroFilled(
    MONITOR_DEVICE_STATUSES,
    rows.map((r) => ({ key: r.devicestatus, n: r.n })),
  );
  const deviceCount = rows.reduce((s, r) => s + r.n, 0);
  const normalDevices = rows.filter((r) => isDeviceStatusNormal(r.devicestatus)).reduce((s, r) => s + r.n, 0);
  return { devicesByStatus, deviceCount, normalDevices, abnormalDevices: deviceCount - normalDevices };
}

/** The statistics over some of the tallied projects. */
export function statisOf(t: Tally, scope: Pick<ResolvedScope, 'modelLabel' | 'id' | 'name'>, projectIds: readonly number[]): MonitorStatis {
  return {
    scope: { modelLabel: scope.modelLabel, id: scope.id, name: scope.name },
    projectCount: projectIds.length,
    ...deviceCounts(rowsOf(t.devices, projectIds)),
    today: alarmCounts(rowsOf(t.today, projectIds)),
    active: alarmCounts(rowsOf(t.active, projectIds)),
    dayStart: t.dayStart,
    generatedAt: t.generatedAt,
  };
}

export function projectStatisOf(t: Tally, p: ScopedProject): ProjectStatis {
  const devices = deviceCounts(t.devices.get(p.id) ?? []);
  const active = alarmCounts(t.active.get(p.id) ?? []);
  return {
    ...p,
    deviceCount: devices.deviceCount,
    normalDevices: devices.normalDevices,
    abnormalDevices: devices.abnormalDevices,
    todayAlarms: alarmCounts(t.today.get(p.id) ?? []).total,
    activeAlarms: active.total,
    activeByLevel: active.byLevel,
    alarmState: alarmStateOf(active.byLevel),
  };
}
