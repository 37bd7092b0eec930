import { formatTime } from '../time/projectTime';
import type { SeriesStats } from '../../../workers/seriesCore';
import { t, useLanguage } from '../i18n/i18n';
import { fmt, type PlotSeries, type TrendFlags } from './trendPlot';

/** Under the curve: per series, the statistics whose checkbox is on, 2 decimals, extremes with their time. */
export function TrendStats({ series, stats, flags }: { series: PlotSeries[]; stats: SeriesStats[]; flags: TrendFlags }) {
  useLanguage();
  if (!flags.extremes && !flags.avg && !flags.diff && !flags.limit) return null;
  const when = (ms: number) => formatTime(ms, 'yyyy-MM-dd HH:mm:ss');
  return (
    <ul className="mt-2 grid gap-1 text-xs" data-testid="trend-stats">
      {series.map((s, k) => {
        const st = stats[k];
        return (
          <li key={s.label} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded bg-surface-2 px-2 py-1">
            <span className="inline-flex items-center gap-1 font-medium">
              <span className="inline-block size-2.5 rounded-full" style={{ background: s.color }} />
              {s.label}
            </span>
            {flags.extremes && (
              <>
                <span data-stat="max">
                  {t('trend.max')}: {fmt(st?.max?.value)}
                  {st?.max ? ` (${when(st.max.time)})` : ''}
                </span>
                <span data-stat="min">
                  {t('trend.min')}: {fmt(st?.min?.value)}
                  {st?.min ? ` (${when(st.min.time)})` : ''}
                </span>
              </>
            )}
            {flags.avg && (
              <span data-stat="avg">
                {t('trend.avg')}: {fmt(st?.avg)}
              </span>
            )}
            {flags.diff && (
              <span data-stat="diff">
                {t('trend.diff')}: {fmt(st?.diff)}
              </span>
            )}
            {flags.limit && (
              <span data-stat="limit">
                {t('trend.upper')}: {fmt(s.upperLimit)} · {t('trend.lower')}: {fmt(s.lowerLimit)}
              </span>
            )}
            {flags.rawMarks && (
              <span data-stat="marks">
                {t('trend.rawMarks')}: {st?.marks.time.length ?? 0}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
