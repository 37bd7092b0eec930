import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { BIG_SCREEN_SHORT_DAYS, type BigScreenTrend } from '../../../domain/schemas/bigScreen';
import { ALARM_LOOK, levelState } from '../../../domain/alarmLanguage';
import { Chart, type ChartOptions } from '../../app/charts/Chart';
import { AlarmMark } from '../../app/alarm/AlarmMark';
import { useTheme } from '../../app/theme';
import { useScaledPx } from '../../app/ui/rem';
import { projectZone } from '../../app/time/projectZone';
import { zoneClock } from '../../app/time/zoneClock';
import { t, useLanguage } from '../../app/i18n/i18n';

/** A wall turns between the 7- and the 30-day trend by itself: nobody there clicks. */
const TREND_TURN_MS = 20_000;

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * The chart's options per theme, language and zoom (the console grown with the screen: lines and
 * points grow with it, <Chart> grows the axes): a line per level in the alarm language's colour, day ticks.
 */
function trendOptions(dark: boolean, levels: number[], zoom: number): ChartOptions {
  const ink = cssVar('--vg-muted') || (dark ? '#8ea0bd' : '#64748b');
  const grid = cssVar('--vg-line') || (dark ? '#243452' : '#e5eaf0');
  return {
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
    series: [
      {},
      ...levels.map((id) => {
        const colour = ALARM_LOOK[levelState(id)].colour[dark ? 'dark' : 'bright'];
        return {
          label: String(id),
          stroke: colour,
          width: 2.5 * zoom,
          points: { show: true, size: 7 * zoom, fill: colour, stroke: colour },
        };
      }),
    ],
    axes: [
      {
        stroke: ink,
        grid: { stroke: grid },
        ticks: { stroke: grid },
        space: 60,
        // MM-dd of the project zone's day (Intl, like the title strip's clock)
        values: (_u: uPlot, splits: number[]) => splits.map((s) => zoneClock(s * 1000, projectZone()).date.slice(5)),
      },
      { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid }, size: 44 },
    ],
  };
}

/** The height the chart may take in its box, in the design px that <Chart> scales with the console. */
function useBoxHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [h, setH] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current!;
    const measure = () => setH(el.clientHeight);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, h };
}

/**
 * Alarms per day by level over the last 7 or 30 project-zone days (uPlot, through the app's one
 * chart). The buttons choose; a wall (`turn`) changes between the two every TREND_TURN_MS.
 */
export function AlarmTrend({ trend, turn }: { trend: BigScreenTrend | undefined; turn: boolean }) {
  const lang = useLanguage();
  const theme = useTheme();
  const [days, setDays] = useState<7 | 30>(BIG_SCREEN_SHORT_DAYS);
  useEffect(() => {
    if (!turn) return;
    const timer = window.setInterval(() => setDays((d) => (d === 7 ? 30 : 7)), TREND_TURN_MS);
    return () => window.clearInterval(timer);
  }, [turn]);
  const levels = useMemo(() => (trend?.byLevel ?? []).map((l) => l.id), [trend]);
  const levelKey = levels.join(',');
  const zoom = useScaledPx(16) / 16;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt per theme, language, zoom and set of levels, not per answer
  const options = useMemo(() => trendOptions(theme === 'dark', levels, zoom), [theme, lang, levelKey, zoom]);
  const data = useMemo<uPlot.AlignedData>(() => {
    if (!trend) return [[]];
    const from = trend.days.length - days;
    return [trend.days.slice(from).map((d) => d / 1000), ...trend.byLevel.map((l) => l.counts.slice(from))];
  }, [trend, days]);
  const { ref, h } = useBoxHeight();

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="bs-trend-body" data-days={days}>
      <div className="flex shrink-0 flex-wrap items-center gap-x-[0.8rem] text-[0.95rem]">
        {levels.map((id) => (
          <AlarmMark key={id} state={levelState(id)} />
        ))}
        <span className="flex-1" />
        {([7, 30] as const).map((n) => (
          <button
            key={n}
            type="button"
            onClick={() => setDays(n)}
            aria-pressed={days === n}
            data-testid={`bs-trend-${n}`}
            className={`rounded px-[0.5em] ${days === n ? 'bg-brand font-semibold text-brand-ink' : 'text-muted hover:bg-surface-2'}`}
          >
            {t(n === 7 ? 'bigScreen.days7' : 'bigScreen.days30')}
          </button>
        ))}
      </div>
      <div ref={ref} className="min-h-0 flex-1 overflow-hidden">
        {trend && h > 0 && <Chart options={options} data={data} height={Math.max(60, Math.floor(h / zoom) - 4)} testId="bs-trend-chart" />}
      </div>
    </div>
  );
}
