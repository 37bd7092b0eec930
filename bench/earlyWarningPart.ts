/**
 * One part of the early-warning bench's fleet (bench/earlyWarning.ts, issue 31), in a process of its
 * own: a whole server (benchApp, its own store) whose clock and periodic-jobs clock are the bench's,
 * moved hour by hour over the labelled days. Its devices report the sampled minutes of every hour
 * through the real ingest function; compaction builds the rollup tiers and the early-warning job judges
 * each closed hour on them, exactly as in production. It answers the episodes its devices raised, by
 * fleet index, and (the first part only, when the bench asks once every part is done) times the ingest
 * ratio rounds alone on the machine. Forked by the bench with EW_PART; not run by hand.
 */
import { benchApp, ensureTerminals, injectLogin } from './lib';
import { CompressedJobs } from './compressedJobs';
import { DAY, H, hourReadings, makeFleet, READING_MS, rng, type DeviceSeries } from './earlyWarningData';
import { EVENT_LEVEL } from '../domain/enums';
import { DEPARTURE_EVENT_TYPE, MEASURES, TREND_WARNING_EVENT_TYPE } from '../domain/telemetry';
import type { SystemSettingDto } from '../domain/schemas/info';

/** What the bench sends a part (EW_PART, JSON). */
export interface PartOptions {
  part: number;
  parts: number;
  devices: number;
  days: number;
  seed: number;
  minutes: number;
  /** the fleet's first midnight (ms), the same in every part */
  start: number;
  dataId: number;
  ratioPairs: number;
}

/** An episode of the detectors or of the 80 % rule, by the fleet index of its device. */
export interface IndexedEpisode {
  index: number;
  eventtime: number;
  customtype: number;
}

export interface LabelledAnswer {
  type: 'labelled';
  part: number;
  devices: number;
  readings: number;
  ingestMs: number;
  labelledS: number;
  jobMs: Record<string, number>;
  ours: IndexedEpisode[];
  baseline: IndexedEpisode[];
}

export interface RatioRound {
  on: boolean;
  perS: number;
  earlyWarningMs: number;
  compactionMs: number;
}

export interface RatioAnswer {
  type: 'ratio';
  devices: number;
  rounds: RatioRound[];
}

const opts = JSON.parse(process.env.EW_PART ?? 'null') as PartOptions | null;
if (!opts) throw new Error('bench/earlyWarningPart.ts is forked by bench/earlyWarning.ts');
const { part, parts, days, seed, start, dataId } = opts;
const SLOTS = (opts.minutes * 60_000) / READING_MS;
const END = start + days * DAY;
const LIMIT = MEASURES.find((m) => m.dataId === dataId)!.alarmLimit!;
const say = (what: string) => console.error(`${new Date().toISOString()} earlyWarning part ${part + 1}/${parts}: ${what}`);

let clock = start;
const jobs = new CompressedJobs(() => clock);
const now = () => clock;
const { app, done } = await benchApp({ logger: false, jobs, telemetry: { now }, escalation: { now }, workorder: { now } });

/** A device of this part: its series, its terminal here and its own noise stream (seeded by its fleet index, so every split sends the same readings). */
interface Device {
  series: DeviceSeries;
  code: string;
  id: number;
  noise: () => number;
}

type Batch = { device: string; time: number; values: { dataId: number; value: number; time: number }[] };

/** One hour of every device's readings (the first `slots` 15-s slots), as the gateways send them: one batch a device. */
function hourBatches(devices: Device[], hourStart: number, slots: number): Batch[] {
  const out: Batch[] = [];
  for (const d of devices) {
    const values = hourReadings(d.series, hourStart, slots, d.noise, dataId);
    if (values.length) out.push({ device: d.code, time: values[0]!.time, values });
  }
  return out;
}

async function ingestAll(batches: Batch[]): Promise<number> {
  const results = await Promise.all(batches.map((b) => app.telemetry.ingest(b, { trusted: true })));
  return results.reduce((n, r) => n + r.accepted, 0);
}

/** The bench's devices measure residual current only: the other limits are switched off, as an operator does for absent sensors. */
async function onlyResidualCurrent(ids: number[]): Promise<void> {
  const off = MEASURES.filter((m) => m.alarmLimit !== null && m.dataId !== dataId).map((m) => ({
    dataId: m.dataId,
    alarmLimit: m.alarmLimit,
    warnLimit: null,
    hysteresis: 0,
    enabled: false,
  }));
  const applies: (() => void)[] = [];
  await app.db.transaction().execute(async (trx) => {
    for (const id of ids) applies.push(await app.telemetry.thresholds.save(trx, id, off, clock));
  });
  applies.forEach((a) => a());
}

/** Early warning on or off for every project, through 系统配置's save route as an administrator does it. */
async function earlyWarningFor(token: string, on: boolean): Promise<void> {
  const projects = await app.db.selectFrom('project').select(['id', 'tenantid']).execute();
  for (const tenantId of [...new Set(projects.map((p) => p.tenantid))]) {
    const headers = { authorization: `Bearer ${token}` };
    const read = (await app.inject({ method: 'POST', url: '/wisdompower/v1/system/setting', headers, payload: { tenantId } })).json() as {
      code: number;
      msg: string;
      data: SystemSettingDto;
    };
    if (read.code !== 0) throw new Error(`settings of tenant ${tenantId}: ${read.msg}`);
    const off = on ? [] : projects.filter((p) => p.tenantid === tenantId).map((p) => p.id);
    const res = (
      await app.inject({
        method: 'POST',
        url: '/wisdompower/v1/system/setting/save',
        headers,
        payload: { tenantId, settings: { ...read.data.settings, earlyWarningOffProjects: off } },
      })
    ).json() as { code: number; msg: string };
    if (res.code !== 0) throw new Error(`settings of tenant ${tenantId}: ${res.msg}`);
  }
}

/** The 预警 episodes of the residual current: the detectors' (趋势预警, 异常偏离) or the threshold engine's 80 % rule's. */
async function episodesOf(earlyWarning: boolean, indexOf: Map<number, number>): Promise<IndexedEpisode[]> {
  let q = app.db
    .selectFrom('peceventextend')
    .select(['deviceid', 'eventtime', 'customtype'])
    .where('dataid', '=', dataId)
    .where('peceventlevel', '=', EVENT_LEVEL.EARLY_WARNING);
  q = earlyWarning
    ? q.where('customtype', 'in', [TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE])
    : q.where('customtype', 'not in', [TREND_WARNING_EVENT_TYPE, DEPARTURE_EVENT_TYPE]);
  return (await q.execute())
    .filter((e) => indexOf.has(e.deviceid))
    .map((e) => ({ index: indexOf.get(e.deviceid)!, eventtime: Number(e.eventtime), customtype: e.customtype }));
}

/** The ingest ratio rounds: whole hours of 15-s readings from every device of this part, early warning on and off in turn. */
async function ratioRounds(devices: Device[]): Promise<RatioRound[]> {
  const { token } = await injectLogin(app, 'root', 'Bench#Pass123');
  const rounds: RatioRound[] = [];
  const spent = (job: 'alarms.earlyWarning' | 'history.compact') => jobs.spentMs.get(job) ?? 0;
  let hour = END + H;
  for (let k = 0; k < 2 * opts!.ratioPairs; k++) {
    const on = k % 2 === 0;
    await earlyWarningFor(token, on);
    // the gateways send the hour as it ends
    clock = hour + H;
    const batches = hourBatches(devices, hour, H / READING_MS);
    const tr = performance.now();
    const [ew0, compact0] = [spent('alarms.earlyWarning'), spent('history.compact')];
    const n = await ingestAll(batches);
    // the hour closes: compaction and (when on) the early-warning job judge it, inside the timed window
    clock = hour + H + 5 * 60_000;
    await jobs.tick();
    const perS = n / ((performance.now() - tr) / 1000);
    const earlyWarningMs = Math.round(spent('alarms.earlyWarning') - ew0);
    const compactionMs = Math.round(spent('history.compact') - compact0);
    rounds.push({ on, perS: Math.round(perS), earlyWarningMs, compactionMs });
    say(
      `ratio round ${k + 1} (${on ? 'on' : 'off'}): ${n} readings, ${Math.round(perS)}/s (early-warning job ${earlyWarningMs} ms, compaction ${compactionMs} ms)`,
    );
    hour += H;
  }
  return rounds;
}

const send = (m: LabelledAnswer | RatioAnswer) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

try {
  const t0 = performance.now();
  // this part's devices: a contiguous share of the fleet's indices
  const per = Math.ceil(opts.devices / parts);
  const [lo, hi] = [part * per, Math.min(opts.devices, (part + 1) * per)];
  const fleet = makeFleet({ devices: opts.devices, days, start, limit: LIMIT, seed, slotsPerHour: SLOTS }).slice(lo, hi);
  const terminals = (await ensureTerminals(app, fleet.length)).slice(0, fleet.length);
  await onlyResidualCurrent((await app.db.selectFrom('terminal').select('id').execute()).map((t) => t.id));
  const devices: Device[] = fleet.map((s, k) => ({
    series: s,
    code: terminals[k]!.code,
    id: terminals[k]!.id,
    noise: rng(seed * 1_000_003 + s.index),
  }));
  const indexOf = new Map(devices.map((d) => [d.id, d.series.index]));
  say(`devices ${lo}–${hi - 1}, ${fleet.filter((s) => s.drift).length} drifting`);

  // ---- the labelled run: hour by hour, the readings of its first minutes, then the clock moves on and the due jobs run
  let readings = 0;
  let ingestMs = 0;
  for (let h = 0; h < days * 24; h++) {
    const hourStart = start + h * H;
    clock = hourStart + opts.minutes * 60_000;
    const batches = hourBatches(devices, hourStart, SLOTS);
    const ti = performance.now();
    readings += await ingestAll(batches);
    ingestMs += performance.now() - ti;
    await jobs.tick();
    if ((h + 1) % 24 === 0 && ((h + 1) / 24) % 10 === 0)
      say(`day ${(h + 1) / 24}: ${readings.toLocaleString('en')} readings, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  // the last hour judged too
  clock = END + 10 * 60_000;
  await jobs.tick();
  await send({
    type: 'labelled',
    part,
    devices: devices.length,
    readings,
    ingestMs,
    labelledS: (performance.now() - t0) / 1000,
    jobMs: Object.fromEntries([...jobs.spentMs].map(([k, v]) => [k, Math.round(v)])),
    ours: await episodesOf(true, indexOf),
    baseline: await episodesOf(false, indexOf),
  });
  if (part === 0) {
    // the timed rounds wait until every other part has ended: nothing else runs on the machine
    await new Promise<void>((resolve) => process.once('message', () => resolve()));
    await send({ type: 'ratio', devices: devices.length, rounds: await ratioRounds(devices) });
  }
} finally {
  await done();
}
process.exit(0);
