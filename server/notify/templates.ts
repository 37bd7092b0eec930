import { EVENT_LEVEL } from '../../domain/enums';
import { formatIn } from '../../domain/timeZone';
import type { DomainEvent } from '../eventLog/eventLog';
import { contentOf, logTypeName, toNotice } from '../alarms/noticeWording';
import type { MessageFacts } from './facts';
import type { OutgoingMessage } from './message';

type Written = Pick<OutgoingMessage, 'title' | 'text' | 'markdown' | 'link' | 'data'>;

/** The console's page of the alarm (the hash route of the event list), never with a token. */
function alarmLink(publicUrl: string | null, eventId: unknown): string | null {
  if (!publicUrl || typeof eventId !== 'number') return null;
  return `${publicUrl.replace(/\/+$/, '')}/#/alarmEvent?eventId=${eventId}`;
}

/** A delivery's facts as the message centre's notice (the same text as the console shows). */
export function noticeOfFacts(f: MessageFacts) {
  const ev: DomainEvent = {
    seq: 0,
    at: f.at,
    kind: f.eventKind,
    actorId: null,
    actorName: null,
    tenantId: null,
    projectId: null,
    subject: null,
    payload: f.payload,
  };
  return toNotice(ev);
}

const LABELS = {
  zh: { time: '时间', level: '等级', content: '内容', link: '查看', ended: '恢复', digest: (n: number) => `告警汇总：${n} 条` },
  en: {
    time: 'Time',
    level: 'Level',
    content: 'Details',
    link: 'Open',
    ended: 'ended',
    digest: (n: number) => `Alarm digest: ${n} messages`,
  },
} as const;

/** One alarm's message in the recipient's language, its time in the project's zone. */
export function writeAlarm(f: MessageFacts, publicUrl: string | null): Written {
  const l = LABELS[f.lang];
  const notice = noticeOfFacts(f);
  const level =
    typeof f.payload.peceventlevel === 'number' ? EVENT_LEVEL.textOf(f.payload.peceventlevel, f.lang === 'en' ? 'en' : 'zh_cn') : '--';
  const title =
    f.lang === 'en' ? `[${level}] ${logTypeName(f.eventKind, f.payload, 'en')}` : `【${level}】${logTypeName(f.eventKind, f.payload)}`;
  const time = formatIn(notice.time, 'yyyy-MM-dd HH:mm:ss', f.zone);
  const content = contentOf(notice, f.lang);
  const link = alarmLink(publicUrl, f.payload.eventId);
  const lines = [`${l.time}: ${time}`, `${l.level}: ${level}`, `${l.content}: ${content}`];
  return {
    title,
    text: lines.join('\n'),
    markdown: [`### ${title}`, ...lines.map((s) => `> ${s}`), ...(link ? [`[${l.link}](${link})`] : [])].join('\n'),
    link,
    data: {
      kind: f.eventKind,
      eventId: f.payload.eventId ?? null,
      level: f.payload.peceventlevel ?? null,
      time,
      timeZone: f.zone,
      event: f.payload,
    },
  };
}

/** Several alarms in one message (a flood, or more than the channel's rate allows). */
export function writeDigest(all: readonly MessageFacts[], publicUrl: string | null): Written {
  const f = all[0]!;
  const l = LABELS[f.lang];
  const title = l.digest(all.length);
  const shown = all.slice(0, 20).map((one) => {
    const notice = noticeOfFacts(one);
    return `${formatIn(notice.time, 'yyyy-MM-dd HH:mm:ss', one.zone)} ${contentOf(notice, one.lang)}`;
  });
  const more =
    all.length > shown.length
      ? [f.lang === 'en' ? `… and ${all.length - shown.length} more` : `…… 另有 ${all.length - shown.length} 条`]
      : [];
  const link = publicUrl ? `${publicUrl.replace(/\/+$/, '')}/#/alarmEvent` : null;
  return {
    title,
    text: [...shown, ...more].join('\n'),
    markdown: [`### ${title}`, ...[...shown, ...more].map((s) => `> ${s}`), ...(link ? [`[${l.link}](${link})`] : [])].join('\n'),
    link,
    data: { kind: 'digest', count: all.length, events: all.map((one) => ({ kind: one.eventKind, ...one.payload })) },
  };
}

/** The 测试发送 message. */
export function writeTest(lang: 'zh' | 'en', zone: string, now: number): Written {
  const time = formatIn(now, 'yyyy-MM-dd HH:mm:ss', zone);
  const title = lang === 'en' ? 'Voltguard test message' : 'Voltguard 测试消息';
  const text = lang === 'en' ? `This channel works (${time}).` : `通知渠道可用（${time}）。`;
  return { title, text, markdown: `### ${title}\n> ${text}`, link: null, data: { kind: 'test', time, timeZone: zone } };
}
