import { useState } from 'react';
import type { Notice } from '../../../machines/notificationMachine';
import { confirmEvents } from '../api/eventConfirm';
import { t } from '../i18n/i18n';
import { useOperationCan } from '../session/useOperationCan';
import { toastSuccess } from '../ui/toastStore';
import { useRealtime } from './RealtimeContext';

/** The alarm events the messages opened, each once. */
const eventIdsOf = (notices: readonly Notice[]) => [
  ...new Set(notices.map((n) => n.eventId).filter((id): id is number => typeof id === 'number')),
];

/**
 * 确认 (one alarm) or 全部确认 (a flood group): confirms the alarm events of the messages (event/save),
 * which also ends their escalation; the messages then leave the bell and the popup, here at once and
 * on every other console when the confirmation is pushed. Shown only to users who hold event_confirm
 * (the server checks again). A refused call keeps the messages, and the api client says why.
 */
export function ConfirmAlarmsButton({ notices, className, testId }: { notices: readonly Notice[]; className: string; testId: string }) {
  const can = useOperationCan();
  const { notifications } = useRealtime();
  const [busy, setBusy] = useState(false);
  const ids = eventIdsOf(notices);
  if (!can('event_confirm') || ids.length === 0) return null;
  const one = notices.length === 1;
  const confirm = async () => {
    setBusy(true);
    try {
      const r = await confirmEvents(ids);
      toastSuccess(one ? t('alarmEvent.confirmDone') : t('bell.confirmGroupDone', { count: r.updated }));
      notifications.send({ type: 'NOTICE.CONFIRMED', eventIds: ids });
    } catch {
      // the api client has shown the server's reason; the messages stay to be confirmed again
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void confirm()} data-testid={testId}>
      {t(one ? 'bell.confirm' : 'bell.confirmGroup')}
    </button>
  );
}
