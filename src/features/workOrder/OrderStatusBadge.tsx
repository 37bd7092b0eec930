import type { OrderStatus } from '../../../domain/schemas/workorder';
import { t, useLanguage } from '../../app/i18n/i18n';

const LOOK: Record<OrderStatus, string> = {
  pending: 'bg-warn/15 text-warn',
  in_progress: 'bg-brand/15 text-brand',
  review: 'bg-surface-2 text-ink',
  closed: 'bg-ok/15 text-ok',
};

/** The state of an order; an overdue one says so in the alarm colour. */
export function OrderStatusBadge({ status, overdue }: { status: OrderStatus; overdue: boolean }) {
  useLanguage();
  return (
    <span className="inline-flex items-center gap-1">
      <span className={`rounded px-1.5 py-0.5 text-xs ${LOOK[status]}`} data-testid="order-status">
        {t(`wo.state.${status}`)}
      </span>
      {overdue && status !== 'closed' && <span className="rounded bg-danger px-1.5 py-0.5 text-xs text-danger-ink">{t('wo.overdue')}</span>}
    </span>
  );
}
