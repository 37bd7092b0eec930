import { t } from '../i18n/i18n';

/** How old a reading is, in the largest whole unit: 12秒前, 3分钟前, 2小时前, 4天前. */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [key, n] =
    s < 60
      ? (['wall.age.seconds', s] as const)
      : s < 3600
        ? (['wall.age.minutes', Math.floor(s / 60)] as const)
        : s < 86_400
          ? (['wall.age.hours', Math.floor(s / 3600)] as const)
          : (['wall.age.days', Math.floor(s / 86_400)] as const);
  return t(key, { n });
}
