import type { FastifyInstance } from 'fastify';
import { DEVICE_STATUS, EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import { COMM_LOSS_EVENT_TYPE } from '../../domain/telemetry';
import { transact } from '../eventLog/transact';
import type { DeviceDirectory, DeviceInfo } from '../devices/devices';
import { noticeFields } from './notice';
import { activeEpisode } from './episodeWriter';
import { aboutDevice, aboutEpisode } from '../eventLog/eventLog';

export interface CommWatchOptions {
  /** silent this long: RETRY */
  retryMs: number;
  /** silent this long: AUTO_EXIT and a communication-loss alarm */
  exitMs: number;
  now: () => number;
}

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
      return this.change(device, DEVICE_STATUS.COMMUNICATING);
    }
    return undefined;
  }

  /** A batch reached another instance: only the time counts here (that instance changes the status). */
  markSeen(deviceId: number, at: number): void {
    if ((this.lastSeen.get(deviceId) ?? 0) < at) this.lastSeen.set(deviceId, at);
  }

  async check(): Promise<void> {
    const now = this.opts.now();
    let changes = 0;
    // Each change is a transaction SQLite answers synchronously: when a whole region drops out at
    // once, thousands of them in a row would hold the event loop (alarms, requests) for minutes.
    const yieldNow = async () => {
      if (++changes % 20 === 0) await new Promise((r) => setImmediate(r));
    };
    for (const d of this.devices.all()) {
      if (MANUAL.has(d.devicestatus)) continue;
      const silent = now - (this.lastSeen.get(d.id) ?? this.startedAt);
      if (d.devicestatus === DEVICE_STATUS.COMMUNICATING && silent >= this.opts.retryMs) {
        await this.change(d, DEVICE_STATUS.RETRY);
        await yieldNow();
      }
      if (d.devicestatus === DEVICE_STATUS.RETRY && silent >= this.opts.exitMs) {
        await this.change(d, DEVICE_STATUS.AUTO_EXIT);
        await yieldNow();
      }
    }
  }

  private async change(device: DeviceInfo, to: number): Promise<void> {
    if (this.busy.has(device.id) || device.devicestatus === to) return;
    this.busy.add(device.id);
    const from = device.devicestatus;
    const now = this.opts.now();
    const base = noticeFields(device);
    // what the raised and the ended episode's events say of it
    const episode = (id: number) => ({
      ...base,
      eventId: id,
      customtype: COMM_LOSS_EVENT_TYPE,
      peceventlevel: EVENT_LEVEL.ALARM,
      value: null,
    });
    try {
      await transact(this.app, async (trx, emit) => {
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
      });
      device.devicestatus = to;
    } finally {
      this.busy.delete(device.id);
    }
  }
}
