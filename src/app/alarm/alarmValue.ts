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
 * the limit it crossed (剩余电流 450.0mA ≥ 300.0mA). An alarm that is not a measured value over a limit
 * (a probe fault, a communication loss) is named by its type, without value or limit.
 */
export function tripParts(a: { dataId: number | null; value: number | null; limit: number | null; customtype: number }) {
  const measured = a.dataId !== null && !!MEASURE_BY_ID.get(a.dataId)?.unit;
  if (!measured) return { measure: tDynamic(`alarmEvent.type.${a.customtype}`), value: null, limit: null };
  return {
    measure: measureText(a.dataId!),
    value: a.value === null ? null : measureValueText(a.dataId, a.value),
    limit: a.limit === null ? null : measureValueText(a.dataId, a.limit),
  };
}
