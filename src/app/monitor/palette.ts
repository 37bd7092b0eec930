import type { AlarmState } from '../../../domain/schemas/monitor';
import { alarmColourVar, alarmLabel, DEVICE_STATUS_LOOK, levelLook, LEVEL_STATE } from '../../../domain/alarmLanguage';
import { currentLanguage, type MessageKey } from '../i18n/i18n';

/** Marker and legend colours: the alarm language's (domain/alarmLanguage.ts). */
export const ALARM_STATE_COLOR: Record<AlarmState, string> = {
  accident: alarmColourVar('accident'),
  alarm: alarmColourVar('alarm'),
  warning: alarmColourVar('warning'),
  normal: alarmColourVar('normal'),
};
export const ALARM_STATES: readonly AlarmState[] = ['accident', 'alarm', 'warning', 'normal'];

/**
 * DEVICE_STATUS ids → colour in the alarm language: 正常 green for 正在通信 and (lighter) 未知, shades of
 * 通信异常 grey for the rest — the colours the wall gives the same devices.
 */
export const DEVICE_STATUS_COLOR: Record<number, string> = Object.fromEntries(
  Object.entries(DEVICE_STATUS_LOOK).map(([id, { state, share }]) => [
    id,
    share === 1 ? alarmColourVar(state) : `color-mix(in srgb, ${alarmColourVar(state)} ${Math.round(share * 100)}%, var(--vg-surface))`,
  ]),
);
/** DEVICE_STATUS id → its state's shape in the legends. */
export const deviceStatusState = (id: number) => DEVICE_STATUS_LOOK[id]?.state ?? 'offline';
/** EVENT_LEVEL ids → colour, from the alarm language. */
export const EVENT_LEVEL_COLOR: Record<number, string> = Object.fromEntries(
  Object.entries(LEVEL_STATE).map(([id, state]) => [id, alarmColourVar(state)]),
);

export const statusKey = (id: number) => `monitor.status.${id}` as MessageKey;
export const typeKey = (id: number) => `monitor.type.${id}` as MessageKey;
/** An EVENT_LEVEL id's label in the current language, from the alarm language. */
export const levelLabel = (id: number) => levelLook(id).label[currentLanguage()];
export const alarmStateLabel = (s: AlarmState) => alarmLabel(s, currentLanguage());
