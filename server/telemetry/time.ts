/**
 * Times on the wire: ms since epoch, or text as `YYYY-MM-DD HH:mm:ss` (spec §7 trend query) or ISO.
 * Text without a zone is read in the server's local zone, the zone the console shows.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

export function parseTime(v: number | string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const m = LOCAL.exec(s);
  if (m) {
    const d = new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, m[7] ? +m[7].padEnd(3, '0') : 0);
    return Number.isNaN(d.getTime()) ? null : d.getTime();
  }
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
}

const p2 = (n: number) => String(n).padStart(2, '0');
export function formatTime(ms: number, withMs = false): string {
  const d = new Date(ms);
  const base = `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
  return withMs ? `${base}.${String(d.getMilliseconds()).padStart(3, '0')}` : base;
}
