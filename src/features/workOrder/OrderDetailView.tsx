import type { OrderDetailDto } from '../../../domain/schemas/workorder';
import { MEASURE_BY_ID } from '../../../domain/telemetry';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import { OrderPhotos } from './OrderPhotos';
import { OrderStatusBadge } from './OrderStatusBadge';

/** One order: its state, record, readings at 处理完成 and the stamped timeline. */
export function OrderDetailView({ order }: { order: OrderDetailDto }) {
  useLanguage();
  const en = currentLanguage() === 'en';
  const measure = (dataId: number) => {
    const def = MEASURE_BY_ID.get(dataId);
    return def ? { name: en ? def.en : def.name, unit: def.unit } : { name: String(dataId), unit: '' };
  };
  const time = (v: number | null) => (v === null ? '--' : formatTime(v, 'yyyy-MM-dd HH:mm:ss'));
  return (
    <div className="space-y-3 text-sm" data-testid="order-detail">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted">{t('wo.status')}</dt>
        <dd>
          <OrderStatusBadge status={order.status} overdue={order.overdueAt !== null} level={order.level} />
        </dd>
        <dt className="text-muted">{t('wo.events')}</dt>
        <dd translate="no">{order.eventIds.join(', ')}</dd>
        <dt className="text-muted">{t('wo.assignee')}</dt>
        <dd translate="no">{order.assigneeName ?? '--'}</dd>
        {order.groupName && (
          <>
            <dt className="text-muted">{t('wo.group')}</dt>
            <dd translate="no">{order.groupName}</dd>
          </>
        )}
        <dt className="text-muted">{t('wo.dueAt')}</dt>
        <dd>{time(order.dueAt)}</dd>
        <dt className="text-muted">{t('wo.cause')}</dt>
        <dd>{order.cause ?? '--'}</dd>
        <dt className="text-muted">{t('wo.measures')}</dt>
        <dd>{order.measures ?? '--'}</dd>
        {order.overrideReason && (
          <>
            <dt className="text-muted">{t('wo.overrideReason')}</dt>
            <dd>{order.overrideReason}</dd>
          </>
        )}
        <dt className="text-muted">{t('wo.photos')}</dt>
        <dd>
          <OrderPhotos fileIds={order.fileIds} />
        </dd>
      </dl>
      {order.readings && (
        <div>
          <h3 className="mb-1 font-medium">{t('wo.readings')}</h3>
          <ul className="space-y-0.5" data-testid="order-readings">
            {order.readings.map((r) => (
              <li key={`${r.deviceId}-${r.dataId}`} className={r.inRange ? '' : 'text-danger'}>
                {measure(r.dataId).name}: {r.value} {measure(r.dataId).unit}
                {r.alarmLimit !== null ? ` / ${r.alarmLimit} ${measure(r.dataId).unit}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h3 className="mb-1 font-medium">{t('wo.timeline')}</h3>
        <ol className="space-y-1 border-l border-line pl-3" data-testid="order-timeline">
          {order.timeline.map((s, i) => (
            <li key={i}>
              <span className="text-muted">{time(s.at)}</span> {t(`wo.action.${s.action}`)} ·{' '}
              <span translate="no">{s.actorName ?? '--'}</span>
              {typeof s.detail.reason === 'string' && <span className="text-muted"> · {s.detail.reason}</span>}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
