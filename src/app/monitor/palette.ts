import type { AlarmState } from '../../../domain/schemas/monitor';
import { alarmColourVar, alarmLabel, levelLook, LEVEL_STATE } from '../../../domain/alarmLanguage';
import { currentLanguage, type MessageKey } from '../i18n/i18n';

/** Marker and legend colours: the alarm language's (domain/alarmLanguage.ts). */
export const ALARM_STATE_COLOR: Record<AlarmState, string> = {
  accident: alarmColourVar('accident'),
  alarm: alarmColourVar('alarm'),
  warning: alarmColourVar('warning'),
  normal: alarmColourVar('normal'),
};
export const ALARM_STATES: readonly AlarmState[] = ['accident', 'alarm', 'warning', 'normal'];

/** DEVICE_STATUS ids → colour: normal states green / grey, errors red / orange / violet. */
export const DEVICE_STATUS_COLOR: Record<number, string> = {
  1: 'var(--vg-ok)',
  2: 'var(--vg-danger)',
  3: '#f97316',
  4: '#64748b',
  5: '#8b5cf6',
  6: '#94a3b8',
};
/** EVENT_LEVEL ids → colour, from the alarm language. */
export const EVENT_LEVEL_COLOR: Record<number, string> = Object.fromEntries(
  Object.entries(LEVEL_STATE).map(([id, state]) => [id, alarmColourVar(state)]),
);

export const statusKey = (id: number) => `monitor.status.${id}` as MessageKey;
export const typeKey = (id: number) => `monitor.type.${id}` as MessageKey;
/** An EVENT_LEVEL id's label in the current language, from the alarm language. */
export const levelLabel = (id: number) => levelLook(id).label[currentLanguage()];
export const alarmStateLabel = (s: AlarmState) => alarmLabel(s, currentLanguage());
