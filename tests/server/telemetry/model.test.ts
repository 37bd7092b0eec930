import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, login, makeApp, terminalsOfProject } from './helpers';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let tokenA: string;
const projectId = async (name: string) =>
  (await app.db.selectFrom('project').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const count = async () =>
  Number(
    (
      await app.db
        .selectFrom('terminal')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ({ app, cleanup } = await makeApp());
  tokenA = (await login(app, 'zhangsan')).token;
});
afterAll(async () => cleanup());

describe('model write/hierachy and delete', () => {
  it("creates a terminal in the own tenant, which can report at once; another tenant's project is refused", async () => {
    const mine = await projectId('滨江科技园');
    const res = (
      await app.inject({
        method: 'POST',
        url: '/model/v1/write/hierachy',
        headers: bearer(tokenA),
        payload: [{ modelLabel: 'terminal', name: '新终端', code: 'VGNEW0001', projectid: mine, location: '' }],
      })
    ).json();
    expect(res.code).toBe(0);
    const id = res.data[0].id;
    const row = await app.db.selectFrom('terminal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenantid: (await app.db.selectFrom('project').select('tenantid').where('id', '=', mine).executeTakeFirstOrThrow()).tenantid,
      location: null,
    });
    const r = await app.telemetry.ingest(
      { device: 'VGNEW0001', time: Date.now(), values: [{ dataId: 1001, value: 10 }] },
      { trusted: true },
    );
    expect(r.accepted).toBe(1);

    const before = await count();
    const theirs = await projectId('玄武区人民医院');
    const refused = (
      await app.inject({
        method: 'POST',
        url: '/model/v1/write/hierachy',
        headers: bearer(tokenA),
        payload: [{ modelLabel: 'terminal', name: 'x', code: 'VGNEW0002', projectid: theirs }],
      })
    ).json();
    expect(refused.code).toBe(4031);
    expect(await count()).toBe(before);
    const two = (
      await app.inject({
        method: 'POST',
        url: '/model/v1/write/hierachy',
        headers: bearer(tokenA),
        payload: [{ modelLabel: 'terminal' }, { modelLabel: 'terminal' }],
      })
    ).json();
    expect(two.code).toBe(4000);
    // Created UNKNOWN; its first batch brings it to COMMUNICATING. The communication watch changes the
    // status after the batch's commit, not inside its answer: on PostgreSQL that is a round trip later.
    await vi.waitFor(async () => {
      const kinds = await app.db.selectFrom('event_log').select('kind').where('subject', '=', `terminal:${id}`).orderBy('seq').execute();
      expect(kinds.map((k) => k.kind)).toEqual(['ledger.created', 'device.status_changed']);
    });
  });

  it("deletes by idRange only when every id is the caller's", async () => {
    const mine = (await terminalsOfProject(app, '鄞州商业中心'))[0]!;
    const theirs = (await terminalsOfProject(app, '武侯购物中心'))[0]!;
    const before = await count();
    const mixed = (
      await app.inject({ method: 'DELETE', url: '/model/v1/terminal', headers: bearer(tokenA), payload: { idRange: [mine.id, theirs.id] } })
    ).json();
    expect(mixed.code).toBe(4031);
    expect(await count()).toBe(before);
    const bad = (
      await app.inject({ method: 'DELETE', url: '/model/v1/terminal', headers: bearer(tokenA), payload: { idRange: [-1] } })
    ).json();
    expect(bad.code).toBe(4000);
    const okRes = (
      await app.inject({ method: 'DELETE', url: '/model/v1/terminal', headers: bearer(tokenA), payload: { idRange: [mine.id] } })
    ).json();
    expect(okRes).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await count()).toBe(before - 1);
    const project = (
      await app.inject({
        method: 'DELETE',
        url: '/model/v1/project',
        headers: bearer(tokenA),
        payload: { idRange: [await projectId('西湖文化广场')] },
      })
    ).json();
    expect(project.code).toBe(4090);
  });
});
