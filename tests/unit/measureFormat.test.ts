import { describe, expect, it } from 'vitest';
import { measureValueText, measureValueWithUnit } from '../../domain/measureFormat';
import { MEASURE_BY_ID } from '../../domain/measures';

const def = (dataId: number) => MEASURE_BY_ID.get(dataId)!;

describe('measure values as screens show them', () => {
  it('keeps one number of decimals per measure, so a column reads aligned', () => {
    expect(measureValueText(def(1001), 29, 'zh_cn')).toBe('29.0');
    expect(measureValueText(def(1001), 28.46, 'zh_cn')).toBe('28.5');
    expect(measureValueText(def(1001), 512.5, 'en')).toBe('512.5');
  });

  it('says a value with its unit', () => {
    expect(measureValueWithUnit(1001, 512.5, 'zh')).toBe('512.5 mA');
    expect(measureValueWithUnit(1201, 12, 'en')).toBe('12.0 A');
  });

  it('says a state measure in words, without a unit, in either language', () => {
    expect(measureValueText(def(1501), 0, 'zh_cn')).toBe('正常');
    expect(measureValueText(def(1501), 1, 'en')).toBe('Fault');
    expect(measureValueWithUnit(1501, 1, 'zh')).toBe('故障');
  });

  it('gives a value of an unknown measure as it came, rounded to hundredths', () => {
    expect(measureValueWithUnit(null, 3.14159, 'zh')).toBe('3.14');
    expect(measureValueWithUnit(99999, 7, 'en')).toBe('7');
  });
});
