import { useSelector } from '@xstate/react';
import { formatTime } from '../time/projectTime';
import { EVENT_LEVEL } from '../../../domain/enums';
import { t, useLanguage } from '../i18n/i18n';
import { useRealtime } from './RealtimeContext';
import { CloseIcon } from '../ui/icons';
import { noticeTypeText } from './notices';

/** A new alarm or accident pops up over the screen and hides itself after 60 s unless opened (spec §9). */
export function AlarmPopup() {
  useLanguage();
  const { notifications } = useRealtime();
  const popup = useSelector(notifications, (s) => (s.matches({ popup: 'hidden' }) ? null : s.context.popup));
  if (!popup) return null;
  const d = popup.description;
  const accident = popup.level === EVENT_LEVEL.ACCIDENT;
  return (
    <div
      role="alertdialog"
      aria-label={noticeTypeText(popup)}
      data-testid="alarm-popup"
      className={`fixed right-6 bottom-6 z-40 w-96 rounded-lg border-2 bg-surface p-4 text-ink shadow-2xl ${accident ? 'border-danger' : 'border-warn'}`}
    >
      <div className="flex items-start justify-between">
        <div>
          <div className={`text-base font-semibold ${accident ? 'text-danger' : 'text-warn'}`}>{noticeTypeText(popup)}</div>
          <div className="font-mono text-xs text-muted">{formatTime(popup.time, 'yyyy-MM-dd HH:mm:ss.SSS')}</div>
        </div>
        <button
          type="button"
          aria-label={t('common.close')}
          onClick={() => notifications.send({ type: 'POPUP.DISMISS' })}
          className="rounded p-1 text-muted hover:text-ink"
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <div className="mt-2 text-sm">
        {d.projectName ?? '--'} · {d.deviceName ?? '--'} <span className="text-muted">({d.deviceCode ?? '--'})</span>
      </div>
      <div className="mt-1 text-sm">
        {t('bell.value')}
        {t('punct.colon')}
        <b>{d.value ?? '--'}</b>
        {'\u3000'}
        {t('bell.contact')}
        {t('punct.colon')}
        {d.contactInfo ?? '--'}
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          data-testid="alarm-popup-view"
          className="rounded bg-brand px-3 py-1 text-sm text-brand-ink"
          // Opens the device, takes the message off the bell and closes the popup, like 查看 in the bell.
          onClick={() => notifications.send({ type: 'NOTICE.VIEW', id: popup.id })}
        >
          {t('bell.view')}
        </button>
      </div>
    </div>
  );
}
