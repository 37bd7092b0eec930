import uPlot from 'uplot';
import { ALARM_LOOK } from '../../../domain/alarmLanguage';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import type { ChartOptions } from '../charts/Chart';
import { formatTime } from '../time/projectTime';
import { rootScale } from '../ui/rem';
import { PRECISION } from '../trend/trendScale';
import { t } from '../i18n/i18n';

/**
 * The early-warning evidence as uPlot columns: hourly medians, the normal band's edges and median,
 * and the fitted drift (two points: the window's start and the projected crossing, which may lie days
 * after the last hour and so extends the time axis).
 */
export function evidenceData(e: EarlyWarningEvidenceDto): uPlot.AlignedData {
  const times = e.hourly.time.map((tm) => tm / 1000);
  const cols = [e.hourly.value, e.hourly.upper, e.hourly.median, e.hourly.lower].map((c) => [...c]);
  const fitted: (number | null)[] = times.map(() => null);
  if (e.trend) {
    fitted[0] = e.trend.line.from.value;
    const end = e.trend.line.to.time / 1000;
    if (end > times[times.length - 1]!) {
      times.push(end);
      cols.forEach((c) => c.push(null));
      fitted.push(e.trend.line.to.value);
    } else fitted[fitted.length - 1] = e.trend.line.to.value;
  }
  return [times, ...cols, fitted] as uPlot.AlignedData;
}

export interface EvidenceLayout {
  dark: boolean;
  unit: string;
  labels: { time: string; value: string; upper: string; median: string; lower: string; fitted: string; limit: string; crossing: string };
  limit: number | null;
  crossingAt: number | null;
}

/** The layout of one series' evidence in the language in force. */
export function evidenceLayout(e: EarlyWarningEvidenceDto, unit: string, dark: boolean): EvidenceLayout {
  return {
    dark,
    unit,
    labels: {
      time: t('trend.time'),
      value: t('evidence.hourly'),
      upper: t('evidence.bandUpper'),
      median: t('evidence.bandMedian'),
      lower: t('evidence.bandLower'),
      fitted: t('evidence.fitted'),
      limit: t('ledger.alarmLimit'),
      crossing: t('evidence.crossing'),
    },
    limit: e.limit,
    crossingAt: e.trend?.crossingAt ?? null,
  };
}

/** The evidence's colours, one set for the dialog's chart and the history chart's overlay. */
function evidenceColours(dark: boolean) {
  return {
    value: dark ? '#7aa2ff' : '#2f5bd3',
    band: dark ? '#5b6b86' : '#94a3b8',
    bandFill: dark ? 'rgba(148,163,184,0.12)' : 'rgba(148,163,184,0.18)',
    warning: ALARM_LOOK.warning.colour[dark ? 'dark' : 'bright'],
    alarm: ALARM_LOOK.alarm.colour[dark ? 'dark' : 'bright'],
  };
}

/** The limit line and the projected crossing (a vertical mark with its time) drawn over the plot, on the y scale `scale`. */
function drawMarks(u: uPlot, l: EvidenceLayout, scale = 'y') {
  const { ctx, bbox } = u;
  const px = uPlot.pxRatio * rootScale();
  const alarm = evidenceColours(l.dark).alarm;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  ctx.strokeStyle = alarm;
  ctx.fillStyle = alarm;
  ctx.lineWidth = px;
  ctx.font = `${11 * px}px sans-serif`;
  // uPlot leaves its axis labels' alignment on the context: a left-anchored label needs its own
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.setLineDash([6 * px, 4 * px]);
  if (l.limit !== null) {
    const y = u.valToPos(l.limit, scale, true);
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    // at the left edge under the line: the newest points and the crossing are on the right, the plot's top above
    ctx.fillText(`${l.labels.limit} ${l.limit} ${l.unit}`, bbox.left + 4 * px, y + 13 * px);
  }
  if (l.crossingAt !== null) {
    const x = u.valToPos(l.crossingAt / 1000, 'x', true);
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    const text = `${l.labels.crossing} ${formatTime(l.crossingAt, 'MM-dd HH:mm')}`;
    const w = ctx.measureText(text).width;
    ctx.fillText(text, Math.max(bbox.left, x - w - 4 * px), bbox.top + 14 * px);
  }
  ctx.restore();
}

const fmtValue = (_u: uPlot, v: number | null) => (v == null ? '--' : v.toFixed(PRECISION));
const fmtTime = (_u: uPlot, v: number | null) => (v == null ? '--' : formatTime(v * 1000, 'yyyy-MM-dd HH:mm'));
// the app's own time format in the project zone, not uPlot's 12-hour US default
const tickTimes = (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number) =>
  splits.map((v) => formatTime(v * 1000, incr >= 86_400 ? 'MM-dd' : 'MM-dd HH:mm'));

export function evidenceOptions(l: EvidenceLayout): ChartOptions {
  const ink = l.dark ? '#8ea0bd' : '#64748b';
  const grid = l.dark ? '#243452' : '#e5eaf0';
  const { band, warning, value, bandFill } = evidenceColours(l.dark);
  return {
    legend: { show: true },
    cursor: { drag: { x: true, y: false } },
    scales: {
      x: { time: true },
      y: {
        range: (_u, min, max) => {
          const hi = Math.max(max, l.limit ?? max);
          const lo = Math.min(min, 0);
          return [lo, hi + (hi - lo) * 0.08];
        },
      },
    },
    axes: [
      { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid }, values: tickTimes, space: 90 },
      { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid }, label: l.unit, labelSize: 16, size: 56 },
    ],
    series: [
      { label: l.labels.time, value: fmtTime },
      { label: l.labels.value, stroke: value, width: 2, value: fmtValue },
      { label: l.labels.upper, stroke: band, dash: [4, 4], width: 1, value: fmtValue },
      { label: l.labels.median, stroke: band, width: 1, value: fmtValue },
      { label: l.labels.lower, stroke: band, dash: [4, 4], width: 1, value: fmtValue },
      { label: l.labels.fitted, stroke: warning, width: 2, dash: [10, 5], spanGaps: true, value: fmtValue },
    ],
    // the normal band shaded between its edges
    bands: [{ series: [2, 4], fill: bandFill }],
    hooks: { draw: [(u) => drawMarks(u, l)] },
  };
}

/**
 * The evidence drawn over another chart (the history screen's trend, issue 31): the normal band shaded
 * between its edges hour by hour, the fitted drift as the dashed 预警 line to its projected crossing,
 * and the limit and crossing marks — on that chart's time axis (seconds) and its y scale `scale`.
 */
export function drawEvidenceOverlay(u: uPlot, e: EarlyWarningEvidenceDto, l: EvidenceLayout, scale: string) {
  const { ctx, bbox } = u;
  const px = uPlot.pxRatio * rootScale();
  const c = evidenceColours(l.dark);
  const X = (ms: number) => u.valToPos(ms / 1000, 'x', true);
  const Y = (v: number) => u.valToPos(v, scale, true);
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  // the band: one polygon per run of hours that have both edges
  const { time, upper, lower } = e.hourly;
  ctx.fillStyle = c.bandFill;
  let bandRuns = 0;
  for (let i = 0; i < time.length;) {
    if (upper[i] == null || lower[i] == null) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < time.length && upper[j + 1] != null && lower[j + 1] != null) j++;
    ctx.beginPath();
    for (let k = i; k <= j; k++) ctx.lineTo(X(time[k]!), Y(upper[k]!));
    for (let k = j; k >= i; k--) ctx.lineTo(X(time[k]!), Y(lower[k]!));
    ctx.closePath();
    ctx.fill();
    bandRuns++;
    i = j + 1;
  }
  if (e.trend) {
    ctx.strokeStyle = c.warning;
    ctx.lineWidth = 2 * px;
    ctx.setLineDash([10 * px, 5 * px]);
    ctx.beginPath();
    ctx.moveTo(X(e.trend.line.from.time), Y(e.trend.line.from.value));
    ctx.lineTo(X(e.trend.line.to.time), Y(e.trend.line.to.value));
    ctx.stroke();
  }
  ctx.restore();
  drawMarks(u, l, scale);
  // what was drawn where (CSS px from the plot's corner), for the e2e suite to read off the canvas
  const css = (v: number) => Math.round(v / uPlot.pxRatio);
  u.root.dataset.evidence = JSON.stringify({
    bandRuns,
    fitted: e.trend
      ? [X(e.trend.line.from.time), Y(e.trend.line.from.value), X(e.trend.line.to.time), Y(e.trend.line.to.value)].map(css)
      : null,
    crossingX: l.crossingAt === null ? null : css(X(l.crossingAt)),
    plot: [bbox.left, bbox.top, bbox.width, bbox.height].map(css),
  });
}
