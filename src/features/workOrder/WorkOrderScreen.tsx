import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OrderRowDto, OrderStatus } from '../../../domain/schemas/workorder';
import { ORDER_STATUSES } from '../../../domain/schemas/workorder';
import { t, useLanguage } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import { Button, Modal } from '../../app/ui/Modal';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { SelectField } from '../../app/widgets/SelectField';
import type { Column } from '../../app/widgets/table/DataTable';
import { PagedDetailTable } from '../../app/widgets/table/PagedDetailTable';
import { usePagedList } from '../../app/widgets/table/usePaging';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useOpenedDetail } from '../../app/api/useOpenedDetail';
import { OrderDetailView } from './OrderDetailView';
import { OrderStatusBadge } from './OrderStatusBadge';
import { OrderTrend } from './OrderTrend';
import { deviceTreeQuery, projectsOfTree } from '../../app/liveDevices/deviceTree';
import { transition, workOrderQueries } from './workOrderApi';

/** /workOrder (工单管理): every order the user may see, filtered by state and overdue; detail, review. */
export default function WorkOrderScreen() {
  const lang = useLanguage();
  const [status, setStatus] = useState<'' | OrderStatus>('');
  const [overdue, setOverdue] = useState<'' | 'yes' | 'no'>('');
  const [projectId, setProjectId] = useState('');
  const [assigneeId, setAssigneeId] = useState('');
  const projects = useQuery({ ...deviceTreeQuery, select: projectsOfTree });
  const people = useQuery(workOrderQueries.assignees(Number(projectId)));
  // no project chosen: nobody to offer (not the people of the project chosen before)
  const offeredPeople = projectId ? (people.data ?? []) : [];
  const invalidate = useInvalidate();
  // the order opened, read afresh on every opening
  const { open, show, close } = useOpenedDetail(workOrderQueries.detail);
  const [reason, setReason] = useState('');
  const filter = useMemo(
    () => ({
      ...(status ? { status: [status] } : {}),
      ...(overdue ? { overdue: overdue === 'yes' } : {}),
      ...(projectId ? { projectId: Number(projectId) } : {}),
      ...(assigneeId ? { assigneeId: Number(assigneeId) } : {}),
    }),
    [status, overdue, projectId, assigneeId],
  );
  const orders = usePagedList((page) => workOrderQueries.list({ page, filter }));
  const step = async (action: 'approve' | 'reject') => {
    if (!open) return;
    await transition(open.id, action === 'reject' ? { action, reason } : { action });
    setReason('');
    // the detail shown and the list both read again
    invalidate(queryKeys.workOrders.all);
  };
  const columns = useMemo<Column<OrderRowDto>[]>(
    () => [
      { id: 'id', header: t('wo.id'), value: (r) => r.id, width: 80 },
      {
        id: 'status',
        header: t('wo.status'),
        value: (r) => t(`wo.state.${r.status}`),
        cell: (r) => <OrderStatusBadge status={r.status} overdue={r.overdueAt !== null} level={r.level} />,
        width: 150,
      },
      { id: 'events', header: t('wo.events'), value: (r) => r.eventIds.join(', '), width: 120 },
      { id: 'assignee', header: t('wo.assignee'), value: (r) => r.assigneeName ?? r.groupName ?? '--', width: 120 },
      { id: 'createdAt', header: t('wo.createdAt'), value: (r) => formatTime(r.createdAt, 'yyyy-MM-dd HH:mm'), width: 150 },
      { id: 'dueAt', header: t('wo.dueAt'), value: (r) => formatTime(r.dueAt, 'yyyy-MM-dd HH:mm'), width: 150 },
      { id: 'cause', header: t('wo.cause'), value: (r) => r.cause ?? '--', width: 120 },
    ],
    // the headers are words of the language in force
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lang is what the t() calls inside read
    [lang],
  );
  return (
    <ScreenFrame
      title={t('route.workOrder')}
      testId="workorder"
      filters={
        <>
          <SelectField
            label={t('wo.status')}
            value={status}
            onChange={(v) => (setStatus(v as '' | OrderStatus), orders.firstPage())}
            options={[{ value: '', label: t('wo.all') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`wo.state.${s}`) }))]}
          />
          <SelectField
            label={t('wo.project')}
            name="projectId"
            value={projectId}
            dataOptions
            onChange={(v) => (setProjectId(v), setAssigneeId(''), orders.firstPage())}
            options={[{ value: '', label: t('wo.all') }, ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
          />
          <SelectField
            label={t('wo.assignee')}
            name="assigneeId"
            value={assigneeId}
            dataOptions
            onChange={(v) => (setAssigneeId(v), orders.firstPage())}
            options={[
              { value: '', label: t('wo.all') },
              ...offeredPeople.map((u) => ({ value: String(u.id), label: u.nicName || u.name })),
            ]}
          />
          <SelectField
            label={t('wo.overdue')}
            value={overdue}
            onChange={(v) => (setOverdue(v as '' | 'yes' | 'no'), orders.firstPage())}
            options={[
              { value: '', label: t('wo.all') },
              { value: 'yes', label: t('wo.overdueOnly') },
              { value: 'no', label: t('wo.inTime') },
            ]}
          />
        </>
      }
    >
      <PagedDetailTable testId="workorder-table" columns={columns} page={orders.table} rowId={(r) => r.id} onDetail={show} />
      <Modal open={!!open} onClose={close} title={t('wo.detailTitle')} width={900} closable>
        {open && (
          <div className="max-h-[78vh] overflow-y-auto pr-1">
            <OrderDetailView order={open} />
            <OrderTrend order={open} />
            {open.status === 'review' && (
              <div className="mt-4 space-y-2">
                <textarea
                  className="w-full rounded border border-line bg-surface-2 p-2 text-sm"
                  placeholder={t('wo.rejectReason')}
                  aria-label={t('wo.rejectReason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
                <div className="flex justify-end gap-2">
                  <Button onClick={() => void step('reject')} disabled={!reason.trim()}>
                    {t('wo.action.reject')}
                  </Button>
                  <Button kind="primary" onClick={() => void step('approve')}>
                    {t('wo.action.approve')}
                  </Button>
                </div>
              </div>
            )}
          </div>
        )}
      </Modal>
    </ScreenFrame>
  );
}
