import type { NoticeMessage } from '../../../domain/telemetry';
import { isEscalatedPayload } from '../../../domain/escalation';
import { t } from '../i18n/i18n';
import { noticeTypeText } from './notices';
import { durationText } from '../i18n/durationText';

/** An escalated alarm's type line in the language in force (剩余电流报警 / Residual current alarm). */
export const escalationTypeText = (e: { level: number; customtype: number }) =>
  noticeTypeText({ kind: 'alarm.raised', level: e.level, customtype: e.customtype, logTypeName: '' });

/** Where an escalated alarm is: project, device and its code. */
export function escalationPlace(e: { projectName: string | null; deviceName: string | null; deviceCode: string | null }): string {
  const code = e.deviceCode ? t('escalation.code', { code: e.deviceCode }) : '';
  return [e.projectName, e.deviceName && `${e.deviceName}${code}`].filter(Boolean).join(' ');
}

/** The toast of an escalation message sent to this user (the escalation role). */
export function contentOfEscalation(m: NoticeMessage): string {
  const p = m.payload;
  if (!isEscalatedPayload(p)) return t('escalation.messageBare');
  return t('escalation.message', {
    place: escalationPlace(p),
    type: escalationTypeText({ level: p.peceventlevel, customtype: p.customtype }),
    duration: durationText(p.limitSeconds),
  });
}
