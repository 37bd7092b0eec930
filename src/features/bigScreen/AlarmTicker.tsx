import { useEffect, useMemo, useRef, useState } from 'react';
import type { BigScreenAlarm } from '../../../domain/schemas/bigScreen';
import { BIG_SCREEN_RECENT } from '../../../domain/schemas/bigScreen';
import { levelState } from '../../../domain/alarmLanguage';
import { AlarmMark } from '../../app/alarm/AlarmMark';
import { alarmTypeText, tripParts } from '../../app/alarm/alarmValue';
import { useOptionalRealtime } from '../../app/realtime/RealtimeContext';
import { formatTime } from '../../app/time/projectTime';
import { t, useLanguage } from '../../app/i18n/i18n';
import { alarmOfPush, tickerItems } from './tickerItems';

/** How fast the ticker moves, in rems a second (the same reading speed on every screen size). */
const SPEED_REM_S = 4;

function Item({ a }: { a: BigScreenAlarm }) {
  const trip = tripParts(a);
  return (
    <span
      className="inline-flex shrink-0 items-center gap-[0.5em] whitespace-nowrap"
      data-testid="bs-ticker-item"
      data-event-id={a.eventId}
    >
      <span className="text-muted tabular-nums" data-testid="bs-ticker-time">
        {formatTime(a.time, 'HH:mm:ss')}
      </span>
      <AlarmMark state={levelState(a.level)} size="1.05em" />
      <b>{a.projectName}</b>
      <span>{a.deviceName}</span>
      <span>{alarmTypeText(a.customtype, a.level)}</span>
      {trip.value && (
        <b className="tabular-nums">
          {trip.value}
          {trip.limit && <span className="ml-[0.3em] font-normal text-muted">{t('bigScreen.limit', { limit: trip.limit })}</span>}
        </b>
      )}
    </span>
  );
}

/**
 * The live-alarm ticker (issue 30): the newest alarms, in the alarm language, moving right to left.
 * It joins the console's one shared raised-alarm stream (no socket of its own); a new alarm restarts
 * the run so it shows at the front at once. Without motion (prefers-reduced-motion) the newest stand
 * still at the front.
 */
export function AlarmTicker({ recent }: { recent: BigScreenAlarm[] | undefined }) {
  const lang = useLanguage();
  const realtime = useOptionalRealtime();
  const [pushed, setPushed] = useState<BigScreenAlarm[]>([]);
  useEffect(() => {
    if (!realtime) return;
    const sub = realtime.channels.raisedAlarms().subscribe((batch) => {
      const fresh = batch.map(alarmOfPush).filter((a): a is BigScreenAlarm => a !== null);
      if (fresh.length) setPushed((p) => [...fresh, ...p].slice(0, BIG_SCREEN_RECENT));
    });
    return () => sub.unsubscribe();
  }, [realtime]);
  const items = useMemo(() => tickerItems(pushed, recent ?? []), [pushed, recent]);
  const newest = items[0]?.eventId ?? 0;

  const track = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = track.current;
    if (!el || !items.length || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const run = el.scrollWidth / 2;
    const animation = el.animate([{ transform: 'translateX(0)' }, { transform: `translateX(-${run}px)` }], {
      duration: (run / (SPEED_REM_S * rem)) * 1000,
      iterations: Infinity,
    });
    return () => animation.cancel();
    // restarted by a new alarm (it shows at the front), a new language or size of the items
  }, [newest, items.length, lang]);

  return (
    <div
      className="flex h-full min-w-0 items-center overflow-hidden text-[1.2rem]"
      data-testid="bs-ticker-track"
      data-newest={newest || undefined}
    >
      {items.length === 0 ? (
        <span className="text-muted">{t('bigScreen.noAlarms')}</span>
      ) : (
        <div ref={track} className="flex w-max shrink-0">
          {/* the items twice, each copy with its trailing gap: moving by half the track loops without a seam */}
          {[0, 1].map((copy) => (
            <span key={copy} className="flex shrink-0 items-center gap-[2.5em] pr-[2.5em]" aria-hidden={copy === 1 || undefined}>
              {items.map((a) => (
                <Item key={a.eventId} a={a} />
              ))}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
