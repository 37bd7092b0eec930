import { tzOffset } from '@date-fns/tz';
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

const HOUR_MS = 3_600_000;
/** hours whose offsets are remembered per zone before the zone's are forgotten (a year is 8,760) */
const MAX_HOURS = 50_000;
/** per zone: hour number (ms ÷ 1 h) → the zone's offset in minutes through all of that hour, or NaN when it changes in it */
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * The zone's offset (minutes) at `ms`. Asking Intl for it (tzOffset) was a third of an export's time
 * (100,000 events, 3 times each); an offset changes at most once in an hour, so one that is the same
 * at an hour's first and last millisecond holds for all of it, and is asked for once per hour.
 */
function offsetAt(ms: number, zone: string): number {
  let byHour = hourOffsets.get(zone);
  if (!byHour) hourOffsets.set(zone, (byHour = new Map()));
  const hour = Math.floor(ms / HOUR_MS);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    const first = tzOffset(zone, new Date(hour * HOUR_MS));
    offset = first === tzOffset(zone, new Date(hour * HOUR_MS + HOUR_MS - 1)) ? first : NaN;
    if (byHour.size >= MAX_HOURS) byHour.clear();
    byHour.set(hour, offset);
  }
  return Number.isNaN(offset) ? tzOffset(zone, new Date(ms)) : offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss[.SSS]` in the project's time zone (exports, messages, reports). */
export function formatTime(ms: number, zone: string, withMs = false): string {
  const offset = Number.isFinite(ms) ? offsetAt(ms, zone) : NaN;
  const d = new Date(ms + offset * 60_000);
  const year = d.getUTCFullYear();
  // what the wall-clock fields cannot say as date-fns would (an offset of seconds, an unknown zone, a
  // year outside 0–9999, no time at all) is left to date-fns itself
  if (!Number.isInteger(offset) || year < 0 || year > 9999)
    return formatIn(ms, withMs ? 'yyyy-MM-dd HH:mm:ss.SSS' : 'yyyy-MM-dd HH:mm:ss', zone);
  const text = `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return withMs ? `${text}.${pad(d.getUTCMilliseconds(), 3)}` : text;
}
