import { useEffect, useState } from 'react';
import { merge } from 'rxjs';
import { useSelector } from '@xstate/react';
import { t, useLanguage } from '../i18n/i18n';
import { useRealtime } from '../realtime/RealtimeContext';
import { ageText, shownAge } from '../liveDevices/ageText';
import { AlarmIcon } from '../alarm/AlarmIcon';
import { useNowAs } from '../widgets/useNow';

/** Hatching and a veil over the data, so no value under it reads as live, even in a photo of the wall. */
const VEIL = {
  background: 'color-mix(in srgb, var(--vg-canvas) 35%, transparent)',
  backgroundImage:
    'repeating-linear-gradient(135deg, transparent 0 28px, color-mix(in srgb, var(--vg-state-stale) 30%, transparent) 28px 40px)',
};

/**
 * Across the whole display when what it shows cannot be trusted: the live connection is down, or no
 * data has arrived for two report intervals. It covers the data area (tiles, cards, map), repeats
 * its label over it and says how old the newest data is.
 */
export function Watermark({ reportMs }: { reportMs: number }) {
  useLanguage();
  const realtime = useRealtime();
  const connected = useSelector(realtime.socket, (s) => s.matches({ active: 'open' }));
  const [lastData, setLastData] = useState(() => Date.now());
  // the age of the newest data as told, -1 while nothing is wrong: the veil renders when its words change
  const age = useNowAs((now) => (connected && now - lastData <= 2 * reportMs ? -1 : shownAge(now - lastData)));
  useEffect(() => {
    const sub = merge(realtime.measures, realtime.messages).subscribe(() => setLastData(Date.now()));
    return () => sub.unsubscribe();
  }, [realtime]);
  if (age < 0) return null;
  const label = connected ? t('kiosk.stale') : t('kiosk.socketDown');
  return (
    <div
      className="pointer-events-none fixed inset-0 z-[45] grid grid-cols-3 grid-rows-3 place-items-center overflow-hidden"
      style={VEIL}
      data-testid="kiosk-watermark"
      data-reason={connected ? 'stale' : 'socket'}
    >
      {Array.from({ length: 9 }, (_, i) => (
        <div
          key={i}
          className={`-rotate-12 text-center font-bold whitespace-nowrap select-none ${i === 4 ? 'rounded-xl border-[0.12em] px-[0.6em] py-[0.3em]' : 'opacity-80'}`}
          style={{
            fontSize: i === 4 ? 'max(28px, 6vh)' : 'max(18px, 3vh)',
            color: 'var(--vg-state-stale)',
            borderColor: 'var(--vg-state-stale)',
            background: i === 4 ? 'color-mix(in srgb, var(--vg-surface) 85%, transparent)' : undefined,
          }}
          aria-hidden={i !== 4}
        >
          <span className="inline-flex items-center gap-[0.3em]">
            {i === 4 && <AlarmIcon state="stale" size="1em" />}
            {label}
          </span>
          {i === 4 && (
            <div className="text-[0.45em] font-semibold" data-testid="watermark-age">
              {t('wall.newest')} {ageText(age)}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
