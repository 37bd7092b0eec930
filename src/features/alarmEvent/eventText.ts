import { t, type MessageKey } from '../../app/i18n/i18n';

/** Enumeration labels in the current language (the enum texts themselves are the zh_cn ones). */
export const typeLabel = (id: number) => t(`alarmEvent.type.${id}` as MessageKey);
export const levelLabel = (id: number) => t(`alarmEvent.level.${id}` as MessageKey);
export const statusLabel = (endeventid: number) => t(`alarmEvent.status.${endeventid}` as MessageKey);
export const confirmLabel = (id: number) => t(`alarmEvent.confirm.${id}` as MessageKey);

/** Level colours: 事故 red, 报警 orange, 预警 amber — the same in both themes. */
export const LEVEL_COLOUR: Record<number, string> = { 1: 'var(--vg-danger)', 2: '#f97316', 4: 'var(--vg-warn)' };
