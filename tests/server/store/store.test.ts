import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { monthStart, partitionName } from '../../../server/series/historyPartitions';
import { testDatabase, testStoreName, type TestDatabase } from '../../infra/testStore';
import { auth, DEMO_PASSWORD, login, ROOT_PASSWORD, startApp, type TestApp } from '../helpers';
import { multipart, PNG } from '../info/multipart';
import { ManualJobs } from '../../infra/manualJobs';

const onPostgres = testStoreName() === 'postgres';
const DAY = 86_400_000;

describe('the same queries on either store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  it('opens the store the run asked for', () => {
    expect(t.app.store.dialect).toBe(testStoreName());
  });

  it('searches text without case and with % and _ taken literally', async () => {
    const { token } = await login(t.app, 'root');
    const find = async (name: string) =>
      (
        (await t.app.inject({ url: `/auth/v1/user/queryByName?name=${encodeURIComponent(name)}`, headers: auth(token) })).json() as {
          data: { name: string }[];
        }
      ).data.map((u) => u.name);
    expect(await find('ZHANG')).toEqual(['zhangsan']);
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([]);
  });

  it('reads timestamps, counts and sums as numbers', async () => {
    const row = await t.app.db
      .selectFrom('app_user')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('id').as('s'), eb.fn.max('createdAt').as('at')])
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe('number');
    expect(typeof row.s).toBe('number');
    expect(typeof row.at).toBe('number');
  });

  it('appends events in the order given, each answered with the number stored with it', async () => {
    // 250 events: more than one multi-row INSERT on SQLite (100 rows each), more than none left over.
    const inputs = Array.from({ length: 250 }, (_, i) => ({
      kind: 'ledger.updated' as const,
      tenantId: 1,
      projectId: 1 + (i % 3),
      subject: `terminal:${9000 + i}`,
      payload: { n: i },
    }));
    const events = await t.app.db.transaction().execute((trx) => t.app.eventLog.appendMany(inputs, trx));
    expect(events.map((e) => e.subject)).toEqual(inputs.map((i) => i.subject));
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const stored = await t.app.db
      .selectFrom('event_log')
      .select(['seq', 'subject', 'projectId', 'payload'])
      .where('seq', 'in', seqs)
      .execute();
    const bySeq = new Map(stored.map((r) => [Number(r.seq), r]));
    events.forEach((e, i) => {
      const row = bySeq.get(e.seq)!;
      expect([row.subject, row.projectId, JSON.parse(row.payload)]).toEqual([e.subject, e.projectId, { n: i }]);
    });
  });
});

describe.runIf(onPostgres)('PostgreSQL: history partitioned by month', () => {
  let t: TestApp;
  let deviceId: number;
  beforeAll(async () => {
    t = await startApp({ telemetry: { retention: { rawDays: 400 } } });
    deviceId = (await t.app.db.selectFrom('terminal').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  const partitions = async () =>
    (
      await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'history'::regclass order by 1`.execute(t.app.db)
    ).rows.map((r) => r.name);

  it('is a partitioned table, a partition made per month as readings arrive, read across them', async () => {
    const kind = await sql<{ relkind: string }>`select relkind from pg_class where relname = 'history'`.execute(t.app.db);
    expect(kind.rows[0]!.relkind).toBe('p');
    const now = Date.now();
    // the first month ends long before the 400-day cutoff; the second holds the cutoff itself
    const times = [now - 460 * DAY, now - 400 * DAY + 3600_000, now - 60 * DAY, now - 60 * DAY + 15_000, now - 1000];
    const code = (await t.app.db.selectFrom('terminal').select('code').where('id', '=', deviceId).executeTakeFirstOrThrow()).code;
    for (const time of times) {
      const r = await t.app.telemetry.ingest({ device: code, time, values: [{ dataId: 1201, value: time % 97 }] }, { trusted: true });
      expect(r.accepted).toBe(1);
    }
    const names = await partitions();
    for (const time of times) expect(names).toContain(partitionName(monthStart(time)));
    const all = await t.app.telemetry.history.range(deviceId, 1201, 0, now + 1);
    expect(all.map((p) => p.time)).toEqual(times);
    const cols = await t.app.telemetry.history.rangeColumns(deviceId, 1201, 0, now + 1);
    expect([...cols.time]).toEqual(times);
    expect([...cols.value]).toEqual(times.map((x) => x % 97));
    // a re-sent reading replaces the stored one, in the same statement as a new one
    await t.app.telemetry.ingest({ device: code, time: times[4]!, values: [{ dataId: 1201, value: 5 }] }, { trusted: true });
    expect((await t.app.telemetry.history.before(deviceId, 1201, now))?.value).toBe(5);
  });

  it('retention drops whole partitions that ended before the cutoff and keeps the rest', async () => {
    // Compaction moves the closed hours into blocks (their own monthly partitions) and empties the rows'.
    await t.app.telemetry.compactor.runUntilIdle();
    const before = await partitions();
    const blockMonths = async () =>
      (
        await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'history_block'::regclass order by 1`.execute(t.app.db)
      ).rows.map((r) => r.name);
    expect(await blockMonths()).toContain(partitionName(monthStart(Date.now() - 460 * DAY), 'history_block'));
    const r = await t.app.telemetry.pruneHistory();
    const after = await partitions();
    const cutoff = Date.now() - 400 * DAY;
    // the month that ended before the cutoff: its emptied row partition and its block partition
    expect(after).not.toContain(partitionName(monthStart(Date.now() - 460 * DAY)));
    expect(await blockMonths()).not.toContain(partitionName(monthStart(Date.now() - 460 * DAY), 'history_block'));
    expect(r.partitions).toBe(2);
    expect(before.length - after.length).toBe(1);
    expect(after).toContain(partitionName(monthStart(cutoff)));
    expect(after).toContain(partitionName(monthStart(Date.now())));
    // the reading of 460 days ago lives on as its minute's rollup (1-minute retention: 2 years)
    const left = await t.app.telemetry.series.list(deviceId, 1201, 0, Date.now() + 1);
    expect(left.length).toBe(5);
    const old = (
      await t.app.db
        .selectFrom('history_1m')
        .select('start')
        .where('deviceid', '=', deviceId)
        .where('dataid', '=', 1201)
        .orderBy('start')
        .executeTakeFirstOrThrow()
    ).start;
    expect(left[0]!.time).toBeGreaterThanOrEqual(old);
    expect(left[0]!.time).toBeLessThan(cutoff);
  });
});

describe.runIf(onPostgres)('PostgreSQL: two instances on one database', () => {
  let database: TestDatabase;
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];
  const instance = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vg-store-'));
    dirs.push(dir);
    const app = await buildApp({
      dataDir: dir,
      databaseUrl: database.databaseUrl,
      rootPassword: ROOT_PASSWORD,
      demoPassword: DEMO_PASSWORD,
      jobs: new ManualJobs(),
    });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    // empty: the two instances below migrate it themselves, together
    database = await testDatabase({ empty: true });
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('started together, they migrate and seed the database once', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    expect([a.bootstrapResult.created, b.bootstrapResult.created].sort()).toEqual([false, true]);
    const roots = await a.db.selectFrom('app_user').select('id').where('name', '=', 'root').execute();
    expect(roots).toEqual([{ id: 1 }]);
    // the identity moved past the seed's explicit ids
    const { id } = await a.db
      .insertInto('tenant')
      .values({ name: '新租户', customConfig: null, createdAt: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(1);
  });

  it('a file uploaded through one instance is served by the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const body = multipart([{ field: 'file', fileName: 'logo.png', contentType: 'image/png', content: PNG }]);
    const up = await a.inject({
      method: 'POST',
      url: '/filemanager/v1/file',
      headers: { ...auth((await login(a, 'zhangsan')).token), ...body.headers },
      payload: body.payload,
    });
    const name = (up.json() as { data: string }).data;
    const dl = await b.inject({ url: `/filemanager/v1/file/downLoad?fileName=${name}`, headers: auth((await login(b, 'zhangsan')).token) });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PNG)).toBe(true);
  });

  it('events commit in sequence order whoever writes them: a reader never sees a number filled in later', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const snapshots: number[][] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const rows = await a.db.selectFrom('event_log').select('seq').orderBy('seq').execute();
        snapshots.push(rows.map((r) => r.seq));
      }
    })();
    const write = async (app: FastifyInstance, who: string) => {
      for (let i = 0; i < 60; i++) {
        // some in a transaction with other work, some alone
        if (i % 2)
          await app.db.transaction().execute(async (trx) => {
            await trx.selectFrom('tenant').select('id').execute();
            await app.eventLog.append({ kind: 'file.uploaded', subject: `${who}:${i}` }, trx);
          });
        else await app.eventLog.record({ kind: 'file.uploaded', subject: `${who}:${i}` });
      }
    };
    await Promise.all([write(a, 'a'), write(b, 'b'), write(a, 'a2'), write(b, 'b2')]);
    writing = false;
    await reader;
    const final = (await a.db.selectFrom('event_log').select('seq').orderBy('seq').execute()).map((r) => r.seq);
    expect(new Set(final).size).toBe(final.length);
    expect(snapshots.length).toBeGreaterThan(3);
    for (const snap of snapshots) {
      const head = snap.at(-1) ?? 0;
      expect(snap).toEqual(final.filter((s) => s <= head));
    }
  });
});
