import { EVENT_LEVEL, EVENT_TYPE } from '../../../domain/enums';
import {
  COMM_LOSS_EVENT_TYPE,
  DEPARTURE_EVENT_TYPE,
  MEASURE_BY_ID,
  TREND_WARNING_EVENT_TYPE,
  type PecEvent,
} from '../../../domain/telemetry';
import { currentLanguage, t, type MessageKey } from '../../app/i18n/i18n';
import { measureText } from '../../app/i18n/measureText';

/** Enumeration labels in the current language (the enum texts themselves are the zh_cn ones). */
export const typeLabel = (id: number) => t(`alarmEvent.type.${id}` as MessageKey);
export const statusLabel = (endeventid: number) => t(`alarmEvent.status.${endeventid}` as MessageKey);
export const confirmLabel = (id: number) => t(`alarmEvent.confirm.${id}` as MessageKey);

const num = (v: number | null) => (v === null ? '--' : String(Math.round(v * 100) / 100));

/**
 * An event's description in the language in force, from its fields (the stored description is the
 * server's Chinese): 剩余电流 350mA 超过报警值 300mA / Residual current 350 mA over the alarm limit of 300 mA.
 */
export function describeEvent(
  e: Pick<PecEvent, 'customtype' | 'peceventlevel' | 'dataid' | 'value' | 'limitvalue' | 'description'>,
): string {
  if (e.customtype === EVENT_TYPE.PROBE_FAILURE) return t('alarmEvent.desc.probe');
  if (e.customtype === COMM_LOSS_EVENT_TYPE) return t('alarmEvent.desc.commLoss');
  const def = e.dataid === null ? undefined : MEASURE_BY_ID.get(e.dataid);
  if (!def) return e.description;
  if (e.customtype === TREND_WARNING_EVENT_TYPE || e.customtype === DEPARTURE_EVENT_TYPE) {
    // The server's Chinese text carries the evidence's figures (rise per day, days to the limit); other
    // languages get the same statement from the fields.
    if (currentLanguage() === 'zh_cn') return e.description;
    return t(e.customtype === TREND_WARNING_EVENT_TYPE ? 'alarmEvent.desc.trend' : 'alarmEvent.desc.departure', {
      measure: measureText(def.dataId),
      value: num(e.value),
      limit: num(e.limitvalue),
      unit: def.unit,
    });
  }
  return t('alarmEvent.desc.over', {
    measure: measureText(def.dataId),
    value: num(e.value),
    limit: num(e.limitvalue),
    unit: def.unit,
    limitKind: t(e.peceventlevel === EVENT_LEVEL.EARLY_WARNING ? 'alarmEvent.desc.warnLimit' : 'alarmEvent.desc.alarmLimit'),
  });
}
