/**
 * Notifications (issue 28), every party in its own process as in production:
 *  - this process is the server (benchApp: periodic jobs on, the delivery worker on its production
 *    timer and kicks, `notify: { allowPrivate: true }` as NOTIFY_ALLOW_PRIVATE=1 sets it) on a loopback port;
 *  - the receiver (bench/notifyReceiver.ts) on a free 127.0.0.1 port: each tenant's generic webhook
 *    (no limit: each message at once), 企业微信 robot and 钉钉 robot (both paced at their default 20
 *    messages a minute: one message every 3 s, what waited merged into a digest) point at it; one rule
 *    per tenant sends every alarm of every project over its 3 channels;
 *  - the gateways (bench/notifyLoad.ts) post device reports to the real HTTP ingest.
 * Two parts, in this order:
 *  1. alarm → message received: 1,000 devices reporting every 15 s, each over the leak limit on every
 *     4th report (1,000 alarms a minute) for 60 s; for every (alarm, channel) the receiver's receipt −
 *     the reading's send time (its time as posted). A digest counts each alarm it carries at its
 *     receipt: the webhook body names every delivery id it carries; a robot's markdown is matched to
 *     the delivery it was written from, and the deliveries merged into it are the server's record.
 *     `notify_p50_ms` / `notify_p99_ms` are the generic webhook's (the unlimited channel, target
 *     p99 ≤ 2 s); `notify_wecom_*` / `notify_dingtalk_*` the robots', bounded by their pacing (3 s);
 *     `notify_robot_max_per_60s` the most messages one robot received in any 60 s (at most 20). The
 *     bench waits (polling) until every delivery of the window is out;
 *  2. ingest readings/s through the HTTP ingest from 64 connections, on another 1,000 devices (readings
 *     of the last minute, see FLOOD_STEP_MS), the rules enabled against disabled (PUT /notify/v1/rule/{id}), alternating rounds of
 *     the same report sequence in two pairs of opposite order (off on, on off), the mean of the pairs' ratios; before each round the bench polls until nothing is
 *     due to the worker. Two loads:
 *     - `notify_ingest_ratio`, the issue's load: the flood's readings stay under every limit while part
 *       1's fleet goes on raising 1,000 alarms a minute beside it, each notified over 3 channels;
 *     - `notify_storm_ingest_ratio`: the flood is bench/ingest.ts's alarming data set, about 1,000
 *       alarms a second (60 times the issue's rate), every one notified over the 3 channels.
 * Run: npm run bench -- notify   (or: npx tsx bench/notify.ts [seconds of paced load] [seconds a flood round])
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchApp, ensureTerminals, injectLogin, loopDelay, stats } from './lib';
import { recordResults } from './results';
import { parseFacts } from '../server/notify/facts';
import { writeAlarm, writeDigest } from '../server/notify/templates';
import type { LoadJob } from './notifyLoad';
import type { Received } from './notifyReceiver';

const PACED_S = Number(process.argv[2] ?? 60);
const ROUND_S = Number(process.argv[3] ?? 5);
/** pairs of the issue's load: two, in opposite order, so that a steady drift across the rounds cancels in their mean */
const PAIRS = 2;
/** rounds of the storm (every alarm of the alarming data set notified), a pair each */
const STORM_PAIRS = 2;
const DEVICES = 1000;
const INTERVAL_MS = 15_000;
const ALARM_EVERY = 4; // 1,000 devices × 4 reports a minute ÷ 4 = 1,000 alarms a minute
const FLOOD_CONNECTIONS = 64;
/**
 * A flood device's reports are this far apart in reading time, so the rounds' readings keep pace with
 * the clock (a round posts some 30 reports a device in its 5 s) and stay in hours still open. They were
 * 15 s apart from 6 hours back: every reading then landed in a closed hour, and the compaction job
 * (every 30 s) merged those late windows (14,000–28,000 a pass, 2–4 s of the event loop) into
 * whichever round it fell in: such rounds read 41,000–59,000 readings/s against 73,000–85,000 without,
 * whichever side they were, and the ratio swung between 0.71 and 1.03 from run to run.
 */
const FLOOD_STEP_MS = 200;
/** how long the last notifications may take once the load stops (a robot's next slot is at most 3 s away) */
const DRAIN_MS = 30_000;

const say = (what: string) => console.error(`${new Date().toISOString()} notify: ${what}`);
const { app, done } = await benchApp({ logger: false, notify: { allowPrivate: true } });
const children = new Set<ChildProcess>();
const start = (file: URL, env: Record<string, string>) => {
  const child = fork(fileURLToPath(file), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env } });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};
const message = <T>(child: ChildProcess, type: string) =>
  new Promise<T>((resolve, reject) => {
    const h = (m: { type: string }) => {
      if (m.type === type) {
        child.off('message', h);
        resolve(m as T);
      }
    };
    child.on('message', h);
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before '${type}'`)));
  });

try {
  const devices = (await ensureTerminals(app, 2 * DEVICES)).slice(0, 2 * DEVICES);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const all = devices.map((d) => ({ code: d.code, key: app.telemetry.keys.keyOf(d.code) }));
  // The paced fleet reports now; the flood rounds' own 1,000 devices report from a minute back (their readings later round by round).
  const gateways = all.slice(0, DEVICES);
  const floodGateways = all.slice(DEVICES);

  const receiver = start(new URL('./notifyReceiver.ts', import.meta.url), {});
  const { port } = await message<{ port: number }>(receiver, 'listening');
  const receiverUrl = `http://127.0.0.1:${port}`;

  // ---- channels and rules through the REST API, as an administrator configures them
  const auth = { authorization: `Bearer ${(await injectLogin(app, 'root', 'Bench#Pass123')).token}` };
  const api = async <T>(method: 'POST' | 'PUT', path: string, payload: object): Promise<T> => {
    const res = (await app.inject({ method, url: `/notify/v1${path}`, headers: auth, payload })).json() as {
      code: number;
      msg: string;
      data: T;
    };
    if (res.code !== 0) throw new Error(`${method} ${path}: ${res.code} ${res.msg}`);
    return res.data;
  };
  const projects = await app.db.selectFrom('project').select(['id', 'tenantid']).execute();
  const tenants = [...new Set(projects.filter((p) => devices.some((d) => d.projectid === p.id)).map((p) => p.tenantid))];
  const channelKind = new Map<number, string>();
  const channelOfPath = new Map<string, number>();
  const rules: number[] = [];
  for (const tenantId of tenants) {
    const ids: number[] = [];
    for (const [kind, path, query] of [
      ['webhook', `/webhook/t${tenantId}`, ''],
      ['wecom', `/wecom/t${tenantId}`, '?key=bench-key'],
      ['dingtalk', `/dingtalk/t${tenantId}`, '?access_token=bench-token'],
    ] as const) {
      const { id } = await api<{ id: number }>('POST', '/channel', {
        name: `压测 ${kind} ${tenantId}`,
        kind,
        config: { url: `${receiverUrl}${path}${query}` },
        tenantId,
      });
      ids.push(id);
      channelKind.set(id, kind);
      channelOfPath.set(path, id);
    }
    const rule = await api<{ id: number }>('POST', '/rule', {
      name: `压测规则 ${tenantId}`,
      projectIds: null,
      levels: [1, 2, 4],
      types: null,
      channelIds: ids,
      userIds: [],
      sendEnd: false,
      quietHours: null,
      tenantId,
    });
    rules.push(rule.id);
  }
  const setRules = async (enabled: boolean) => {
    for (const id of rules) await api('PUT', `/rule/${id}`, { enabled });
  };
  /** Polls (no fixed sleep) until nothing is due to the worker now: what an earlier round queued is out or waiting for its time. */
  const workerIdle = async () => {
    await app.telemetry.writer.idle();
    const until = Date.now() + 60_000;
    for (;;) {
      const now = Date.now();
      const row = await app.db
        .selectFrom('notify_delivery')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'retrying'])
        .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]))
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
        .executeTakeFirstOrThrow();
      if (Number(row.n) === 0 || Date.now() > until) return Number(row.n);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const waitingSince = async (since: number | null) => {
    let q = app.db
      .selectFrom('notify_delivery')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'retrying']);
    if (since !== null) q = q.where('createdAt', '>=', since);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  /** Polls until no delivery (written since `since`) is pending or retrying, for at most DRAIN_MS; returns the wait. */
  const drain = async (since: number | null) => {
    const t0 = Date.now();
    while ((await waitingSince(since)) > 0 && Date.now() - t0 < DRAIN_MS) await new Promise((r) => setTimeout(r, 250));
    return Date.now() - t0;
  };
  // ---- 1. alarm → webhook received, 1,000 alarms a minute over 3 channels per tenant
  say(`paced load: ${DEVICES} devices every ${INTERVAL_MS / 1000} s for ${PACED_S} s`);
  const windowStart = Date.now();
  const loop = loopDelay();
  const cpu0 = process.cpuUsage();
  const paced: LoadJob = {
    mode: 'paced',
    url,
    devices: gateways,
    intervalMs: INTERVAL_MS,
    alarmEvery: ALARM_EVERY,
    durationMs: PACED_S * 1000,
  };
  const pacedLoad = start(new URL('./notifyLoad.ts', import.meta.url), { BENCH_NOTIFY_LOAD: JSON.stringify(paced) });
  const sent = await message<{ posted: number; failed: number; crossings: string[]; nextSlot: number; seconds: number }>(pacedLoad, 'done');
  /** where the paced fleet's schedule goes on in part 2 (so each device's reports keep their order) */
  let pacedSlot = sent.nextSlot;
  const loopMs = loop.stop();
  const cpu = process.cpuUsage(cpu0);
  const serverCpuShare = +((cpu.user + cpu.system) / 1000 / (Date.now() - windowStart)).toFixed(2);
  await app.telemetry.writer.idle();
  const crossings = new Set(sent.crossings);
  say(`${crossings.size} alarms sent; waiting for their notifications`);

  // Every delivery written since the window opened is out (or failed) before the receiver is read: polled.
  const drainMs = await drain(windowStart);
  const waiting = await waitingSince(windowStart);
  receiver.send({ type: 'collect' });
  const { received, bad } = await message<{ received: Received[]; bad: number }>(receiver, 'collected');

  // ---- correlation: each message's carrier delivery, then every delivery it carried
  const rows = await app.db
    .selectFrom('notify_delivery')
    .select(['id', 'channelId', 'mergedInto', 'facts', 'status', 'kind', 'createdAt'])
    .where((eb) => eb.or([eb('createdAt', '>=', windowStart), eb('sentAt', '>=', windowStart)]))
    .execute();
  const keyOf = (facts: string) => {
    const p = parseFacts(facts).payload as { deviceCode?: string; eventtime?: number; dataId?: number };
    return p.dataId === 1001 ? `${p.deviceCode}|${p.eventtime}` : null;
  };
  const mergedInto = new Map<string, string[]>();
  const single = new Map<string, string>();
  const digestHead = new Map<string, string>();
  for (const r of rows) {
    if (r.mergedInto) mergedInto.set(r.mergedInto, [...(mergedInto.get(r.mergedInto) ?? []), r.id]);
    if (channelKind.get(r.channelId) === 'webhook') continue;
    const f = parseFacts(r.facts);
    single.set(`${r.channelId}|${writeAlarm(f, null).markdown}`, r.id);
    digestHead.set(`${r.channelId}|${writeDigest([f], null).markdown.split('\n')[1]}`, r.id);
  }
  const firstReceipt = new Map<string, number>();
  let unmatched = 0;
  let duplicates = 0;
  const inWindow = received.filter((m) => m.t >= windowStart);
  for (const m of inWindow) {
    const channelId = channelOfPath.get(m.path);
    let ids: string[] = [];
    if (m.ids) ids = m.ids;
    else if (channelId !== undefined && m.markdown !== undefined) {
      const carrier = m.markdown.startsWith('### 告警汇总')
        ? digestHead.get(`${channelId}|${m.markdown.split('\n')[1]}`)
        : single.get(`${channelId}|${m.markdown}`);
      if (carrier) ids = [carrier, ...(mergedInto.get(carrier) ?? [])];
    }
    if (!ids.length) unmatched++;
    for (const id of ids) {
      if (firstReceipt.has(id)) duplicates++;
      else firstReceipt.set(id, m.t);
    }
  }
  const latencies: number[] = [];
  const perKind: Record<string, number[]> = { webhook: [], wecom: [], dingtalk: [] };
  let expected = 0;
  let missing = 0;
  for (const r of rows) {
    const key = r.kind === 'raised' ? keyOf(r.facts) : null;
    if (!key || !crossings.has(key)) continue;
    expected++;
    const t = firstReceipt.get(r.id);
    if (t === undefined) {
      missing++;
      continue;
    }
    const ms = t - Number(key.split('|')[1]);
    latencies.push(ms);
    perKind[channelKind.get(r.channelId)!]!.push(ms);
  }
  const latency = stats(latencies);
  const byKind = Object.fromEntries(Object.entries(perKind).map(([k, v]) => [k, stats(v)]));
  /** the most messages one robot channel received in any 60 s: what its limit (20) allows at most */
  const mostIn60s = (path: string) => {
    const times = inWindow.filter((m) => m.path === path).map((m) => m.t);
    times.sort((x, y) => x - y);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  };
  const robotPaths = [...channelOfPath.keys()].filter((p) => !p.startsWith('/webhook/'));
  const robotMaxPer60s = Math.max(...robotPaths.map(mostIn60s));
  const messagesByKind = Object.fromEntries(
    ['webhook', 'wecom', 'dingtalk'].map((k) => [k, inWindow.filter((m) => m.path.startsWith(`/${k}/`)).length]),
  );
  // ---- 2. ingest with the rules on against off: the same report sequence, alternating rounds
  // Each round's reports are later than the last round's (same values, same order), from a minute back.
  let nextBase = Date.now() - 60_000;
  /**
   * One round of full-speed ingest from the flood fleet. `issue`: the readings stay under every limit
   * while the paced fleet raises its 1,000 alarms a minute beside them (part 1's load, every alarm
   * notified over the tenant's 3 channels), the load the issue names; `storm`: the flood itself is the
   * alarming data set, about 1,000 alarms a second, every one notified.
   */
  const flood = async (rulesOn: boolean, seconds: number, load: 'issue' | 'storm') => {
    await setRules(rulesOn);
    const leftDue = await workerIdle();
    const deliveriesBefore = await countDeliveries();
    const job: LoadJob = {
      mode: 'flood',
      url,
      devices: floodGateways,
      connections: FLOOD_CONNECTIONS,
      seconds,
      baseTime: nextBase,
      stepMs: FLOOD_STEP_MS,
      dataSet: load === 'storm' ? 'alarming' : 'normal',
    };
    const besideJob: LoadJob = { ...paced, durationMs: seconds * 1000, firstSlot: pacedSlot };
    const beside =
      load === 'issue' ? start(new URL('./notifyLoad.ts', import.meta.url), { BENCH_NOTIFY_LOAD: JSON.stringify(besideJob) }) : null;
    const besideDone = beside ? message<{ posted: number; crossings: string[]; nextSlot: number }>(beside, 'done') : null;
    const floodLoad = start(new URL('./notifyLoad.ts', import.meta.url), { BENCH_NOTIFY_LOAD: JSON.stringify(job) });
    const r = await message<{ posted: number; failed: number; readings: number; seconds: number }>(floodLoad, 'done');
    const besideSent = besideDone ? await besideDone : null;
    if (besideSent) pacedSlot = besideSent.nextSlot;
    const alarmsBeside = besideSent?.crossings.length ?? 0;
    nextBase += (Math.ceil(r.posted / floodGateways.length) + 1) * FLOOD_STEP_MS;
    await app.telemetry.writer.idle();
    const round = {
      load,
      rulesOn,
      readingsPerS: Math.round(r.readings / r.seconds),
      reports: r.posted,
      failed: r.failed,
      alarmsBeside,
      deliveriesWritten: (await countDeliveries()) - deliveriesBefore,
      dueAtStart: leftDue,
    };
    say(`flood round ${JSON.stringify(round)}`);
    return round;
  };
  const countDeliveries = async () =>
    Number(
      (
        await app.db
          .selectFrom('notify_delivery')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  say('warm-up round');
  await flood(false, 3, 'issue');
  const rounds: Awaited<ReturnType<typeof flood>>[] = [];
  // the issue's load first (the flood fleet's readings normal), then the storm (which leaves alarms open)
  for (const [load, pairs] of [
    ['issue', PAIRS],
    ['storm', STORM_PAIRS],
  ] as const)
    for (let p = 0; p < pairs; p++) {
      // the order alternates too, so neither side always runs second
      const order = p % 2 === 0 ? [false, true] : [true, false];
      for (const on of order) rounds.push(await flood(on, ROUND_S, load));
    }
  const best = (load: 'issue' | 'storm', on: boolean) =>
    Math.max(...rounds.filter((r) => r.load === load && r.rulesOn === on).map((r) => r.readingsPerS));
  /**
   * Each pair's on ÷ off, then their mean. Later rounds ingest into a larger raw table (the open hours'
   * rows wait for their hour to close) and run slower: a pair's two rounds are neighbours, and the two
   * pairs run in opposite order (off on, on off), so that a steady drift cancels in the mean. Three
   * pairs (off on, on off, off on) ran the rules second in two of them, and their median counted the
   * drift of those two (the rounds fall from about 90,000 to 60,000 readings/s over a run, whichever
   * side they run) as the rules' cost.
   */
  const pairRatios = (load: 'issue' | 'storm') => {
    const of = rounds.filter((r) => r.load === load);
    const ratios: number[] = [];
    for (let i = 0; i + 1 < of.length; i += 2) {
      const [a, b] = [of[i]!, of[i + 1]!];
      const [on, off] = a.rulesOn ? [a, b] : [b, a];
      ratios.push(+(on.readingsPerS / off.readingsPerS).toFixed(3));
    }
    return ratios;
  };
  const mean = (xs: number[]) => +(xs.reduce((a, x) => a + x, 0) / xs.length).toFixed(3);
  const ratio = mean(pairRatios('issue'));
  const stormRatio = mean(pairRatios('storm'));

  const detail = {
    devices: DEVICES,
    tenants: tenants.length,
    channels: channelKind.size,
    rules: rules.length,
    ingestRatio: {
      issue: {
        load: `full-speed ingest of readings under every limit, beside part 1's ${DEVICES} devices raising 1,000 alarms a minute, each notified over 3 channels`,
        bestRulesOnPerS: best('issue', true),
        bestRulesOffPerS: best('issue', false),
        pairRatios: pairRatios('issue'),
        ratio,
      },
      storm: {
        load: 'full-speed ingest of bench/ingest.ts alarming (leak every 5th report, A-phase temperature every 7th, rotating): about 1,000 alarms a second, each notified over 3 channels',
        bestRulesOnPerS: best('storm', true),
        bestRulesOffPerS: best('storm', false),
        pairRatios: pairRatios('storm'),
        ratio: stormRatio,
      },
      readingsPerReport: 14,
      connections: FLOOD_CONNECTIONS,
      roundSeconds: ROUND_S,
      rounds,
    },
    latency: {
      pacedSeconds: +sent.seconds.toFixed(1),
      reportsPosted: sent.posted,
      reportsFailed: sent.failed,
      alarmsSent: crossings.size,
      alarmsPerMinute: Math.round((crossings.size / sent.seconds) * 60),
      expectedDeliveries: expected,
      timedDeliveries: latencies.length,
      missingDeliveries: missing,
      stillWaitingAtEnd: waiting,
      drainMsAfterLoad: drainMs,
      messagesReceived: inWindow.length,
      messagesByKind,
      unmatchedMessages: unmatched,
      unreadableMessages: bad,
      duplicateReceipts: duplicates,
      deliveriesByStatus: Object.fromEntries(
        ['sent', 'failed', 'pending', 'retrying'].map((s) => [s, rows.filter((r) => r.createdAt >= windowStart && r.status === s).length]),
      ),
      sendToReceiptMs: latency,
      byChannelKind: byKind,
      limits: { webhook: 'none', wecom: '20 a minute, one message every 3 s', dingtalk: '20 a minute, one message every 3 s' },
      robotMostMessagesIn60s: Object.fromEntries(robotPaths.map((p) => [p, mostIn60s(p)])),
      serverLoopDelayMs: loopMs,
      serverCpuShare,
    },
  };
  console.log(
    JSON.stringify(
      { bench: 'notify', ...detail, target: 'webhook p99 ≤ 2000 ms, robots ≤ 20 a minute, ingest ratio ≥ 0.95 at 1,000 alarms a minute' },
      null,
      2,
    ),
  );
  if (!perKind.webhook!.length || !perKind.wecom!.length || !perKind.dingtalk!.length) throw new Error('a channel kind was not timed');
  recordResults(
    'notify',
    {
      notify_p50_ms: byKind.webhook!.p50,
      notify_p99_ms: byKind.webhook!.p99,
      notify_wecom_p50_ms: byKind.wecom!.p50,
      notify_wecom_p99_ms: byKind.wecom!.p99,
      notify_dingtalk_p50_ms: byKind.dingtalk!.p50,
      notify_dingtalk_p99_ms: byKind.dingtalk!.p99,
      notify_robot_max_per_60s: robotMaxPer60s,
      notify_ingest_ratio: ratio,
      notify_storm_ingest_ratio: stormRatio,
    },
    detail,
  );
} finally {
  for (const child of children) child.kill();
  await done();
}
process.exit(0);
