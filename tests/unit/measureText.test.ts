import { describe, expect, it } from 'vitest';
import zh_cn from '../../src/app/i18n/locales/zh_cn';
import en from '../../src/app/i18n/locales/en';
import { MEASURES, MEASURE_CHART_IDS } from '../../domain/telemetry';

/** Keys made at run time (measure.<dataId>, measureChart.<id>) exist in both packs for every measure. */
describe('measure names in both packs', () => {
  const packs = { zh_cn: zh_cn as Record<string, string>, en: en as Record<string, string> };
  it.each(Object.entries(packs))('%s names every measure and trend group', (_lang, pack) => {
    for (const m of MEASURES) {
      expect(pack[`measure.${m.dataId}`], `measure.${m.dataId}`).toBeTruthy();
      expect(MEASURE_CHART_IDS[m.chart], m.chart).toBeTruthy();
      expect(pack[`measureChart.${MEASURE_CHART_IDS[m.chart]}`]).toBeTruthy();
    }
  });
  it('the Chinese names are the catalogue’s own', () => {
    for (const m of MEASURES) expect(packs.zh_cn[`measure.${m.dataId}`]).toBe(m.name);
  });
});
