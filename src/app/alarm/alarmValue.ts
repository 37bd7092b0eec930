import { MEASURE_BY_ID } from '../../../domain/measures';
import { EVENT_LEVEL } from '../../../domain/enums';
import { measureText } from '../i18n/measureText';
import { t, tDynamic } from '../i18n/i18n';
import { levelLabel } from '../monitor/palette';

/** A measure's value with its unit and one decimal (450.0mA, 61.5℃); '--' when there is none. */
export function measureValueText(dataId: number | null, value: number | null): string {
  if (value === null) return '--';
  const unit = dataId === null ? '' : (MEASURE_BY_ID.get(dataId)?.unit ?? '');
  return `${value.toFixed(1)}${unit}`;
}

/** What an alarm is about: the type and level in words (剩余电流报警 / Residual current alarm; 事故 says its type alone). */
export function alarmTypeText(customtype: number, level: number): string {
  const type = tDynamic(`alarmEvent.type.${customtype}`);
  return level === EVENT_LEVEL.ACCIDENT ? type : t('bell.typeLevel', { type, level: levelLabel(level) });
}

/**
 * What tripped, as a wall or a ticker says it: the measure, the value it reached with its unit, and
 * the limit it crossed (剩余电流 450.0mA ≥ 300.0mA); a measure without a limit (a probe fault) and an
 * alarm no measure raised (communication loss) say what they have.
 */
export function tripParts(a: { dataId: number | null; value: number | null; limit: number | null; customtype: number }) {
  return {
    measure: a.dataId !== null && MEASURE_BY_ID.has(a.dataId) ? measureText(a.dataId) : tDynamic(`alarmEvent.type.${a.customtype}`),
    value: a.dataId !== null && a.value !== null && MEASURE_BY_ID.get(a.dataId)?.unit ? measureValueText(a.dataId, a.value) : null,
    limit: a.limit !== null && a.dataId !== null ? measureValueText(a.dataId, a.limit) : null,
  };
}
