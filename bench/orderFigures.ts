/**
 * The review figures of work orders (issue 29 item 4) over a busy month: ALARMS alarms in the last 30
 * days on 1,000 terminals (a third of them confirmed within hours), one order per five alarms, 80 % of
 * them closed with a cause (one in ten 误报). Prints, for a tenant user over its projects:
 *  1. GET /workorder/v1/figures (the 处置统计 screen's one request) through the HTTP route;
 *  2. its xlsx export, and the analysis report's 处置 section (GET /wisdompower/v1/disposal, which
 *     reads the period before too);
 *  3. the baseline of the same run: the two reads the figures need (the period's alarms, the orders with
 *     their alarms) in raw better-sqlite3, with no arithmetic — the floor any implementation pays.
 * Run: npx tsx bench/orderFigures.ts [alarms]   (default 100,000; a smoke run: 10000)
 */
import { benchApp, ensureTerminals, injectLogin, stats, timeit } from './lib';
import { recordResults } from './results';
import { mulberry32 } from '../server/simulator/prng';
import { formatIn } from '../domain/timeZone';
import { DEFAULT_TIME_ZONE } from '../domain/defaultTimeZone';

const ALARMS = Number(process.argv[2] ?? 100_000);
const RUNS = 7;
const DAY = 86_400_000;
const CAUSES = ['线路老化', '过载', '漏电/绝缘下降', '接触不良', '设备故障', '误报', '其他'];

const { app, done } = await benchApp({ logger: false });
const terminals = (await ensureTerminals(app, 1_000)).map((t) => t.id);
const tenantOf = new Map((await app.db.selectFrom('terminal').select(['id', 'tenantid']).execute()).map((t) => [t.id, t.tenantid]));
const projectOf = new Map((await app.db.selectFrom('terminal').select(['id', 'projectid']).execute()).map((t) => [t.id, t.projectid]));
const zhangsan = await injectLogin(app, 'zhangsan', 'Bench#Pass123');
const sqlite = app.store.sqlite;
const now = Date.now();
const start = now - 30 * DAY;
const rnd = mulberry32(29);

const insEvent =
  sqlite.prepare(`insert into peceventextend (eventtime, endtime, endeventid, customtype, peceventlevel, confirmeventstatus, value,
  endvalue, limitvalue, dataid, description, remark, updatetime, operator, deviceid, projectid, tenantid)
  values (?, ?, 1, ?, 2, ?, 400, null, 300, 1001, 'bench', null, ?, ?, ?, ?, ?)`);
const insOrder = sqlite.prepare(`insert into work_order (tenantId, projectId, status, level, assigneeId, dispatcherId, createdAt, dueAt,
  acceptedAt, resolvedAt, closedAt, cause) values (?, ?, ?, 2, ?, ?, ?, ?, ?, ?, ?, ?)`);
const insLink = sqlite.prepare('insert into work_order_event (orderId, eventId) values (?, ?)');
const [fillMs] = await timeit(() =>
  sqlite.transaction(() => {
    const pendingOf = new Map<number, { id: number; device: number; at: number }[]>();
    for (let i = 0; i < ALARMS; i++) {
      const device = terminals[Math.floor(rnd() * terminals.length)]!;
      const at = start + Math.floor(rnd() * 30 * DAY);
      const confirmed = rnd() < 0.34;
      const id = Number(
        insEvent.run(
          at,
          at + 60_000,
          1 + Math.floor(rnd() * 3),
          confirmed ? 3 : 1,
          confirmed ? at + Math.floor(rnd() * 4 * 3600_000) : null,
          confirmed ? 'zhangsan' : null,
          device,
          projectOf.get(device)!,
          tenantOf.get(device)!,
        ).lastInsertRowid,
      );
      // every fifth alarm of a project makes an order of that project's five
      const pending = pendingOf.get(projectOf.get(device)!) ?? [];
      pending.push({ id, device, at });
      pendingOf.set(projectOf.get(device)!, pending);
      if (pending.length === 5) {
        const first = pending[0]!;
        const closed = rnd() < 0.8;
        const createdAt = first.at + 300_000;
        const closedAt = closed ? first.at + Math.floor(rnd() * 12 * 3600_000) : null;
        const orderId = Number(
          insOrder.run(
            tenantOf.get(first.device)!,
            projectOf.get(first.device)!,
            closed ? 'closed' : 'in_progress',
            zhangsan.user.id,
            zhangsan.user.id,
            createdAt,
            createdAt + 8 * 3600_000,
            createdAt,
            closedAt,
            closedAt,
            closed ? (rnd() < 0.1 ? '误报' : CAUSES[Math.floor(rnd() * CAUSES.length)]!) : null,
          ).lastInsertRowid,
        );
        for (const p of pending) insLink.run(orderId, p.id);
        pendingOf.delete(projectOf.get(device)!);
      }
    }
  })(),
);
sqlite.exec('analyze');

const headers = { authorization: `Bearer ${zhangsan.token}` };
const text = (t: number) => encodeURIComponent(formatIn(t, 'yyyy-MM-dd HH:mm:ss', DEFAULT_TIME_ZONE));
const period = `start=${text(start)}&end=${text(now + 60_000)}`;
// a tenant user: its tenant's projects
const tenantA = (await app.db.selectFrom('app_user').select('tenantId').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()).tenantId;
const projectsA = (await app.db.selectFrom('project').select('id').where('tenantid', '=', tenantA).execute()).map((p) => p.id);

async function timed(url: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [ms, res] = await timeit(() => app.inject({ url, headers }));
    if (res.statusCode !== 200 || String(res.headers['content-type'] ?? '').includes('json')) {
      const body = res.json() as { code: number; msg: string };
      if (body.code !== 0) throw new Error(`${url}: ${body.msg}`);
    }
    samples.push(ms);
  }
  return samples;
}
const figures = await timed(`/workorder/v1/figures?${period}`);
const xlsx = await timed(`/workorder/v1/figures/xlsx?${period}`);
const report = await timed(`/wisdompower/v1/disposal?id=0&modelLabel=global&startTime=${text(start)}&endTime=${text(now)}`);
const ids = projectsA.join(',');
const readEvents = sqlite.prepare(
  `select projectid, deviceid, customtype, eventtime, updatetime, confirmeventstatus, operator from peceventextend
   where eventtime >= ? and eventtime < ? and projectid in (${ids})`,
);
const readOrders = sqlite.prepare(
  `select o.id, o.projectId, o.assigneeId, o.dueAt, o.closedAt, o.cause, e.deviceid, e.customtype, e.eventtime
   from work_order o join work_order_event l on l.orderId = o.id join peceventextend e on e.id = l.eventId
   where o.id in (select l2.orderId from work_order_event l2 join peceventextend e2 on e2.id = l2.eventId
     where e2.eventtime >= ? and e2.eventtime < ? and e2.projectid in (${ids})) order by o.id`,
);
const baseline: number[] = [];
let rows = 0;
for (let i = 0; i < RUNS; i++) {
  const [ms, n] = await timeit(() => readEvents.all(start, now + 60_000).length + readOrders.all(start, now + 60_000).length);
  baseline.push(ms);
  rows = n;
}

const s = { figures: stats(figures), xlsx: stats(xlsx), report: stats(report), baseline: stats(baseline) };
console.log(
  `orderFigures: ${ALARMS} alarms (about ${ALARMS / 5} orders) over 30 days on ${terminals.length} terminals, fill ${fillMs.toFixed(0)} ms`,
);
console.log(`  tenant A: ${projectsA.length} projects, ${rows} rows read by the baseline`);
console.log(`  GET /workorder/v1/figures        p50 ${s.figures.p50} ms  max ${s.figures.max} ms`);
console.log(`  GET /workorder/v1/figures/xlsx   p50 ${s.xlsx.p50} ms  max ${s.xlsx.max} ms`);
console.log(`  GET /wisdompower/v1/disposal     p50 ${s.report.p50} ms  max ${s.report.max} ms`);
console.log(`  baseline: the same two reads in raw better-sqlite3  p50 ${s.baseline.p50} ms`);
console.log(`  figures ÷ baseline: ${(s.figures.p50 / s.baseline.p50).toFixed(2)}`);
recordResults(
  'orderFigures',
  {
    order_figures_ms: s.figures.p50,
    order_figures_xlsx_ms: s.xlsx.p50,
    order_figures_report_ms: s.report.p50,
    order_figures_read_baseline_ms: s.baseline.p50,
    order_figures_vs_read: +(s.figures.p50 / s.baseline.p50).toFixed(2),
  },
  { alarms: ALARMS, terminals: terminals.length, fillMs: Math.round(fillMs), ...s },
);
await done();
