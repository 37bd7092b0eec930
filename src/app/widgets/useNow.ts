import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (ages and staleness tick with it; page.clock drives it in tests). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
