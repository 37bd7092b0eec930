import { randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { DomainEvent, InTransactionListener } from '../eventLog/eventLog';
import type { Database } from '../store/schema';
import type { NotifyDirectory } from './directory';
import { FLOOD_HOLD_MS, type FloodWatch } from './floodWatch';
import { NOTIFYING_KINDS, planDeliveries, projectOf } from './matching';
import type { NotifyDeliveryTable } from '../store/notifyTables';

/** Prefix of a delivery's flood key while its device and type flood: the worker sends those as one digest. */
export const FLOODING = 'flood:';

type Payload = Record<string, unknown>;

/**
 * The outbox: delivery rows written in the alarm's own transaction, so a crash between "alarm stored"
 * and "message sent" loses nothing. Each row has its id (the idempotency key) from the start.
 */
export function outboxWriter(directory: NotifyDirectory, floods: FloodWatch): InTransactionListener {
  return async (events: readonly DomainEvent[], trx: Transaction<Database>) => {
    let rows: Insertable<NotifyDeliveryTable>[] | null = null;
    for (const ev of events) {
      if (!NOTIFYING_KINDS[ev.kind] || ev.tenantId === null) continue;
      const t = await directory.get(ev.tenantId, trx);
      if (!t.rules.length && ev.kind !== 'alarm.escalated') continue;
      const planned = planDeliveries(ev, t);
      if (!planned.length) continue;
      const p = ev.payload as Payload;
      const key = `${String(p.deviceId ?? '-')}|${String(p.customtype ?? '-')}`;
      const flooding = ev.kind === 'alarm.raised' && floods.note(`${ev.tenantId}|${key}`, ev.at, t.flood);
      for (const d of planned)
        (rows ??= []).push({
          id: randomUUID(),
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
          facts: JSON.stringify(d.facts),
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
        });
    }
    if (!rows) return;
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('notify_delivery')
        .values(rows.slice(i, i + 200))
        .execute();
  };
}
