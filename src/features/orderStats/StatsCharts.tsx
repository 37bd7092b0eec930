import { useMemo } from 'react';
import { ALARM_LOOK } from '../../../domain/alarmLanguage';
import type { OrderFiguresDto } from '../../../domain/schemas/orderFigures';
import { Chart } from '../../app/charts/Chart';
import { chartInk } from '../../app/charts/chartInk';
import { t, useLanguage } from '../../app/i18n/i18n';
import { useTheme } from '../../app/theme';
import { Card } from '../analysisReport/Panels';
import { typeText } from '../analysisReport/reportText';
import { barData, barOptions, trendData, trendOptions, type BarLayout, type TrendLayout } from './statsPlots';

type BarKey = Omit<BarLayout, 'format'>;

/** The repeated-alarm chart shows this many devices; the table under it lists them all. */
const TOP_REPEATED = 10;
const HEIGHT = 220;
const percent = (v: number) => `${Math.round(v * 10) / 10}%`;
const count = (v: number) => String(Math.round(v));

/** 处置统计's three uPlot charts: MTTA/MTTR over the period, false-alarm share per type, top repeated devices. */
export function StatsCharts({ figures }: { figures: OrderFiguresDto }) {
  useLanguage();
  const dark = useTheme() === 'dark';
  // Options are rebuilt only when what they show changes (a new language, theme or set of categories),
  // keyed by their JSON as the evidence chart does: uplot-react rebuilds the chart on a new options object.
  const trendKey = JSON.stringify({
    dark,
    unit: figures.unit,
    labels: { time: t('stats.time'), mtta: t('stats.mttaMedian'), mttr: t('stats.mttrMedian'), minutes: t('stats.minutes') },
  });
  const trend = useMemo(() => trendOptions(JSON.parse(trendKey) as TrendLayout), [trendKey]);
  const trendCols = useMemo(() => trendData(figures.series), [figures.series]);

  const typeKey = JSON.stringify({
    dark,
    categories: figures.falseByType.map((s) => typeText(s.type)),
    name: t('stats.type'),
    series: t('stats.falseShare'),
    colour: chartInk(dark).brand,
    max: 100,
  });
  const byType = useMemo(() => barOptions({ ...(JSON.parse(typeKey) as BarKey), format: percent }), [typeKey]);
  const byTypeCols = useMemo(() => barData(figures.falseByType.map((s) => s.share * 100)), [figures.falseByType]);

  const repeated = figures.repeated.slice(0, TOP_REPEATED);
  const deviceKey = JSON.stringify({
    dark,
    categories: repeated.map((r) => `${r.name} · ${typeText(r.type)}`),
    name: t('stats.device'),
    series: t('stats.count'),
    colour: ALARM_LOOK.alarm.colour[dark ? 'dark' : 'bright'],
  });
  const byDevice = useMemo(() => barOptions({ ...(JSON.parse(deviceKey) as BarKey), format: count }), [deviceKey]);
  const byDeviceCols = useMemo(() => barData(figures.repeated.slice(0, TOP_REPEATED).map((r) => r.alarms)), [figures.repeated]);

  return (
    <>
      <Card title={t('stats.trend')} testId="stats-trend" className="xl:col-span-2">
        <Chart options={trend} data={trendCols} height={HEIGHT} testId="stats-trend-chart" />
      </Card>
      <Card title={t('stats.falseByType')} testId="stats-false-type">
        {figures.falseByType.length ? (
          <Chart options={byType} data={byTypeCols} height={HEIGHT} testId="stats-false-type-chart" />
        ) : (
          <p className="py-8 text-center text-sm text-muted">{t('stats.none')}</p>
        )}
      </Card>
      <Card title={t('stats.repeated', { n: figures.repeatMin })} testId="stats-repeated">
        {repeated.length ? (
          <Chart options={byDevice} data={byDeviceCols} height={HEIGHT} testId="stats-repeated-chart" />
        ) : (
          <p className="py-8 text-center text-sm text-muted">{t('stats.none')}</p>
        )}
      </Card>
    </>
  );
}
