import { EVENT_LEVEL } from '../../domain/enums';
import { EVENT_TYPE_TEXT_EN, MEASURE_BY_ID, type NoticeMessage } from '../../domain/telemetry';
import type { DomainEvent } from '../eventLog/eventLog';
import type { Lang } from '../text/language';
import { typeText } from './describe';
import { formatDuration } from '../../domain/duration';
import { measureValueWithUnit } from '../../domain/measureFormat';

const KIND_TEXT: Record<string, { zh: string; en: string }> = {
  'device.status_changed': { zh: '设备状态变化', en: 'Device status change' },
  'alarm.confirmed': { zh: '事件确认', en: 'Event confirmed' },
  'alarm.remarked': { zh: '事件备注', en: 'Event remark' },
  'remote.command_issued': { zh: '遥控命令', en: 'Remote command' },
  'remote.command_answered': { zh: '遥控应答', en: 'Remote command answer' },
  'remote.params_saved': { zh: '遥调参数设置', en: 'Remote parameters set' },
  'threshold.saved': { zh: '阈值设置', en: 'Thresholds set' },
  // work orders (issue 29): the assignee's message and the overdue mark, in the bell and message centre
  'workorder.assigned_notified': { zh: '新工单', en: 'New work order' },
  'workorder.overdue': { zh: '工单超时', en: 'Work order overdue' },
  'workorder.overdue_notified': { zh: '工单超时', en: 'Work order overdue' },
  'workorder.created': { zh: '派单', en: 'Work order dispatched' },
  'workorder.accepted': { zh: '接单', en: 'Work order accepted' },
  'workorder.resolved': { zh: '处理完成', en: 'Work order resolved' },
  'workorder.approved': { zh: '工单关闭', en: 'Work order closed' },
  'workorder.rejected': { zh: '工单退回', en: 'Work order returned' },
  'workorder.reassigned': { zh: '转派', en: 'Work order reassigned' },
};
const typeIn = (customtype: number, lang: Lang) => (lang === 'en' ? (EVENT_TYPE_TEXT_EN[customtype] ?? 'Event') : typeText(customtype));

type Payload = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** The message's type line (剩余电流报警 / Residual current alarm) in the answer language. */
export function logTypeName(kind: string, p: Payload, lang: Lang = 'zh'): string {
  if (kind === 'alarm.raised') {
    const type = typeIn(Number(p.customtype), lang);
    const level = Number(p.peceventlevel);
    if (level === EVENT_LEVEL.ACCIDENT) return type;
    return lang === 'en' ? `${type} ${EVENT_LEVEL.textOf(level, 'en').toLowerCase()}` : `${type}${EVENT_LEVEL.textOf(level)}`;
  }
  if (kind === 'alarm.escalated' || kind === 'alarm.escalation_notified') {
    const raised = logTypeName('alarm.raised', p, lang);
    return lang === 'en' ? `Escalated: ${raised}` : `告警升级：${raised}`;
  }
  if (kind === 'alarm.ended')
    return lang === 'en' ? `${typeIn(Number(p.customtype), lang)} recovered` : `${typeText(Number(p.customtype))}恢复`;
  return KIND_TEXT[kind]?.[lang] ?? kind;
}

/** The EVENT_LEVEL of a message about a raised or escalated alarm; null for every other message. */
export function alarmLevelOf(kind: string, p: Payload): number | null {
  const raised = kind === 'alarm.raised' || kind === 'alarm.escalated' || kind === 'alarm.escalation_notified';
  return raised && typeof p.peceventlevel === 'number' ? p.peceventlevel : null;
}

const fmt = (v: unknown) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : '--');

/** The English of a raised alarm's stored (Chinese) description, from its payload. */
function describeEn(p: Payload): string | null {
  const def = typeof p.dataId === 'number' ? MEASURE_BY_ID.get(p.dataId) : undefined;
  if (!def || typeof p.value !== 'number') return null;
  if (Number(p.customtype) === 4) return 'Probe failure';
  const kind = Number(p.peceventlevel) === EVENT_LEVEL.EARLY_WARNING ? 'warning' : 'alarm';
  return `${def.en} ${fmt(p.value)} ${def.unit} over the ${kind} limit of ${fmt(p.limit)} ${def.unit}`;
}

/** A domain event as the spec §3 notification message, plus its sequence number for resume. */
export function toNotice(ev: DomainEvent): NoticeMessage {
  const p = (ev.payload && typeof ev.payload === 'object' ? ev.payload : {}) as Payload;
  const value = p.value;
  return {
    seq: ev.seq,
    id: `notice_${ev.seq}`,
    time: num(p.eventtime) ?? num(p.endtime) ?? ev.at,
    kind: ev.kind,
    logTypeName: logTypeName(ev.kind, p),
    projectId: ev.projectId,
    description: {
      projectName: str(p.projectName),
      deviceName: str(p.deviceName),
      deviceCode: str(p.deviceCode),
      contactInfo: str(p.contactInfo),
      value: typeof value === 'number' || typeof value === 'string' ? value : null,
      deviceId: num(p.deviceId),
    },
    payload: p,
  };
}

/** The message-centre line of an event, in the answer language (names and codes are data). */
export function contentOf(n: NoticeMessage, lang: Lang = 'zh'): string {
  const d = n.description;
  const p = n.payload as Payload;
  const code = d.deviceCode ? (lang === 'en' ? ` (${d.deviceCode})` : `（${d.deviceCode}）`) : '';
  const where = [d.projectName, d.deviceName && `${d.deviceName}${code}`].filter(Boolean).join(' ');
  // A value is said with its measure's unit and decimals (温度恢复，28.7 ℃), a state in words.
  const value = typeof d.value === 'number' ? measureValueWithUnit(num(p.dataId), d.value, lang) : d.value !== null ? String(d.value) : '';
  // The stored description is the server's Chinese; in English it is said again from the payload.
  const what = lang === 'en' ? (describeEn(p) ?? (typeof d.value === 'number' ? value : '')) : (str(p.description) ?? value);
  if (n.kind === 'alarm.escalated' || n.kind === 'alarm.escalation_notified') {
    const limit = formatDuration(Number(p.limitSeconds) || 0, lang);
    const escalation = lang === 'en' ? `not confirmed within ${limit}` : `${limit}内未确认`;
    return [where, logTypeName(n.kind, p, lang), escalation].filter(Boolean).join(lang === 'en' ? ', ' : '，');
  }
  return [where, logTypeName(n.kind, p, lang), what].filter(Boolean).join(lang === 'en' ? ', ' : '，');
}
