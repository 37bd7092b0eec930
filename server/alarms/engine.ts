import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { DomainEventInput } from '../eventLog/eventLog';
import type { DeviceInfo } from '../devices/devices';
import type { ThresholdStore } from '../devices/thresholds';
import { EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import { MEASURE_BY_ID, NON_THRESHOLD_EVENT_TYPES, type MeasureDef } from '../../domain/telemetry';
import { step, DEFAULT_CLEAR_COUNT, type Rank } from './hysteresis';
import { describeEpisode, levelOfRank } from './describe';
import type { DomainEvent } from '../eventLog/eventLog';
import { lockDevicesForTransaction } from '../store/locks';
import type { Store } from '../store/storeTypes';
import { activeEpisode, EpisodeWriter, type EpisodeEnd, type EpisodeRow } from './episodeWriter';
import '../store/scaleOutSchema';

interface Live {
  rank: Rank;
  releaseCount: number;
  episodeId: number | null;
  lastTime: number;
}

export interface Transition {
  device: DeviceInfo;
  def: MeasureDef;
  key: number;
  from: Rank;
  to: Rank;
  value: number;
  time: number;
  limit: number | null;
}

/** An alarm event's payload: the device's notice fields, the episode, and what its kind adds. */
interface EpisodePayload {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
  projectName: string;
  contactInfo: string | null;
  eventId: number;
  customtype: number | null;
  peceventlevel: number;
  dataId: number;
  value: number;
  endtime?: number;
  limit?: number | null;
  eventtime?: number;
  description?: string;
}

/**
 * An alarm event of episode `id` with the fields both kinds carry, written out one by one (the kind's
 * own are set after): built with object spreads (the device's notice fields, the episode's subject),
 * an event cost 7 µs, most of the alarm path's own work on the ingest bench (issue 32); as a literal
 * it costs under 1 µs, and every event has one shape.
 */
function episodeEvent(kind: 'alarm.ended' | 'alarm.raised', t: Transition, id: number, level: number) {
  const d = t.device;
  const payload: EpisodePayload = {
    deviceId: d.id,
    deviceName: d.name,
    deviceCode: d.code,
    projectName: d.projectName,
    contactInfo: d.contactphone,
    eventId: id,
    customtype: t.def.eventType,
    peceventlevel: level,
    dataId: t.def.dataId,
    value: t.value,
  };
  return { kind, tenantId: d.tenantid, projectId: d.projectid, subject: `peceventextend:${id}`, payload } satisfies DomainEventInput;
}

/** The alarm.ended event of episode `id`, which transition `t` ended. */
function endedEvent(t: Transition, id: number): DomainEventInput {
  const ev = episodeEvent('alarm.ended', t, id, levelOfRank(t.def, t.from));
  ev.payload.endtime = t.time;
  return ev;
}

/** The alarm.raised event of episode `id`, which transition `t` raised as `row`. */
function raisedEvent(t: Transition, id: number, row: EpisodeRow): DomainEventInput {
  const ev = episodeEvent('alarm.raised', t, id, row.peceventlevel);
  ev.payload.limit = t.limit;
  ev.payload.eventtime = t.time;
  ev.payload.description = row.description;
  return ev;
}

/** Journal of a flush: original states, restored when the transaction rolls back. */
export type Journal = Map<number, Live | undefined>;

const keyOf = (deviceId: number, dataId: number) => deviceId * 10_000 + dataId;
const DATA_IDS = 10_000;

/**
 * The alarm engine: per-series hysteresis state, turned into alarm episodes (peceventextend rows and
 * alarm.raised / alarm.ended domain events) inside the ingest transaction.
 *
 * Shared (several instances on one database): a device's batches may reach any instance, so the state
 * in memory is only a cache. Each ingest transaction locks its devices, reads their state from
 * alarm_state, evaluates, and writes back what it touched — the same episodes as in one process.
 */
export class AlarmEngine {
  private readonly state = new Map<number, Live>();
  private readonly episodes: EpisodeWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly thresholds: ThresholdStore,
    private readonly clearCount = DEFAULT_CLEAR_COUNT,
    readonly shared = false,
    store?: Store,
  ) {
    this.episodes = new EpisodeWriter(store);
  }

  /** Rebuilds state from the episodes still active, so a restart neither repeats nor loses alarms. */
  async load(): Promise<void> {
    await this.loadActive();
    if (this.shared && this.state.size) {
      // Episodes opened before the state table existed: their state, unless an instance wrote one.
      const rows = [...this.state].map(([k, v]) => this.row(k, v));
      for (let i = 0; i < rows.length; i += 500)
        await this.db
          .insertInto('alarm_state')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['deviceid', 'dataid']).doNothing())
          .execute();
    }
  }

  private row(key: number, v: Live) {
    return {
      deviceid: Math.floor(key / DATA_IDS),
      dataid: key % DATA_IDS,
      rank: v.rank,
      releasecount: v.releaseCount,
      episodeid: v.episodeId,
      lasttime: v.lastTime,
    };
  }

  /**
   * Shared mode, first thing in an ingest transaction: locks these devices until commit (in id order,
   * so two instances never deadlock) and replaces their cached state with the stored one.
   */
  async sync(trx: Transaction<Database>, deviceIds: readonly number[]): Promise<void> {
    if (!this.shared || deviceIds.length === 0) return;
    await lockDevicesForTransaction(trx, deviceIds);
    const ids = [...new Set(deviceIds)];
    const rows = await trx.selectFrom('alarm_state').selectAll().where('deviceid', 'in', ids).execute();
    const devices = new Set(ids);
    for (const k of [...this.state.keys()]) if (devices.has(Math.floor(k / DATA_IDS))) this.state.delete(k);
    for (const r of rows)
      this.state.set(keyOf(r.deviceid, r.dataid), {
        rank: r.rank as Rank,
        releaseCount: r.releasecount,
        episodeId: r.episodeid,
        lastTime: r.lasttime,
      });
  }

  /** Shared mode, last thing in an ingest transaction: stores the state of every series it evaluated. */
  async persist(trx: Transaction<Database>, journal: Journal): Promise<void> {
    if (!this.shared || journal.size === 0) return;
    const rows = [];
    for (const k of journal.keys()) {
      const v = this.state.get(k);
      if (v) rows.push(this.row(k, v));
    }
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('alarm_state')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['deviceid', 'dataid']).doUpdateSet((eb) => ({
            rank: eb.ref('excluded.rank'),
            releasecount: eb.ref('excluded.releasecount'),
            episodeid: eb.ref('excluded.episodeid'),
            lasttime: eb.ref('excluded.lasttime'),
          })),
        )
        .execute();
  }

  /**
   * Shared mode: an episode another instance raised or ended, so this instance's view of the rank (the
   * realtime screen's over-limit flag) follows it; evaluation re-reads the stored state anyway.
   */
  observe(ev: DomainEvent): void {
    if (ev.kind !== 'alarm.raised' && ev.kind !== 'alarm.ended') return;
    const p = ev.payload as { deviceId?: number; dataId?: number; eventId?: number; peceventlevel?: number; customtype?: number };
    if (typeof p.deviceId !== 'number' || typeof p.dataId !== 'number') return;
    if (p.customtype !== undefined && NON_THRESHOLD_EVENT_TYPES.includes(p.customtype)) return;
    const key = keyOf(p.deviceId, p.dataId);
    const cur = this.state.get(key) ?? { rank: 0 as Rank, releaseCount: 0, episodeId: null, lastTime: 0 };
    if (ev.kind === 'alarm.raised') {
      cur.rank = p.peceventlevel === EVENT_LEVEL.EARLY_WARNING ? 1 : 2;
      cur.episodeId = p.eventId ?? null;
    } else if (cur.episodeId === null || cur.episodeId === p.eventId) {
      cur.rank = 0;
      cur.episodeId = null;
    }
    this.state.set(key, cur);
  }

  private async loadActive(): Promise<void> {
    const rows = await this.db
      .selectFrom('peceventextend')
      .select(['id', 'deviceid', 'dataid', 'peceventlevel', 'eventtime'])
      .where('endeventid', '=', EVENT_STATUS.ACTIVE)
      .where('customtype', 'not in', NON_THRESHOLD_EVENT_TYPES)
      .execute();
    for (const r of rows) {
      if (r.dataid === null) continue;
      const rank: Rank = r.peceventlevel === EVENT_LEVEL.EARLY_WARNING ? 1 : 2;
      this.state.set(keyOf(r.deviceid, r.dataid), { rank, releaseCount: 0, episodeId: r.id, lastTime: r.eventtime });
    }
  }

  /** Checks one reading; mutates state (journaled) and returns the change of rank, if any. */
  evaluate(journal: Journal, device: DeviceInfo, def: MeasureDef, value: number, time: number): Transition | null {
    if (def.alarmLimit === null) return null;
    const key = keyOf(device.id, def.dataId);
    const cur = this.state.get(key);
    // A late reading says nothing about the present: history keeps it, alarms ignore it.
    if (cur && time <= cur.lastTime) return null;
    if (!journal.has(key)) journal.set(key, cur ? { ...cur } : undefined);
    const th = this.thresholds.get(device.id, def.dataId);
    const prev: Rank = cur?.rank ?? 0;
    const next = step({ rank: prev, releaseCount: cur?.releaseCount ?? 0 }, th, value, this.clearCount);
    const live: Live = cur ?? { rank: 0, releaseCount: 0, episodeId: null, lastTime: time };
    live.rank = next.rank;
    live.releaseCount = next.releaseCount;
    live.lastTime = time;
    if (!cur) this.state.set(key, live);
    if (next.rank === prev) return null;
    const limit = next.rank === 2 ? (th?.alarmLimit ?? null) : next.rank === 1 ? (th?.warnLimit ?? null) : null;
    return { device, def, key, from: prev, to: next.rank, value, time, limit };
  }

  rollback(journal: Journal): void {
    for (const [k, v] of journal) {
      if (v) this.state.set(k, v);
      else this.state.delete(k);
    }
  }

  /**
   * A flush's transitions, inside its ingest transaction, with as few statements as their order
   * allows: each wave holds a series at most once, its ended episodes written together and its raised
   * ones in one INSERT; a series that changes twice in one flush (a warning, then the alarm) ends in
   * the next wave the episode the first raised. Events go out in transition order within a wave.
   */
  async applyAll(trx: Transaction<Database>, transitions: readonly Transition[], emit: (ev: DomainEventInput) => void): Promise<void> {
    let rest = transitions;
    while (rest.length) {
      const inWave = new Set<number>();
      const wave: Transition[] = [];
      const later: Transition[] = [];
      for (const t of rest) {
        if (inWave.has(t.key)) later.push(t);
        else {
          inWave.add(t.key);
          wave.push(t);
        }
      }
      await this.applyWave(trx, wave, emit);
      rest = later;
    }
  }

  private async applyWave(trx: Transaction<Database>, wave: readonly Transition[], emit: (ev: DomainEventInput) => void): Promise<void> {
    const ends: EpisodeEnd[] = [];
    const endedIds: (number | null)[] = [];
    const raised: EpisodeRow[] = [];
    for (const t of wave) {
      const live = this.state.get(t.key)!;
      const ending = t.from > 0 && live.episodeId !== null ? live.episodeId : null;
      endedIds.push(ending);
      if (ending !== null) ends.push({ id: ending, endtime: t.time, endvalue: t.value });
      if (t.to > 0)
        raised.push(
          activeEpisode(t.device, {
            eventtime: t.time,
            customtype: t.def.eventType!,
            peceventlevel: levelOfRank(t.def, t.to),
            value: t.value,
            limitvalue: t.limit,
            dataid: t.def.dataId,
            description: describeEpisode(t.def, t.to, t.value, t.limit),
          }),
        );
    }
    await this.episodes.end(trx, ends);
    const ids = await this.episodes.raise(trx, raised);
    let r = 0;
    wave.forEach((t, i) => {
      const live = this.state.get(t.key)!;
      const ended = endedIds[i]!;
      if (ended !== null) {
        emit(endedEvent(t, ended));
        live.episodeId = null;
      }
      if (t.to > 0) {
        const id = ids[r]!;
        emit(raisedEvent(t, id, raised[r++]!));
        live.episodeId = id;
      }
    });
  }

  rankOf(deviceId: number, dataId: number): Rank {
    return this.state.get(keyOf(deviceId, dataId))?.rank ?? 0;
  }

  /** Thresholds changed: the next reading re-evaluates from the current rank. */
  measureDef(dataId: number) {
    return MEASURE_BY_ID.get(dataId);
  }
}
