/** The trend's scale rules (spec §9), free of uPlot so they are unit-tested in Node. */

/** Spec §9 trend constants. */
export const PRECISION = 2;
const MIN_ZOOM_MS = 3_600_000;
const Y_PADDING = 0.1;

/** Units in order of first use: the first on the left axis, every other on the right. */
export function axisUnits(units: readonly string[]): { left: string; right: string | undefined } {
  const distinct = [...new Set(units)];
  return { left: distinct[0] ?? '', right: distinct.length > 1 ? distinct.slice(1).join(' / ') : undefined };
}

/** A dragged range widened to at least an hour around its centre and kept inside the loaded bounds. */
export function clampZoom(
  from: number,
  to: number,
  bounds: { from: number; to: number },
  minSpan = MIN_ZOOM_MS,
): { from: number; to: number } {
  const full = bounds.to - bounds.from;
  if (full <= minSpan) return { ...bounds };
  let a = Math.min(from, to);
  let b = Math.max(from, to);
  if (b - a < minSpan) {
    const mid = (a + b) / 2;
    a = mid - minSpan / 2;
    b = mid + minSpan / 2;
  }
  if (a < bounds.from) {
    b += bounds.from - a;
    a = bounds.from;
  }
  if (b > bounds.to) {
    a -= b - bounds.to;
    b = bounds.to;
  }
  return { from: Math.max(a, bounds.from), to: Math.min(b, bounds.to) };
}

/** Y range padded by 10 % of its span; limit lines count when they are shown. */
export function paddedRange(min: number | null, max: number | null, extra: readonly number[] = []): [number, number] {
  let lo = min ?? Infinity;
  let hi = max ?? -Infinity;
  for (const v of extra) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  const span = hi - lo || Math.abs(hi) || 1;
  return [lo - span * Y_PADDING, hi + span * Y_PADDING];
}
