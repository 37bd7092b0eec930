import { t, useLanguage } from '../i18n/i18n';
import { CloseIcon } from '../ui/icons';
import { alarmColourVar } from '../../../domain/alarmLanguage';
import { useOptionalRealtime } from './RealtimeContext';
import { useRoleMessage, type RoleMessageStore } from './roleMessage';
import { contentOfEscalation } from './escalationText';

/**
 * The escalation message to the users of the chosen role (issue 19), in its own strip right under
 * the escalation banner. It takes its place in the page's flow instead of floating: on the wall and
 * the kiosk a floating toast covered the header counts and the tiles' values; here the tiles re-fit
 * to the height left, so nothing is ever covered. Text scales with the screen like the alarm popup.
 * `closable`: a console can close it; a wall is only looked at, it goes by itself.
 */
export function EscalationMessage({ closable = true }: { closable?: boolean }) {
  const realtime = useOptionalRealtime();
  if (!realtime) return null;
  return <Strip store={realtime.roleMessage} closable={closable} />;
}

function Strip({ store, closable }: { store: RoleMessageStore; closable: boolean }) {
  useLanguage();
  const message = useRoleMessage(store);
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="escalation-message"
      style={{ borderColor: alarmColourVar('accident') }}
      className="flex items-center justify-center gap-[0.6em] border-b-[0.2em] border-solid bg-surface px-4 py-[0.3em] text-[max(14px,1.55vh)] text-ink"
    >
      <span aria-hidden className="leading-none" style={{ color: alarmColourVar('accident') }}>
        ✉
      </span>
      <span className="min-w-0 font-semibold" data-testid="escalation-message-text">
        {contentOfEscalation(message)}
      </span>
      {closable && (
        <button type="button" aria-label={t('common.close')} onClick={store.dismiss} className="rounded p-1 text-muted hover:text-ink">
          <CloseIcon width="1em" height="1em" />
        </button>
      )}
    </div>
  );
}
