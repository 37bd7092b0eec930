import { useSyncExternalStore } from 'react';

/**
 * Lengths are designed at the browser's 16 px root and given in rem, so the whole console grows with
 * a screen larger than 1920×1080 (styles.css) instead of leaving fixed-pixel boxes beside grown text.
 */
const DESIGN_ROOT_PX = 16;

/** A length designed in px at the 16 px root, as a CSS rem length. */
export const rem = (px: number): string => `${px / DESIGN_ROOT_PX}rem`;

const rootPx = () =>
  typeof document === 'undefined' ? DESIGN_ROOT_PX : parseFloat(getComputedStyle(document.documentElement).fontSize) || DESIGN_ROOT_PX;

/** How much the console is grown now (1 up to 1920×1080, 2 at 3840×2160): for what is drawn in px on a canvas. */
export const rootScale = (): number => rootPx() / DESIGN_ROOT_PX;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * A length designed in px, in the px it has now: for what must be given in px, such as a virtualized
 * list's row height. Follows the root size as the window is resized.
 */
export function useScaledPx(px: number): number {
  const root = useSyncExternalStore(subscribe, rootPx);
  return (px * root) / DESIGN_ROOT_PX;
}
