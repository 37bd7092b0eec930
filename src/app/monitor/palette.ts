import type { AlarmState } from '../../../domain/schemas/monitor';
import type { MessageKey } from '../i18n/i18n';

/** Marker and legend colours: the theme's danger / warn / ok, plus an orange between them for alarms. */
export const ALARM_STATE_COLOR: Record<AlarmState, string> = {
  accident: 'var(--vg-danger)',
  alarm: '#f97316',
  warning: 'var(--vg-warn)',
  normal: 'var(--vg-ok)',
};
export const ALARM_STATES: readonly AlarmState[] = ['accident', 'alarm', 'warning', 'normal'];
export const alarmStateKey = (s: AlarmState) => `monitor.state.${s}` as MessageKey;

/** DEVICE_STATUS ids → colour: normal states green / grey, errors red / orange / violet. */
export const DEVICE_STATUS_COLOR: Record<number, string> = {
  1: 'var(--vg-ok)',
  2: 'var(--vg-danger)',
  3: '#f97316',
  4: '#64748b',
  5: '#8b5cf6',
  6: '#94a3b8',
};
/** EVENT_LEVEL ids → colour. */
export const EVENT_LEVEL_COLOR: Record<number, string> = { 1: 'var(--vg-danger)', 2: '#f97316', 4: 'var(--vg-warn)' };

export const statusKey = (id: number) => `monitor.status.${id}` as MessageKey;
export const typeKey = (id: number) => `monitor.type.${id}` as MessageKey;
export const levelKey = (id: number) => `monitor.level.${id}` as MessageKey;
