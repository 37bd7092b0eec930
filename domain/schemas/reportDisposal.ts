import { EVENT_TYPE_TEXT, EVENT_TYPE_TEXT_EN } from '../measures';
import type { FalseShareByType, OrderFiguresDto, RepeatedDevice } from './orderFigures';

/**
 * The analysis report's 处置 section (issue 29 item 4): the period's review figures against the period
 * before, the devices with repeated alarms, and its own conclusion sentences generated from them by
 * fixed rules (as the report's conclusion is), worded in either language from the same findings.
 */

/** The headline review figures of one period (docs/workorders.md "Review figures"): the KPI answer's, with the false alarms. */
export type DisposalFigures = Omit<
  OrderFiguresDto,
  'unit' | 'series' | 'falseByType' | 'falseByDevice' | 'repeated' | 'byOperator' | 'repeatMin'
>;

/** The report lists this many repeated-alarm devices; the count says how many there are in all. */
export const REPORT_REPEATED = 5;

export type DisposalFinding =
  | { kind: 'noOrders'; alarms: number }
  | { kind: 'mtta'; medianMs: number; p90Ms: number; previousMs: number | null }
  | { kind: 'mttr'; medianMs: number; p90Ms: number; previousMs: number | null; orders: number; closed: number }
  | { kind: 'unclosed'; orders: number; open: number }
  | { kind: 'overdue'; count: number; orders: number }
  | { kind: 'inTime'; orders: number }
  | { kind: 'falseAlarms'; count: number; share: number; previousShare: number | null; topType: number | null }
  | { kind: 'repeated'; pairs: number; repeatMin: number; device: string; project: string; type: number; count: number };

export interface ReportDisposal {
  current: DisposalFigures;
  previous: DisposalFigures;
  /** a device repeats when it raised at least this many alarms of one type in the period */
  repeatMin: number;
  /** the REPORT_REPEATED devices with most alarms of one type */
  repeated: RepeatedDevice[];
  /** device-and-type pairs with repeated alarms, in all */
  repeatedPairs: number;
  falseByType: FalseShareByType[];
  findings: DisposalFinding[];
  /** the findings worded in Chinese, as the printed report shows them */
  text: string[];
}

type Lang = 'zh_cn' | 'en';
const typeName = (id: number, lang: Lang) => (lang === 'en' ? EVENT_TYPE_TEXT_EN : EVENT_TYPE_TEXT)[id] ?? String(id);
const pct = (share: number) => Math.round(share * 100);
/** "1 order", "3 orders" */
const orders = (n: number) => `${n} order${n === 1 ? '' : 's'}`;

/** A duration as people say it: minutes (one decimal under ten), hours with one decimal from two hours. */
function durationWords(ms: number, lang: Lang): string {
  const min = ms / 60_000;
  const zh = lang === 'zh_cn';
  if (min >= 120) return `${Math.round(min / 6) / 10} ${zh ? '小时' : 'h'}`;
  const shown = min < 10 ? Math.round(min * 10) / 10 : Math.round(min);
  return `${shown} ${zh ? '分钟' : 'min'}`;
}

/** "较上期 X 缩短 12%" — how a duration compares with the previous period's. */
function compared(now: number, before: number | null, lang: Lang): string {
  const zh = lang === 'zh_cn';
  if (before === null || before === 0) return zh ? '上期无可比数据' : 'no figure for the previous period';
  const d = Math.round(((now - before) / before) * 100);
  const was = durationWords(before, lang);
  if (d === 0) return zh ? `与上期（${was}）持平` : `the same as the previous period (${was})`;
  return zh
    ? `较上期 ${was}${d < 0 ? '缩短' : '延长'} ${Math.abs(d)}%`
    : `${d < 0 ? 'down' : 'up'} ${Math.abs(d)}% from ${was} in the previous period`;
}

/** One finding of the 处置 section in words. */
export function describeDisposalFinding(f: DisposalFinding, lang: Lang = 'zh_cn'): string {
  const zh = lang === 'zh_cn';
  const dur = (ms: number) => durationWords(ms, lang);
  switch (f.kind) {
    case 'noOrders':
      if (f.alarms === 0) return zh ? '本期无报警，亦无处置工单。' : 'No alarms and no work orders in this period.';
      return zh ? `本期报警 ${f.alarms} 起，未派发处置工单。` : `${f.alarms} alarms in this period; no work order was dispatched.`;
    case 'mtta':
      return zh
        ? `报警确认用时（MTTA）中位数 ${dur(f.medianMs)}，p90 ${dur(f.p90Ms)}，${compared(f.medianMs, f.previousMs, lang)}。`
        : `Time to confirm (MTTA): median ${dur(f.medianMs)}, p90 ${dur(f.p90Ms)}; ${compared(f.medianMs, f.previousMs, lang)}.`;
    case 'mttr':
      return zh
        ? `处置闭环用时（MTTR）中位数 ${dur(f.medianMs)}，p90 ${dur(f.p90Ms)}，${compared(f.medianMs, f.previousMs, lang)}；本期工单 ${f.orders} 个，已关闭 ${f.closed} 个。`
        : `Time to close (MTTR): median ${dur(f.medianMs)}, p90 ${dur(f.p90Ms)}; ${compared(f.medianMs, f.previousMs, lang)}. ${f.closed} of ${orders(f.orders)} closed.`;
    case 'unclosed':
      return zh
        ? `本期工单 ${f.orders} 个，尚无关闭，${f.open} 个仍在处置中。`
        : `No order of this period (${orders(f.orders)}) is closed yet; ${f.open} still open.`;
    case 'overdue':
      return zh
        ? `超时工单 ${f.count} 个，占本期工单的 ${pct(f.count / f.orders)}%，须督促按时处置。`
        : `${orders(f.count)} (${pct(f.count / f.orders)}% of this period's) ${f.count === 1 ? 'was' : 'were'} not closed in time; follow them up.`;
    case 'inTime':
      return zh ? `本期 ${f.orders} 个工单均未超时。` : `No order of this period (${orders(f.orders)}) was overdue.`;
    case 'falseAlarms': {
      const change =
        f.previousShare === null
          ? ''
          : pct(f.share) === pct(f.previousShare)
            ? zh
              ? '，与上期持平'
              : ', the same as the previous period'
            : zh
              ? `，较上期${f.share > f.previousShare ? '上升' : '下降'} ${Math.abs(pct(f.share) - pct(f.previousShare))} 个百分点`
              : `, ${f.share > f.previousShare ? 'up' : 'down'} ${Math.abs(pct(f.share) - pct(f.previousShare))} points from the previous period`;
      const top =
        f.topType === null
          ? ''
          : zh
            ? `；${typeName(f.topType, lang)}报警误报最多，建议核查相关设备的阈值与安装`
            : `; most were ${typeName(f.topType, lang).toLowerCase()} alarms — check those devices' limits and installation`;
      return zh
        ? `填写原因的工单中误报 ${f.count} 个，占 ${pct(f.share)}%${change}${top}。`
        : `${orders(f.count)} with a recorded cause ${f.count === 1 ? 'was a false alarm' : 'were false alarms'} (${pct(f.share)}%)${change}${top}.`;
    }
    case 'repeated':
      return zh
        ? `${f.pairs} 处设备重复报警（同类报警 ≥ ${f.repeatMin} 次），其中${f.project}的设备「${f.device}」${typeName(f.type, lang)}报警 ${f.count} 次，建议检修。`
        : `${f.pairs} device${f.pairs === 1 ? '' : 's'} raised repeated alarms (≥ ${f.repeatMin} of one type); device "${f.device}" at ${f.project} raised ${f.count} ${typeName(f.type, lang).toLowerCase()} alarms — have it repaired.`;
  }
}
