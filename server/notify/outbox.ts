import type { Insertable, Transaction } from 'kysely';
import type { DomainEvent, InTransactionListener } from '../eventLog/eventLog';
import type { Database } from '../store/schema';
import type { NotifyDirectory } from './directory';
import { FLOOD_HOLD_MS, type FloodWatch } from './floodWatch';
import { NOTIFYING_KINDS, planDeliveries, projectOf } from './matching';
import { ratePerMinuteOf } from './channelConfig';
import { ensureSlot } from './pacing';
import type { NotifyDeliveryTable } from '../store/notifyTables';
import { deliveryId } from './deliveryId';
import type { MessageFacts } from './facts';

/** Prefix of a delivery's flood key while its device and type flood: the worker sends those as one digest. */
export const FLOODING = 'flood:';

type Payload = Record<string, unknown>;

/** How often the outbox makes sure a paced channel still has its send slot. */
const SLOT_RECHECK_MS = 10_000;

/**
 * The outbox: delivery rows written in the alarm's own transaction, so a crash between "alarm stored"
 * and "message sent" loses nothing. Each row has its id (the idempotency key) from the start.
 */
export function outboxWriter(directory: NotifyDirectory, floods: FloodWatch, onWritten: () => void): InTransactionListener {
  /** when this process last made sure each paced channel has its send slot */
  const slotSeenAt = new Map<number, number>();
  return async (events: readonly DomainEvent[], trx: Transaction<Database>) => {
    let rows: Insertable<NotifyDeliveryTable>[] | null = null;
    const paced = new Set<number>();
    for (const ev of events) {
      if (!NOTIFYING_KINDS[ev.kind] || ev.tenantId === null) continue;
      const t = await directory.get(ev.tenantId, trx);
      if (!t.rules.length && ev.kind !== 'alarm.escalated') continue;
      const planned = planDeliveries(ev, t);
      if (!planned.length) continue;
      const p = ev.payload as Payload;
      const key = `${String(p.deviceId ?? '-')}|${String(p.customtype ?? '-')}`;
      const flooding = ev.kind === 'alarm.raised' && floods.note(`${ev.tenantId}|${key}`, ev.at, t.flood);
      // deliveries of one event share their facts objects (a rule's channels, a language): each is written once
      const factsText = new Map<MessageFacts, string>();
      const textOf = (f: MessageFacts) => factsText.get(f) ?? factsText.set(f, JSON.stringify(f)).get(f)!;
      for (const d of planned) {
        const limited = ratePerMinuteOf(d.channel.kind, d.channel.config) !== null;
        if (limited) paced.add(d.channel.id);
        (rows ??= []).push({
          id: deliveryId(),
          tenantId: ev.tenantId,
          eventSeq: ev.seq,
          eventId: typeof p.eventId === 'number' ? p.eventId : null,
          kind: d.kind,
          ruleId: d.ruleId,
          channelId: d.channel.id,
          userId: d.userId,
          recipient: d.recipient,
          projectId: projectOf(ev),
          level: typeof p.peceventlevel === 'number' ? p.peceventlevel : null,
          floodKey: flooding ? `${FLOODING}${key}` : key,
          facts: textOf(d.facts),
          status: 'pending',
          attempts: 0,
          lastError: null,
          createdAt: ev.at,
          sentAt: null,
          nextAttemptAt: flooding ? ev.at + FLOOD_HOLD_MS : ev.at,
          leaseOwner: null,
          leaseUntil: null,
          mergedInto: null,
          noticeMode: d.noticeMode,
          paced: limited ? 1 : 0,
        });
      }
    }
    if (!rows) return;
    // A paced row is sent by its channel's slot taker only, so the slot must exist (the worker makes it
    // too, for a channel it finds limited on the unpaced way). Checked again every SLOT_RECHECK_MS, as
    // the worker drops the slot of a channel no longer limited, moving its rows back to the unpaced lane.
    const now = Date.now();
    for (const channelId of paced)
      if (now - (slotSeenAt.get(channelId) ?? -Infinity) >= SLOT_RECHECK_MS) {
        await ensureSlot(trx, channelId);
        slotSeenAt.set(channelId, now);
      }
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('notify_delivery')
        .values(rows.slice(i, i + 200))
        .execute();
    onWritten();
  };
}
