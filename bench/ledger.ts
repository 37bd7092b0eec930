/**
 * The device ledger at 20,000 terminals (issue 7 speed targets):
 *  - one device-table page (account/node/list with its total) as a tenant user, through the HTTP
 *    route, beside the same count + page in raw better-sqlite3;
 *  - the tree widget's keyword filter (after its 400 ms delay) over the whole ledger tree, beside a
 *    raw scan of the lower-cased labels;
 *  - the in-memory ledger's reload (every 30 s on every instance): the longest the event loop waits
 *    while one runs (a chain of immediates timed from its own ticks), beside one prepared read of the
 *    same rows (what a reload in one statement held it for).
 * Run: npx tsx bench/ledger.ts [terminals]
 */
import { benchApp, ensureTerminals, stats, timeit, injectLogin } from './lib';
import type { LedgerTreeNode } from '../domain/schemas/ledger';
import { toWidgetTree } from '../src/features/deviceManager/treeAdapter';
import { filterIds, indexTree, visibleRows } from '../src/app/widgets/tree/treeModel';

const TOTAL = Number(process.argv[2] ?? 20_000);
const RUNS = 30;
const { app, done } = await benchApp();
const [fillMs] = await timeit(() => ensureTerminals(app, TOTAL));
app.store.sqlite.exec('analyze');
const token = async (userName: string) => {
  return (await injectLogin(app, userName, 'Bench#Pass123')).token;
};
const [root, zhangsan] = [await token('root'), await token('zhangsan')];
const project = await app.db.selectFrom('project').selectAll().where('name', '=', '西湖文化广场').executeTakeFirstOrThrow();
console.log(`ledger: ${TOTAL} terminals (filled in ${fillMs.toFixed(0)} ms), ${RUNS} runs each`);

// --- device table page ---------------------------------------------------------------------------
const cases = [
  {
    name: 'root, whole ledger, page 50',
    token: root,
    body: { page: { index: 50, limit: 100 } },
    raw: { where: '', args: [] as number[], offset: 5000 },
  },
  {
    name: 'zhangsan, whole tenant, page 20',
    token: zhangsan,
    body: { page: { index: 20, limit: 100 } },
    raw: { where: 'where tenantid = ?', args: [project.tenantid], offset: 2000 },
  },
  {
    name: 'zhangsan, one province, page 10',
    token: zhangsan,
    body: { parent: { modelLabel: 'province', id: project.provinceid }, page: { index: 10, limit: 100 } },
    raw: {
      where: 'where tenantid = ? and id in (select deviceid from pecdeviceinfo where provinceid = ?)',
      args: [project.tenantid, project.provinceid],
      offset: 1000,
    },
  },
  {
    name: 'zhangsan, keyword "压测终端19"',
    token: zhangsan,
    body: { keyword: '压测终端19', page: { index: 0, limit: 100 } },
    raw: { where: "where tenantid = ? and (name like '%压测终端19%' or code like '%压测终端19%')", args: [project.tenantid], offset: 0 },
  },
];
for (const c of cases) {
  const route: number[] = [];
  const raw: number[] = [];
  let total = 0;
  const count = app.store.sqlite.prepare(`select count(*) n from terminal ${c.raw.where}`);
  const page = app.store.sqlite.prepare(`select * from terminal ${c.raw.where} order by id limit 100 offset ${c.raw.offset}`);
  for (let i = 0; i < RUNS; i++) {
    const [ms, res] = await timeit(() =>
      app.inject({
        method: 'POST',
        url: '/wisdompower/v1/account/node/list',
        headers: { authorization: `Bearer ${c.token}` },
        payload: c.body,
      }),
    );
    total = (res.json() as { total: number }).total;
    route.push(ms);
    const [rms] = await timeit(() => (count.get(...c.raw.args), page.all(...c.raw.args)));
    raw.push(rms);
  }
  const r = stats(route);
  const b = stats(raw);
  console.log(
    `device page  ${c.name.padEnd(36)} total ${String(total).padStart(6)}  route p50 ${r.p50} ms p95 ${r.p95} ms | raw sqlite p50 ${b.p50} ms | ratio ${(r.p50 / b.p50).toFixed(1)}× | target < 50 ms: ${r.p95 < 50 ? 'met' : 'MISSED'}`,
  );
}

// --- tree ----------------------------------------------------------------------------------------
const [treeMs, treeRes] = await timeit(() =>
  app.inject({ method: 'GET', url: '/wisdompower/v1/account/root/0/tree?containLeaf=true', headers: { authorization: `Bearer ${root}` } }),
);
const roots = (treeRes.json() as { data: LedgerTreeNode[] }).data;
const [adaptMs, nodes] = await timeit(() => toWidgetTree(roots));
const [indexMs, index] = await timeit(() => indexTree(nodes));
console.log(
  `tree         GET account/root/0/tree ${treeMs.toFixed(1)} ms (${index.byId.size} nodes, ${(treeRes.body.length / 1024).toFixed(0)} KiB); to widget ${adaptMs.toFixed(1)} ms; index ${indexMs.toFixed(1)} ms (once per load)`,
);
const labels = [...index.lower.values()];
const expanded = new Set<string>();
for (const kw of ['压测终端1999', 'bench0123', '西湖', '终端', 'no-such-thing']) {
  const filt: number[] = [];
  const raw: number[] = [];
  let shown = 0;
  for (let i = 0; i < RUNS; i++) {
    const [ms, rows] = await timeit(() => visibleRows(nodes, expanded, filterIds(nodes, index, kw)));
    shown = rows.length;
    filt.push(ms);
    const k = kw.toLowerCase();
    const [rms] = await timeit(() => labels.filter((l) => l.includes(k)).length);
    raw.push(rms);
  }
  const f = stats(filt);
  const b = stats(raw);
  console.log(
    `tree filter  "${kw}"`.padEnd(36) +
      ` rows ${String(shown).padStart(6)}  filter+rows p50 ${f.p50} ms p95 ${f.p95} ms | raw label scan p50 ${b.p50} ms | ratio ${(f.p50 / Math.max(b.p50, 0.01)).toFixed(1)}× | target < 100 ms: ${f.p95 < 100 ? 'met' : 'MISSED'}`,
  );
}
// --- the in-memory ledger's reload ----------------------------------------------------------------
const directory = app.telemetry.devices;
const everyTerminal = app.store.sqlite.prepare(
  'select t.id, t.code, t.name, t.projectid, t.tenantid, t.devicestatus, p.name as projectName, p.contactphone from terminal t join project p on p.id = t.projectid',
);
const holds: number[] = [];
const singleReads: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let last = performance.now();
  let longest = 0;
  let ticking = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  await directory.load();
  // the wait that ends with the load (a load in one piece is one such wait, the whole of it)
  await new Promise((r) => setImmediate(r));
  ticking = false;
  holds.push(longest);
  singleReads.push((await timeit(() => everyTerminal.all()))[0]);
}
const hold = stats(holds);
const single = stats(singleReads);
console.log(
  `ledger reload ${directory.all().length} terminals: longest wait of the event loop p50 ${hold.p50} ms max ${hold.max} ms | one prepared read of the same rows p50 ${single.p50} ms (the hold of a reload in one statement)`,
);
await done();
