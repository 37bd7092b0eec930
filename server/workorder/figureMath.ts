import { FALSE_ALARM_CAUSE } from '../../domain/settingsDefaults';
import type { FalseShare, FigureBucket } from '../../domain/schemas/orderFigures';
import { median, nearestRank } from '../../domain/schemas/workorder';
import type { AlarmRow, OrderRow } from './figureRows';

/**
 * The arithmetic of the review figures over rows already read (figureRows), so the KPI route, the
 * 处置统计 screen, its export and the analysis report's 处置 section count the same way.
 * Definitions: docs/workorders.md "Review figures".
 */

/** The headline figures of a set of alarms and orders. */
export interface CoreFigures {
  alarms: number;
  confirmed: number;
  mttaMs: number | null;
  mttaP90Ms: number | null;
  orders: number;
  closed: number;
  mttrMs: number | null;
  mttrP90Ms: number | null;
  overdue: number;
  falseAlarms: number;
  falseAlarmShare: number | null;
}

const timesToConfirm = (alarms: readonly AlarmRow[]) =>
  alarms.filter((a) => a.confirmedAt !== null).map((a) => a.confirmedAt! - a.raisedAt);
const timesToClose = (orders: readonly OrderRow[]) => orders.filter((o) => o.closedAt !== null).map((o) => o.closedAt! - o.firstAt);
/** Not closed by its due time: closed after it, or still open and past it now. */
const isOverdue = (o: OrderRow, now: number) => (o.closedAt === null ? now > o.dueAt : o.closedAt > o.dueAt);
const withCause = (orders: readonly OrderRow[]) => orders.filter((o) => o.cause !== null);
const isFalse = (o: OrderRow) => o.cause === FALSE_ALARM_CAUSE;

export function coreFigures(alarms: readonly AlarmRow[], orders: readonly OrderRow[], now: number): CoreFigures {
  const tta = timesToConfirm(alarms);
  const ttr = timesToClose(orders);
  const caused = withCause(orders);
  const falseAlarms = caused.filter(isFalse).length;
  return {
    alarms: alarms.length,
    confirmed: tta.length,
    mttaMs: median(tta),
    mttaP90Ms: nearestRank(tta, 90),
    orders: orders.length,
    closed: ttr.length,
    mttrMs: median(ttr),
    mttrP90Ms: nearestRank(ttr, 90),
    overdue: orders.filter((o) => isOverdue(o, now)).length,
    falseAlarms,
    falseAlarmShare: caused.length ? falseAlarms / caused.length : null,
  };
}

/**
 * False-alarm shares per key of an order's alarms (its alarm types, its devices): over the orders with a
 * recorded cause, each counted once for every distinct key among its alarms. Sorted by false alarms,
 * then share, then key.
 */
export function falseSharesBy(
  orders: readonly OrderRow[],
  key: (a: OrderRow['alarms'][number]) => number,
): (FalseShare & { key: number })[] {
  const counts = new Map<number, { orders: number; falseAlarms: number }>();
  for (const o of withCause(orders)) {
    for (const k of new Set(o.alarms.map(key))) {
      const c = counts.get(k) ?? { orders: 0, falseAlarms: 0 };
      c.orders++;
      if (isFalse(o)) c.falseAlarms++;
      counts.set(k, c);
    }
  }
  return [...counts]
    .map(([k, c]) => ({ key: k, ...c, share: c.falseAlarms / c.orders }))
    .sort((a, b) => b.falseAlarms - a.falseAlarms || b.share - a.share || a.key - b.key);
}

/** Devices with at least `min` alarms of one type: most alarms first, then device and type. */
export function repeatedAlarms(alarms: readonly AlarmRow[], min: number): { deviceId: number; type: number; alarms: number }[] {
  const counts = new Map<string, { deviceId: number; type: number; alarms: number }>();
  for (const a of alarms) {
    const k = `${a.deviceId}:${a.type}`;
    const c = counts.get(k) ?? { deviceId: a.deviceId, type: a.type, alarms: 0 };
    c.alarms++;
    counts.set(k, c);
  }
  return [...counts.values()]
    .filter((c) => c.alarms >= min)
    .sort((a, b) => b.alarms - a.alarms || a.deviceId - b.deviceId || a.type - b.type);
}

/** Alarms and MTTA by the bucket they were raised in; orders and MTTR by the bucket of their earliest alarm. */
export function seriesOf(
  buckets: readonly { start: number; label: string }[],
  indexOf: (t: number) => number | undefined,
  alarms: readonly AlarmRow[],
  orders: readonly OrderRow[],
): FigureBucket[] {
  const alarmsIn = buckets.map((): AlarmRow[] => []);
  const ordersIn = buckets.map((): OrderRow[] => []);
  for (const a of alarms) alarmsIn[indexOf(a.raisedAt) ?? -1]?.push(a);
  for (const o of orders) ordersIn[indexOf(o.firstAt) ?? -1]?.push(o);
  return buckets.map((b, i) => ({
    start: b.start,
    label: b.label,
    alarms: alarmsIn[i]!.length,
    mttaMs: median(timesToConfirm(alarmsIn[i]!)),
    orders: ordersIn[i]!.length,
    mttrMs: median(timesToClose(ordersIn[i]!)),
  }));
}
