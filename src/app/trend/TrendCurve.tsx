import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ChartView } from '../../../workers/seriesApi';
import { Chart } from '../charts/Chart';
import { useTheme } from '../theme';
import { useLanguage } from '../i18n/i18n';
import { buildOptions, FLAG_KEYS, toAligned, type PlotSeries, type PlotState, type TrendFlags } from './trendPlot';

interface CurveProps {
  view: ChartView;
  series: PlotSeries[];
  flags: TrendFlags;
  height: number;
  onSelect: (from: number, to: number) => void;
  onReset: () => void;
  onPainted?: () => void;
}

/**
 * The trend's options for <Chart>. They are built once per series layout and theme: a new query over the
 * same series keeps the chart and its view arrives through setData. The draw hooks and range functions
 * read the flags, statistics and view range from a ref at paint time, so a checkbox toggle only re-ranges
 * and repaints (the rescale key).
 */
function useTrendPlot({ view, series, flags, onSelect, onReset, onPainted }: Omit<CurveProps, 'height'>) {
  const theme = useTheme();
  const lang = useLanguage();
  const state = useRef<PlotState>({ flags, stats: view.stats, from: view.from, to: view.to, dense: view.reduced });
  const handlers = useRef({ onSelect, onReset, onPainted });
  // Layout effects run before uplot-react's passive ones build the chart or set its data.
  useLayoutEffect(() => {
    state.current = { flags, stats: view.stats, from: view.from, to: view.to, dense: view.reduced };
    handlers.current = { onSelect, onReset, onPainted };
  });
  // The layout by value: a new series array with the same content is not a new chart.
  // the language is part of the layout: the legend's time label follows a switch
  const layout = JSON.stringify({ dark: theme === 'dark', series, lang });
  const options = useMemo(() => {
    const { dark, series } = JSON.parse(layout) as { dark: boolean; series: PlotSeries[] };
    return buildOptions({
      series,
      dark,
      state: () => state.current,
      onSelect: (a, b) => handlers.current.onSelect(a, b),
      onReset: () => handlers.current.onReset(),
      onPainted: () => handlers.current.onPainted?.(),
    });
  }, [layout]);
  const data = useMemo(() => toAligned(view), [view]);
  // The x range comes from the view, not the data: a zoom whose points equal the last view's still re-ranges.
  const rescale = `${view.from}-${view.to}:${FLAG_KEYS.map((k) => (flags[k] ? 1 : 0)).join('')}`;
  return { options, data, rescale };
}

/** The curve of the trend component: the view of the series worker drawn by the app's one chart. */
export function TrendCurve({ height, ...plot }: CurveProps) {
  const { options, data, rescale } = useTrendPlot(plot);
  return <Chart options={options} data={data} height={height} rescale={rescale} testId="trend-chart" />;
}
