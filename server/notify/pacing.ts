import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { dueNow, STILL_DUE } from './claim';
import '../store/notifyTables';

/**
 * Pacing of rate-limited channels (the robots: 企业微信 and 钉钉 take 20 messages a minute, 飞书 100).
 * A paced channel sends at most one message per slot of `gapMs` = 60 000 ÷ its rate, so it never
 * sends more than its rate in any 60 s; what comes due while the slot is taken waits at most one gap
 * and then goes out merged into one digest, instead of waiting for a minute's budget to free.
 *
 * The slot is a row of the store (notify_send_slot), taken with one conditional UPDATE: of several
 * instances exactly one takes each slot, and only the taker claims the channel's deliveries
 * (claimDue leaves a paced channel's deliveries to it), so the limit holds across instances.
 */

/** The spacing of a channel's messages at `ratePerMinute`. */
export const gapOf = (ratePerMinute: number) => Math.ceil(60_000 / ratePerMinute);

/** Paces the channel from now on: its slot, free at once (kept as it is when another instance made it). */
export async function ensureSlot(db: Kysely<Database>, channelId: number): Promise<void> {
  await db
    .insertInto('notify_send_slot')
    .values({ channelId, nextAt: 0 })
    .onConflict((oc) => oc.column('channelId').doNothing())
    .execute();
}

/** Paces a channel found limited on the unpaced way (new, or its limit set since): its slot, and its waiting deliveries into the paced lane. */
export async function paceChannel(db: Kysely<Database>, channelId: number): Promise<void> {
  await ensureSlot(db, channelId);
  await moveLane(db, channelId, 1);
}

/** A channel no longer paced (deleted, disabled, its limit removed): its deliveries go the unpaced way. */
export async function dropSlot(db: Kysely<Database>, channelId: number): Promise<void> {
  await db.deleteFrom('notify_send_slot').where('channelId', '=', channelId).execute();
  await moveLane(db, channelId, 0);
}

/** A channel's deliveries still to be sent into the lane (1: paced, 0: unpaced). */
async function moveLane(db: Kysely<Database>, channelId: number, paced: 0 | 1): Promise<void> {
  await db
    .updateTable('notify_delivery')
    .set({ paced })
    .where('channelId', '=', channelId)
    .where(STILL_DUE)
    .where('paced', '!=', paced)
    .execute();
}

/** Paced channels whose slot is free at `now` and that have deliveries due. */
export async function freeSlots(db: Kysely<Database>, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notify_delivery')
    .select('channelId')
    .distinct()
    .where(dueNow(now))
    .where('channelId', 'in', db.selectFrom('notify_send_slot').select('channelId').where('nextAt', '<=', now))
    .execute();
  return rows.map((r) => r.channelId);
}

/** Takes the channel's slot at `now` for `gapMs` (from its rate now): true for exactly one taker of each slot. */
export async function takeSlot(db: Kysely<Database>, channelId: number, now: number, gapMs: number): Promise<boolean> {
  const result = await db
    .updateTable('notify_send_slot')
    .set({ nextAt: now + gapMs })
    .where('channelId', '=', channelId)
    .where('nextAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a slot taken at `now` that had nothing to send after all (all held by quiet hours). */
export async function returnSlot(db: Kysely<Database>, channelId: number, now: number, gapMs: number): Promise<void> {
  await db
    .updateTable('notify_send_slot')
    .set({ nextAt: now })
    .where('channelId', '=', channelId)
    .where('nextAt', '=', now + gapMs)
    .execute();
}
