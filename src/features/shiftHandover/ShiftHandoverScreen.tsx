import { useMemo, useState } from 'react';
import { HANDOVER_STATUSES, type HandoverRowDto, type HandoverStatus } from '../../../domain/schemas/handover';
import { currentLanguage, t, useLanguage } from '../../app/i18n/i18n';
import { useSession } from '../../app/session/SessionContext';
import { useOperationCan } from '../../app/session/useOperationCan';
import { formatTime } from '../../app/time/projectTime';
import { Button, Modal } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { SelectField } from '../../app/widgets/SelectField';
import type { Column } from '../../app/widgets/table/DataTable';
import { PagedDetailTable } from '../../app/widgets/table/PagedDetailTable';
import { usePagedList } from '../../app/widgets/table/usePaging';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { useOpenedDetail } from '../../app/api/useOpenedDetail';
import { HandoverDraft } from './HandoverDraft';
import { HandoverSheet, shiftText } from './HandoverSheet';
import { PrintSheet } from './PrintSheet';
import { acceptHandover, handoverDetail, listHandovers } from './handoverApi';

const time = (v: number | null) => (v === null ? '--' : formatTime(v, 'yyyy-MM-dd HH:mm'));

/** Who handed over (or accepted) and when; the name is a person's, not translated. */
function PersonAt({ label, name, at }: { label: string; name: string; at: number | null }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd translate="no">
        {name} · {time(at)}
      </dd>
    </>
  );
}

/**
 * /shiftHandover (交接班, issue 29): the outgoing operator's summary of this shift with a note and 交班;
 * the handovers, each with its stored summary, 接班 for another operator and 打印 (A4).
 */
export default function ShiftHandoverScreen() {
  useLanguage();
  const lang = currentLanguage();
  const can = useOperationCan();
  const { user } = useSession();
  const [status, setStatus] = useState<'' | HandoverStatus>('');
  const invalidate = useInvalidate();
  // the handover opened, read afresh on every opening
  const { open, show, close } = useOpenedDetail((id) => ({ queryKey: queryKeys.handovers.detail(id), queryFn: () => handoverDetail(id) }));
  const [acceptNote, setAcceptNote] = useState('');
  const filter = useMemo(() => (status ? { status } : {}), [status]);
  const handovers = usePagedList((page) => ({
    queryKey: queryKeys.handovers.list({ page, filter }),
    queryFn: () => listHandovers({ page, filter }),
  }));
  const accept = async () => {
    if (!open) return;
    await acceptHandover(open.id, acceptNote.trim());
    toastSuccess(t('ho.accepted'));
    setAcceptNote('');
    // the detail shown and the list both read again
    invalidate(queryKeys.handovers.all);
  };
  const columns = useMemo<Column<HandoverRowDto>[]>(
    () => [
      { id: 'id', header: t('ho.id'), value: (r) => r.id, width: 70 },
      {
        id: 'shift',
        header: t('ho.shift'),
        value: (r) => shiftText(r.shift),
        cell: (r) => <span translate="no">{shiftText(r.shift)}</span>,
        width: 240,
      },
      { id: 'from', header: t('ho.from'), value: (r) => r.fromUserName, width: 110 },
      { id: 'handedAt', header: t('ho.handedAt'), value: (r) => time(r.handedAt), width: 150 },
      { id: 'status', header: t('ho.status'), value: (r) => t(`ho.state.${r.status}`), width: 100 },
      { id: 'to', header: t('ho.to'), value: (r) => r.toUserName ?? '--', width: 110 },
      { id: 'acceptedAt', header: t('ho.acceptedAt'), value: (r) => time(r.acceptedAt), width: 150 },
      { id: 'note', header: t('ho.note'), value: (r) => r.note ?? '', width: 200 },
    ],
    // the headers are said again in a new language
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lang is what changes t()'s answers
    [lang],
  );
  const mayAccept = open?.status === 'handed' && open.fromUserId !== user?.id && can('shift_handover');
  return (
    <ScreenFrame
      title={t('route.shiftHandover')}
      testId="shift-handover"
      filters={
        <SelectField
          label={t('ho.status')}
          value={status}
          onChange={(v) => (setStatus(v as '' | HandoverStatus), handovers.firstPage())}
          options={[{ value: '', label: t('wo.all') }, ...HANDOVER_STATUSES.map((s) => ({ value: s, label: t(`ho.state.${s}`) }))]}
        />
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 xl:flex-row">
        {can('shift_handover') && <HandoverDraft />}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          <PagedDetailTable testId="handover-table" columns={columns} page={handovers.table} rowId={(r) => r.id} onDetail={show} />
        </div>
      </div>
      <Modal open={!!open} onClose={close} title={t('ho.detailTitle')} width={680} closable>
        {open && (
          <div className="max-h-[70vh] space-y-3 overflow-y-auto" data-testid="handover-detail">
            <HandoverSheet shift={open.shift} summary={open.summary} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <PersonAt label={t('ho.from')} name={open.fromUserName} at={open.handedAt} />
              <dt className="text-muted">{t('ho.note')}</dt>
              <dd>{open.note ?? '--'}</dd>
              <dt className="text-muted">{t('ho.status')}</dt>
              <dd data-testid="handover-status">{t(`ho.state.${open.status}`)}</dd>
              {open.toUserName && (
                <>
                  <PersonAt label={t('ho.to')} name={open.toUserName} at={open.acceptedAt} />
                  <dt className="text-muted">{t('ho.acceptNote')}</dt>
                  <dd>{open.acceptNote ?? '--'}</dd>
                </>
              )}
            </dl>
            {mayAccept && (
              <label className="block text-sm">
                <span className="mb-1 block text-muted">{t('ho.acceptNote')}</span>
                <textarea
                  name="acceptNote"
                  className="w-full rounded border border-line bg-surface-2 p-2"
                  value={acceptNote}
                  onChange={(e) => setAcceptNote(e.target.value)}
                />
              </label>
            )}
            <div className="flex justify-end gap-2">
              <Button onClick={() => window.print()}>{t('ho.print')}</Button>
              {mayAccept && (
                <Button kind="primary" onClick={() => void accept().catch(() => undefined)}>
                  {t('ho.accept')}
                </Button>
              )}
            </div>
            <PrintSheet handover={open} />
          </div>
        )}
      </Modal>
    </ScreenFrame>
  );
}
