import type { QuietHours } from '../../domain/schemas/notify';
import { wallTime, zoned } from '../../domain/timeZone';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a rule's quiet period that holds `now` ends (in the project's zone), or null when `now` is not
 * inside one. A period whose `from` is after its `to` spans midnight; equal ends mean no quiet hours.
 */
export function quietUntil(now: number, zone: string, quiet: QuietHours): number | null {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const d = zoned(now, zone);
  const m = d.getHours() * 60 + d.getMinutes();
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return null;
  const endDay = m < to ? d.getDate() : d.getDate() + 1;
  return wallTime(zone, d.getFullYear(), d.getMonth(), endDay, Math.floor(to / 60), to % 60);
}
