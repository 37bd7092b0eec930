import { t, type MessageKey } from '../../app/i18n/i18n';

/** Enumeration labels in the current language (the enum texts themselves are the zh_cn ones). */
export const typeLabel = (id: number) => t(`alarmEvent.type.${id}` as MessageKey);
export const statusLabel = (endeventid: number) => t(`alarmEvent.status.${endeventid}` as MessageKey);
export const confirmLabel = (id: number) => t(`alarmEvent.confirm.${id}` as MessageKey);
