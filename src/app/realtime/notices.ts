import type { NoticeMessage } from '../../../domain/telemetry';
import type { Notice } from '../../../machines/notificationMachine';
import { EVENT_LEVEL } from '../../../domain/enums';
import { currentLanguage, t, tDynamic } from '../i18n/i18n';
import { levelLabel } from '../monitor/palette';
import { measureValueWithUnit } from '../../../domain/measureFormat';

/** A raised alarm (communication loss included: streams/alarmStreams.ts raisedAlarmStream) as the bell shows it. */
export function toNotice(m: NoticeMessage): Notice {
  const p = (m.payload ?? {}) as Record<string, unknown>;
  const level = typeof p.peceventlevel === 'number' ? p.peceventlevel : null;
  const customtype = typeof p.customtype === 'number' ? p.customtype : null;
  const eventId = typeof p.eventId === 'number' ? p.eventId : null;
  const dataId = typeof p.dataId === 'number' ? p.dataId : null;
  return {
    id: m.id,
    seq: m.seq,
    time: m.time,
    kind: m.kind,
    logTypeName: m.logTypeName,
    level,
    customtype,
    eventId,
    dataId,
    description: m.description,
  };
}

/**
 * A notice's type line in the language in force (剩余电流报警 / Residual current alarm); the server's
 * logTypeName (Chinese) only for kinds the packs do not name.
 */
export function noticeTypeText(n: Pick<Notice, 'kind' | 'level' | 'customtype' | 'logTypeName'>): string {
  if (n.customtype == null || (n.kind !== 'alarm.raised' && n.kind !== 'alarm.ended')) return n.logTypeName;
  const type = tDynamic(`alarmEvent.type.${n.customtype}`);
  if (n.kind === 'alarm.ended') return t('bell.recovered', { type });
  if (n.level === null || n.level === EVENT_LEVEL.ACCIDENT) return type;
  return t('bell.typeLevel', { type, level: levelLabel(n.level) });
}

/** A notice's value with its measure's unit and decimals (512.5 mA, 探头状态 故障); -- when it has none. */
export function noticeValueText(n: Pick<Notice, 'dataId' | 'description'>): string {
  const v = n.description.value;
  if (typeof v === 'number') return measureValueWithUnit(n.dataId, v, currentLanguage());
  return v === null || v === '' ? '--' : v;
}
