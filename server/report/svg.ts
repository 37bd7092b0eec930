/**
 * Plain SVG charts for the printed report: no script, so the PDF renders the same every time and a
 * chart is one box that CSS can keep on one page.
 */

export const esc = (s: string | number) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface BarItem {
  label: string;
  value: number;
  color?: string;
}

const BRAND = '#1f6feb';
const AXIS = '#8a94a6';
const FONT = `font-family="inherit" font-size="11"`;

/** Horizontal bars, one row per item, scaled to the largest value. */
export function hbars(items: readonly BarItem[], width = 640): string {
  const row = 22;
  const labelW = 150;
  const valueW = 44;
  const plotW = width - labelW - valueW;
  const max = Math.max(1, ...items.map((i) => i.value));
  const height = Math.max(row, items.length * row) + 4;
  const rows = items.map((it, i) => {
    const y = i * row + 4;
    const w = Math.round((it.value / max) * plotW);
    return (
      `<text x="${labelW - 8}" y="${y + 13}" text-anchor="end" ${FONT} fill="#333">${esc(truncate(it.label, 12))}</text>` +
      `<rect x="${labelW}" y="${y + 3}" width="${plotW}" height="12" rx="2" fill="#eef1f6"/>` +
      `<rect x="${labelW}" y="${y + 3}" width="${w}" height="12" rx="2" fill="${it.color ?? BRAND}"/>` +
      `<text x="${labelW + plotW + 6}" y="${y + 13}" ${FONT} fill="#111">${it.value}</text>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${rows.join('')}</svg>`;
}

/** Vertical columns over time; labels thinned so at most ~16 are written. */
export function columns(items: readonly BarItem[], width = 640, height = 200): string {
  const left = 36;
  const bottom = 22;
  const top = 14;
  const plotW = width - left - 8;
  const plotH = height - bottom - top;
  const max = niceMax(Math.max(1, ...items.map((i) => i.value)));
  const slot = plotW / Math.max(1, items.length);
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const every = Math.max(1, Math.ceil(items.length / 16));
  const grid = [0, 0.5, 1].map((f) => {
    const y = top + plotH - f * plotH;
    return `<line x1="${left}" x2="${width - 8}" y1="${y}" y2="${y}" stroke="#e3e7ee"/><text x="${left - 4}" y="${y + 4}" text-anchor="end" ${FONT} fill="${AXIS}">${Math.round(max * f * 10) / 10}</text>`;
  });
  const bars = items.map((it, i) => {
    const h = (it.value / max) * plotH;
    const x = left + i * slot + (slot - barW) / 2;
    const label =
      i % every === 0
        ? `<text x="${x + barW / 2}" y="${height - 6}" text-anchor="middle" ${FONT} fill="${AXIS}">${esc(it.label)}</text>`
        : '';
    const value =
      it.value > 0 && items.length <= 31
        ? `<text x="${x + barW / 2}" y="${top + plotH - h - 3}" text-anchor="middle" font-size="9" fill="#333">${it.value}</text>`
        : '';
    return `<rect x="${x.toFixed(1)}" y="${(top + plotH - h).toFixed(1)}" width="${barW.toFixed(1)}" height="${h.toFixed(1)}" fill="${it.color ?? BRAND}"/>${label}${value}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">${grid.join('')}${bars.join('')}</svg>`;
}

function niceMax(v: number): number {
  if (v <= 5) return 5;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
