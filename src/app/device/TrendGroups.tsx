import { useMemo } from 'react';
import type uPlot from 'uplot';
import { t, useLanguage } from '../i18n/i18n';
import { Chart } from '../charts/Chart';
import { useTheme } from '../theme';
import { groupOptions, type GroupLayout } from './groupPlot';
import type { TrendGroup } from './realtimeTypes';
import { measureChartText, measureText } from '../i18n/measureText';

/** Aligns the group's series on one time axis (seconds, as uPlot wants), null where a series has no point. */
function alignGroup(group: TrendGroup): uPlot.AlignedData {
  const times = [...new Set(group.measureDataList.flatMap((m) => m.dataList.map((p) => p.time)))].sort((a, b) => a - b);
  const index = new Map(times.map((tm, i) => [tm, i]));
  const columns = group.measureDataList.map((m) => {
    const col: (number | null)[] = new Array(times.length).fill(null);
    for (const p of m.dataList) col[index.get(p.time)!] = p.value;
    return col;
  });
  return [times.map((tm) => tm / 1000), ...columns] as uPlot.AlignedData;
}

/** Appends the live rows newer than the REST history (NaN gaps become uPlot's null). */
export function withLive(base: uPlot.AlignedData, live: Float64Array[] | undefined): uPlot.AlignedData {
  if (!live || live.length === 0 || live[0]!.length === 0) return base;
  const last = base[0].length ? base[0][base[0].length - 1]! : -Infinity;
  const from = live[0]!.findIndex((t) => t > last);
  if (from < 0) return base;
  const tail = (col: Float64Array) => Array.from(col.subarray(from), (v) => (Number.isNaN(v) ? null : v));
  return base.map((col, i) => [...Array.from(col as ArrayLike<number | null>), ...(live[i] ? tail(live[i]!) : [])]) as uPlot.AlignedData;
}

function GroupChart({ title, group, live }: { title: string; group: TrendGroup; live: Float64Array[] | undefined }) {
  const theme = useTheme();
  const data = useMemo(() => withLive(alignGroup(group), live), [group, live]);
  // The layout by value: a reloaded group with the same series keeps its chart and only sets data.
  const layout = JSON.stringify({
    dark: theme === 'dark',
    timeLabel: t('trend.time'),
    leftUnit: group.leftUnit,
    rightUnit: group.rightUnit || undefined,
    series: group.measureDataList.map((m, i) => ({
      label: measureText(m.dataId, m.measureName),
      unit: m.unit,
      color: group.configList[i]?.color ?? '#5470c6',
      scale: m.unit === group.leftUnit ? 'y' : 'y2',
      alarmLimit: m.alarmLimit ?? null,
      warnLimit: m.warnLimit ?? null,
    })),
  } satisfies GroupLayout);
  const options = useMemo(() => groupOptions(JSON.parse(layout) as GroupLayout), [layout]);
  const empty = data[0].length === 0;
  return (
    <section className="rounded border border-line p-2" data-testid="trend-group">
      <h3 className="mb-1 text-sm font-medium">{measureChartText(title)}</h3>
      {empty ? (
        <div className="flex h-[11.25rem] items-center justify-center text-sm text-muted">{t('device.noData')}</div>
      ) : (
        <Chart options={options} data={data} height={200} />
      )}
    </section>
  );
}

/** One chart per trend group with left and right unit axes; 没有获取到可用数据 when empty. */
export function TrendGroups({ trendData, live }: { trendData: Record<string, TrendGroup>; live?: Map<string, Float64Array[]> }) {
  useLanguage();
  const groups = Object.entries(trendData);
  if (groups.length === 0) return <div className="p-6 text-center text-sm text-muted">{t('device.noData')}</div>;
  return (
    <div className="grid grid-cols-1 gap-3">
      {groups.map(([title, g]) => (
        <GroupChart key={title} title={title} group={g} live={live?.get(title)} />
      ))}
    </div>
  );
}
