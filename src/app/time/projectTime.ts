import { formatIn, parseWallTime } from '../../../domain/timeZone';
import { projectZone } from './projectZone';

/**
 * The browser's side of the one time-zone rule: every time a screen shows, and every day, week or
 * month it asks for, is in the project's time zone (system setting, Asia/Shanghai by default),
 * whatever zone the browser runs in. Screens format through here, never with the browser's zone.
 */
export { projectZone, useProjectZone } from './projectZone';

/** A moment formatted in the project zone (date-fns patterns, 24-hour: 'yyyy-MM-dd HH:mm:ss'). */
export const formatTime = (t: number | Date, pattern = 'yyyy-MM-dd HH:mm:ss', z = projectZone()) => formatIn(t, pattern, z);

/** `yyyy-MM-dd[ HH:mm[:ss]]` (a date or datetime-local input) as a moment in the project zone. */
export const parseProjectTime = (text: string, z = projectZone()) => parseWallTime(text.replace('T', ' '), z);
