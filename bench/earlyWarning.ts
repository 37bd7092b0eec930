/**
 * Early warning measured on labelled data (issue 31). A seeded fleet (bench/earlyWarningData.ts) of
 * residual-current series reports through the real ingest function (validation, group-commit history
 * writes, the threshold engine and its episodes, latest values) into the real history store; the
 * server's clock and its periodic-jobs clock are the bench's, moved hour by hour over 60 days, so
 * compaction builds the 1-minute and 1-hour rollup tiers and the early-warning job judges each closed
 * hour on them exactly as in production. Nothing is judged outside the server's own code.
 *
 * 60 days × 1,000 devices × 5,760 readings a day is 345 M readings, over half an hour of ingest alone on
 * this machine; the labelled run therefore SAMPLES: every device reports its 15-s readings for the first
 * `minutes` minutes of each hour (default 6: 24 readings, 6 one-minute rollups an hour), which is what
 * the detectors' hourly medians are then taken over (fewer minutes than the 60 of production, so a
 * glitch weighs more: the pessimistic side). Every device-hour still goes through ingest, compaction of
 * its window and the hourly job.
 *
 * The labelled run's figures are what the detectors raised, not how fast: its fleet is split between
 * EW_PROCESSES processes (default 2, one a core; bench/earlyWarningPart.ts), each a whole server with its
 * own store and a contiguous share of the devices. Every device sends the same readings whatever the
 * split (its noise is seeded by its fleet index) and is judged on its own history only, so the episodes
 * are those of one server holding the whole fleet; the run takes some 140 s instead of 210. The ingest
 * ratio, which is timed, is measured once every part has ended, alone on the machine, in the first
 * part's server on its devices: whole hours of 15-s readings from each of them.
 *
 * Figures (recall, lead, false warnings) for our detectors (趋势预警 and 异常偏离 episodes) and, on the
 * same readings in the same run, for the plain rule "warn at 80 % of the threshold" — the threshold
 * engine's own 预警 stage (warnLimit = 0.8 × the limit, the catalogue default).
 *
 * Run: npm run bench -- earlyWarning   (or: npx tsx bench/earlyWarning.ts [devices=1000] [days=60] [seed=2] [minutes=6])
 * Tuning used seed 1; the recorded figures come from seed 2 (the default), which the tuning never saw.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { recordResults } from './results';
import { DAY, DRIFT_DAYS, H, makeFleet, READING_MS, type DeviceSeries } from './earlyWarningData';
import type { IndexedEpisode, LabelledAnswer, PartOptions, RatioAnswer } from './earlyWarningPart';
import { DEPARTURE_EVENT_TYPE, MEASURES, TREND_WARNING_EVENT_TYPE } from '../domain/telemetry';
import { SERVER_TSX_ARGV } from '../scripts/nodeFlags.mjs';

const DEVICES = Number(process.argv[2] ?? 1000);
const DAYS = Number(process.argv[3] ?? 60);
const SEED = Number(process.argv[4] ?? 2);
const MINUTES = Number(process.argv[5] ?? 6);
const PROCESSES = Math.max(1, Math.min(DEVICES, Number(process.env.EW_PROCESSES ?? 2)));
const SLOTS = (MINUTES * 60_000) / READING_MS;
const RATIO_PAIRS = 3;
const DATA_ID = 1001;
const LIMIT = MEASURES.find((m) => m.dataId === DATA_ID)!.alarmLimit!;
/** The first days no detector can judge (the trend needs three days of hours): left out of the false-warning rate's device-days. */
const WARM_UP_DAYS = 3;

const say = (what: string) => console.error(`${new Date().toISOString()} earlyWarning: ${what}`);
const START = Math.floor(Date.now() / DAY) * DAY - (DAYS + 2) * DAY;
const END = START + DAYS * DAY;

/** The next message of `type` from a part, or its failure if it ends first. */
function fromPart<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve(m as T);
    };
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`earlyWarning: a part ended (${signal ?? `exit ${code}`}) before its '${type}' answer`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
const ended = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Recall, median lead and false warnings of one detector's episodes against the labels. */
function score(fleet: DeviceSeries[], episodes: IndexedEpisode[]) {
  const byDevice = new Map<number, number[]>();
  for (const e of episodes) byDevice.set(e.index, [...(byDevice.get(e.index) ?? []), e.eventtime]);
  const judgedFrom = START + WARM_UP_DAYS * DAY;
  const leads: number[] = [];
  const perRate = new Map<number, { drifts: number; warned: number; leads: number[] }>();
  let drifts = 0;
  let falseWarnings = 0;
  let cleanDevices = 0;
  for (const s of fleet) {
    const times = (byDevice.get(s.index) ?? []).sort((a, b) => a - b);
    if (!s.drift) {
      cleanDevices++;
      falseWarnings += times.filter((t) => t >= judgedFrom).length;
      continue;
    }
    if (!Number.isFinite(s.drift.crossing) || s.drift.crossing >= END) continue;
    drifts++;
    const r = perRate.get(s.drift.days) ?? { drifts: 0, warned: 0, leads: [] };
    perRate.set(s.drift.days, r);
    r.drifts++;
    const first = times.find((t) => t >= s.drift!.start && t < s.drift!.crossing);
    if (first === undefined) continue;
    r.warned++;
    const lead = (s.drift.crossing - first) / H;
    r.leads.push(lead);
    leads.push(lead);
  }
  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    return v.length ? (v.length % 2 ? v[v.length >> 1]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2) : 0;
  };
  const deviceDays = cleanDevices * (DAYS - WARM_UP_DAYS);
  return {
    recall: drifts ? leads.length / drifts : 0,
    medianLeadH: median(leads),
    falsePer100DeviceDays: deviceDays ? (100 * falseWarnings) / deviceDays : 0,
    drifts,
    falseWarnings,
    deviceDays,
    perRate: Object.fromEntries(
      DRIFT_DAYS.filter((d) => perRate.has(d)).map((d) => {
        const r = perRate.get(d)!;
        return [`${d}d`, { drifts: r.drifts, warned: r.warned, medianLeadH: +median(r.leads).toFixed(1) }];
      }),
    ),
  };
}

const t0 = performance.now();
const fleet = makeFleet({ devices: DEVICES, days: DAYS, start: START, limit: LIMIT, seed: SEED, slotsPerHour: SLOTS });
say(
  `${DEVICES} devices × ${DAYS} days, seed ${SEED}, ${MINUTES} min of 15-s readings an hour, in ${PROCESSES} processes; ` +
    `${fleet.filter((s) => s.drift).length} drifting, ${fleet.filter((s) => s.steps.length).length} with steps`,
);
const parts = Array.from({ length: PROCESSES }, (_, part) => {
  const options: PartOptions = {
    part,
    parts: PROCESSES,
    devices: DEVICES,
    days: DAYS,
    seed: SEED,
    minutes: MINUTES,
    start: START,
    dataId: DATA_ID,
    ratioPairs: RATIO_PAIRS,
  };
  return fork(fileURLToPath(new URL('./earlyWarningPart.ts', import.meta.url)), [], {
    execArgv: [...SERVER_TSX_ARGV],
    env: { ...process.env, EW_PART: JSON.stringify(options) },
  });
});
try {
  // the first part waits for the ratio rounds: its ratio answer is awaited from the start, so its failure is never unheard
  const ratioAnswer = fromPart<RatioAnswer>(parts[0]!, 'ratio');
  ratioAnswer.catch(() => undefined);
  const labelled = await Promise.all(parts.map((p) => fromPart<LabelledAnswer>(p, 'labelled')));
  const labelledS = (performance.now() - t0) / 1000;
  await Promise.all(parts.slice(1).map(ended));
  parts[0]!.send({ type: 'ratio' });
  const { rounds, devices: ratioDevices } = await ratioAnswer;

  const ourEpisodes = labelled.flatMap((l) => l.ours);
  const ours = score(fleet, ourEpisodes);
  const baseline = score(
    fleet,
    labelled.flatMap((l) => l.baseline),
  );
  const byType = {
    trend: ourEpisodes.filter((e) => e.customtype === TREND_WARNING_EVENT_TYPE).length,
    departure: ourEpisodes.filter((e) => e.customtype === DEPARTURE_EVENT_TYPE).length,
  };
  const jobMs: Record<string, number> = {};
  for (const l of labelled) for (const [k, v] of Object.entries(l.jobMs)) jobMs[k] = (jobMs[k] ?? 0) + v;
  const readings = labelled.reduce((n, l) => n + l.readings, 0);
  const ingestMs = labelled.reduce((n, l) => n + l.ingestMs, 0);
  say(
    `labelled run ${labelledS.toFixed(0)} s in ${PROCESSES} processes (parts ${labelled.map((l) => l.labelledS.toFixed(0)).join(', ')} s; jobs ms summed ${JSON.stringify(jobMs)})`,
  );
  say(`ours ${JSON.stringify(ours)}; baseline ${JSON.stringify(baseline)}`);
  const best = (on: boolean) => Math.max(...rounds.filter((r) => r.on === on).map((r) => r.perS));
  const ratio = best(true) / best(false);

  const r3 = (x: number) => +x.toFixed(3);
  recordResults(
    'earlyWarning',
    {
      ew_recall: r3(ours.recall),
      ew_median_lead_h: +ours.medianLeadH.toFixed(1),
      ew_false_per_100_device_days: r3(ours.falsePer100DeviceDays),
      ew_ingest_ratio: r3(ratio),
      ew_baseline_recall: r3(baseline.recall),
      ew_baseline_median_lead_h: +baseline.medianLeadH.toFixed(1),
      ew_baseline_false_per_100_device_days: r3(baseline.falsePer100DeviceDays),
    },
    {
      devices: DEVICES,
      days: DAYS,
      seed: SEED,
      minutesPerHour: MINUTES,
      processes: PROCESSES,
      readings,
      // each part's own ingest time: the parts ran side by side on the machine's cores
      ingestPerSPerProcess: Math.round(readings / (ingestMs / 1000)),
      labelledRunS: Math.round(labelledS),
      partsLabelledS: labelled.map((l) => Math.round(l.labelledS)),
      // the parts' own time per device-hour (each ran beside the others)
      msPerDeviceHourInPart: +((1000 * Math.max(...labelled.map((l) => l.labelledS / l.devices))) / (DAYS * 24)).toFixed(3),
      ours: { ...ours, episodes: byType },
      baseline,
      earlyWarningJobMsPerHour: +((jobMs['alarms.earlyWarning'] ?? 0) / (DAYS * 24)).toFixed(1),
      compactionMsPerHour: +((jobMs['history.compact'] ?? 0) / (DAYS * 24)).toFixed(1),
      ratioDevices,
      ratioRounds: rounds,
    },
  );
} finally {
  for (const p of parts) if (p.exitCode === null && p.signalCode === null) p.kill();
}
