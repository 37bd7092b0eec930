import { memo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatTime, useProjectZone } from '../time/projectTime';
import type { Notice } from '../../../machines/notificationMachine';
import { alarmLabel, levelState } from '../../../domain/alarmLanguage';
import { currentLanguage, t, useLanguage } from '../i18n/i18n';
import { useRealtime } from './RealtimeContext';
import { unlockSound } from './alarmSound';
import { BellIcon, SoundOffIcon, SoundOnIcon } from '../ui/icons';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { groupNotices } from '../../../domain/floodGroups';
import { ConfirmAlarmsButton } from './ConfirmAlarmsButton';
import { FloodGroupRow } from './FloodGroupRow';
import { noticeTypeText, noticeValueText } from './notices';
import { BELL_ACTION, BELL_ROW } from './bellStyles';
import { BellAction } from './BellAction';

const BADGE_MAX = 99;
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '--' : String(v));

/** The header bell (spec §2 "Header notification panel"): hover to open, 350 px high. */
export function NotificationBell({ shell, onOpenMessageCenter }: { shell: 'main' | 'platform'; onOpenMessageCenter: () => void }) {
  useLanguage();
  const { notifications, socket } = useRealtime();
  const connected = useSelector(socket, (s) => s.matches({ active: 'open' }));
  const items = useSelector(notifications, (s) => s.context.items);
  const muted = useSelector(notifications, (s) => s.context.muted);
  const soundOn = useSelector(notifications, (s) => s.context.soundOn);
  const floodPolicy = useSelector(notifications, (s) => s.context.floodPolicy);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const bell = useRef<HTMLButtonElement>(null);
  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hide = () => {
    closeTimer.current = window.setTimeout(() => setOpen(false), 200);
  };

  return (
    <div
      className="relative flex items-center gap-1"
      onMouseEnter={show}
      onMouseLeave={hide}
      // Escape closes the panel and gives focus back to the bell, as a dialog does
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        bell.current?.focus();
      }}
    >
      <button
        type="button"
        data-testid="sound-toggle"
        title={soundOn ? t('bell.soundOn') : t('bell.soundOff')}
        onClick={() => {
          void unlockSound();
          notifications.send({ type: 'SOUND.TOGGLE' });
        }}
        className="rounded p-1.5 hover:bg-white/10"
      >
        {soundOn ? <SoundOnIcon /> : <SoundOffIcon />}
      </button>
      <button
        type="button"
        ref={bell}
        data-testid="bell"
        data-socket={connected ? 'open' : 'closed'}
        aria-label={t('bell.title')}
        aria-expanded={open}
        onClick={() => (open ? setOpen(false) : show())}
        className="relative rounded p-1.5 hover:bg-white/10"
      >
        <BellIcon />
        {items.length > 0 && (
          <span
            data-testid="bell-badge"
            className="absolute -top-0.5 -right-1 min-w-5 rounded-full bg-danger px-1 text-center text-[0.6875rem] leading-5 font-semibold text-danger-ink"
          >
            {items.length > BADGE_MAX ? `${BADGE_MAX}+` : items.length}
          </span>
        )}
      </button>
      {open && (
        <div
          data-testid="bell-panel"
          role="dialog"
          aria-label={t('bell.title')}
          className="absolute top-full right-0 z-50 mt-2 flex h-[min(40rem,calc(100vh-4.5rem))] w-[min(32rem,calc(100vw-2rem))] flex-col rounded-lg border border-line bg-surface text-ink shadow-2xl"
        >
          <div className="flex items-baseline justify-between border-b border-line px-4 py-2">
            <span className="font-semibold">{t('bell.title')}</span>
            <span className="text-sm text-muted" data-testid="bell-count">
              {t('bell.count', { count: items.length })}
            </span>
          </div>
          <ul className="min-h-0 flex-1 overflow-y-auto">
            {/* a flood of one device and alarm type is one row, so it does not bury the others */}
            {groupNotices(items, floodPolicy).map((e, i) =>
              e.kind === 'one' ? (
                <NoticeRow key={e.notice.id} notice={e.notice} first={i === 0} showMute={i === 0 && !muted && soundOn} />
              ) : (
                <FloodGroupRow key={e.group.key} group={e.group} />
              ),
            )}
            {items.length === 0 && <li className="p-6 text-center text-sm text-muted">{t('bell.empty')}</li>}
          </ul>
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-4 py-2">
            <button type="button" className={BELL_ACTION} onClick={() => notifications.send({ type: 'NOTICE.CLEAR_ALL' })}>
              {t('bell.readAll')}
            </button>
            <button type="button" className={BELL_ACTION} onClick={onOpenMessageCenter} data-testid="open-message-center">
              {t('messageCenter.title')}
            </button>
            {shell !== 'platform' && (
              <Link href="/alarmEvent" className={BELL_ACTION} data-testid="view-all-messages" onClick={() => setOpen(false)}>
                {t('bell.viewAll')}
              </Link>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * Memoised: a new alarm renders its own row, not the 99 before it. The language and the project zone
 * are read here, so a row follows a switch of either without its parent.
 */
const NoticeRow = memo(function NoticeRow({ notice, first, showMute }: { notice: Notice; first: boolean; showMute: boolean }) {
  useLanguage();
  useProjectZone();
  const d = notice.description;
  return (
    <li className={BELL_ROW} data-testid="notice" data-first={first || undefined}>
      <div className="flex items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1.5 font-medium" data-level={notice.level}>
          {notice.level !== null && (
            <AlarmIcon state={levelState(notice.level)} size="1.15em" title={alarmLabel(levelState(notice.level), currentLanguage())} />
          )}
          {noticeTypeText(notice)}
        </span>
        <span className="font-mono text-muted">{formatTime(notice.time, 'yyyy-MM-dd HH:mm:ss')}</span>
      </div>
      <div className="mt-0.5 truncate text-ink">
        {dash(d.projectName)} · {dash(d.deviceName)} <span className="text-muted">({dash(d.deviceCode)})</span>
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-muted">
        <span>
          {t('bell.value')}
          {t('punct.colon')}
          <span className="text-ink" data-testid="notice-value">
            {noticeValueText(notice)}
          </span>
          {'\u3000'}
          {t('bell.contact')}
          {t('punct.colon')}
          <span className="text-ink">{dash(d.contactInfo)}</span>
        </span>
        <span className="flex gap-1.5">
          {showMute && (
            <BellAction event={{ type: 'NOTICE.MUTE' }} testId="notice-mute" className="text-warn">
              {t('bell.mute')}
            </BellAction>
          )}
          <BellAction event={{ type: 'NOTICE.VIEW', id: notice.id }} testId="notice-view">
            {t('bell.view')}
          </BellAction>
          <ConfirmAlarmsButton notices={[notice]} className={BELL_ACTION} testId="notice-confirm" />
          <BellAction event={{ type: 'NOTICE.READ', id: notice.id }} testId="notice-read">
            {t('bell.read')}
          </BellAction>
        </span>
      </div>
    </li>
  );
});
