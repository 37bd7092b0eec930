import { z } from 'zod';
import { EVENT_TYPE_TEXT } from '../telemetry';
import type { CountById } from './monitor';
import type { ReportDisposal } from './reportDisposal';

/**
 * Analysis reports (spec §7 "Monitoring and reports", §9): the query every report route takes and the
 * figures it answers with, shared by the /analysisReport screen and the server's report/* routes.
 */

/** The printed report's title (spec §9). */
export const REPORT_TITLE = '智慧安全用电运行评估报告';

/** Nodes a report may cover: the report tree's levels, an enterprise, or everything the caller sees. */
const REPORT_SCOPES = ['global', 'tenant', 'province', 'city', 'district', 'project'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/** Times as ms since epoch or `YYYY-MM-DD HH:mm:ss` (server-local), like the other queries. */
const wireTime = z.union([z.number().int().min(0), z.string().trim().min(1).max(40)], { error: '须为毫秒时间戳或 YYYY-MM-DD HH:mm:ss' });
const ID_MSG = 'id 须为大于等于 0 的整数';

/** Query of GET overview, nodeDistribute, timeDistribute, typeDistribute, disposal, conclusion and report/*. */
export const reportQuery = z.object({
  /** a number in a JSON body; plain decimal digits in a query string */
  id: z.union(
    [
      z.number().int().min(0),
      z
        .string()
        .max(16)
        .regex(/^(0|[1-9]\d{0,15})$/)
        .transform(Number),
    ],
    { error: ID_MSG },
  ),
  /** shown by the caller's tree; the server answers with the node's own name */
  name: z.string().max(100).optional(),
  modelLabel: z.enum(REPORT_SCOPES, { error: `modelLabel 须为 ${REPORT_SCOPES.join('、')} 之一` }),
  startTime: wireTime,
  endTime: wireTime,
});

/** The longest period one report covers: a year and a bit (a 季/年 selection or a custom range). */
export const MAX_REPORT_SPAN_MS = 370 * 86_400_000;

interface ReportScopeInfo {
  modelLabel: ReportScope;
  id: number;
  name: string;
}

export interface ConfirmationFigures {
  /** confirmed events of the period that have a confirmation time */
  count: number;
  avgMs: number | null;
  medianMs: number | null;
  maxMs: number | null;
  /** confirmed within an hour / a day of being raised */
  within1h: number;
  within24h: number;
}

interface ReportOverview {
  scope: ReportScopeInfo;
  startTime: number;
  endTime: number;
  previous: { startTime: number; endTime: number; total: number };
  projectCount: number;
  deviceCount: number;
  /** alarm episodes raised in the period */
  total: number;
  byLevel: CountById[];
  confirmed: number;
  unconfirmed: number;
  /** raised in the period and not ended yet */
  active: number;
  /** devices with at least one alarm in the period */
  alarmedDevices: number;
  confirmation: ConfirmationFigures;
  generatedAt: number;
  /** the project time zone the report's days, hours and times are in */
  timeZone: string;
}

export interface NodeFigure {
  id: number;
  name: string;
  modelLabel: 'project';
  total: number;
  previous: number;
  byLevel: CountById[];
  unconfirmed: number;
}

export interface DeviceFigure {
  deviceId: number;
  name: string;
  code: string;
  projectName: string;
  total: number;
  byType: CountById[];
}

interface ReportNodeDistribute {
  nodes: NodeFigure[];
  /** the devices with the most alarms, at most TOP_DEVICES */
  topDevices: DeviceFigure[];
}
export const TOP_DEVICES = 10;

export type TimeUnit = 'hour' | 'day' | 'month';
export interface TimeBucket {
  start: number;
  /** `HH:00`, `MM-DD` or `YYYY-MM` */
  label: string;
  total: number;
}
export interface ReportTimeDistribute {
  unit: TimeUnit;
  buckets: TimeBucket[];
  /** alarms by hour of day (0–23, in the project time zone), over the whole period */
  hourOfDay: number[];
}

export interface TypeFigure {
  id: number;
  total: number;
  previous: number;
  byLevel: CountById[];
}
interface ReportTypeDistribute {
  byType: TypeFigure[];
  byLevel: CountById[];
}

/** A sentence of the written conclusion, as data: each client words it in its language. */
export type Finding =
  | { kind: 'none' }
  | { kind: 'total'; total: number; previous: number }
  | { kind: 'rising'; project: string; type: number; count: number; previous: number }
  | { kind: 'falling'; project: string; type: number; count: number; previous: number }
  | { kind: 'accidents'; count: number }
  | { kind: 'topDevice'; device: string; project: string; count: number; share: number }
  | { kind: 'unconfirmed'; count: number }
  | { kind: 'slowConfirm'; avgHours: number }
  | { kind: 'fastConfirm'; avgMinutes: number };

export type ReportRating = 'good' | 'attention' | 'serious';
export interface ReportConclusion {
  rating: ReportRating;
  findings: Finding[];
  /** the findings worded in Chinese, as the printed report shows them */
  text: string[];
}

/** A device with an open 趋势预警 in the report's scope and its projection as it stands (issue 31). */
export interface ProjectedCrossing {
  eventId: number;
  deviceId: number;
  name: string;
  code: string;
  projectName: string;
  dataId: number;
  /** when the warning was raised */
  since: number;
  /** the fitted rise per day and the limit; null when the drift has gone since the last hourly judgement */
  slopePerDay: number | null;
  limit: number | null;
  /** when the daily peak is projected to reach the limit (ms); null: no crossing projected now */
  crossingAt: number | null;
}

/** GET projectedCrossings: the devices by projected time to threshold, soonest first, at most MAX_PROJECTED_CROSSINGS. */
export interface ReportProjectedCrossings {
  /** the time the projections stand at (now, not the report's period: a projection looks ahead) */
  asOf: number;
  devices: ProjectedCrossing[];
  /** open trend warnings in the scope, also those beyond the list's length */
  total: number;
}
export const MAX_PROJECTED_CROSSINGS = 50;

export interface ReportFigures {
  overview: ReportOverview;
  nodeDistribute: ReportNodeDistribute;
  timeDistribute: ReportTimeDistribute;
  typeDistribute: ReportTypeDistribute;
  /** 处置: the review figures of work orders (issue 29), with their own conclusion */
  disposal: ReportDisposal;
  conclusion: ReportConclusion;
  projectedCrossings: ReportProjectedCrossings;
}

export interface AffirmStatus {
  affirmed: boolean;
  operator: string | null;
  userId: number | null;
  affirmTime: number | null;
}

const TYPE_EN: Record<number, string> = {
  1: 'residual current',
  2: 'temperature',
  3: 'power over limit',
  4: 'probe failure',
  5: 'switch event',
  6: 'communication loss',
};
const typeName = (id: number, lang: Lang) => (lang === 'en' ? TYPE_EN[id] : EVENT_TYPE_TEXT[id]) ?? String(id);
const pct = (now: number, before: number) => Math.round(((now - before) / before) * 100);

export type Lang = 'zh_cn' | 'en';
export const RATING_TEXT: Record<Lang, Record<ReportRating, string>> = {
  zh_cn: { good: '良好', attention: '需关注', serious: '较差' },
  en: { good: 'Good', attention: 'Needs attention', serious: 'Poor' },
};

/** One finding in words. The printed report uses zh_cn; the screen follows the UI language. */
export function describeFinding(f: Finding, lang: Lang = 'zh_cn'): string {
  const zh = lang === 'zh_cn';
  switch (f.kind) {
    case 'none':
      return zh ? '本期未发生报警事件，用电运行平稳。' : 'No alarms in this period; operation was stable.';
    case 'total': {
      if (f.previous === 0)
        return zh ? `本期共发生报警事件 ${f.total} 起，上期无报警。` : `${f.total} alarms in this period; none in the previous one.`;
      const d = pct(f.total, f.previous);
      const trend =
        d === 0
          ? zh
            ? '与上期持平'
            : 'the same as'
          : zh
            ? `较上期 ${f.previous} 起${d > 0 ? '上升' : '下降'} ${Math.abs(d)}%`
            : `${d > 0 ? 'up' : 'down'} ${Math.abs(d)}% from`;
      return zh
        ? `本期共发生报警事件 ${f.total} 起，${trend}。`
        : `${f.total} alarms in this period, ${trend} ${d === 0 ? 'the previous period' : `${f.previous} in the previous period`}.`;
    }
    case 'rising': {
      const was = zh
        ? f.previous
          ? `较上期 ${f.previous} 起明显上升`
          : '上期无此类报警'
        : f.previous
          ? `rose to ${f.count} from ${f.previous}`
          : `appeared (${f.count}; none before)`;
      return zh
        ? `${f.project}的${typeName(f.type, lang)}报警 ${f.count} 起，${was}，建议排查相关线路与设备。`
        : `${capital(typeName(f.type, lang))} alarms at ${f.project} ${was}; check the circuits and devices concerned.`;
    }
    case 'falling':
      return zh
        ? `${f.project}的${typeName(f.type, lang)}报警由上期 ${f.previous} 起降至 ${f.count} 起，整改见效。`
        : `${capital(typeName(f.type, lang))} alarms at ${f.project} fell from ${f.previous} to ${f.count}.`;
    case 'accidents':
      return zh
        ? `本期发生事故级事件 ${f.count} 起，须逐一核查处置。`
        : `${f.count} accident-level events occurred; each needs to be investigated.`;
    case 'topDevice':
      return zh
        ? `${f.project}的设备「${f.device}」报警 ${f.count} 起，占全部报警的 ${f.share}%，建议重点巡检。`
        : `Device "${f.device}" at ${f.project} raised ${f.count} alarms, ${f.share}% of all; inspect it first.`;
    case 'unconfirmed':
      return zh ? `尚有 ${f.count} 起报警未确认，请及时处理。` : `${f.count} alarms are still unconfirmed.`;
    case 'slowConfirm':
      return zh
        ? `报警平均确认用时 ${f.avgHours} 小时，响应偏慢。`
        : `Alarms took ${f.avgHours} hours on average to be confirmed, which is slow.`;
    case 'fastConfirm':
      return zh ? `报警平均确认用时 ${f.avgMinutes} 分钟，响应及时。` : `Alarms were confirmed in ${f.avgMinutes} minutes on average.`;
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
