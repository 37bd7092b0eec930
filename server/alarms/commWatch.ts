import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema';
import { DEVICE_STATUS, EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import { COMM_LOSS_EVENT_TYPE } from '../../domain/telemetry';
import { transact } from '../eventLog/transact';
import type { DeviceDirectory, DeviceInfo } from '../devices/devices';
import { noticeFields } from './notice';
import { activeEpisode } from './episodeWriter';
import { aboutDevice, aboutEpisode, type DomainEventInput } from '../eventLog/eventLog';

type Emit = (ev: DomainEventInput) => void;

export interface CommWatchOptions {
  /** silent this long: RETRY */
  retryMs: number;
  /** silent this long: AUTO_EXIT and a communication-loss alarm */
  exitMs: number;
  now: () => number;
}

/** Devices whose changes one transaction writes (a commit each, where a change each was most of the cost). */
const CHANGES_PER_TX = 50;

/** Statuses a person set; the watch never overrides them. */
const MANUAL = new Set<number>([DEVICE_STATUS.MANUAL_OUT, DEVICE_STATUS.MAINTENANCE_SERVICE]);

/**
 * Communication status from silence: COMMUNICATING → RETRY → AUTO_EXIT (raising a comm-loss episode)
 * and back to COMMUNICATING on the next batch (ending it). Each change is one domain event.
 */
export class CommWatch {
  private readonly lastSeen = new Map<number, number>();
  private readonly busy = new Set<number>();
  private startedAt: number;
  /** devices back from a silence, for the next turn's transactions, each with the answers waiting for it */
  private readonly returning = new Map<
    number,
    { device: DeviceInfo; waiting: { resolve: () => void; reject: (err: unknown) => void }[] }
  >();
  private returnScheduled = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly devices: DeviceDirectory,
    private readonly opts: CommWatchOptions,
  ) {
    this.startedAt = opts.now();
  }

  /** A batch arrived (after its commit). */
  seen(device: DeviceInfo): Promise<void> | undefined {
    this.lastSeen.set(device.id, this.opts.now());
    if (
      device.devicestatus === DEVICE_STATUS.RETRY ||
      device.devicestatus === DEVICE_STATUS.AUTO_EXIT ||
      device.devicestatus === DEVICE_STATUS.UNKNOWN
    ) {
      return this.back(device);
    }
    return undefined;
  }

  /**
   * A device back from a silence (or first heard after a start): its change to COMMUNICATING goes in
   * the next turn of the loop, in one transaction with the others back by then, CHANGES_PER_TX a
   * commit. A region back after an outage is thousands of first batches at once, and a transaction
   * each was a commit each. The batch's answer waits for the change.
   */
  private back(device: DeviceInfo): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = this.returning.get(device.id);
      if (entry) {
        entry.device = device;
        entry.waiting.push({ resolve, reject });
      } else this.returning.set(device.id, { device, waiting: [{ resolve, reject }] });
      if (this.returnScheduled) return;
      this.returnScheduled = true;
      setImmediate(() => void this.changeReturning());
    });
  }

  private async changeReturning(): Promise<void> {
    this.returnScheduled = false;
    const all = [...this.returning.values()];
    this.returning.clear();
    for (let i = 0; i < all.length; i += CHANGES_PER_TX) {
      const part = all.slice(i, i + CHANGES_PER_TX);
      try {
        await this.changeMany(part.map((r) => ({ device: r.device, steps: [DEVICE_STATUS.COMMUNICATING] })));
        for (const r of part) for (const w of r.waiting) w.resolve();
      } catch (err) {
        for (const r of part) for (const w of r.waiting) w.reject(err);
      }
    }
  }

  /** A batch reached another instance: only the time counts here (that instance changes the status). */
  markSeen(deviceId: number, at: number): void {
    if ((this.lastSeen.get(deviceId) ?? 0) < at) this.lastSeen.set(deviceId, at);
  }

  async check(): Promise<void> {
    const now = this.opts.now();
    // A device silent past both limits goes through RETRY to AUTO_EXIT in one check: two changes, in order.
    const due: { device: DeviceInfo; steps: number[] }[] = [];
    for (const d of this.devices.all()) {
      if (MANUAL.has(d.devicestatus) || this.busy.has(d.id)) continue;
      const silent = now - (this.lastSeen.get(d.id) ?? this.startedAt);
      const steps: number[] = [];
      if (d.devicestatus === DEVICE_STATUS.COMMUNICATING && silent >= this.opts.retryMs) steps.push(DEVICE_STATUS.RETRY);
      if ((d.devicestatus === DEVICE_STATUS.RETRY || steps.length) && silent >= this.opts.exitMs) steps.push(DEVICE_STATUS.AUTO_EXIT);
      if (steps.length) due.push({ device: d, steps });
    }
    // A whole region dropping out is thousands of changes: a transaction (one commit) per CHANGES_PER_TX
    // devices, not per change, and a turn of the event loop between two (alarms, requests go on).
    for (let i = 0; i < due.length; i += CHANGES_PER_TX) {
      await this.changeMany(due.slice(i, i + CHANGES_PER_TX));
      if (i + CHANGES_PER_TX < due.length) await new Promise((r) => setImmediate(r));
    }
  }

  /** The devices' changes, each step in order, in one transaction; a device's status follows after its commit. */
  private async changeMany(changes: readonly { device: DeviceInfo; steps: readonly number[] }[]): Promise<void> {
    const mine = changes.filter((c) => !this.busy.has(c.device.id) && c.device.devicestatus !== c.steps.at(-1));
    if (!mine.length) return;
    for (const c of mine) this.busy.add(c.device.id);
    const now = this.opts.now();
    try {
      await transact(this.app, async (trx, emit) => {
        for (const { device, steps } of mine) {
          let from = device.devicestatus;
          for (const to of steps) {
            await this.step(trx, emit, device, from, to, now);
            from = to;
          }
        }
      });
      for (const c of mine) {
        c.device.devicestatus = c.steps.at(-1)!;
        // also to the directory: a reload under way may already hold a newer object for this device
        this.devices.observeStatus(c.device.id, c.device.devicestatus);
      }
    } finally {
      for (const c of mine) this.busy.delete(c.device.id);
    }
  }

  /** One change of a device's status inside the caller's transaction: the row, its event, the comm-loss episode raised or ended. */
  private async step(trx: Transaction<Database>, emit: Emit, device: DeviceInfo, from: number, to: number, now: number): Promise<void> {
    const base = noticeFields(device);
    // what the raised and the ended episode's events say of it
    const episode = (id: number) => ({
      ...base,
      eventId: id,
      customtype: COMM_LOSS_EVENT_TYPE,
      peceventlevel: EVENT_LEVEL.ALARM,
      value: null,
    });
    await trx.updateTable('terminal').set({ devicestatus: to }).where('id', '=', device.id).execute();
    emit({
      kind: 'device.status_changed',
      ...aboutDevice(device),
      payload: { ...base, from, to, value: DEVICE_STATUS.textOf(to) },
    });
    if (to === DEVICE_STATUS.AUTO_EXIT) {
      const { id } = await trx
        .insertInto('peceventextend')
        .values(
          activeEpisode(device, {
            eventtime: now,
            customtype: COMM_LOSS_EVENT_TYPE,
            peceventlevel: EVENT_LEVEL.ALARM,
            value: null,
            limitvalue: null,
            dataid: null,
            description: '通信中断',
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      emit({
        kind: 'alarm.raised',
        ...aboutEpisode(device, id),
        payload: { ...episode(id), eventtime: now, description: '通信中断' },
      });
    }
    if (to === DEVICE_STATUS.COMMUNICATING) {
      const open = await trx
        .selectFrom('peceventextend')
        .select('id')
        .where('deviceid', '=', device.id)
        .where('customtype', '=', COMM_LOSS_EVENT_TYPE)
        .where('endeventid', '=', EVENT_STATUS.ACTIVE)
        .execute();
      for (const { id } of open) {
        await trx.updateTable('peceventextend').set({ endeventid: EVENT_STATUS.END, endtime: now }).where('id', '=', id).execute();
        emit({
          kind: 'alarm.ended',
          ...aboutEpisode(device, id),
          payload: { ...episode(id), endtime: now, description: '通信恢复' },
        });
      }
    }
  }
}
