import { useQuery } from '@tanstack/react-query';
import type { PecEvent } from '../../../domain/telemetry';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { t, useLanguage } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import { Button, Modal } from '../../app/ui/Modal';
import { DataTable } from '../../app/widgets/table/DataTable';
import { notifyQueries } from '../notify/notifyApi';
import { useDeliveryColumns } from '../notifyLog/deliveryColumns';
import { describeEvent, statusLabel, typeLabel } from './eventText';

/** An event's deliveries: every notification its rules produced (the few of one alarm fit one page). */
function EventDeliveries({ eventId }: { eventId: number }) {
  useLanguage();
  const list = useQuery(notifyQueries.deliveries({ page: { index: 0, limit: 100 }, filter: { eventId } }));
  const { columns, reload } = useDeliveryColumns(list, false);
  return (
    <section aria-label={t('notify.deliveries')} className="flex min-h-0 flex-col">
      <h3 className="mb-2 text-sm font-semibold">{t('notify.deliveries')}</h3>
      <div className="flex max-h-[45vh] min-h-0 flex-col">
        <DataTable
          testId="event-deliveries"
          columns={columns}
          data={list.data?.rows ?? []}
          load={list}
          getRowId={(d) => d.id}
          actions={<Button onClick={reload}>{t('alarmEvent.refresh')}</Button>}
          exportable={false}
        />
      </div>
    </section>
  );
}

/** 详情 of an alarm event: what happened, and who was notified of it with what outcome (issue 28). */
export function EventDetailDialog({ event, onClose }: { event: PecEvent | undefined; onClose: () => void }) {
  useLanguage();
  const fact = (label: string, value: React.ReactNode) => (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 truncate">{value}</dd>
    </>
  );
  return (
    <Modal open={!!event} onClose={onClose} title={t('alarmEvent.detailTitle')} width={1240} closable>
      {event && (
        <div data-testid="event-detail" data-event-id={event.id}>
          <dl className="mb-4 grid grid-cols-[max-content_1fr_max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
            {fact(t('alarmEvent.time'), <span className="tabular-nums">{formatTime(event.eventtime, 'yyyy-MM-dd HH:mm:ss')}</span>)}
            {fact(t('alarmEvent.level'), <LevelMark level={event.peceventlevel} />)}
            {fact(t('alarmEvent.project'), event.projectname)}
            {fact(t('alarmEvent.device'), `${event.devicename} ${event.devicecode}`)}
            {fact(t('alarmEvent.type'), typeLabel(event.customtype))}
            {fact(t('alarmEvent.status'), statusLabel(event.endeventid))}
            {fact(t('alarmEvent.value'), describeEvent(event))}
          </dl>
          <EventDeliveries eventId={event.id} />
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </div>
    </Modal>
  );
}
