/**
 * How long something lasted, said the way people say it (issue 19): under a minute in seconds
 * ("12 秒" / "12 s"), under an hour in minutes, past that in hours and minutes. One formatter for the
 * server (message-centre lines) and the consoles (banner, toast, 系统配置, event marks), both languages.
 *
 * Two readings of a duration:
 * - `exact` (a configured time, e.g. an escalation limit): every non-zero part is said, so 90 s is
 *   "1 分 30 秒", never "1.5 分钟"; past an hour the seconds are dropped (a limit is at most a day).
 * - `elapsed` (time running since something happened): only the leading unit(s), rounded down, so the
 *   text changes once a second only while under a minute ("已 5 分钟未确认", "已 1 小时 20 分钟未确认").
 */
export type DurationLang = 'zh' | 'en';
export type DurationReading = 'exact' | 'elapsed';

const WORDS = {
  zh: { h: '小时', min: '分钟', minShort: '分', s: '秒', join: ' ' },
  en: { h: 'h', min: 'min', minShort: 'min', s: 's', join: ' ' },
} as const;

export interface DurationParts {
  h: number;
  m: number;
  s: number;
}

/** Whole hours, minutes and seconds of a number of seconds (negative and fractions count down to 0). */
export function durationParts(seconds: number): DurationParts {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

export function formatDuration(seconds: number, lang: DurationLang, reading: DurationReading = 'exact'): string {
  const w = WORDS[lang];
  const { h, m, s } = durationParts(seconds);
  const part = (n: number, unit: string) => `${n} ${unit}`;
  if (h === 0 && m === 0) return part(s, w.s);
  if (h === 0) {
    // "1 分 30 秒": in Chinese the minute is 分 when seconds follow it, 分钟 when it stands alone
    if (reading === 'exact' && s > 0) return [part(m, w.minShort), part(s, w.s)].join(w.join);
    return part(m, w.min);
  }
  return m > 0 ? [part(h, w.h), part(m, w.min)].join(w.join) : part(h, w.h);
}
