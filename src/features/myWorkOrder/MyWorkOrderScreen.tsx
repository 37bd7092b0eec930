import { useQuery } from '@tanstack/react-query';
import { t, useLanguage } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import { Button } from '../../app/ui/Modal';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useOpenedDetail } from '../../app/api/useOpenedDetail';
import { OrderDetailView } from '../workOrder/OrderDetailView';
import { OrderStatusBadge } from '../workOrder/OrderStatusBadge';
import { transition, workOrderQueries } from '../workOrder/workOrderApi';
import { RecordForm } from './RecordForm';

/** /myWorkOrder (我的工单): the assignee's open orders as cards, one column on a phone; accept and record on site. */
export default function MyWorkOrderScreen() {
  useLanguage();
  // the order opened, read afresh on every opening
  const { open, show, close } = useOpenedDetail(workOrderQueries.detail);
  const list = useQuery(
    workOrderQueries.list({ page: { index: 0, limit: 100 }, filter: { mine: true, status: ['pending', 'in_progress', 'review'] } }),
  );
  const invalidate = useInvalidate();
  // after accepting or recording: the detail shown and the list both read again
  const refresh = () => invalidate(queryKeys.workOrders.all);
  if (open)
    return (
      <section className="mx-auto flex max-w-xl flex-col gap-3 p-3" data-testid="my-workorder-detail">
        <Button onClick={close} className="self-start">
          {t('wo.back')}
        </Button>
        <h1 className="text-lg font-semibold">{t('wo.orderNo', { id: open.id })}</h1>
        <OrderDetailView order={open} />
        {open.status === 'pending' && (
          <Button kind="primary" className="w-full py-3" onClick={() => void transition(open.id, { action: 'accept' }).then(refresh)}>
            {t('wo.action.accept')}
          </Button>
        )}
        {open.status === 'in_progress' && <RecordForm order={open} onDone={refresh} />}
      </section>
    );
  const rows = list.data?.rows ?? [];
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-3 p-3" data-testid="my-workorder">
      <h1 className="text-lg font-semibold">{t('route.myWorkOrder')}</h1>
      {rows.length === 0 && !list.isFetching && <p className="text-muted">{t('wo.none')}</p>}
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              data-testid="my-order-card"
              className="w-full rounded-lg border border-line bg-surface p-3 text-left hover:bg-surface-2"
              onClick={() => show(r)}
            >
              <div className="flex items-center justify-between">
                <span className="font-medium">{t('wo.orderNo', { id: r.id })}</span>
                <OrderStatusBadge status={r.status} overdue={r.overdueAt !== null} level={r.level} />
              </div>
              <div className="mt-1 text-sm text-muted">
                {t('wo.dueAt')} {formatTime(r.dueAt, 'yyyy-MM-dd HH:mm')}
              </div>
              {r.assigneeId === null && r.groupName && (
                // an order of the user's group, waiting for a member to accept it
                <div className="mt-1 text-sm text-muted" translate="no">
                  {t('wo.group')}
                  {t('punct.colon')}
                  {r.groupName}
                </div>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
