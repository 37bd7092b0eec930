import { formatIn, wallTime } from './timeZone';

/** A shift as configured (系统配置): wall-clock `HH:mm` in the project zone; end ≤ start runs past midnight. */
export interface ShiftDef {
  name: string;
  start: string;
  end: string;
}

/** One occurrence of a shift: its name and the moments it starts and ends. */
export interface ShiftSpan {
  name: string;
  start: number;
  end: number;
}

const hm = (text: string): [number, number] => {
  const [h, m] = text.split(':').map(Number);
  return [h ?? 0, m ?? 0];
};

/** Occurrences of every shift starting from two days before the day of `at` to the day after. */
function spansAround(shifts: readonly ShiftDef[], at: number, zone: string): ShiftSpan[] {
  const [y, mo, d] = formatIn(at, 'yyyy-MM-dd', zone).split('-').map(Number) as [number, number, number];
  const out: ShiftSpan[] = [];
  for (let offset = -2; offset <= 1; offset++)
    for (const s of shifts) {
      const [sh, sm] = hm(s.start);
      const [eh, em] = hm(s.end);
      const overnight = eh * 60 + em <= sh * 60 + sm ? 1 : 0;
      // Date arithmetic carries a day past the month's end (d + 1 on the 31st is the 1st of the next)
      out.push({
        name: s.name,
        start: wallTime(zone, y, mo - 1, d + offset, sh, sm),
        end: wallTime(zone, y, mo - 1, d + offset + overnight, eh, em),
      });
    }
  return out;
}

/**
 * The shift an operator hands over at `at`: of the occurrences already begun, the one whose end is
 * nearest — a handover happens around the change of shift, a little before or after it (at 07:55 and
 * at 08:10 it is the night shift ending at 08:00).
 */
export function shiftToHandOver(shifts: readonly ShiftDef[], at: number, zone: string): ShiftSpan {
  const begun = spansAround(shifts, at, zone).filter((s) => s.start <= at);
  return begun.reduce((best, s) => (Math.abs(s.end - at) < Math.abs(best.end - at) ? s : best));
}

/** The shifts as the settings form writes them: `白班 08:00-20:00、夜班 20:00-08:00`. */
export const shiftsText = (shifts: readonly ShiftDef[]) => shifts.map((s) => `${s.name} ${s.start}-${s.end}`).join('、');

const SHIFT_TEXT = /^(.+?)\s+(\d{1,2}:\d{2})\s*[-–~]\s*(\d{1,2}:\d{2})$/;
const pad = (hhmm: string) => hhmm.padStart(5, '0');

/** The form's text back to shifts; a part that is not `name HH:mm-HH:mm` is kept so validation names it. */
export const parseShiftsText = (text: string): ShiftDef[] =>
  text
    .split(/[、,，;；\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = SHIFT_TEXT.exec(part);
      return m ? { name: m[1]!, start: pad(m[2]!), end: pad(m[3]!) } : { name: part, start: '', end: '' };
    });
