import { useEffect, useState } from 'react';
import { merge } from 'rxjs';
import { useSelector } from '@xstate/react';
import { t, useLanguage } from '../i18n/i18n';
import { useRealtime } from '../realtime/RealtimeContext';

/**
 * Across the whole display when what it shows cannot be trusted: the live connection is down, or no
 * data has arrived for two report intervals.
 */
export function Watermark({ reportMs }: { reportMs: number }) {
  useLanguage();
  const realtime = useRealtime();
  const connected = useSelector(realtime.socket, (s) => s.matches({ active: 'open' }));
  const [lastData, setLastData] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const sub = merge(realtime.measures, realtime.messages).subscribe(() => setLastData(Date.now()));
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      sub.unsubscribe();
      window.clearInterval(timer);
    };
  }, [realtime]);
  const stale = now - lastData > 2 * reportMs;
  if (connected && !stale) return null;
  return (
    <div
      className="pointer-events-none fixed inset-0 z-[45] flex items-center justify-center"
      data-testid="kiosk-watermark"
      data-reason={connected ? 'stale' : 'socket'}
    >
      <div className="-rotate-12 rounded-xl border-4 border-danger/60 px-10 py-6 text-5xl font-bold text-danger/60 select-none">
        {connected ? t('kiosk.stale') : t('kiosk.socketDown')}
      </div>
    </div>
  );
}
