import { useCallback, useMemo } from 'react';
import type { DeliveryDto } from '../../../domain/schemas/notify';
import { alarmLabel, levelState } from '../../../domain/alarmLanguage';
import { LevelMark } from '../../app/alarm/AlarmMark';
import { currentLanguage, t } from '../../app/i18n/i18n';
import { formatTime } from '../../app/time/projectTime';
import type { Column } from '../../app/widgets/table/DataTable';
import { deliveryKindText, kindText, statusText } from '../notify/notifyText';
import { DeliveryStatusMark } from './DeliveryStatusMark';
import { ResendButton } from './ResendButton';

const time = (ms: number | null) => (ms ? formatTime(ms, 'yyyy-MM-dd HH:mm:ss') : '--');

/** Who a delivery went to: the user and the address used, or the channel's own recipients. */
const recipientOf = (d: DeliveryDto) => [d.userName, d.recipient].filter(Boolean).join(' · ') || '--';

/**
 * The columns of a delivery list (通知记录 and an event's detail): channel, recipient, status,
 * attempts, last error in words, sent time in the project zone. `withEvent` adds the alarm's id.
 */
function deliveryColumns(withEvent: boolean): Column<DeliveryDto>[] {
  return [
    { id: 'createdAt', header: t('notify.createdAt'), value: (d) => time(d.createdAt), width: 160 },
    // the event's own detail shows its level above the list
    ...(withEvent
      ? [
          { id: 'event', header: t('notify.event'), value: (d: DeliveryDto) => d.eventId ?? '--', width: 70 },
          {
            id: 'level',
            header: t('alarmEvent.level'),
            value: (d: DeliveryDto) => (d.level === null ? '' : alarmLabel(levelState(d.level), currentLanguage())),
            cell: (d: DeliveryDto) => (d.level === null ? '--' : <LevelMark level={d.level} />),
            width: 120,
          },
        ]
      : []),
    {
      id: 'kind',
      header: t('notify.deliveryKind'),
      // a message merged into another (a flood digest, a rate limit) says so
      value: (d) => (d.mergedInto ? `${deliveryKindText(d.kind)} · ${t('notify.merged')}` : deliveryKindText(d.kind)),
      width: 110,
    },
    {
      id: 'channel',
      header: t('notify.channel'),
      value: (d) => `${d.channelName ?? `#${d.channelId}`} (${kindText(d.channelKind)})`,
      width: 190,
    },
    { id: 'recipient', header: t('notify.recipient'), value: recipientOf, width: 130 },
    {
      id: 'status',
      header: t('notify.status'),
      value: (d) => statusText(d.status),
      cell: (d) => <DeliveryStatusMark status={d.status} />,
      width: 100,
    },
    { id: 'attempts', header: t('notify.attempts'), value: (d) => d.attempts, width: 90 },
    {
      id: 'lastError',
      header: t('notify.lastError'),
      value: (d) => d.lastError ?? '',
      cell: (d) => <span title={d.lastError ?? ''}>{d.lastError ?? '--'}</span>,
    },
    { id: 'sentAt', header: t('notify.sentAt'), value: (d) => time(d.sentAt), width: 160 },
  ];
}

/**
 * A delivery list's columns with 重发 on each row, and the list's reload (its 刷新, and after a
 * resend). `withEvent`: 通知记录, which names each delivery's alarm.
 */
export function useDeliveryColumns(list: { refetch: () => unknown }, withEvent: boolean) {
  const { refetch } = list;
  const reload = useCallback(() => void refetch(), [refetch]);
  const columns = useMemo<Column<DeliveryDto>[]>(
    () => [
      ...deliveryColumns(withEvent),
      {
        id: 'action',
        header: t('alarmEvent.action'),
        sortable: false,
        value: () => '',
        // the event's detail, a dialog, is narrower
        width: withEvent ? 100 : 90,
        cell: (d) => <ResendButton delivery={d} onResent={reload} />,
      },
    ],
    [reload, withEvent],
  );
  return { columns, reload };
}
