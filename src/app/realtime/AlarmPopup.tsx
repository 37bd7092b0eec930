import { useSelector } from '@xstate/react';
import { formatTime } from '../time/projectTime';
import { alarmColourVar, levelState } from '../../../domain/alarmLanguage';
import { t, useLanguage } from '../i18n/i18n';
import { useRealtime } from './RealtimeContext';
import { CloseIcon } from '../ui/icons';
import { LevelMark } from '../alarm/AlarmMark';
import { groupNotices } from '../../../domain/floodGroups';
import { floodGroupText } from './FloodGroupRow';
import { ConfirmAlarmsButton } from './ConfirmAlarmsButton';
import { noticeTypeText, noticeValueText } from './notices';

/**
 * A new alarm or accident pops up over the screen and hides itself after 60 s unless opened (spec §9).
 * It scales with the screen (about a quarter of its width, text from 14 px up to 4K's 33 px) and is
 * drawn in the alarm language: the level's shape, label and colour.
 */
export function AlarmPopup() {
  useLanguage();
  const { notifications } = useRealtime();
  const popup = useSelector(notifications, (s) => (s.matches({ popup: 'hidden' }) ? null : s.context.popup));
  const items = useSelector(notifications, (s) => s.context.items);
  const policy = useSelector(notifications, (s) => s.context.floodPolicy);
  if (!popup) return null;
  // Under a flood (of this device and type, or of this type across devices) the popup shows the group
  // (×N, newest time) and confirms all of it.
  const entry = groupNotices(items, policy).find((e) => e.kind === 'group' && e.group.ids.includes(popup.id));
  const group = entry?.kind === 'group' ? entry.group : null;
  const d = popup.description;
  const state = levelState(popup.level);
  return (
    <div
      role="alertdialog"
      aria-label={noticeTypeText(popup)}
      data-testid="alarm-popup"
      data-level={popup.level}
      style={{ borderColor: alarmColourVar(state), borderWidth: state === 'accident' ? '0.3em' : '0.18em' }}
      className="fixed right-[1.2vw] bottom-[1.2vw] z-40 w-[clamp(20rem,26vw,64rem)] rounded-[0.5em] border-solid bg-surface p-[1em] text-[max(14px,1.55vh)] text-ink shadow-2xl"
    >
      <div className="flex items-start justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-x-[0.6em] text-[1.15em] font-semibold">
            <LevelMark level={popup.level} size="1.1em" />
            <span>{noticeTypeText(popup)}</span>
            {group && (
              <b
                className="rounded px-[0.3em]"
                style={{ background: alarmColourVar(state), color: `var(--vg-state-${state}-on)` }}
                data-testid="alarm-popup-count"
              >
                ×{group.count}
              </b>
            )}
          </div>
          <div className="font-mono text-[0.8em] text-muted">{formatTime(popup.time, 'yyyy-MM-dd HH:mm:ss.SSS')}</div>
        </div>
        <button
          type="button"
          aria-label={t('common.close')}
          onClick={() => notifications.send({ type: 'POPUP.DISMISS' })}
          className="rounded p-1 text-muted hover:text-ink"
        >
          <CloseIcon width="1.1em" height="1.1em" />
        </button>
      </div>
      <div className="mt-[0.5em]">
        {d.projectName ?? '--'} · {d.deviceName ?? '--'} <span className="text-muted">({d.deviceCode ?? '--'})</span>
      </div>
      <div className="mt-[0.25em]">
        {t('bell.value')}
        {t('punct.colon')}
        <b data-testid="alarm-popup-value">{noticeValueText(popup)}</b>
        {'\u3000'}
        {t('bell.contact')}
        {t('punct.colon')}
        {d.contactInfo ?? '--'}
      </div>
      {group && (
        <div className="mt-[0.25em] text-[0.9em] text-muted" data-testid="alarm-popup-group" data-scope={group.scope}>
          {floodGroupText(group)}
        </div>
      )}
      <div className="mt-[0.75em] flex justify-end gap-[0.5em]">
        <ConfirmAlarmsButton
          notices={group ? group.items : [popup]}
          testId={group ? 'alarm-popup-confirm-group' : 'alarm-popup-confirm'}
          className="rounded border border-line px-[0.8em] py-[0.25em] font-semibold"
        />
        {group && (
          <button
            type="button"
            data-testid="alarm-popup-read-group"
            className="rounded border border-line px-[0.8em] py-[0.25em]"
            onClick={() => notifications.send({ type: 'NOTICE.READ_MANY', ids: group.ids })}
          >
            {t('bell.readGroup')}
          </button>
        )}
        <button
          type="button"
          data-testid="alarm-popup-view"
          className="rounded bg-brand px-[0.8em] py-[0.25em] text-brand-ink"
          // Opens the device, takes the message off the bell and closes the popup, like 查看 in the bell.
          onClick={() => notifications.send({ type: 'NOTICE.VIEW', id: popup.id })}
        >
          {t('bell.view')}
        </button>
      </div>
    </div>
  );
}
