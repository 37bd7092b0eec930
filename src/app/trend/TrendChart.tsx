import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartView } from '../../../workers/seriesApi';
import { useTheme } from '../theme';
import { buildOptions, type PlotSeries, type PlotState, type TrendFlags } from './trendPlot';

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

/**
 * The curve of the trend component. The chart is built once per series layout; new views arrive
 * through setData and checkbox toggles only repaint, reading the flags from a ref.
 */
export function TrendChart({
  view,
  series,
  flags,
  height = 420,
  onSelect,
  onReset,
  onPainted,
}: {
  view: ChartView;
  series: PlotSeries[];
  flags: TrendFlags;
  height?: number;
  onSelect: (from: number, to: number) => void;
  onReset: () => void;
  onPainted?: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const theme = useTheme();
  const state = useRef<PlotState>({ flags, stats: view.stats, from: view.from, to: view.to });
  state.current = { flags, stats: view.stats, from: view.from, to: view.to };
  const handlers = useRef({ onSelect, onReset, onPainted });
  handlers.current = { onSelect, onReset, onPainted };
  const layoutKey = `${theme}|${series.map((s) => `${s.label}:${s.unit}:${s.scale}:${s.color}:${s.upperLimit}:${s.lowerLimit}`).join(',')}`;

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const opts = buildOptions({
      width: el.clientWidth || 800,
      height,
      series,
      dark: theme === 'dark',
      state: () => state.current,
      onSelect: (a, b) => handlers.current.onSelect(a, b),
      onReset: () => handlers.current.onReset(),
      onPainted: () => handlers.current.onPainted?.(),
    });
    plot.current = new uPlot(opts, toAligned(view), el);
    const ro = new ResizeObserver(() => plot.current?.setSize({ width: el.clientWidth, height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The view and flags reach an existing chart through the effects below
  }, [layoutKey, height]);

  const first = useRef(true);
  useEffect(() => {
    // The creating effect already drew this view.
    if (first.current) return void (first.current = false);
    plot.current?.setData(toAligned(view), true);
  }, [view]);

  useEffect(() => {
    const u = plot.current;
    // Re-ranging the y scales (limit lines must fit) needs a scale pass; setData on the same data gives one.
    if (u) u.setData(u.data, true);
  }, [flags]);

  return <div ref={host} data-testid="trend-chart" className="w-full" />;
}
