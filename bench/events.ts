/**
 * One filtered event/list page (with its total) over 1,000,000 stored events, through the HTTP route
 * as a tenant user, beside the same count + page in raw better-sqlite3 (exact count, covering
 * indexes, prepared): the first page and a deep one (page 1,000, rows 100,000–100,099, or the middle
 * of a shorter list). `events_page_ms` is the slower p50 of the widest filter's first and deep page.
 * Periodic jobs run as in production. Run: npm run bench -- events   (or npx tsx bench/events.ts [events])
 */
import { benchApp, stats, timeit, injectLogin } from './lib';
import { recordResults } from './results';
import { mulberry32 } from '../server/simulator/prng';

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const RUNS = 30;
const { app, done } = await benchApp();
const terminals = await app.db.selectFrom('terminal').select(['id', 'projectid', 'tenantid']).execute();
const sqlite = app.store.sqlite;
const now = Date.now();
const rnd = mulberry32(1);
const ins =
  sqlite.prepare(`insert into peceventextend (eventtime, endtime, endeventid, customtype, peceventlevel, confirmeventstatus, value, endvalue, limitvalue, dataid, description, remark, updatetime, operator, deviceid, projectid, tenantid)
  values (?, ?, ?, ?, ?, ?, ?, null, 300, 1001, '剩余电流 320mA 超过报警值 300mA', null, null, null, ?, ?, ?)`);
const [fillMs] = await timeit(() =>
  sqlite.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      const t = terminals[Math.floor(rnd() * terminals.length)]!;
      const at = now - Math.floor(rnd() * 365 * 86_400_000);
      const active = rnd() < 0.05 ? 0 : 1;
      ins.run(
        at,
        active ? at + 60_000 : null,
        active,
        1 + Math.floor(rnd() * 4),
        [1, 2, 4][Math.floor(rnd() * 3)]!,
        rnd() < 0.7 ? 3 : 1,
        300 + rnd() * 100,
        t.id,
        t.projectid,
        t.tenantid,
      );
    }
  })(),
);
sqlite.exec('analyze');

const auth = { authorization: `Bearer ${(await injectLogin(app, 'zhangsan', 'Bench#Pass123')).token}` };
const tenantA = (await app.db.selectFrom('app_user').select('tenantId').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()).tenantId;

const queries = {
  last30daysUnconfirmedAlarms: [
    { prop: 'eventtime', operator: 'GE', limit: now - 30 * 86_400_000 },
    { prop: 'eventtime', operator: 'LT', limit: now },
    { prop: 'endeventid', operator: 'IN', limit: [0, 1] },
    { prop: 'confirmeventstatus', operator: 'EQ', limit: 1 },
    { prop: 'peceventlevel', operator: 'IN', limit: [2, 4] },
  ],
  activeOnly: [{ prop: 'endeventid', operator: 'EQ', limit: 0 }],
  everything: [],
};
const rawSql = {
  last30daysUnconfirmedAlarms: `from peceventextend where tenantid in (${tenantA}) and eventtime >= ${now - 30 * 86_400_000} and eventtime < ${now} and endeventid in (0, 1) and confirmeventstatus = 1 and peceventlevel in (2, 4)`,
  activeOnly: `from peceventextend where tenantid in (${tenantA}) and endeventid = 0`,
  everything: `from peceventextend where tenantid in (${tenantA})`,
};
const out: Record<string, Record<string, unknown>> = {};
const widest: number[] = [];
for (const [name, expressions] of Object.entries(queries)) {
  const count = sqlite.prepare(`select count(*) n ${rawSql[name as keyof typeof rawSql]}`);
  const n = (count.get() as { n: number }).n;
  for (const index of [0, Math.min(1000, Math.floor(n / 200))]) {
    const http: number[] = [];
    const raw: number[] = [];
    let total = 0;
    const page = sqlite.prepare(
      `select * ${rawSql[name as keyof typeof rawSql]} order by eventtime desc, id desc limit 100 offset ${index * 100}`,
    );
    for (let r = 0; r < RUNS; r++) {
      const [ms, res] = await timeit(() =>
        app.inject({
          method: 'POST',
          url: '/wisdompower/v1/event/list',
          headers: auth,
          payload: {
            rootLabel: 'peceventextend',
            rootCondition: { page: { index, limit: 100 }, filter: { expressions } },
            orders: [{ propertyLabel: 'eventtime', orderType: 'desc' }],
          },
        }),
      );
      total = res.json().total;
      http.push(ms);
      raw.push((await timeit(() => [count.get(), page.all()]))[0]);
    }
    const h = stats(http.slice(3));
    const w = stats(raw.slice(3));
    (out[name] ??= {})[`page${index}`] = { total, httpMs: h, rawMs: w, ratioHttpToRaw_p50: +(h.p50 / w.p50).toFixed(2) };
    if (name === 'everything') widest.push(h.p50);
  }
}
console.log(
  JSON.stringify(
    {
      bench: 'events',
      stored: TOTAL,
      fillSeconds: +(fillMs / 1000).toFixed(1),
      pageSize: 100,
      ...out,
      target: 'one filtered page over 1,000,000 events ≤ 50 ms',
    },
    null,
    2,
  ),
);
recordResults('events', { events_page_ms: Math.max(...widest) }, { stored: TOTAL, pageSize: 100, ...out });
await done();
