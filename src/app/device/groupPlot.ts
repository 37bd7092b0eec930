import type uPlot from 'uplot';
import { formatTime } from '../time/projectTime';
import type { ChartOptions } from '../charts/Chart';
import { PRECISION } from '../trend/trendScale';

export interface GroupSeries {
  label: string;
  color: string;
  /** 'y' for the left axis, 'y2' for the right */
  scale: 'y' | 'y2';
  unit: string;
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
  const ink = dark ? '#8ea0bd' : '#64748b';
  const grid = dark ? '#243452' : '#e5eaf0';
  const axis = (scale: string, unit: string, side: 1 | 3): uPlot.Axis => ({
    scale,
    side,
    stroke: ink,
    grid: { stroke: grid, show: side === 3 },
    ticks: { stroke: grid },
    label: unit,
    labelSize: 16,
    size: 56,
  });
  return {
    legend: { show: true },
    cursor: { drag: { x: true, y: false } },
    scales: { x: { time: true }, y: { auto: true }, y2: { auto: true } },
    axes: [
      // Room for 'HH:mm:ss.SSS' ticks, so labels never run into each other.
      { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid }, values: tickTimes, space: 100 },
      axis('y', leftUnit, 3),
      ...(rightUnit ? [axis('y2', rightUnit, 1)] : []),
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
