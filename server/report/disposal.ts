import type { Kysely } from 'kysely';
import type { OrderFiguresDto } from '../../domain/schemas/orderFigures';
import { REPEAT_MIN_DEFAULT } from '../../domain/schemas/orderFigures';
import {
  describeDisposalFinding,
  REPORT_REPEATED,
  type DisposalFigures,
  type DisposalFinding,
  type ReportDisposal,
} from '../../domain/schemas/reportDisposal';
import type { Database } from '../store/schema';
import { coreFigures, type CoreFigures } from '../workorder/figureMath';
import { figureRows } from '../workorder/figureRows';
import { orderFigures } from '../workorder/figures';
import type { ReportRequest } from './period';

const headline = (f: CoreFigures | OrderFiguresDto): DisposalFigures => ({
  alarms: f.alarms,
  confirmed: f.confirmed,
  mttaMs: f.mttaMs,
  mttaP90Ms: f.mttaP90Ms,
  orders: f.orders,
  closed: f.closed,
  mttrMs: f.mttrMs,
  mttrP90Ms: f.mttrP90Ms,
  overdue: f.overdue,
  falseAlarms: f.falseAlarms,
  falseAlarmShare: f.falseAlarmShare,
});

/**
 * The report's 处置 section: the review figures of the report's projects and period (the 处置统计
 * screen's, repeated meaning ≥ 3 alarms of one type) against the period before, and its conclusion.
 */
export async function disposalSection(db: Kysely<Database>, req: ReportRequest, now: number): Promise<ReportDisposal> {
  const scope = new Set(req.scope.projects.map((p) => p.id));
  const [current, before] = await Promise.all([
    orderFigures(db, scope, req.start, req.end, now, { zone: req.zone, repeatMin: REPEAT_MIN_DEFAULT }),
    figureRows(db, scope, req.previous.start, req.previous.end),
  ]);
  const previous = headline(coreFigures(before.alarms, before.orders, now));
  const section = {
    current: headline(current),
    previous,
    repeatMin: current.repeatMin,
    repeated: current.repeated.slice(0, REPORT_REPEATED),
    repeatedPairs: current.repeated.length,
    falseByType: current.falseByType,
  };
  const findings = disposalFindings(section);
  return { ...section, findings, text: findings.map((f) => describeDisposalFinding(f, 'zh_cn')) };
}

/**
 * The section's conclusion by fixed rules, so the same period always reads the same: MTTA and MTTR
 * against the period before, orders not closed or overdue, the false-alarm share and its leading alarm
 * type, and the device that repeats most.
 */
function disposalFindings(s: Omit<ReportDisposal, 'findings' | 'text'>): DisposalFinding[] {
  const { current: c, previous: p } = s;
  const out: DisposalFinding[] = [];
  if (c.orders === 0) out.push({ kind: 'noOrders', alarms: c.alarms });
  if (c.mttaMs !== null && c.mttaP90Ms !== null) out.push({ kind: 'mtta', medianMs: c.mttaMs, p90Ms: c.mttaP90Ms, previousMs: p.mttaMs });
  if (c.mttrMs !== null && c.mttrP90Ms !== null)
    out.push({ kind: 'mttr', medianMs: c.mttrMs, p90Ms: c.mttrP90Ms, previousMs: p.mttrMs, orders: c.orders, closed: c.closed });
  else if (c.orders > 0) out.push({ kind: 'unclosed', orders: c.orders, open: c.orders - c.closed });
  if (c.overdue > 0) out.push({ kind: 'overdue', count: c.overdue, orders: c.orders });
  else if (c.orders > 0) out.push({ kind: 'inTime', orders: c.orders });
  if (c.falseAlarmShare !== null) {
    const top = s.falseByType.find((t) => t.falseAlarms > 0);
    out.push({
      kind: 'falseAlarms',
      count: c.falseAlarms,
      share: c.falseAlarmShare,
      previousShare: p.falseAlarmShare,
      topType: top ? top.type : null,
    });
  }
  const first = s.repeated[0];
  if (first)
    out.push({
      kind: 'repeated',
      pairs: s.repeatedPairs,
      repeatMin: s.repeatMin,
      device: first.name,
      project: first.projectName,
      type: first.type,
      count: first.alarms,
    });
  return out;
}
