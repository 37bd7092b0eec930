import { MEASURE_BY_ID, type MeasureDef } from './measures';

/** The two languages values are said in: the server's 'zh' | 'en', the console's 'zh_cn' | 'en'. */
type ValueLang = 'zh' | 'zh_cn' | 'en';

/**
 * Decimals a measure's values are shown with, fixed per unit so a column of one measure reads aligned
 * (29.0 beside 28.5, never 29 beside 28.5); a unitless measure is a state and has none.
 */
const DECIMALS_BY_UNIT: Record<string, number> = { mA: 1, '℃': 1, A: 1, V: 1, kW: 2, kWh: 1 };

/** The words of a state measure's values (探头状态: 0 normal, 1 fault), in both languages. */
const STATE_WORDS: ReadonlyMap<number, Record<number, { zh: string; en: string }>> = new Map([
  [
    1501,
    {
      0: { zh: '正常', en: 'Normal' },
      1: { zh: '故障', en: 'Fault' },
    },
  ],
]);

function measureDecimals(def: MeasureDef): number {
  return def.unit === '' ? 0 : (DECIMALS_BY_UNIT[def.unit] ?? 2);
}

/** A value of a measure as a screen shows it: fixed decimals, or the state's word (探头状态 故障). */
export function measureValueText(def: MeasureDef, value: number, lang: ValueLang): string {
  const words = STATE_WORDS.get(def.dataId)?.[value];
  if (words) return lang === 'en' ? words.en : words.zh;
  return value.toFixed(measureDecimals(def));
}

/** A value with its unit (512.5 mA, 28.7 ℃, 故障); a value of an unknown measure as it came. */
export function measureValueWithUnit(dataId: number | null | undefined, value: number, lang: ValueLang): string {
  const def = dataId == null ? undefined : MEASURE_BY_ID.get(dataId);
  if (!def) return String(Math.round(value * 100) / 100);
  const text = measureValueText(def, value, lang);
  return def.unit && !STATE_WORDS.get(def.dataId)?.[value] ? `${text} ${def.unit}` : text;
}
