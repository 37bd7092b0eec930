import { useCallback, useEffect, useState } from 'react';

/**
 * Which page of tiles the wall shows. An operator pages with the keys (← → PageUp PageDown Home End)
 * or the header's buttons; a kiosk turns the pages itself every `autoMs`.
 */
export function useWallPaging(pages: number, autoMs: number | null) {
  const [page, setPage] = useState(0);
  const last = Math.max(0, pages - 1);
  const shown = Math.min(page, last);
  const go = useCallback((to: number) => setPage(((to % pages) + pages) % pages || 0), [pages]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el?.closest('input, textarea, select, [contenteditable=true], [role=dialog], [role=alertdialog]')) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') go(shown + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') go(shown - 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, shown, last]);
  useEffect(() => {
    if (autoMs === null || pages < 2) return;
    const timer = window.setInterval(() => setPage((p) => (Math.min(p, pages - 1) + 1) % pages), autoMs);
    return () => window.clearInterval(timer);
  }, [autoMs, pages]);
  return { page: shown, pages: Math.max(1, pages), next: () => go(shown + 1), prev: () => go(shown - 1) };
}
