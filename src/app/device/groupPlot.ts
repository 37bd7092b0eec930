import { ALARM_LOOK } from '../../../domain/alarmLanguage';
import uPlot from 'uplot';
import { formatTime } from '../time/projectTime';
import type { ChartOptions } from '../charts/Chart';
import { timeChartAxes } from '../charts/chartInk';
import { t } from '../i18n/i18n';
import { PRECISION, paddedRange } from '../trend/trendScale';
import { placeLabels } from '../trend/labelLayout';
import { rootScale } from '../ui/rem';

interface GroupSeries {
  label: string;
  color: string;
  /** 'y' for the left axis, 'y2' for the right */
  scale: 'y' | 'y2';
  unit: string;
  /** the device's thresholds for this measure (null: none), drawn as dashed lines */
  alarmLimit: number | null;
  warnLimit: number | null;
}

/** Threshold lines in the alarm language's 报警 and 预警 colours for the theme (domain/alarmLanguage.ts). */
const limitLook = (kind: 'alarm' | 'warn', dark: boolean) => {
  const look = ALARM_LOOK[kind === 'alarm' ? 'alarm' : 'warning'];
  const theme = dark ? 'dark' : 'bright';
  // the label is a chip of the level's colour with its ink: yellow or orange text on white reads poorly
  return { color: look.colour[theme], ink: look.onColour[theme] };
};

/** The threshold lines of a group: one per distinct limit and scale (three phases sharing 70 ℃ draw one line). */
function limitLines(series: readonly GroupSeries[]): { scale: 'y' | 'y2'; value: number; kind: 'alarm' | 'warn'; unit: string }[] {
  const seen = new Set<string>();
  const out: { scale: 'y' | 'y2'; value: number; kind: 'alarm' | 'warn'; unit: string }[] = [];
  for (const s of series)
    for (const [kind, value] of [
      ['alarm', s.alarmLimit],
      ['warn', s.warnLimit],
    ] as const) {
      if (value == null || seen.has(`${s.scale}|${kind}|${value}`)) continue;
      seen.add(`${s.scale}|${kind}|${value}`);
      out.push({ scale: s.scale, value, kind, unit: s.unit });
    }
  return out;
}

/** Dashed threshold lines with their labels (报警值 300 mA), placed so labels never overlap. */
function drawLimits(u: uPlot, lines: ReturnType<typeof limitLines>, dark: boolean) {
  const { ctx, bbox } = u;
  // canvas pixels per design pixel: the screen's density, times the console's growth on a large screen
  const px = uPlot.pxRatio * rootScale();
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  ctx.font = `${11 * px}px sans-serif`;
  const requests = lines.map((l) => {
    const y = u.valToPos(l.value, l.scale, true);
    const { color, ink } = limitLook(l.kind, dark);
    ctx.strokeStyle = color;
    ctx.lineWidth = px;
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    const text = `${t(l.kind === 'alarm' ? 'ledger.alarmLimit' : 'ledger.warnLimit')} ${l.value} ${l.unit}`.trim();
    const w = ctx.measureText(text).width + 6 * px;
    // at the left edge: over the oldest points, never the newest an operator reads
    return { text, color, ink, box: { x: bbox.left + 4 * px, y: y - 14 * px, w, h: 13 * px } };
  });
  ctx.setLineDash([]);
  const placed = placeLabels(
    requests.map((r) => r.box),
    bbox.top,
    bbox.top + bbox.height,
  );
  placed.forEach((b, i) => {
    ctx.fillStyle = requests[i]!.color;
    ctx.fillRect(b.x, b.y, b.w, b.h);
    ctx.fillStyle = requests[i]!.ink;
    ctx.fillText(requests[i]!.text, b.x + 3 * px, b.y + 10 * px);
  });
  ctx.restore();
  u.root.dataset.limits = JSON.stringify(
    lines.map((l, i) => ({ kind: l.kind, value: l.value, label: requests[i]!.text, color: requests[i]!.color })),
  );
}

export interface GroupLayout {
  dark: boolean;
  /** the legend's name of the time column, in the language in force (uPlot's default is "Time") */
  timeLabel: string;
  leftUnit: string;
  rightUnit: string | undefined;
  series: GroupSeries[];
}

const fmtValue = (_u: uPlot, v: number | null) => (v == null ? '--' : v.toFixed(PRECISION));
const fmtTime = (_u: uPlot, v: number | null) => (v == null ? '--' : formatTime(v * 1000, 'yyyy-MM-dd HH:mm:ss'));
// A few seconds of live points get sub-second ticks: they need milliseconds or every label reads the same.
const tickTimes = (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number) =>
  splits.map((v) => formatTime(v * 1000, incr >= 86_400 ? 'MM-dd' : incr >= 60 ? 'HH:mm' : incr >= 1 ? 'HH:mm:ss' : 'HH:mm:ss.SSS'));

/** The options of one trend group of the device realtime dialog: a left and an optional right unit axis. */
export function groupOptions({ dark, timeLabel, leftUnit, rightUnit, series }: GroupLayout): ChartOptions {
  const axes = timeChartAxes(dark, { labelSize: 16, size: 56 });
  const lines = limitLines(series);
  // The axes reach the thresholds, so a line is on the chart even while the values are far below it.
  const limitsOf = (scale: string) => lines.filter((l) => l.scale === scale).map((l) => l.value);
  return {
    legend: { show: true },
    cursor: { drag: { x: true, y: false } },
    scales: {
      x: { time: true },
      y: { range: (_u, min, max) => paddedRange(min, max, limitsOf('y')) },
      y2: { range: (_u, min, max) => paddedRange(min, max, limitsOf('y2')) },
    },
    hooks: { draw: [(u) => drawLimits(u, lines, dark)] },
    axes: [
      // Room for 'HH:mm:ss.SSS' ticks, so labels never run into each other.
      axes.time(tickTimes, 100),
      axes.unit('y', leftUnit, 3),
      ...(rightUnit ? [axes.unit('y2', rightUnit, 1)] : []),
    ],
    series: [
      { label: timeLabel, value: fmtTime },
      ...series.map((s) => ({
        // a unitless measure (探头状态) has no empty brackets
        label: s.unit ? `${s.label}(${s.unit})` : s.label,
        stroke: s.color,
        width: 1.5,
        scale: s.scale,
        spanGaps: false,
        value: fmtValue,
      })),
    ],
  };
}
