import type { OrderStatus } from '../../../domain/schemas/workorder';
import { levelState } from '../../../domain/alarmLanguage';
import { AlarmIcon } from '../../app/alarm/AlarmIcon';
import { t, useLanguage } from '../../app/i18n/i18n';

const LOOK: Record<OrderStatus, string> = {
  pending: 'bg-warn/15 text-warn',
  in_progress: 'bg-brand/15 text-brand',
  review: 'bg-surface-2 text-ink',
  closed: 'bg-ok/15 text-ok',
};

/**
 * The state of an order; an open overdue one is marked in the alarm language, like an unconfirmed
 * alarm of its level: the level's shape in its colour (事故 octagon, 报警 triangle, 预警 diamond) and 超时.
 */
export function OrderStatusBadge({ status, overdue, level }: { status: OrderStatus; overdue: boolean; level: number }) {
  useLanguage();
  const state = levelState(level);
  return (
    <span className="inline-flex items-center gap-1">
      <span className={`rounded px-1.5 py-0.5 text-xs ${LOOK[status]}`} data-testid="order-status">
        {t(`wo.state.${status}`)}
      </span>
      {overdue && status !== 'closed' && (
        <span
          className={`inline-flex items-center gap-1 rounded border border-line px-1.5 py-0.5 text-xs ${state === 'accident' ? 'font-bold' : 'font-medium'}`}
          data-testid="order-overdue"
          data-alarm-state={state}
        >
          <AlarmIcon state={state} size="1.1em" />
          {t('wo.overdue')}
        </span>
      )}
    </span>
  );
}
