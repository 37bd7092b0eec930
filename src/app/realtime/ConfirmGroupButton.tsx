import { useState } from 'react';
import type { FloodGroup } from '../../../domain/floodGroups';
import type { Notice } from '../../../machines/notificationMachine';
import { confirmEvents } from '../api/eventConfirm';
import { t } from '../i18n/i18n';
import { useOperationCan } from '../session/useOperationCan';
import { toastSuccess } from '../ui/toastStore';
import { useRealtime } from './RealtimeContext';

/** The alarm events a group's messages opened, each once. */
const eventIdsOf = (group: FloodGroup<Notice>) => [
  ...new Set(group.items.map((n) => n.eventId).filter((id): id is number => typeof id === 'number')),
];

/**
 * 全部确认: one confirmation for every alarm event of a flood group (event/save), which also ends their
 * escalation on every console; the messages then leave the bell. Shown only to users who hold
 * event_confirm (the server checks again). A refused call keeps the group, and says why.
 */
export function ConfirmGroupButton({ group, className, testId }: { group: FloodGroup<Notice>; className: string; testId: string }) {
  const can = useOperationCan();
  const { notifications } = useRealtime();
  const [busy, setBusy] = useState(false);
  const ids = eventIdsOf(group);
  if (!can('event_confirm') || ids.length === 0) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      const r = await confirmEvents(ids);
      toastSuccess(t('bell.confirmGroupDone', { count: r.updated }));
      notifications.send({ type: 'NOTICE.READ_MANY', ids: group.ids });
    } catch {
      // the api client has shown the server's reason; the group stays to be confirmed again
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void confirm()} data-testid={testId}>
      {t('bell.confirmGroup')}
    </button>
  );
}
