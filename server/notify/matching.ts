import { EVENT_LEVEL } from '../../domain/enums';
import { noticeModeOf, type ChannelKind, type DeliveryKind, type RuleDto } from '../../domain/schemas/notify';
import type { DomainEvent } from '../eventLog/eventLog';
import type { Channel } from './channelStore';
import type { Contact, TenantNotify } from './directory';
import type { MessageFacts } from './facts';

/** The domain events that notify, and what their deliveries tell. */
export const NOTIFYING_KINDS: Record<string, DeliveryKind> = {
  'alarm.raised': 'raised',
  'alarm.ended': 'ended',
  'alarm.escalated': 'escalated',
  // a work order dispatched or reassigned (issue 29): addressed to its user, the project in the payload
  'workorder.assigned_notified': 'assigned',
};

/** The project an event is of: its own, or for a message addressed to a user, the one its payload names. */
export const projectOf = (ev: DomainEvent): number | null =>
  ev.projectId ?? (typeof (ev.payload as Payload).projectId === 'number' ? ((ev.payload as Payload).projectId as number) : null);

/** One delivery to write: where it goes and what it says. */
export interface PlannedDelivery {
  kind: DeliveryKind;
  ruleId: number | null;
  channel: Channel;
  userId: number | null;
  recipient: string | null;
  facts: MessageFacts;
  noticeMode: number;
}

type Payload = Record<string, unknown>;

/**
 * Whether a rule takes an alarm event (its project, level, type, and the end only when asked); a work
 * order by its project and level (an order may carry alarms of several types).
 */
function ruleTakes(rule: RuleDto, ev: DomainEvent, kind: DeliveryKind): boolean {
  const p = ev.payload as Payload;
  if (kind === 'ended' && !rule.sendEnd) return false;
  if (kind === 'escalated') return false;
  const projectId = projectOf(ev);
  if (rule.projectIds && (projectId === null || !rule.projectIds.includes(projectId))) return false;
  if (!rule.levels.includes(Number(p.peceventlevel))) return false;
  if (kind !== 'assigned' && rule.types && !rule.types.includes(Number(p.customtype))) return false;
  return true;
}

/** The address a user is reached at over a channel of this kind, if any. */
const addressFor = (kind: ChannelKind, c: Contact): string | null => (kind === 'email' ? c.email : kind === 'sms' ? c.phone : null);

/** A channel of the kind for users: the rule's own first, else the tenant's first enabled one. */
function channelFor(kind: ChannelKind, own: readonly Channel[], t: TenantNotify): Channel | undefined {
  return own.find((c) => c.kind === kind) ?? [...t.channels.values()].find((c) => c.kind === kind);
}

const hasOwnRecipients = (c: Channel) => {
  const config = c.config as { to?: string[]; phones?: string[] };
  if (c.kind === 'email') return !!config.to?.length;
  if (c.kind === 'sms') return !!config.phones?.length;
  return true;
};

/**
 * The deliveries of one alarm event: each matching rule's channels (robots mention the rule's users),
 * and its users by e-mail and SMS; an escalation goes to the escalation role's users. One delivery per
 * channel and recipient however many rules match.
 */
export function planDeliveries(ev: DomainEvent, t: TenantNotify): PlannedDelivery[] {
  const kind = NOTIFYING_KINDS[ev.kind];
  if (!kind) return [];
  const p = ev.payload as Payload;
  const planned = new Map<string, PlannedDelivery>();
  const facts = (lang: 'zh' | 'en', mentions?: MessageFacts['mentions']): MessageFacts => ({
    eventKind: ev.kind,
    payload: p,
    at: ev.at,
    lang,
    zone: t.zone,
    ...(mentions ? { mentions } : {}),
  });
  const toUsers = (ruleId: number | null, users: readonly number[], own: readonly Channel[]) => {
    for (const userId of users) {
      const contact = t.contacts.get(userId);
      if (!contact) continue;
      for (const channelKind of ['email', 'sms'] as const) {
        const address = addressFor(channelKind, contact);
        const channel = address ? channelFor(channelKind, own, t) : undefined;
        if (!channel || !address) continue;
        const key = `${channel.id}|${address}`;
        if (!planned.has(key))
          planned.set(key, {
            kind,
            ruleId,
            channel,
            userId,
            recipient: address,
            facts: facts(contact.lang),
            noticeMode: noticeModeOf(channel.kind),
          });
      }
    }
  };
  if (kind === 'escalated') {
    const roleId = Number(p.roleId);
    toUsers(null, roleId ? (t.roleUsers.get(roleId) ?? []) : [], []);
    return [...planned.values()];
  }
  if (kind === 'assigned') return planAssigned(ev, t, facts);
  for (const rule of t.rules) {
    if (!ruleTakes(rule, ev, kind)) continue;
    const own = rule.channelIds.map((id) => t.channels.get(id)).filter((c): c is Channel => !!c);
    const contacts = rule.userIds.map((id) => t.contacts.get(id)).filter((c): c is Contact => !!c);
    const mentions = {
      wecomIds: contacts.flatMap((c) => (c.wecomId ? [c.wecomId] : [])),
      dingtalkIds: contacts.flatMap((c) => (c.dingtalkId ? [c.dingtalkId] : [])),
      mobiles: contacts.flatMap((c) => (!c.dingtalkId && c.phone ? [c.phone] : [])),
    };
    // one facts object for all of the rule's channels: the outbox serialises each object once
    const channelFacts = facts('zh', mentions);
    for (const channel of own) {
      const key = `${channel.id}|`;
      if (planned.has(key) || !hasOwnRecipients(channel)) continue;
      planned.set(key, {
        kind,
        ruleId: rule.id,
        channel,
        userId: null,
        recipient: null,
        facts: channelFacts,
        noticeMode: noticeModeOf(channel.kind),
      });
    }
    toUsers(rule.id, rule.userIds, own);
  }
  return [...planned.values()];
}

/**
 * A work order's message to its assignee: through the channels of the rules that take the order's
 * project and level, to the assignee's own contact fields — e-mail and SMS to its address, a 企业微信 or
 * 钉钉 robot mentioning it when it has an id there (or, for 钉钉, a phone). Channels that cannot reach
 * the person (a webhook, 飞书, a robot without its id) are left out: the order is not for the group chat.
 */
function planAssigned(ev: DomainEvent, t: TenantNotify, facts: (lang: 'zh' | 'en', m?: MessageFacts['mentions']) => MessageFacts) {
  const contact = t.contacts.get(Number((ev.payload as Payload).userId));
  const planned = new Map<string, PlannedDelivery>();
  if (!contact) return [];
  for (const rule of t.rules) {
    if (!ruleTakes(rule, ev, 'assigned')) continue;
    for (const channel of rule.channelIds.map((id) => t.channels.get(id)).filter((c): c is Channel => !!c)) {
      const address = addressFor(channel.kind, contact);
      const mentions = {
        wecomIds: channel.kind === 'wecom' && contact.wecomId ? [contact.wecomId] : [],
        dingtalkIds: channel.kind === 'dingtalk' && contact.dingtalkId ? [contact.dingtalkId] : [],
        mobiles: channel.kind === 'dingtalk' && !contact.dingtalkId && contact.phone ? [contact.phone] : [],
      };
      const reaches = address !== null || mentions.wecomIds.length + mentions.dingtalkIds.length + mentions.mobiles.length > 0;
      const key = `${channel.id}|${address ?? ''}`;
      if (!reaches || planned.has(key)) continue;
      planned.set(key, {
        kind: 'assigned',
        ruleId: rule.id,
        channel,
        userId: contact.id,
        recipient: address,
        facts: address !== null ? facts(contact.lang) : facts(contact.lang, mentions),
        noticeMode: noticeModeOf(channel.kind),
      });
    }
  }
  return [...planned.values()];
}

/** 事故 is never held back by quiet hours. */
export const isAccident = (level: number | null) => level === EVENT_LEVEL.ACCIDENT;
