import type { Kysely } from 'kysely';
import type { KpiDto } from '../../domain/schemas/workorder';
import type { Database } from '../store/schema';
import type { ProjectScope } from '../access/scope';
import { coreFigures } from './figureMath';
import { figureRows } from './figureRows';
import { operatorFigures, usersOf } from './figures';

/**
 * The review figures of a period [start, end) over the projects given (docs/workorders.md), in the
 * shape of GET /workorder/v1/kpi (issue 29's REST):
 * - alarms: alarm events raised in the period;
 * - MTTA: confirmation time − raise time of those events that are confirmed;
 * - MTTR: close time − raise time of the earliest event of each closed order whose earliest event was
 *   raised in the period;
 * - medians (the mean of the two middle values for an even count) and p90 by nearest rank (the value
 *   at rank ⌈0.9·n⌉ of the sorted durations);
 * - overdue: orders of the period not closed by their due time (closed after it, or open past it now);
 * - falseAlarmShare: orders of the period with cause 误报 over those with a recorded cause;
 * - byOperator: per assignee, orders, closed, MTTR median, overdue.
 * GET /workorder/v1/figures (figures.ts) answers these and more.
 */
export async function kpi(db: Kysely<Database>, scope: ProjectScope, start: number, end: number, now: number): Promise<KpiDto> {
  const { alarms, orders } = await figureRows(db, scope, start, end);
  const { falseAlarms: _counted, ...core } = coreFigures(alarms, orders, now);
  const users = await usersOf(db, alarms, orders, undefined);
  const byOperator = operatorFigures(alarms, orders, users, now)
    .filter((o) => o.orders > 0)
    .map(({ userId, userName, orders: n, closed, mttrMs, overdue }) => ({ userId, userName, orders: n, closed, mttrMs, overdue }));
  return { ...core, byOperator };
}
