import { useMemo } from 'react';
import type uPlot from 'uplot';
import { t, useLanguage } from '../i18n/i18n';
import { UPlotChart, type ChartSeries } from '../charts/UPlotChart';
import type { TrendGroup } from './realtimeTypes';

/** Aligns the group's series on one time axis (seconds, as uPlot wants), null where a series has no point. */
export function alignGroup(group: TrendGroup): uPlot.AlignedData {
  const times = [...new Set(group.measureDataList.flatMap((m) => m.dataList.map((p) => p.time)))].sort((a, b) => a - b);
  const index = new Map(times.map((tm, i) => [tm, i]));
  const columns = group.measureDataList.map((m) => {
    const col: (number | null)[] = new Array(times.length).fill(null);
    for (const p of m.dataList) col[index.get(p.time)!] = p.value;
    return col;
  });
  return [times.map((tm) => tm / 1000), ...columns] as uPlot.AlignedData;
}

function GroupChart({ title, group }: { title: string; group: TrendGroup }) {
  const data = useMemo(() => alignGroup(group), [group]);
  const series: ChartSeries[] = group.measureDataList.map((m, i) => ({
    label: m.measureName,
    unit: m.unit,
    color: group.configList[i]?.color ?? '#5470c6',
    scale: m.unit === group.leftUnit ? 'y' : 'y2',
  }));
  const empty = data[0].length === 0;
  return (
    <section className="rounded border border-line p-2" data-testid="trend-group">
      <h3 className="mb-1 text-sm font-medium">{title}</h3>
      {empty ? (
        <div className="flex h-[180px] items-center justify-center text-sm text-muted">{t('device.noData')}</div>
      ) : (
        <UPlotChart data={data} series={series} leftUnit={group.leftUnit} rightUnit={group.rightUnit || undefined} height={200} />
      )}
    </section>
  );
}

/** One chart per trend group with left and right unit axes; 没有获取到可用数据 when empty. */
export function TrendGroups({ trendData }: { trendData: Record<string, TrendGroup> }) {
  useLanguage();
  const groups = Object.entries(trendData);
  if (groups.length === 0) return <div className="p-6 text-center text-sm text-muted">{t('device.noData')}</div>;
  return (
    <div className="grid grid-cols-1 gap-3">
      {groups.map(([title, g]) => (
        <GroupChart key={title} title={title} group={g} />
      ))}
    </div>
  );
}
