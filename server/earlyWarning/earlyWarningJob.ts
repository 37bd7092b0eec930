import type { FastifyInstance } from 'fastify';
import { EVENT_LEVEL, EVENT_STATUS } from '../../domain/enums';
import { DEPARTURE_EVENT_TYPE, EARLY_WARNING_MEASURES, TREND_WARNING_EVENT_TYPE, type MeasureDef } from '../../domain/telemetry';
import type { SystemSettings } from '../../domain/schemas/info';
import { transact } from '../eventLog/transact';
import { noticeFields } from '../alarms/notice';
import { activeEpisode } from '../alarms/episodeWriter';
import { effectiveSettings } from '../settings/effective';
import type { DeviceInfo } from '../devices/devices';
import { HOUR_MS } from './hourly';
import { SeriesWindows } from './seriesWindows';
import { assessTrend, DAY_HOURS, type TrendEvidence } from './trend';
import { BandMedians, DEFAULT_DEPARTURE_OPTIONS, sustainedDeparture } from './departure';
import { evidenceOf } from './evidence';
import type { EarlyWarningEvidenceDto } from '../../domain/earlyWarning';
import { aboutEpisode } from '../eventLog/eventLog';

/** Hours of history the trend is fitted on. */
const TREND_HOURS = 3 * DAY_HOURS;
/** A trend warning ends once its projected crossing is this much farther than the horizon (no flapping at the edge). */
const END_MARGIN = 1.25;
/** Longest stretch a run works before it lets the event loop serve others. */
const SLICE_MS = 4;
/** An hour is judged this long after it closed, when late batches of its minutes have come in. */
const SETTLE_MS = 2 * 60_000;

export interface TrendEvidenceDto {
  kind: 'trend';
  slopePerDay: number;
  /** when the daily peak is projected to reach the limit (ms) */
  crossingAt: number;
  windowHours: number;
  confidence: number;
  limit: number;
}
export interface DepartureEvidenceDto {
  kind: 'departure';
  value: number;
  /** the normal band of the hour: median ± spread (MAD × 1.4826) over the last 14 days */
  median: number;
  spread: number;
  score: number;
  hours: number;
  limit: number;
}

/** A tenant's early-warning settings as the job looks them up, device by device. */
interface TenantEarlyWarning {
  settings: SystemSettings;
  /** the projects left out */
  off: ReadonlySet<number>;
  /** the projects with a horizon of their own (days) */
  horizonDays: ReadonlyMap<number, number>;
}

const tenantEarlyWarning = (settings: SystemSettings): TenantEarlyWarning => ({
  settings,
  off: new Set(settings.earlyWarningOffProjects),
  horizonDays: new Map(settings.earlyWarningProjectHorizons.map((p) => [p.projectId, p.days])),
});

interface Open {
  id: number;
  deviceId: number;
  dataId: number;
  type: number;
}

const openKey = (deviceId: number, dataId: number, type: number) => `${deviceId}:${dataId}:${type}`;
const fixed = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

/**
 * Early warning before the threshold (issue 31): once an hour, every watched series' hourly medians
 * (1-minute rollups) are judged for a drift whose daily peak reaches the limit within the horizon
 * (趋势预警) and for a sustained rise far above the series' own normal for the hour (异常偏离), both
 * 预警. An episode ends when its evidence goes. Open episodes are read from the store, so a restart
 * (or another instance taking over the periodic jobs) continues where it stopped; the work is cut
 * into slices of a few milliseconds.
 */
export class EarlyWarningJob {
  private readonly windows: SeriesWindows;
  private open: Map<string, Open> | null = null;
  private evaluatedUpTo = 0;
  /** per device and measure, the band medians of its last judgement (the next hour reads most of them again) */
  private readonly bandMedians = new Map<number, Map<number, BandMedians>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly now: () => number,
  ) {
    this.windows = new SeriesWindows(app.telemetry.series);
    app.telemetry.writer.onRowsWritten((groups) => this.windows.noteWritten(groups));
    app.telemetry.compactor.onMinutesCompacted((windows) => this.windows.noteCompacted(windows));
  }

  /** The end of the newest hour to judge now. */
  private judgedUpTo(): number {
    return Math.floor((this.now() - SETTLE_MS) / HOUR_MS) * HOUR_MS;
  }

  /** What the detectors see of one series now, for the evidence chart. */
  async evidence(device: DeviceInfo, def: MeasureDef): Promise<EarlyWarningEvidenceDto> {
    const end = this.judgedUpTo();
    const th = this.app.telemetry.thresholds.get(device.id, def.dataId);
    const limit = EARLY_WARNING_MEASURES.includes(def) && th?.enabled ? th.alarmLimit : null;
    const open = await this.app.db
      .selectFrom('peceventextend')
      .select(['id', 'customtype', 'eventtime'])
      .where('deviceid', '=', device.id)
      .where('dataid', '=', def.dataId)
      .where('endeventid', '=', EVENT_STATUS.ACTIVE)
      .where('customtype', 'in', [TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE])
      .orderBy('id')
      .execute();
    const warnings = open.map((e) => ({ eventId: e.id, type: e.customtype, since: Number(e.eventtime) }));
    return evidenceOf(device.id, def.dataId, limit, await this.windows.upTo(device.id, def.dataId, end), end, warnings);
  }

  async run(): Promise<void> {
    const end = this.judgedUpTo();
    // Within an hour already judged, only the devices whose late readings changed their judged hours
    // (a gateway uploading its offline buffer) are judged again; a new hour judges every device.
    const late = this.windows.takeLate();
    // late readings changed hours these medians were read from
    for (const deviceId of late) this.bandMedians.delete(deviceId);
    const only = end <= this.evaluatedUpTo ? late : null;
    if (only?.size === 0) return;
    // Read again each hour: on several instances the periodic-jobs holder may have changed since.
    this.open = await this.loadOpen();
    const settings = new Map<number, TenantEarlyWarning>();
    let sliceStart = performance.now();
    for (const device of this.app.telemetry.devices.all()) {
      if (only && !only.has(device.id)) continue;
      let tenant = settings.get(device.tenantid);
      if (!tenant) settings.set(device.tenantid, (tenant = tenantEarlyWarning(await effectiveSettings(this.app.db, device.tenantid))));
      const { settings: s } = tenant;
      const watched = !tenant.off.has(device.projectid);
      const horizonH = (tenant.horizonDays.get(device.projectid) ?? s.earlyWarningHorizonDays) * DAY_HOURS;
      for (const def of EARLY_WARNING_MEASURES) {
        const th = this.app.telemetry.thresholds.get(device.id, def.dataId);
        const limit = th?.enabled ? th.alarmLimit : null;
        if (!watched || limit === null || limit === undefined) {
          await this.endAll(device, def.dataId, end, '预警已关闭');
          continue;
        }
        const hourly = await this.windows.upTo(device.id, def.dataId, end);
        await this.judgeTrend(device, def, limit, hourly, end, s, horizonH);
        await this.judgeDeparture(device, def, limit, hourly, end, s);
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise((r) => setImmediate(r));
          sliceStart = performance.now();
        }
      }
    }
    this.evaluatedUpTo = end;
  }

  private async judgeTrend(
    device: DeviceInfo,
    def: MeasureDef,
    limit: number,
    hourly: Float64Array,
    end: number,
    s: SystemSettings,
    horizonH: number,
  ) {
    const ev: TrendEvidence | null = s.earlyWarningTrend ? assessTrend(hourly.subarray(hourly.length - TREND_HOURS), limit) : null;
    const open = this.open!.get(openKey(device.id, def.dataId, TREND_WARNING_EVENT_TYPE));
    if (open) {
      if (!ev || ev.hoursToCross === 0 || ev.hoursToCross > horizonH * END_MARGIN)
        await this.end(device, open, end, ev?.hoursToCross === 0 ? '趋势预警结束：已达到限值' : '趋势预警结束：趋势消失', ev?.peak ?? null);
      return;
    }
    if (!ev || ev.hoursToCross === 0 || ev.hoursToCross > horizonH) return;
    const evidence: TrendEvidenceDto = {
      kind: 'trend',
      slopePerDay: ev.slopePerDay,
      // hours from the newest hour, which starts an hour before `end`
      crossingAt: end - HOUR_MS + Math.round(ev.hoursToCross * HOUR_MS),
      windowHours: ev.windowHours,
      confidence: ev.confidence,
      limit,
    };
    const description = `趋势预警：${def.name}每天上升 ${fixed(ev.slopePerDay)}${def.unit}，预计 ${(ev.hoursToCross / DAY_HOURS).toFixed(1)} 天后达到 ${fixed(limit)}${def.unit}`;
    await this.raise(device, def, TREND_WARNING_EVENT_TYPE, end, ev.peak, limit, description, evidence);
  }

  private async judgeDeparture(device: DeviceInfo, def: MeasureDef, limit: number, hourly: Float64Array, end: number, s: SystemSettings) {
    const d = s.earlyWarningDeparture
      ? sustainedDeparture(hourly, limit, DEFAULT_DEPARTURE_OPTIONS, { memo: this.memoOf(device.id, def.dataId), end })
      : null;
    const open = this.open!.get(openKey(device.id, def.dataId, DEPARTURE_EVENT_TYPE));
    const newest = d?.scores.at(-1) ?? null;
    if (open) {
      // A gap in the data says nothing: only a value back near its normal (or the feature off) ends it.
      if (!s.earlyWarningDeparture || (d && (newest! < DEFAULT_DEPARTURE_OPTIONS.endScore || d.value >= limit)))
        await this.end(device, open, end, '异常偏离结束', d?.value ?? null);
      return;
    }
    // Far above the band of its hour in each of the sustained hours and still climbing (a load switched
    // on steps once), above anything of the last 14 days, and still under the limit.
    if (!d || !d.climbing || d.value >= limit || d.value <= d.high || !d.scores.every((x) => x >= DEFAULT_DEPARTURE_OPTIONS.raiseScore))
      return;
    const evidence: DepartureEvidenceDto = {
      kind: 'departure',
      value: d.value,
      median: d.band.median,
      spread: d.band.spread,
      score: newest!,
      hours: d.scores.length,
      limit,
    };
    const description = `异常偏离：${def.name} ${fixed(d.value)}${def.unit}，高于本时段常态 ${fixed(d.band.median)}${def.unit}（已持续 ${d.scores.length} 小时）`;
    await this.raise(device, def, DEPARTURE_EVENT_TYPE, end, d.value, limit, description, evidence);
  }

  private memoOf(deviceId: number, dataId: number): BandMedians {
    let byMeasure = this.bandMedians.get(deviceId);
    if (!byMeasure) this.bandMedians.set(deviceId, (byMeasure = new Map()));
    let memo = byMeasure.get(dataId);
    if (!memo) byMeasure.set(dataId, (memo = new BandMedians()));
    return memo;
  }

  private async raise(
    device: DeviceInfo,
    def: MeasureDef,
    type: number,
    at: number,
    value: number,
    limit: number,
    description: string,
    evidence: TrendEvidenceDto | DepartureEvidenceDto,
  ) {
    const id = await transact(this.app, async (trx, emit) => {
      const { id } = await trx
        .insertInto('peceventextend')
        .values(
          activeEpisode(device, {
            eventtime: at,
            customtype: type,
            peceventlevel: EVENT_LEVEL.EARLY_WARNING,
            value,
            limitvalue: limit,
            dataid: def.dataId,
            description,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      emit({
        kind: 'alarm.raised',
        ...aboutEpisode(device, id),
        payload: {
          ...noticeFields(device),
          eventId: id,
          customtype: type,
          peceventlevel: EVENT_LEVEL.EARLY_WARNING,
          dataId: def.dataId,
          value,
          limitvalue: limit,
          eventtime: at,
          description,
          evidence,
        },
      });
      return id;
    });
    this.open!.set(openKey(device.id, def.dataId, type), { id, deviceId: device.id, dataId: def.dataId, type });
  }

  private async end(device: DeviceInfo, open: Open, at: number, description: string, value: number | null) {
    await transact(this.app, async (trx, emit) => {
      await trx
        .updateTable('peceventextend')
        .set({ endeventid: EVENT_STATUS.END, endtime: at, endvalue: value })
        .where('id', '=', open.id)
        .execute();
      emit({
        kind: 'alarm.ended',
        ...aboutEpisode(device, open.id),
        payload: {
          ...noticeFields(device),
          eventId: open.id,
          customtype: open.type,
          peceventlevel: EVENT_LEVEL.EARLY_WARNING,
          dataId: open.dataId,
          value,
          endtime: at,
          description,
        },
      });
    });
    this.open!.delete(openKey(open.deviceId, open.dataId, open.type));
  }

  private async endAll(device: DeviceInfo, dataId: number, at: number, description: string) {
    for (const type of [TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE]) {
      const open = this.open!.get(openKey(device.id, dataId, type));
      if (open) await this.end(device, open, at, description, null);
    }
  }

  /** The open early warnings as stored: what a restart continues from. */
  private async loadOpen(): Promise<Map<string, Open>> {
    const rows = await this.app.db
      .selectFrom('peceventextend')
      .select(['id', 'deviceid', 'dataid', 'customtype'])
      .where('endeventid', '=', EVENT_STATUS.ACTIVE)
      .where('customtype', 'in', [TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE])
      .execute();
    const open = new Map<string, Open>();
    for (const r of rows)
      if (r.dataid !== null)
        open.set(openKey(r.deviceid, r.dataid, r.customtype), { id: r.id, deviceId: r.deviceid, dataId: r.dataid, type: r.customtype });
    return open;
  }
}
