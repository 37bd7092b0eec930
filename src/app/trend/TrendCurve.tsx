import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ChartView } from '../../../workers/seriesApi';
import { Chart } from '../charts/Chart';
import { useTheme } from '../theme';
import { useLanguage } from '../i18n/i18n';
import { buildOptions, FLAG_KEYS, toAligned, type PlotEvidence, type PlotSeries, type PlotState, type TrendFlags } from './trendPlot';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import { evidenceLayout } from '../device/evidencePlot';

/** A warned series' evidence to draw over the curve (issue 31). */
export interface CurveEvidence {
  dto: EarlyWarningEvidenceDto;
  unit: string;
  scale: 'y' | 'y2';
}

interface CurveProps {
  view: ChartView;
  evidence: CurveEvidence | null;
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
function useTrendPlot({ view, series, flags, evidence, onSelect, onReset, onPainted }: Omit<CurveProps, 'height'>) {
  const theme = useTheme();
  const lang = useLanguage();
  const plotEvidence: PlotEvidence | null = useMemo(
    () => evidence && { dto: evidence.dto, scale: evidence.scale, layout: evidenceLayout(evidence.dto, evidence.unit, theme === 'dark') },
    // the language is in the layout's labels
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [evidence, theme, lang],
  );
  const current = (): PlotState => ({
    flags,
    stats: view.stats,
    from: view.from,
    to: view.to,
    dense: view.reduced,
    evidence: plotEvidence,
  });
  const state = useRef<PlotState>(current());
  const handlers = useRef({ onSelect, onReset, onPainted });
  // Layout effects run before uplot-react's passive ones build the chart or set its data.
  useLayoutEffect(() => {
    state.current = current();
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
  // and the evidence, which may widen both ranges (the limit, the projected crossing)
  const rescale = `${view.from}-${view.to}:${FLAG_KEYS.map((k) => (flags[k] ? 1 : 0)).join('')}:${plotEvidence ? `${plotEvidence.layout.crossingAt}-${plotEvidence.layout.limit}-${lang}` : ''}`;
  return { options, data, rescale };
}

/** The curve of the trend component: the view of the series worker drawn by the app's one chart. */
export function TrendCurve({ height, ...plot }: CurveProps) {
  const { options, data, rescale } = useTrendPlot(plot);
  return <Chart options={options} data={data} height={height} rescale={rescale} testId="trend-chart" />;
}
