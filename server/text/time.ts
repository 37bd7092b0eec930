import { formatIn, parseWallTime } from '../../domain/timeZone';

/**
 * Times on the wire: ms since epoch, or text as `YYYY-MM-DD HH:mm:ss` (spec §7 trend query) or ISO
 * with its offset. Text without a zone is wall-clock time in the project's time zone (the one
 * time-zone rule, issue 15), never the server process's zone.
 */
export function parseTime(v: number | string, zone: string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const wall = parseWallTime(s, zone);
  if (wall !== null) return wall;
  // Only text that names its own offset is read as such; anything else is not a time.
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(s)) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
}

/** `YYYY-MM-DD HH:mm:ss[.SSS]` in the project's time zone (exports, messages, reports). */
export function formatTime(ms: number, zone: string, withMs = false): string {
  return formatIn(ms, withMs ? 'yyyy-MM-dd HH:mm:ss.SSS' : 'yyyy-MM-dd HH:mm:ss', zone);
}
