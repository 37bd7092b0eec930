import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { format } from 'date-fns';
import { useTheme } from '../theme';

/** Spec §9: values shown with 2 decimals by default. */
export const PRECISION = 2;
const fmtValue = (_u: uPlot, v: number | null) => (v == null ? '--' : v.toFixed(PRECISION));
const fmtTime = (_u: uPlot, v: number | null) => (v == null ? '--' : format(v * 1000, 'yyyy-MM-dd HH:mm:ss'));
const tickTimes = (_u: uPlot, splits: number[], _ax: number, _space: number, incr: number) =>
  splits.map((v) => format(v * 1000, incr >= 86_400 ? 'MM-dd' : incr >= 60 ? 'HH:mm' : 'HH:mm:ss'));

export interface ChartSeries {
  label: string;
  color: string;
  /** 'y' for the left axis, 'y2' for the right */
  scale: 'y' | 'y2';
  unit: string;
}

/**
 * A thin React wrapper around uPlot: the chart is created once per series layout and later data
 * arrives through setData, so live refreshes do not rebuild the canvas.
 */
export function UPlotChart({
  data,
  series,
  height = 220,
  leftUnit,
  rightUnit,
  testId,
}: {
  data: uPlot.AlignedData;
  series: ChartSeries[];
  height?: number;
  leftUnit: string;
  rightUnit?: string | undefined;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const theme = useTheme();
  const layoutKey = `${theme}|${leftUnit}|${rightUnit ?? ''}|${series.map((s) => `${s.label}:${s.scale}`).join(',')}`;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const ink = theme === 'dark' ? '#8ea0bd' : '#64748b';
    const grid = theme === 'dark' ? '#243452' : '#e5eaf0';
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
    const opts: uPlot.Options = {
      width: el.clientWidth || 560,
      height,
      legend: { show: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true }, y: { auto: true }, y2: { auto: true } },
      axes: [
        { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid }, values: tickTimes },
        axis('y', leftUnit, 3),
        ...(rightUnit ? [axis('y2', rightUnit, 1)] : []),
      ],
      series: [
        { value: fmtTime },
        ...series.map((s) => ({
          label: `${s.label}(${s.unit})`,
          stroke: s.color,
          width: 1.5,
          scale: s.scale,
          spanGaps: false,
          value: fmtValue,
        })),
      ],
    };
    plot.current = new uPlot(opts, data, el);
    const ro = new ResizeObserver(() => plot.current?.setSize({ width: el.clientWidth, height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Data changes go through setData below; only a layout change rebuilds the chart
  }, [layoutKey, height]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data]);

  return <div ref={host} data-testid={testId} className="w-full" />;
}
