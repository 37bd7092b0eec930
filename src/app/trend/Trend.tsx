import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SeriesMeta } from '../../../domain/seriesWire';
import type { ChartView, SeriesRef } from '../../../workers/seriesApi';
import { tokenStorage } from '../api/tokenStorage';
import { acceptLanguage } from '../api/client';
import { queryKeys } from '../api/queryKeys';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';
import { Button } from '../ui/Modal';
import { toastError } from '../ui/toastStore';
import { LoadError } from '../widgets/LoadError';
import { seriesService, type SeriesService } from './seriesClient';
import { TrendCurve, type CurveEvidence } from './TrendCurve';
import type { EarlyWarningEvidenceDto } from '../../../domain/earlyWarning';
import { TrendStats } from './TrendStats';
import { TrendTable } from './TrendTable';
import { FLAG_KEYS, PALETTE, axisUnits, clampZoom, type PlotSeries, type TrendFlags } from './trendPlot';

export interface TrendSeries extends SeriesRef {
  label: string;
}

const FLAG_LABELS: Record<keyof TrendFlags, MessageKey> = {
  limit: 'trend.limit',
  extremes: 'trend.extremes',
  diff: 'trend.diff',
  avg: 'trend.avg',
  points: 'trend.points',
  rawMarks: 'trend.rawMarks',
};
const NO_FLAGS: TrendFlags = { limit: false, extremes: false, diff: false, avg: false, points: false, rawMarks: false };
/** Room the y axes take from the canvas: the worker reduces to the plot's own pixel width. */
const AXES_WIDTH = 130;
const pixelsOf = (box: HTMLElement | null) => Math.max(200, (box?.clientWidth ?? 1200) - AXES_WIDTH);

/** One load of the series worker: what it answered, and the worker holding its series for zoom and table pages. */
interface Loaded {
  service: SeriesService;
  metas: SeriesMeta[];
  /** the labels of the series asked for, in the same order as metas */
  labels: string[];
  rows: number;
  points: number;
  bounds: { from: number; to: number };
  /** the first view of the whole range */
  view: ChartView;
  timing: { fetchMs: number; computeMs: number };
  /** when it was loaded: the table's pages are of this load */
  loadedAt: number;
}

/**
 * The trend component (spec §2 "Trend component", §9 trend constants): several series on one time
 * axis with left/right axes by unit, the six checkboxes, 曲线 / 表格, drag zoom (never under an hour).
 * The bulk data lives in the series worker; this component only asks it for views and table pages.
 */
export function Trend({
  series,
  from,
  to,
  onViewChange,
  height = 420,
  evidence = null,
}: {
  series: TrendSeries[];
  from: number;
  to: number;
  /** the range the curve shows (after zoom), e.g. for the export */
  onViewChange?: (from: number, to: number) => void;
  height?: number;
  /** the early-warning evidence of one of the series, drawn over it (issue 31) */
  evidence?: EarlyWarningEvidenceDto | null;
}) {
  useLanguage();
  const [flags, setFlags] = useState<TrendFlags>(NO_FLAGS);
  const [mode, setMode] = useState<'curve' | 'table'>('curve');
  const box = useRef<HTMLDivElement>(null);
  // The series by value: a parent's new array with the same series is not a new query.
  const seriesKey = JSON.stringify(
    series.map(({ deviceId, dataId, isDiffValue, label }) => ({ deviceId, dataId, isDiffValue: !!isDiffValue, label })),
  );
  const wanted = useMemo(() => JSON.parse(seriesKey) as TrendSeries[], [seriesKey]);

  const trend = useQuery({
    queryKey: queryKeys.trend.series(seriesKey, from, to),
    enabled: wanted.length > 0,
    // The worker holds the series of its latest load only: an answer kept in the cache for a later
    // return to its key would not be what the worker holds, so none outlives its screen's use of it.
    gcTime: 0,
    placeholderData: wanted.length > 0 ? keepPreviousData : undefined,
    queryFn: async (): Promise<Loaded | null> => {
      performance.mark('trend:query');
      const service = await seriesService();
      try {
        const r = await service.load({
          token: tokenStorage.get(),
          lang: acceptLanguage(),
          userId: tokenStorage.userId(),
          series: wanted.map(({ deviceId, dataId, isDiffValue }) => ({ deviceId, dataId, isDiffValue: !!isDiffValue })),
          from,
          to,
          pixels: pixelsOf(box.current),
        });
        // null: a newer load (of another key) superseded this one in the worker
        return r && { service, ...r, labels: wanted.map((s) => s.label), bounds: { from, to }, loadedAt: performance.now() };
      } catch (err) {
        toastError((err as Error).message);
        throw err;
      }
    },
  });
  const loaded = wanted.length > 0 ? (trend.data ?? null) : null;
  const loading = trend.isFetching;
  // a failed load is shown in place with 重试 (which runs the same load again)
  const failure = trend.error ?? undefined;
  // A zoom answers for the load it was asked of: the view of a later load replaces it.
  const [zoom, setZoom] = useState<{ of: Loaded; view: ChartView } | null>(null);
  const view = loaded ? (zoom?.of === loaded ? zoom.view : loaded.view) : null;

  // The parent hears of a new view; a new callback identity alone is not a new view.
  const announceView = useEffectEvent((v: ChartView) => onViewChange?.(v.from, v.to));
  useEffect(() => {
    if (view) announceView(view);
  }, [view]);

  const zoomTo = useCallback(
    (a: number, b: number) => {
      if (!loaded) return;
      const z = clampZoom(a, b, loaded.bounds);
      void loaded.service.zoom(z.from, z.to, pixelsOf(box.current)).then((v) => setZoom({ of: loaded, view: v }));
    },
    [loaded],
  );
  const reset = useCallback(() => loaded && zoomTo(loaded.bounds.from, loaded.bounds.to), [loaded, zoomTo]);

  const plotSeries: PlotSeries[] = useMemo(() => {
    if (!loaded) return [];
    const { left } = axisUnits(loaded.metas.map((m) => m.unit));
    return loaded.metas.map((m, k) => ({
      label: loaded.labels[k] ?? m.dataIdName,
      unit: m.unit,
      color: PALETTE[k % PALETTE.length]!,
      scale: m.unit === left ? 'y' : 'y2',
      upperLimit: m.upperLimit,
      lowerLimit: m.lowerLimit,
    }));
  }, [loaded]);

  // the evidence goes on the scale of its own series, once that series is loaded
  const curveEvidence: CurveEvidence | null = useMemo(() => {
    if (!evidence || !loaded) return null;
    const k = wanted.findIndex((w) => w.deviceId === evidence.deviceId && w.dataId === evidence.dataId && !w.isDiffValue);
    const ps = plotSeries[k];
    return ps && k < loaded.metas.length ? { dto: evidence, unit: ps.unit, scale: ps.scale } : null;
  }, [evidence, loaded, wanted, plotSeries]);

  const zoomed = !!(view && loaded && (view.from !== loaded.bounds.from || view.to !== loaded.bounds.to));
  const empty = !loaded || loaded.points === 0;
  return (
    <div
      ref={box}
      className="flex min-w-0 flex-col gap-2"
      data-testid="trend"
      data-loading={loading ? 'true' : 'false'}
      data-view-from={view?.from}
      data-view-to={view?.to}
      data-fetch-ms={loaded?.timing.fetchMs}
      data-compute-ms={loaded?.timing.computeMs}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {FLAG_KEYS.map((k) => (
          <label key={k} className="inline-flex cursor-pointer items-center gap-1.5">
            <input
              type="checkbox"
              data-flag={k}
              checked={flags[k]}
              onChange={(e) => setFlags((f) => ({ ...f, [k]: e.target.checked }))}
              className="accent-brand"
            />
            {t(FLAG_LABELS[k])}
          </label>
        ))}
        <label className="ml-auto inline-flex items-center gap-2">
          <span className="text-muted">{t('trend.view')}</span>
          <select
            aria-label={t('trend.view')}
            value={mode}
            onChange={(e) => setMode(e.target.value as 'curve' | 'table')}
            className="rounded border border-line bg-surface-2 px-2 py-1"
            data-testid="trend-mode"
          >
            <option value="curve">{t('trend.curve')}</option>
            <option value="table">{t('trend.table')}</option>
          </select>
        </label>
      </div>
      <div className="flex items-center gap-3 text-xs text-muted">
        {loading ? (
          <span>{t('trend.loading')}</span>
        ) : (
          loaded && (
            <span data-testid="trend-count">
              {view?.reduced ? t('trend.reduced', { count: loaded.points }) : t('trend.points.count', { count: loaded.points })}
            </span>
          )
        )}
        {mode === 'curve' && !empty && <span>{t('trend.zoomHint')}</span>}
        {mode === 'curve' && zoomed && <Button onClick={reset}>{t('trend.resetZoom')}</Button>}
      </div>
      {failure && !loading ? (
        <div className="rounded border border-dashed border-line">
          <LoadError error={failure} onRetry={() => void trend.refetch()} />
        </div>
      ) : empty ? (
        <p className="grid h-48 place-items-center rounded border border-dashed border-line text-sm text-muted" data-testid="trend-empty">
          {loading ? t('trend.loading') : t('trend.noData')}
        </p>
      ) : mode === 'curve' ? (
        view && (
          <>
            <TrendCurve
              view={view}
              evidence={curveEvidence}
              series={plotSeries}
              flags={flags}
              height={height}
              onSelect={zoomTo}
              onReset={reset}
              onPainted={() => performance.mark('trend:painted')}
            />
            <TrendStats series={plotSeries} stats={view.stats} flags={flags} />
          </>
        )
      ) : (
        <TrendTable service={loaded.service} series={plotSeries} total={loaded.rows} loadedAt={loaded.loadedAt} />
      )}
    </div>
  );
}
