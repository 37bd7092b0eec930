import { ALARM_LOOK } from '../../../domain/alarmLanguage';
import uPlot from 'uplot';
import { formatTime } from '../time/projectTime';
import type { ChartView } from '../../../workers/seriesApi';
import type { SeriesStats } from '../../../workers/seriesCore';
import type { ChartOptions } from '../charts/Chart';
import { timeChartAxes } from '../charts/chartInk';
import { t } from '../i18n/i18n';
import { axisUnits, paddedRange, PRECISION } from './trendScale';
import { placeLabels } from './labelLayout';
import { sharedLimits } from './sharedLimits';
import { rootScale } from '../ui/rem';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import { drawEvidenceOverlay, type EvidenceLayout } from '../device/evidencePlot';

export { axisUnits, clampZoom } from './trendScale';

export const PALETTE = [
  '#2563eb',
  '#f59e0b',
  '#10b981',
  '#ef4444',
  '#8b5cf6',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#f97316',
  '#14b8a6',
  '#6366f1',
  '#a855f7',
];
/**
 * A measure's alarm limits and the readings the device marked in alarm are drawn in the alarm
 * language's 报警 colour for the theme (domain/alarmLanguage.ts), as the wall, tables and bell draw it.
 */
let limitColour = ALARM_LOOK.alarm.colour.bright;
/** a limit's label is a chip of that colour with the language's ink on it (orange text on white reads poorly) */
let limitInk = ALARM_LOOK.alarm.onColour.bright;

export interface TrendFlags {
  limit: boolean;
  extremes: boolean;
  diff: boolean;
  avg: boolean;
  points: boolean;
  rawMarks: boolean;
}
export const FLAG_KEYS = ['limit', 'extremes', 'diff', 'avg', 'points', 'rawMarks'] as const;

export interface PlotSeries {
  label: string;
  unit: string;
  color: string;
  scale: 'y' | 'y2';
  upperLimit: number | null;
  lowerLimit: number | null;
}

/** What the draw hooks read at paint time (kept in a ref so toggles never rebuild the chart). */
export interface PlotState {
  flags: TrendFlags;
  stats: SeriesStats[];
  from: number;
  to: number;
  /** the view is folded per pixel (min/max per column): its lines are drawn one pixel wide */
  dense: boolean;
  /** the early-warning evidence of a warned series, drawn over it (issue 31); null when none is shown */
  evidence: PlotEvidence | null;
}

/** One series' early-warning evidence on the trend: the evidence, its layout and the series' y scale. */
export interface PlotEvidence {
  dto: EarlyWarningEvidenceDto;
  layout: EvidenceLayout;
  scale: 'y' | 'y2';
}

/**
 * The x range's end: the view's, or — when the view reaches the evidence's newest hour (it shows the
 * present) — far enough into the future for the projected crossing and its mark.
 */
function viewEnd(s: PlotState): number {
  const crossing = s.evidence?.layout.crossingAt ?? null;
  const newest = s.evidence?.dto.hourly.time.at(-1);
  if (crossing === null || newest === undefined || s.to < newest || crossing <= s.to) return s.to;
  return crossing + (crossing - s.from) * 0.03;
}

/** The evidence's limit on the scale it is drawn on, for the y range. */
const evidenceLimit = (s: PlotState, scale: string) =>
  s.evidence && s.evidence.scale === scale && s.evidence.layout.limit !== null ? [s.evidence.layout.limit] : [];

/**
 * Line widths (CSS px). A dense view (every pixel column holds a step's minimum and maximum) is drawn
 * one pixel wide: each column's range lands exactly on its column, where a wider stroke smears it
 * into its neighbours. It is also what the software rasterizer (no GPU) draws fast: a line of at most
 * one device pixel is a hairline, and the 1.5 px strokes of 8 dense series, every vertex a round
 * join, took about 70 ms to raster after the draw (10× the hairlines, in a Chromium trace).
 */
const LINE_WIDTH = 1.5;
const DENSE_LINE_WIDTH = 1;

export const fmt = (v: number | null | undefined) => (v == null || Number.isNaN(v) ? '--' : v.toFixed(PRECISION));
export const fmtTime = (ms: number) => formatTime(ms, 'yyyy-MM-dd HH:mm:ss');

const tickTimes = (u: uPlot, splits: number[], _ax: number, _space: number, incr: number) => {
  const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
  const f = incr >= 86_400 ? 'MM-dd' : span > 86_400 ? 'MM-dd HH:mm' : 'HH:mm';
  return splits.map((v) => formatTime(v * 1000, f));
};

let labelBg = 'rgba(255,255,255,0.85)';

/** A label asked for during a paint; all of them are placed together once the lines are drawn. */
interface LabelRequest {
  text: string;
  x: number;
  y: number;
  color: string;
  align: CanvasTextAlign;
  /** a chip's fill (the label's colour behind ink in contrast), instead of the plain backdrop */
  chip?: string;
}

/**
 * Draws the paint's labels where they do not overlap (labelLayout.placeLabels, in the order asked: limits,
 * average, difference, extremes) and reports their boxes on the chart's root for tests.
 */
function drawLabels(u: uPlot, requests: readonly LabelRequest[]) {
  const { ctx, bbox } = u;
  // canvas pixels per design pixel: the screen's density, times the console's growth on a large screen
  const px = uPlot.pxRatio * rootScale();
  ctx.font = `${11 * px}px sans-serif`;
  const pad = 3 * px;
  const h = 13 * px;
  const boxes = requests.map((r) => {
    const w = ctx.measureText(r.text).width + pad * 2;
    const left = r.align === 'right' ? r.x - w + pad : r.align === 'center' ? r.x - w / 2 : r.x - pad;
    return { x: Math.max(bbox.left, Math.min(left, bbox.left + bbox.width - w)), y: r.y - 10 * px, w, h };
  });
  const placed = placeLabels(boxes, bbox.top, bbox.top + bbox.height);
  ctx.textAlign = 'left';
  placed.forEach((b, i) => {
    const r = requests[i]!;
    ctx.fillStyle = r.chip ?? labelBg;
    ctx.fillRect(b.x, b.y, b.w, b.h);
    ctx.fillStyle = r.color;
    ctx.fillText(requests[i]!.text, b.x + pad, b.y + 10 * px);
  });
  u.root.dataset.labels = JSON.stringify(placed.map((b, i) => ({ text: requests[i]!.text, x: b.x, y: b.y, w: b.w, h: b.h })));
}

function hline(ctx: CanvasRenderingContext2D, u: uPlot, y: number, color: string, dash: number[]) {
  ctx.strokeStyle = color;
  ctx.lineWidth = uPlot.pxRatio;
  ctx.setLineDash(dash.map((d) => d * uPlot.pxRatio));
  ctx.beginPath();
  ctx.moveTo(u.bbox.left, y);
  ctx.lineTo(u.bbox.left + u.bbox.width, y);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Limits, extremes, difference, average and raw marks drawn over the series after each paint. */
function drawOverlays(u: uPlot, series: readonly PlotSeries[], st: PlotState) {
  const { ctx, bbox } = u;
  const px = uPlot.pxRatio * rootScale();
  const labels: LabelRequest[] = [];
  const label = (text: string, x: number, y: number, color: string, align: CanvasTextAlign = 'left', chip?: string) =>
    labels.push({ text, x, y, color, align, chip });
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  // One line and one label per limit value: devices sharing 70 ℃ draw it once. The label sits at the
  // left edge, where it covers the oldest points rather than the newest an operator is reading.
  if (st.flags.limit)
    for (const l of sharedLimits(series.filter((_ps, k) => u.series[k + 1]?.show))) {
      const y = u.valToPos(l.value, l.scale, true);
      hline(ctx, u, y, limitColour, [6, 4]);
      const who = l.names.length === 1 ? `${l.names[0]} ` : '';
      label(`${who}${t(l.key)} ${fmt(l.value)}`, bbox.left + 4 * px, y - 3 * px, limitInk, 'left', limitColour);
    }
  series.forEach((ps, k) => {
    if (!u.series[k + 1]?.show) return;
    const s = st.stats[k];
    const X = (ms: number) => u.valToPos(ms / 1000, 'x', true);
    const Y = (v: number) => u.valToPos(v, ps.scale, true);
    if (!s || s.count === 0) return;
    if (st.flags.avg && s.avg != null) {
      hline(ctx, u, Y(s.avg), ps.color, [2, 3]);
      label(`${t('trend.avg')} ${fmt(s.avg)}`, bbox.left + 4 * px, Y(s.avg) - 3 * px, ps.color);
    }
    if (st.flags.diff && s.first && s.last) {
      ctx.strokeStyle = ps.color;
      ctx.setLineDash([1 * px, 3 * px]);
      ctx.beginPath();
      ctx.moveTo(X(s.first.time), Y(s.first.value));
      ctx.lineTo(X(s.last.time), Y(s.last.value));
      ctx.stroke();
      ctx.setLineDash([]);
      label(`${t('trend.diff')} ${fmt(s.diff)}`, X(s.last.time) - 4 * px, Y(s.last.value) - 6 * px, ps.color, 'right');
    }
    if (st.flags.extremes) {
      for (const [e, key, dy] of [
        [s.max, 'trend.max', -8],
        [s.min, 'trend.min', 16],
      ] as const) {
        if (!e) continue;
        const x = X(e.time);
        const y = Y(e.value);
        ctx.fillStyle = ps.color;
        ctx.beginPath();
        ctx.arc(x, y, 4 * px, 0, Math.PI * 2);
        ctx.fill();
        const align: CanvasTextAlign = x > bbox.left + bbox.width * 0.8 ? 'right' : x < bbox.left + bbox.width * 0.2 ? 'left' : 'center';
        label(`${t(key)} ${fmt(e.value)} (${formatTime(e.time, 'MM-dd HH:mm')})`, x, y + dy * px, ps.color, align);
      }
    }
    if (st.flags.rawMarks) {
      ctx.fillStyle = limitColour;
      const r = 4 * px;
      for (let i = 0; i < s.marks.time.length; i++) {
        const x = X(s.marks.time[i]!);
        const y = Y(s.marks.value[i]!);
        ctx.beginPath();
        ctx.moveTo(x, y - r - 6 * px);
        ctx.lineTo(x - r, y - 2 * r - 6 * px);
        ctx.lineTo(x + r, y - 2 * r - 6 * px);
        ctx.closePath();
        ctx.fill();
      }
    }
  });
  drawLabels(u, labels);
  ctx.restore();
}

/**
 * uPlot's AlignedData from the worker's view: the x array is used as transferred; a y array keeps its
 * typed form unless it has gaps, which uPlot needs as null (a few thousand points at most after reduction).
 */
export function toAligned(v: ChartView): uPlot.AlignedData {
  const ys = v.ys.map((y) => {
    for (let i = 0; i < y.length; i++) if (y[i] !== y[i]) return Array.from(y, (n) => (n !== n ? null : n));
    return y;
  });
  return [v.x, ...ys] as uPlot.AlignedData;
}

export function buildOptions(args: {
  series: readonly PlotSeries[];
  dark: boolean;
  state: () => PlotState;
  onSelect: (from: number, to: number) => void;
  onReset: () => void;
  onPainted: () => void;
}): ChartOptions {
  const { series, state } = args;
  const axes = timeChartAxes(args.dark, { labelSize: 18, size: 60 });
  const units = axisUnits(series.map((s) => s.unit));
  const limitsOf = (scale: string) =>
    state().flags.limit
      ? series.filter((s) => s.scale === scale).flatMap((s) => [s.upperLimit, s.lowerLimit].filter((v): v is number => v != null))
      : [];
  return {
    legend: { show: true },
    cursor: {
      drag: { x: true, y: false, setScale: false },
      bind: {
        dblclick: () => () => {
          args.onReset();
          return null;
        },
      },
    },
    scales: {
      x: { time: true, range: () => [state().from / 1000, viewEnd(state()) / 1000] },
      y: { range: (_u, min, max) => paddedRange(min, max, [...limitsOf('y'), ...evidenceLimit(state(), 'y')]) },
      y2: { range: (_u, min, max) => paddedRange(min, max, [...limitsOf('y2'), ...evidenceLimit(state(), 'y2')]) },
    },
    axes: [
      // Room for 'MM-dd HH:mm' ticks, so multi-day ranges never print overlapping labels.
      axes.time(tickTimes, 110),
      axes.unit('y', units.left, 3),
      ...(units.right !== undefined ? [axes.unit('y2', units.right, 1)] : []),
    ],
    series: [
      { label: t('trend.time'), value: (_u, v) => (v == null ? '--' : fmtTime(v * 1000)) },
      ...series.map((s) => ({
        label: s.unit ? `${s.label}(${s.unit})` : s.label,
        stroke: s.color,
        width: LINE_WIDTH,
        scale: s.scale,
        spanGaps: false,
        value: (_u: uPlot, v: number | null) => fmt(v),
        points: { show: () => state().flags.points, size: 5, fill: s.color },
      })),
    ],
    hooks: {
      // uPlot reads a series' width at each paint: a zoom between dense and sparse views needs no rebuild.
      drawClear: [
        (u) => {
          const width = state().dense ? DENSE_LINE_WIDTH : LINE_WIDTH;
          for (let i = 1; i < u.series.length; i++) u.series[i]!.width = width;
        },
      ],
      setSelect: [
        (u) => {
          const { left, width } = u.select;
          if (width < 3) return;
          const a = u.posToVal(left, 'x') * 1000;
          const b = u.posToVal(left + width, 'x') * 1000;
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          args.onSelect(a, b);
        },
      ],
      draw: [
        (u) => {
          labelBg = args.dark ? 'rgba(15,23,42,0.85)' : 'rgba(255,255,255,0.85)';
          limitColour = ALARM_LOOK.alarm.colour[args.dark ? 'dark' : 'bright'];
          limitInk = ALARM_LOOK.alarm.onColour[args.dark ? 'dark' : 'bright'];
          drawOverlays(u, series, state());
          const evidence = state().evidence;
          if (evidence) drawEvidenceOverlay(u, evidence.dto, evidence.layout, evidence.scale);
          if (u.data[0].length) args.onPainted();
        },
      ],
    },
  };
}
