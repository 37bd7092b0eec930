import { useMemo } from 'react';
import type { OrderDetailDto } from '../../../domain/schemas/workorder';
import { MEASURE_BY_ID } from '../../../domain/telemetry';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { Trend, type TrendSeries } from '../../app/trend/Trend';

/** how far before the first alarm and after its end (or 处理完成) the trend reaches */
const AROUND_MS = 2 * 3600_000;

/**
 * The devices' readings around the order's alarms (issue 29): each alarmed measure from two hours
 * before the first alarm to two hours after the last end (or 处理完成, or now), on the history
 * screen's trend component and its series worker.
 */
export function OrderTrend({ order }: { order: OrderDetailDto }) {
  useLanguage();
  const en = currentLanguage() === 'en';
  const series = useMemo<TrendSeries[]>(() => {
    const seen = new Set<string>();
    return order.events.flatMap((e) => {
      const key = `${e.deviceId}|${e.dataId}`;
      if (e.dataId === null || seen.has(key)) return [];
      seen.add(key);
      const def = MEASURE_BY_ID.get(e.dataId);
      return [
        { deviceId: e.deviceId, dataId: e.dataId, label: `${e.deviceName ?? e.deviceId} ${def ? (en ? def.en : def.name) : e.dataId}` },
      ];
    });
  }, [order.events, en]);
  const { from, to } = useMemo(() => {
    const first = Math.min(...order.events.map((e) => e.eventtime));
    const last = Math.max(...order.events.map((e) => e.endtime ?? e.eventtime), order.resolvedAt ?? 0);
    // the end is fixed when the detail opens, so a re-render does not ask the worker again
    return { from: first - AROUND_MS, to: Math.min(Date.now(), last + AROUND_MS) };
  }, [order.events, order.resolvedAt]);
  if (!series.length) return null;
  return (
    <section className="mt-3" data-testid="order-trend">
      <h3 className="mb-1 text-sm font-medium">{t('wo.trend')}</h3>
      <Trend series={series} from={from} to={to} height={240} />
    </section>
  );
}
