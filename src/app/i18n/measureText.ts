import { MEASURE_BY_ID, MEASURE_CHART_IDS } from '../../../domain/measures';
import { tDynamic } from './i18n';

/**
 * The names of the measures and their trend groups in the language in force. The catalogue
 * (domain/telemetry.ts) and the server speak the spec's Chinese; the packs hold measure.<dataId> and
 * measureChart.<id> (tests/unit/measureText.test.ts checks every one is in both packs).
 */
export function measureText(dataId: number, fallback?: string): string {
  return MEASURE_BY_ID.has(dataId) ? tDynamic(`measure.${dataId}`) : (fallback ?? String(dataId));
}

export function measureChartText(title: string): string {
  const id = MEASURE_CHART_IDS[title];
  return id ? tDynamic(`measureChart.${id}`) : title;
}
