import { EVENT_LEVEL } from '../../domain/enums';
import type { NoticeMessage } from '../../domain/telemetry';
import type { DomainEvent } from '../events/eventLog';
import { typeText } from '../alarms/describe';

const KIND_TEXT: Record<string, string> = {
  'device.status_changed': '设备状态变化',
  'alarm.confirmed': '事件确认',
  'alarm.remarked': '事件备注',
  'remote.command_issued': '遥控命令',
  'remote.command_answered': '遥控应答',
  'remote.params_saved': '遥调参数设置',
  'threshold.saved': '阈值设置',
};

type Payload = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function logTypeName(kind: string, p: Payload): string {
  if (kind === 'alarm.raised') {
    const type = typeText(Number(p.customtype));
    const level = Number(p.peceventlevel);
    return level === EVENT_LEVEL.ACCIDENT ? type : `${type}${EVENT_LEVEL.textOf(level)}`;
  }
  if (kind === 'alarm.ended') return `${typeText(Number(p.customtype))}恢复`;
  return KIND_TEXT[kind] ?? kind;
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

/** The message-centre line of an event. */
export function contentOf(n: NoticeMessage): string {
  const d = n.description;
  const p = n.payload as Payload;
  const where = [d.projectName, d.deviceName && `${d.deviceName}${d.deviceCode ? `（${d.deviceCode}）` : ''}`].filter(Boolean).join(' ');
  const what = str(p.description) ?? (d.value !== null ? String(d.value) : '');
  return [where, n.logTypeName, what].filter(Boolean).join('，');
}
