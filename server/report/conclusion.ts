import { describeFinding, type Finding, type ReportConclusion, type ReportFigures, type ReportRating } from '../../domain/schemas/report';

/** Alarms of one project and type in this period and the one before: the trend material. */
export interface PairCount {
  project: string;
  type: number;
  count: number;
  previous: number;
}

/** A project-and-type count is a trend worth a sentence only from this many alarms on. */
const TREND_MIN = 3;
const HOUR = 3600_000;

/**
 * The written conclusion, generated from the figures by fixed rules so the same period always reads
 * the same: the total against the previous period, accidents, the project-and-type pairs that rose or
 * fell most, a device that dominates, what is still unconfirmed, and how fast alarms were confirmed.
 */
export function conclude(
  f: Omit<ReportFigures, 'conclusion' | 'projectedCrossings'>,
  pairs: readonly PairCount[],
  accidents: number,
): ReportConclusion {
  const o = f.overview;
  const findings: Finding[] = [];
  if (o.total > 0 || o.previous.total > 0) findings.push({ kind: 'total', total: o.total, previous: o.previous.total });
  if (o.total === 0) findings.push({ kind: 'none' });
  if (accidents > 0) findings.push({ kind: 'accidents', count: accidents });

  // Rising: at least TREND_MIN now and half as many again as before (or new); the largest rises first.
  const rising = pairs
    .filter((p) => p.count >= TREND_MIN && p.count >= p.previous * 1.5 && p.count > p.previous)
    .sort((a, b) => b.count - b.previous - (a.count - a.previous) || a.project.localeCompare(b.project) || a.type - b.type)
    .slice(0, 3);
  for (const p of rising) findings.push({ kind: 'rising', ...p });
  const falling = pairs
    .filter((p) => p.previous >= TREND_MIN && p.count * 2 <= p.previous)
    .sort((a, b) => b.previous - b.count - (a.previous - a.count) || a.project.localeCompare(b.project) || a.type - b.type)
    .slice(0, 2);
  for (const p of falling) findings.push({ kind: 'falling', ...p });

  const top = f.nodeDistribute.topDevices[0];
  if (top && o.total >= 5 && top.total * 10 >= o.total * 3) {
    findings.push({
      kind: 'topDevice',
      device: top.name,
      project: top.projectName,
      count: top.total,
      share: Math.round((top.total / o.total) * 100),
    });
  }
  if (o.unconfirmed > 0) findings.push({ kind: 'unconfirmed', count: o.unconfirmed });
  const avg = o.confirmation.avgMs;
  const slow = avg !== null && avg > 24 * HOUR;
  if (slow) findings.push({ kind: 'slowConfirm', avgHours: Math.round((avg / HOUR) * 10) / 10 });
  else if (avg !== null && avg <= HOUR) findings.push({ kind: 'fastConfirm', avgMinutes: Math.max(1, Math.round(avg / 60_000)) });

  const rating: ReportRating = accidents > 0 ? 'serious' : rising.length || o.unconfirmed > 0 || slow ? 'attention' : 'good';
  return { rating, findings, text: findings.map((x) => describeFinding(x, 'zh_cn')) };
}
