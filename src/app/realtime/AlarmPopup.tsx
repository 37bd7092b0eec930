import { useRef, type CSSProperties } from 'react';
import { useSelector } from '@xstate/react';
import { useClearCorner, type Corner } from './clearCorner';
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

// the top corners sit below the console's header (h-14)
const CORNER_STYLE: Record<Corner, CSSProperties> = {
  'bottom-right': { right: '1.2vw', bottom: '1.2vw' },
  'top-right': { right: '1.2vw', top: 'calc(3.5rem + 1.2vw)' },
  'bottom-left': { left: '1.2vw', bottom: '1.2vw' },
  'top-left': { left: '1.2vw', top: 'calc(3.5rem + 1.2vw)' },
};

/**
 * A new alarm or accident shows itself and hides after 60 s unless opened (spec §9), drawn in the alarm
 * language: the level's shape, label and colour. On a console it pops up in a corner that covers neither
 * the table's pagination nor the control in use (about a quarter of the screen's width, 14 px text up
 * to 4K's 33 px); on a wall it is `docked`: a strip across the bottom that takes its own room, so the
 * tiles reflow above it and nothing live is covered (issue 30).
 */
export function AlarmPopup({ docked = false }: { docked?: boolean }) {
  useLanguage();
  const { notifications } = useRealtime();
  const popup = useSelector(notifications, (s) => (s.matches({ popup: 'hidden' }) ? null : s.context.popup));
  const items = useSelector(notifications, (s) => s.context.items);
  const policy = useSelector(notifications, (s) => s.context.floodPolicy);
  const box = useRef<HTMLDivElement>(null);
  const corner = useClearCorner(box, !docked && popup !== null);
  if (!popup) return null;
  // Under a flood (of this device and type, or of this type across devices) the popup shows the group
  // (×N, newest time) and confirms all of it.
  const entry = groupNotices(items, policy).find((e) => e.kind === 'group' && e.group.ids.includes(popup.id));
  const group = entry?.kind === 'group' ? entry.group : null;
  const d = popup.description;
  const state = levelState(popup.level);
  const edge = { borderColor: alarmColourVar(state), borderWidth: state === 'accident' ? '0.3em' : '0.18em' };
  const title = (
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
  );
  const close = (
    <button
      type="button"
      aria-label={t('common.close')}
      onClick={() => notifications.send({ type: 'POPUP.DISMISS' })}
      className="rounded p-1 text-muted hover:text-ink"
    >
      <CloseIcon width="1.1em" height="1.1em" />
    </button>
  );
  const facts = (
    <div className="min-w-0">
      <div>
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
    </div>
  );
  const actions = (
    <div className="flex justify-end gap-[0.5em]">
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
  );
  const common = {
    role: 'alertdialog',
    'aria-label': noticeTypeText(popup),
    'data-testid': 'alarm-popup',
    'data-level': popup.level,
  } as const;
  if (docked)
    return (
      <div
        {...common}
        ref={box}
        data-docked
        style={{ ...edge, borderStyle: 'solid', borderInlineWidth: 0, borderBottomWidth: 0 }}
        className="flex w-full shrink-0 flex-wrap items-center gap-x-[2em] gap-y-[0.4em] bg-surface px-[1em] py-[0.5em] text-[max(16px,2vh)] text-ink"
      >
        {title}
        <div className="flex-1">{facts}</div>
        {actions}
        {close}
      </div>
    );
  return (
    <div
      {...common}
      ref={box}
      data-corner={corner}
      style={{ ...edge, ...CORNER_STYLE[corner] }}
      className="fixed z-40 w-[clamp(20rem,26vw,64rem)] rounded-[0.5em] border-solid bg-surface p-[1em] text-[max(14px,1.55vh)] text-ink shadow-2xl"
    >
      <div className="flex items-start justify-between">
        {title}
        {close}
      </div>
      <div className="mt-[0.5em]">{facts}</div>
      <div className="mt-[0.75em]">{actions}</div>
    </div>
  );
}
