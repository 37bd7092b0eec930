/**
 * How the wall lays out its tiles in the space it has: as large as they fit, never smaller than
 * readable at three metres, paged when there are more devices than readable tiles fit.
 *
 * Sizes are in units of the value text (f): a tile needs about TILE_W_EM × TILE_H_EM of them (a name
 * line, a line of two values, a code line). f is at least 3 % of the viewport height and never under
 * 16 px; with few devices it grows, up to MAX_F_VH of the viewport height.
 */
const MIN_VALUE_PX = 16;
const MIN_VALUE_VH = 0.03;
const MAX_F_VH = 0.08;
export const TILE_W_EM = 8.8;
export const TILE_H_EM = 3.4;

export interface WallLayout {
  columns: number;
  rows: number;
  perPage: number;
  pages: number;
  /** the value text size in px; every other size of a tile is relative to it */
  valuePx: number;
  tileW: number;
  tileH: number;
  gap: number;
}

export function minValuePx(viewportHeight: number): number {
  return Math.max(MIN_VALUE_PX, MIN_VALUE_VH * viewportHeight);
}

export function wallLayout({
  width,
  height,
  viewportHeight,
  count,
}: {
  /** the grid's box */
  width: number;
  height: number;
  viewportHeight: number;
  count: number;
}): WallLayout {
  const fMin = minValuePx(viewportHeight);
  const fMax = Math.max(fMin, MAX_F_VH * viewportHeight);
  const gap = Math.max(4, Math.round(0.006 * viewportHeight));
  const cell = (columns: number, rows: number) => ({
    tileW: (width - gap * (columns - 1)) / columns,
    tileH: (height - gap * (rows - 1)) / rows,
  });
  const fits = (w: number, h: number) => Math.min(h / TILE_H_EM, w / TILE_W_EM);
  // The most readable tiles that still fit: columns and rows at the minimum size.
  const maxColumns = Math.max(1, Math.floor((width + gap) / (fMin * TILE_W_EM + gap)));
  const maxRows = Math.max(1, Math.floor((height + gap) / (fMin * TILE_H_EM + gap)));
  const capacity = maxColumns * maxRows;
  const n = Math.max(1, count);
  if (n > capacity) {
    const { tileW, tileH } = cell(maxColumns, maxRows);
    const valuePx = Math.min(fMax, Math.max(fMin, fits(tileW, tileH)));
    return { columns: maxColumns, rows: maxRows, perPage: capacity, pages: Math.ceil(count / capacity), valuePx, tileW, tileH, gap };
  }
  // Everything fits on one page: the grid whose tiles are largest fills the box.
  let best: WallLayout | null = null;
  for (let columns = 1; columns <= Math.min(n, maxColumns); columns++) {
    const rows = Math.ceil(n / columns);
    if (rows > maxRows) continue;
    const { tileW, tileH } = cell(columns, rows);
    const f = fits(tileW, tileH);
    if (!best || f > best.valuePx) best = { columns, rows, perPage: columns * rows, pages: 1, valuePx: f, tileW, tileH, gap };
  }
  const chosen = best!;
  return { ...chosen, valuePx: Math.min(fMax, Math.max(fMin, chosen.valuePx)) };
}
