import { formatDuration, type DurationReading } from '../../../domain/duration';
import { currentLanguage } from './i18n';

/** A number of seconds in the language in force ("12 秒" / "12 s", "5 分钟", "1 小时 30 分钟"): domain/duration.ts. */
export const durationText = (seconds: number, reading: DurationReading = 'exact'): string =>
  formatDuration(seconds, currentLanguage() === 'en' ? 'en' : 'zh', reading);
