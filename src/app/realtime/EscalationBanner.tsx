import { useEffect } from 'react';
import { Link } from 'wouter';
import { t, useLanguage } from '../i18n/i18n';
import { LevelMark } from '../alarm/AlarmMark';
import { useOptionalRealtime, type Realtime } from './RealtimeContext';
import { useEscalations } from './escalations';
import { escalationPlace, escalationTypeText } from './escalationText';
import { playAlarm, useSoundPlaysOf } from './alarmSound';
import { ESCALATION_REPEAT_MS } from '../../../domain/escalation';
import { alarmColourVar, alarmOnColourVar } from '../../../domain/alarmLanguage';
import { UnconfirmedFor } from './UnconfirmedFor';

/**
 * The escalation banner (issue 19) on every console and wall: while any alarm of the user's projects
 * has escalated and is still unconfirmed, a strip in the 事故 colour names how many and the newest
 * (where, what, how long unconfirmed), and the loud sound repeats every 15 s. Confirming the events
 * (in 报警事件) ends it on every console at once.
 */
export function EscalationBanner({ link = true }: { link?: boolean }) {
  const realtime = useOptionalRealtime();
  if (!realtime) return null;
  return <Banner realtime={realtime} link={link} />;
}

/** The loud sound: at once for each new escalation, then every 15 s while any is open and sound is on. */
function useEscalationSound(realtime: Realtime, count: number, latestAt: number | null): void {
  useEffect(() => {
    if (!count) return;
    const sound = () => realtime.notifications.getSnapshot().context.soundOn && playAlarm('escalation');
    sound();
    const timer = window.setInterval(sound, ESCALATION_REPEAT_MS);
    return () => window.clearInterval(timer);
    // a new escalation (a later escalatedAt) sounds at once and restarts the repeat
  }, [realtime, count > 0, latestAt]); // eslint-disable-line react-hooks/exhaustive-deps
}

function Banner({ realtime, link }: { realtime: Realtime; link: boolean }) {
  useLanguage();
  const list = useEscalations(realtime.escalations);
  const plays = useSoundPlaysOf('escalation');
  // the severest, most recent escalation is the one named; any new one sounds at once
  const newest = list[0] ?? null;
  const latestAt = list.reduce((m, e) => Math.max(m, e.escalatedAt), 0);
  useEscalationSound(realtime, list.length, latestAt || null);
  if (!newest) return null;
  return (
    <div
      role="alert"
      data-testid="escalation-banner"
      data-count={list.length}
      data-sound-plays={plays}
      style={{ background: alarmColourVar('accident'), color: alarmOnColourVar('accident') }}
      className="vg-escalation flex flex-wrap items-center justify-center gap-x-[1em] gap-y-1 px-4 py-[0.35em] text-[max(15px,1.9vh)] font-semibold"
    >
      <span className="flex items-center gap-[0.4em]">
        <span aria-hidden className="text-[1.2em] leading-none">
          ⚠
        </span>
        {t('escalation.title', { count: list.length })}
      </span>
      <span className="flex items-center gap-[0.4em] font-normal" data-testid="escalation-newest">
        <span className="flex items-center gap-[0.3em] rounded bg-surface px-[0.4em] text-ink">
          <LevelMark level={newest.level} size="0.9em" />
        </span>
        <span>{escalationPlace(newest)}</span>
        <span className="font-semibold">{escalationTypeText(newest)}</span>
        <UnconfirmedFor since={newest.eventtime} />
      </span>
      {link && (
        <Link
          href="/alarmEvent"
          data-testid="escalation-open"
          className="rounded border-2 border-current px-[0.6em] py-[0.05em] text-[0.9em] hover:bg-black/10"
        >
          {t('escalation.open')}
        </Link>
      )}
    </div>
  );
}
