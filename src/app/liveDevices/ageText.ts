import { t } from '../i18n/i18n';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The unit an age is told in: seconds under a minute, then minutes, hours, days. */
const unitOf = (ms: number) => (ms < MINUTE ? SECOND : ms < HOUR ? MINUTE : ms < DAY ? HOUR : DAY);

/**
 * An age cut down to the whole unit its text shows (ageText(shownAge(ms)) === ageText(ms)). A memoised
 * tile given this re-renders when its words change: a device silent for hours once an hour, not on
 * every tick of the clock (a wall of offline devices re-rendered all of them every second).
 */
export function shownAge(ms: number): number {
  const age = Math.max(0, ms);
  const unit = unitOf(age);
  return age - (age % unit);
}

/** How old a reading is, in the largest whole unit: 12秒前, 3分钟前, 2小时前, 4天前. */
export function ageText(ms: number): string {
  const age = Math.max(0, ms);
  const unit = unitOf(age);
  const key =
    unit === SECOND ? 'wall.age.seconds' : unit === MINUTE ? 'wall.age.minutes' : unit === HOUR ? 'wall.age.hours' : 'wall.age.days';
  return t(key, { n: Math.floor(age / unit) });
}
