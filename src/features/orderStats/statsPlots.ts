import uPlot from 'uplot';
import type { FigureBucket, OrderFiguresDto } from '../../../domain/schemas/orderFigures';
import type { ChartOptions } from '../../app/charts/Chart';
import { chartInk } from '../../app/charts/chartInk';
import { formatTime } from '../../app/time/projectTime';

/**
 * The 处置统计 charts as uPlot options and columns: MTTA and MTTR medians over the period's buckets
 * (a line each, in minutes), and categorical bars (false-alarm share per alarm type, alarms of the
 * devices that repeat most) on an index axis labelled with the categories.
 */

const MINUTE = 60_000;
const toMinutes = (ms: number | null) => (ms === null ? null : Math.round((ms / MINUTE) * 10) / 10);
const TICK: Record<OrderFiguresDto['unit'], string> = { hour: 'HH:mm', day: 'MM-dd', month: 'yyyy-MM' };
const LEGEND: Record<OrderFiguresDto['unit'], string> = { hour: 'yyyy-MM-dd HH:mm', day: 'yyyy-MM-dd', month: 'yyyy-MM' };
/** the top of a value axis: a little above the largest value, never a flat zero-height scale */
const top = (max: number | null | undefined) => Math.max(1, Number.isFinite(max) ? max! : 0) * 1.15;

export function trendData(series: readonly FigureBucket[]): uPlot.AlignedData {
  return [series.map((b) => b.start / 1000), series.map((b) => toMinutes(b.mttaMs)), series.map((b) => toMinutes(b.mttrMs))];
}

export interface TrendLayout {
  dark: boolean;
  unit: OrderFiguresDto['unit'];
  labels: { time: string; mtta: string; mttr: string; minutes: string };
}

export function trendOptions(l: TrendLayout): ChartOptions {
  const c = chartInk(l.dark);
  const minutes = (_u: uPlot, v: number | null) => (v == null ? '--' : `${v} ${l.labels.minutes}`);
  return {
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, top(max)] } },
    axes: [
      {
        stroke: c.ink,
        grid: { stroke: c.grid },
        ticks: { stroke: c.grid },
        space: 60,
        values: (_u, splits) => splits.map((v) => formatTime(v * 1000, TICK[l.unit])),
      },
      { stroke: c.ink, grid: { stroke: c.grid }, ticks: { stroke: c.grid }, label: l.labels.minutes, labelSize: 16, size: 56 },
    ],
    series: [
      { label: l.labels.time, value: (_u, v) => (v == null ? '--' : formatTime(v * 1000, LEGEND[l.unit])) },
      { label: l.labels.mtta, stroke: c.brand, width: 2, points: { show: true, size: 8, fill: c.brand }, value: minutes },
      { label: l.labels.mttr, stroke: c.second, width: 2, dash: [8, 4], points: { show: true, size: 8, fill: c.second }, value: minutes },
    ],
  };
}

/** One bar per category: x is the category's index. */
export function barData(values: readonly number[]): uPlot.AlignedData {
  return [values.map((_, i) => i), [...values]];
}

export interface BarLayout {
  dark: boolean;
  /** the category names under the bars (shortened there, whole in the legend) */
  categories: string[];
  name: string;
  series: string;
  colour: string;
  /** the value in words: a share, a count */
  format: (v: number) => string;
  /** the scale's top when the values have a natural one (100 for a percentage) */
  max?: number | undefined;
}

/** A category name under its bar, shortened to what a bar's slot holds: the fewer the bars, the longer. */
const short = (s: string, bars: number) => {
  const n = bars <= 3 ? 24 : bars <= 6 ? 14 : 8;
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
};

export function barOptions(l: BarLayout): ChartOptions {
  const c = chartInk(l.dark);
  const n = l.categories.length;
  const bars = uPlot.paths.bars?.({ size: [0.6, 56], align: 0 });
  return {
    legend: { show: true },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0, n - 1) + 0.5] },
      y: { range: (_u, _min, max) => [0, l.max ?? top(max)] },
    },
    axes: [
      {
        stroke: c.ink,
        grid: { show: false },
        ticks: { stroke: c.grid },
        splits: () => l.categories.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => short(l.categories[i] ?? '', n)),
      },
      {
        stroke: c.ink,
        grid: { stroke: c.grid },
        ticks: { stroke: c.grid },
        size: 56,
        values: (_u, splits) => splits.map((v) => l.format(v)),
      },
    ],
    series: [
      { label: l.name, value: (_u, i) => (i == null ? '--' : (l.categories[i] ?? '')) },
      {
        label: l.series,
        stroke: l.colour,
        fill: l.colour,
        width: 0,
        points: { show: false },
        ...(bars ? { paths: bars } : {}),
        value: (_u, v) => (v == null ? '--' : l.format(v)),
      },
    ],
  };
}
