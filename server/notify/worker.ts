import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { nextAttemptAt } from './backoff';
import { ratePerMinuteOf, scrubSecrets } from './channelConfig';
import { loadChannel, type Channel } from './channelStore';
import { claimDue, markFailed, markSent, postpone, renewLease } from './claim';
import { byRecipient, composeUnits, slotUnit, type Unit } from './compose';
import type { NotifyDirectory } from './directory';
import { parseFacts } from './facts';
import { isAccident } from './matching';
import type { OutgoingMessage } from './message';
import { quietUntil } from './quietHours';
import { dropSlot, freeSlots, gapOf, paceChannel, returnSlot, takeSlot } from './pacing';
import { failureText } from './sendError';
import { sendOver } from './senders';
import type { DeliveryRow } from '../store/notifyTables';
import { writeAlarm, writeDigest } from './templates';
import { tx } from '../text/text';
import type { ChannelKind } from '../../domain/schemas/notify';

export interface DeliveryWorkerOptions {
  /** the worker's clock (tests drive it) */
  now?: () => number;
  /** how often due deliveries are looked for; 0: only when kicked or ticked (tests) */
  checkIntervalMs?: number;
  /** messages in flight at once */
  concurrency?: number;
  /** how long a taken delivery is this worker's; after a crash another takes it once this passes */
  leaseMs?: number;
  batchSize?: number;
  allowPrivate: boolean;
  /** the console's base URL for links to alarms (PUBLIC_URL) */
  publicUrl: string | null;
}

export const DEFAULT_CHECK_INTERVAL_MS = 1_000;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH_SIZE = 200;

/**
 * Sends the outbox: takes due deliveries under a lease, writes each message in its recipient's
 * language, holds 报警/预警 through quiet hours, merges floods, paces a rate-limited channel (one
 * message per slot, what waited merged into a digest: server/notify/pacing.ts) and retries with
 * backoff. It runs beside ingest, never in its path: the alarm transaction only writes rows, and a
 * slow receiver holds one of `concurrency` sends, not the ingest or the push.
 */
export class DeliveryWorker {
  readonly owner = randomUUID();
  private readonly now: () => number;
  private readonly leaseMs: number;
  private running: Promise<number> | null = null;
  private again = false;
  /** the outbox wrote deliveries since the last round began (see kickIfWritten) */
  private written = false;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: NotifyDirectory,
    private readonly log: FastifyBaseLogger,
    private readonly options: DeliveryWorkerOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** The outbox wrote deliveries in a transaction of this process (due once it commits). */
  noteWritten(): void {
    this.written = true;
  }

  /**
   * After a notifying event's commit: a round at once if this process's outbox wrote deliveries since
   * the last round began. An alarm that wrote none (its tenant has no rule for it, or another instance
   * wrote them and kicks its own worker) needs no claim query; the periodic tick finds anything else.
   */
  kickIfWritten(): void {
    if (this.written) this.kick();
  }

  /** Looks for due deliveries soon (an alarm was just committed). */
  kick(): void {
    this.tick().catch((err: unknown) => this.log.error({ err }, 'notification worker'));
  }

  /** One round: take what is due and send it. Resolves with the number of messages sent or failed. */
  tick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  private async round(): Promise<number> {
    // What the outbox writes from here on is for the next round (its kick finds this one running).
    this.written = false;
    const now = this.now();
    const jobs = await this.pacedSends(now);
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    const rows = await claimDue(this.db, this.owner, now, this.leaseMs, batchSize);
    // A full batch leaves more due behind it (a storm's backlog): the next round follows this one at
    // once instead of waiting for the tick, so a backlog drains at the sending rate, not a batch a second.
    if (rows.length >= batchSize) this.again = true;
    const sendable = await this.holdQuiet(rows, now);
    let newlyPaced = false;
    for (const group of groupByChannel(sendable)) {
      const channel = await this.usable(group);
      if (!channel) continue;
      if (ratePerMinuteOf(channel.kind, channel.config) !== null) {
        // a limited channel seen for the first time (new, or its limit set since): its deliveries
        // wait for its send slot from now on, taken below in this same round
        await paceChannel(this.db, channel.id);
        await postpone(this.db, this.owner, idsOf(group), now);
        newlyPaced = true;
        continue;
      }
      const { flood } = await this.directory.get(channel.tenantId);
      for (const recipient of byRecipient(group))
        for (const unit of composeUnits(recipient, flood)) jobs.push(() => this.send(channel, unit));
    }
    if (newlyPaced) jobs.push(...(await this.pacedSends(now)));
    // A stop lets the sends under way finish and starts no more: what this round claimed and did not
    // send stays leased and is taken again once the lease runs out (here or on another instance).
    await pool(
      jobs.map((job) => () => (this.stopped ? Promise.resolve() : job())),
      this.options.concurrency ?? 4,
    );
    return jobs.length;
  }

  /**
   * One message for each paced channel whose send slot is free and has deliveries due: the slot is
   * taken in the store first (another instance may take it), then the channel's due deliveries are
   * claimed and the longest-waiting recipient's go out as one message (a digest when several).
   */
  private async pacedSends(now: number): Promise<(() => Promise<void>)[]> {
    const jobs: (() => Promise<void>)[] = [];
    for (const channelId of await freeSlots(this.db, now)) {
      const channel = await loadChannel(this.db, channelId);
      const rate = channel?.enabled ? ratePerMinuteOf(channel.kind, channel.config) : null;
      if (!channel || rate === null) {
        // deleted, switched off or no longer limited: the unpaced way sends (or fails) its deliveries
        await dropSlot(this.db, channelId);
        continue;
      }
      const gap = gapOf(rate);
      if (!(await takeSlot(this.db, channel.id, now, gap))) continue;
      const rows = await claimDue(this.db, this.owner, now, this.leaseMs, pacedDigestMax(channel.kind), channel.id);
      const unit = slotUnit(await this.holdQuiet(rows, now));
      if (!unit) {
        await returnSlot(this.db, channel.id, now, gap);
        continue;
      }
      // the other recipients' wait for the next slots (quiet-held ones were given back already)
      await postpone(this.db, this.owner, idsOf(rows.filter((r) => !unit.includes(r))), now);
      jobs.push(() => this.send(channel, unit));
    }
    return jobs;
  }

  /**
   * Whether a message's lease may run out before its send ends (the request timeout is 10 s), so it
   * must be renewed, and checked still ours, first: it waited in the queue behind slow receivers.
   * A lease with more than half its length left cannot have been taken by another instance (they take
   * expired ones only), and skipping the renewal spares a store write per message under a storm.
   */
  private leaseRunsLow(unit: Unit): boolean {
    const now = this.now();
    return unit.some((r) => r.leaseUntil === null || Number(r.leaseUntil) - now < this.leaseMs / 2);
  }

  /** The group's channel, when it may still send; otherwise its deliveries fail with why. */
  private async usable(group: readonly DeliveryRow[]): Promise<Channel | null> {
    const channel = await loadChannel(this.db, group[0]!.channelId);
    if (channel?.enabled) return channel;
    const why = JSON.stringify(tx('通知渠道已删除或停用', 'The channel was deleted or disabled'));
    for (const r of group) await markFailed(this.db, this.owner, r, why, null);
    return null;
  }

  /** Quiet hours of a delivery's rule hold 报警 and 预警 until they end; never 事故. */
  private async holdQuiet(rows: DeliveryRow[], now: number): Promise<DeliveryRow[]> {
    const sendable: DeliveryRow[] = [];
    for (const r of rows) {
      if (r.ruleId === null || isAccident(r.level)) {
        sendable.push(r);
        continue;
      }
      const t = await this.directory.get(r.tenantId);
      const quiet = t.rules.find((rule) => rule.id === r.ruleId)?.quietHours;
      const until = quiet ? quietUntil(now, t.zone, quiet) : null;
      if (until === null) sendable.push(r);
      else await postpone(this.db, this.owner, [r.id], until);
    }
    return sendable;
  }

  private async send(channel: Channel, unit: Unit): Promise<void> {
    const carrier = unit[0]!;
    const ids = unit.map((r) => r.id);
    if (this.leaseRunsLow(unit) && !(await renewLease(this.db, this.owner, ids, this.now(), this.leaseMs))) return;
    const facts = unit.map((r) => parseFacts(r.facts));
    const written = unit.length === 1 ? writeAlarm(facts[0]!, this.options.publicUrl) : writeDigest(facts, this.options.publicUrl);
    const msg: OutgoingMessage = {
      deliveryId: carrier.id,
      mergedIds: unit.slice(1).map((r) => r.id),
      ...written,
      to: carrier.recipient,
      mentions: facts[0]!.mentions ?? { wecomIds: [], dingtalkIds: [], mobiles: [] },
    };
    try {
      await sendOver(channel.kind, channel.config, msg, { allowPrivate: this.options.allowPrivate, now: Date.now });
      await markSent(this.db, this.owner, carrier.id, ids, this.now());
    } catch (err) {
      const now = this.now();
      const text = failureText(err);
      const scrubbed = { zh: scrubSecrets(channel.config, text.zh), en: scrubSecrets(channel.config, text.en) };
      const error = JSON.stringify(scrubbed);
      this.log.warn({ deliveryId: carrier.id, channelId: channel.id, error: scrubbed.en }, 'notification not delivered');
      for (const r of unit) await markFailed(this.db, this.owner, r, error, nextAttemptAt(r.attempts + 1, Number(r.createdAt), now));
    }
  }
}

/**
 * The most deliveries one paced message carries. A robot's, an e-mail's or an SMS's digest shows the
 * first 20 and counts the rest, so its slot carries everything its channel has waiting, up to 10,000:
 * at 1,000 a slot, a robot's 20 slots a minute drained 20,000 deliveries a minute, and a storm of 1,000
 * alarms a second (issue 32's notify bench: 3,300 waiting per robot after 8 s) left its robots telling
 * of it for 12 s after it ended, 1,000 at a time. A webhook's digest lists every event in its body:
 * it stays at 1,000 (about 500 kB; nginx in front of a receiver refuses bodies over 1 MB by default).
 */
const pacedDigestMax = (kind: ChannelKind) => (kind === 'webhook' ? 1_000 : 10_000);

const idsOf = (rows: readonly DeliveryRow[]) => rows.map((r) => r.id);

function groupByChannel(rows: readonly DeliveryRow[]): DeliveryRow[][] {
  const groups = new Map<number, DeliveryRow[]>();
  for (const r of rows) groups.set(r.channelId, [...(groups.get(r.channelId) ?? []), r]);
  return [...groups.values()];
}

/** Runs jobs with at most `limit` at once. */
async function pool(jobs: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane));
}
