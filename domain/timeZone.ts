import { format } from 'date-fns/format'; // not the index: the server would load all 250 functions at start
import { TZDate, tz } from '@date-fns/tz';

/**
 * The one time-zone rule (issue 15): every wall-clock time — a day's bounds, a report's hours, a
 * time shown on a screen or written to an export — is read in the project's time zone (a system
 * setting), never in the zone of the server process or of the browser. Shared by both sides.
 */
export { DEFAULT_TIME_ZONE } from './defaultTimeZone';

/** An IANA zone name Intl knows (Asia/Shanghai, UTC, America/New_York…). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The date-fns context option: `startOfDay(d, inZone(zone))` is the start of the day in that zone. */
export const inZone = (zone: string) => ({ in: tz(zone) });

/** A moment as the zone's wall-clock time (a TZDate: getHours() and friends answer in the zone). */
export const zoned = (t: number | Date, zone: string) => new TZDate(+t, zone);

/** date-fns `format` of a moment in the zone: `formatIn(ms, 'yyyy-MM-dd HH:mm:ss', 'Asia/Shanghai')`. */
export const formatIn = (t: number | Date, pattern: string, zone: string) => format(zoned(t, zone), pattern);

/** The moment of a wall-clock time in the zone (month 0-based, like Date). */
export const wallTime = (zone: string, y: number, month: number, d = 1, h = 0, mi = 0, s = 0, ms = 0) =>
  new TZDate(y, month, d, h, mi, s, ms, zone).getTime();

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** `YYYY-MM-DD[ HH:mm[:ss[.SSS]]]` read as wall-clock time in the zone; null when it is not one. */
export function parseWallTime(text: string, zone: string): number | null {
  const m = WALL.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = wallTime(zone, y, mo - 1, d, h, mi, s, m[7] ? Number(m[7].padEnd(3, '0')) : 0);
  // 2026-02-30 rolls over into March in Date arithmetic: refuse it instead.
  return Number.isNaN(t) || formatIn(t, 'yyyy-MM-dd', zone) !== `${m[1]}-${m[2]}-${m[3]}` ? null : t;
}
