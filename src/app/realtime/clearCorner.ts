import { useLayoutEffect, useState, type RefObject } from 'react';

/** How often a shown popup looks again for its corner (the pagination or the focused control may have moved). */
const RECHECK_MS = 1000;

/** Where the alarm popup may sit on a console, in the order tried. */
const CORNERS = ['bottom-right', 'top-right', 'bottom-left', 'top-left'] as const;
export type Corner = (typeof CORNERS)[number];

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The box a popup of this size has in a corner of the viewport, `margin` from its edges (`top` below the header). */
export function boxIn(corner: Corner, w: number, h: number, view: { width: number; height: number }, margin: number, top: number): Box {
  const left = corner.endsWith('right') ? view.width - margin - w : margin;
  const y = corner.startsWith('bottom') ? view.height - margin - h : top;
  return { left, top: y, right: left + w, bottom: y + h };
}

/** The first corner where the popup covers none of the boxes (the first corner when every one does). */
export function clearCorner(
  w: number,
  h: number,
  view: { width: number; height: number },
  obstacles: readonly Box[],
  margin: number,
  top: number,
): Corner {
  return CORNERS.find((c) => !obstacles.some((o) => overlaps(boxIn(c, w, h, view, margin, top), o))) ?? CORNERS[0];
}

/**
 * The corner of a console where the alarm popup covers neither the table's pagination nor the control the
 * operator is using (issue 30): looked for when the popup appears, and again as focus moves, the window
 * changes and the popup's own size changes. Not at every alarm it shows: reading the boxes right after
 * React wrote the new alarm forced a layout of the whole page each time — in a flood of 10 alarms a
 * second, 2.5 s of a console's main thread in 35 s. A ResizeObserver's callback comes after the
 * browser's own layout, where the same reads cost nothing. What the popup keeps clear of can also move
 * while it is shown (a list reloaded under it, a bar appearing above it): once every RECHECK_MS it
 * looks again, one layout a second at most.
 */
export function useClearCorner(popup: RefObject<HTMLElement | null>, shown: boolean): Corner {
  const [corner, setCorner] = useState<Corner>('bottom-right');
  useLayoutEffect(() => {
    const el = popup.current;
    if (!el) return;
    const place = () => {
      const obstacles = [...document.querySelectorAll('[data-testid=pagination]')].map((p) => p.getBoundingClientRect());
      const active = document.activeElement;
      if (active && active !== document.body && !el.contains(active)) obstacles.push(active.getBoundingClientRect());
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const margin = window.innerWidth * 0.012;
      const { width, height } = el.getBoundingClientRect();
      setCorner(clearCorner(width, height, { width: window.innerWidth, height: window.innerHeight }, obstacles, margin, header + margin));
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(el);
    document.addEventListener('focusin', place);
    window.addEventListener('resize', place);
    const again = shown ? window.setInterval(place, RECHECK_MS) : undefined;
    return () => {
      window.clearInterval(again);
      resized.disconnect();
      document.removeEventListener('focusin', place);
      window.removeEventListener('resize', place);
    };
  }, [popup, shown]);
  return corner;
}
