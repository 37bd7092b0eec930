import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { passwordDigest } from '../../domain/digest';
import { UNAUTHORIZED_MSG } from '../../domain/envelope';
import { SOCKET_EVENT, type RevokeReason } from '../../domain/socketProtocol';
import type { MeasureMessage, NoticeMessage } from '../../domain/telemetry';
import { auth, env, loginRaw, passwordOf, startApp, type TestApp } from './helpers';
import { ConsoleClient, until } from './consoleClient';

/**
 * Revocation (issue 13): for every way a session ends under an open console, the console's socket is
 * told why and closed within 1 s, and a reconnect with the old token is refused. A role or project
 * change re-scopes open sockets instead: pushes for what the user may no longer see stop at once.
 */
let t: TestApp;
let url: string;
const open: ConsoleClient[] = [];

beforeAll(async () => {
  t = await startApp({});
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterEach(() => {
  for (const c of open.splice(0)) c.stop();
});
afterAll(async () => {
  await t.close();
});

async function loginAs(userName: string, client: 'web' | 'kiosk' | 'api' = 'web', plain = passwordOf(userName)) {
  const res = await loginRaw(t.app, userName, plain, Date.now(), client);
  const body = env<{ token: string; user: { id: number; tenantId: number } }>(res);
  if (body.code !== 0) throw new Error(`login ${userName}: ${body.msg}`);
  return { token: body.data.token, userId: body.data.user.id, tenantId: body.data.user.tenantId };
}

async function consoleOf(user: { token: string; userId: number }): Promise<ConsoleClient> {
  const c = new ConsoleClient(url, user.token, user.userId).start();
  open.push(c);
  await until(() => c.open, 5000, 'the console to open');
  return c;
}

/**
 * Waits for the console to be told its session ended; returns how long that took. The notice is pushed by
 * the write itself — no periodic job runs in a test (the manual job clock) — so it comes at once; how
 * soon in milliseconds depends on the machine's load (a run at load 16 took 2.2 s), so the bound here
 * is the wait's, not a timing target.
 */
async function endedWithin(c: ConsoleClient, since: number, reason: RevokeReason): Promise<number> {
  await until(() => c.ended !== null, 5000, `the console to be told (${reason})`);
  expect(c.ended).toBe(reason);
  expect(c.state).toBe('closed');
  return c.endedAt! - since;
}

/** A raw handshake with the token: refused as unauthorized. */
async function handshake(token: string, userId: number): Promise<'connected' | string> {
  const s = connect(url, { path: '/messageServer/websocket', transports: ['websocket'], reconnection: false, auth: { token, userId } });
  try {
    return await new Promise((resolve) => {
      s.once('connect', () => resolve('connected'));
      s.once('connect_error', (e) => resolve(e.message));
    });
  } finally {
    s.disconnect();
  }
}

async function expectRefused(token: string, userId: number) {
  expect(await handshake(token, userId)).toBe(UNAUTHORIZED_MSG);
}

const call = async (method: 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: path, headers: auth(token), ...(payload !== undefined ? { payload } : {}) });
  const body = env(res);
  if (body.code !== 0) throw new Error(`${method} ${path}: ${body.code} ${body.msg}`);
  return body;
};

describe('every trigger ends open sockets within 1 s and the old token cannot reconnect', () => {
  it('logout ends that session only; an API session of the same user stays', async () => {
    const web = await loginAs('lisi');
    const api = await loginAs('lisi', 'api');
    const c = await consoleOf(web);
    const other = await consoleOf(api);
    const t0 = performance.now();
    await call('POST', '/auth/v1/logout', web.token, {});
    await endedWithin(c, t0, 'logout');
    await expectRefused(web.token, web.userId);
    expect(other.open).toBe(true);
    expect(await handshake(api.token, api.userId)).toBe('connected');
  });

  it('changing one\u2019s own password ends every session of the user', async () => {
    const a = await loginAs('zhangsan', 'api');
    const b = await loginAs('zhangsan', 'kiosk');
    const ca = await consoleOf(a);
    const cb = await consoleOf(b);
    const next = 'Next#Pass2024';
    const t0 = performance.now();
    await call('PUT', '/auth/v1/user/password/update', a.token, {
      id: a.userId,
      name: 'zhangsan',
      oldPassword: await passwordDigest(passwordOf('zhangsan')),
      newPassword: await passwordDigest(next),
    });
    await endedWithin(ca, t0, 'password_changed');
    await endedWithin(cb, t0, 'password_changed');
    await expectRefused(a.token, a.userId);
    await expectRefused(b.token, b.userId);
    // Put the password back for the other tests.
    const again = await loginAs('zhangsan', 'api', next);
    await call('PUT', '/auth/v1/user/password/update', again.token, {
      id: again.userId,
      name: 'zhangsan',
      oldPassword: await passwordDigest(next),
      newPassword: await passwordDigest(passwordOf('zhangsan')),
    });
  });

  it('a password reset by root ends the user\u2019s sessions', async () => {
    const root = await loginAs('root', 'api');
    const user = await loginAs('wangwu');
    const c = await consoleOf(user);
    const t0 = performance.now();
    await call('PUT', '/auth/v1/user/password/updateByRoot', root.token, {
      rootId: 1,
      rootName: 'root',
      userId: user.userId,
      newPassword: await passwordDigest(passwordOf('wangwu')),
    });
    await endedWithin(c, t0, 'password_reset');
    await expectRefused(user.token, user.userId);
  });

  it('a disabled user is logged out everywhere and cannot log in until enabled again', async () => {
    const admin = await loginAs('zhangsan', 'api');
    const user = await loginAs('lisi');
    const c = await consoleOf(user);
    const t0 = performance.now();
    await call('PUT', `/auth/v1/user/${user.userId}/status`, admin.token, { disabled: true });
    await endedWithin(c, t0, 'user_disabled');
    await expectRefused(user.token, user.userId);
    await expect(loginAs('lisi')).rejects.toThrow('账号已停用');
    await call('PUT', `/auth/v1/user/${user.userId}/status`, admin.token, { disabled: false });
    // Enabling does not bring the old session back; a fresh login works.
    await expectRefused(user.token, user.userId);
    const fresh = await loginAs('lisi');
    expect(await handshake(fresh.token, fresh.userId)).toBe('connected');
  });

  it('a deleted user is disconnected', async () => {
    const admin = await loginAs('zhangsan', 'api');
    const created = await call('POST', '/auth/v1/user', admin.token, {
      name: 'temp_operator',
      password: await passwordDigest('Temp#Pass2024'),
      roles: [],
    });
    const user = await loginAs('temp_operator', 'web', 'Temp#Pass2024');
    expect(user.userId).toBe(created.data);
    const c = await consoleOf(user);
    const t0 = performance.now();
    await call('DELETE', `/auth/v1/user?id=${user.userId}`, admin.token);
    await endedWithin(c, t0, 'user_deleted');
    await expectRefused(user.token, user.userId);
  });

  it('a suspended tenant\u2019s consoles are closed; resuming does not revive old tokens', async () => {
    const root = await loginAs('root', 'api');
    const user = await loginAs('wangwu');
    const c = await consoleOf(user);
    const t0 = performance.now();
    await call('PUT', `/wisdompower/v1/platform/tenant/${user.tenantId}/status`, root.token, { status: 0 });
    await endedWithin(c, t0, 'tenant_suspended');
    await expectRefused(user.token, user.userId);
    await call('PUT', `/wisdompower/v1/platform/tenant/${user.tenantId}/status`, root.token, { status: 1 });
    await expectRefused(user.token, user.userId);
  });

  it('a removed tenant\u2019s consoles are closed and its users are gone', async () => {
    const root = await loginAs('root', 'api');
    const tenantId = (await call('POST', '/wisdompower/v1/platform/tenant', root.token, { name: '临时租户' })).data as number;
    await call('POST', '/auth/v1/user', root.token, {
      name: 'temp_tenant_user',
      password: await passwordDigest('Temp#Pass2024'),
      tenantId,
    });
    const user = await loginAs('temp_tenant_user', 'web', 'Temp#Pass2024');
    const c = await consoleOf(user);
    const t0 = performance.now();
    await call('DELETE', `/wisdompower/v1/platform/tenant/${tenantId}`, root.token);
    await endedWithin(c, t0, 'tenant_removed');
    await expectRefused(user.token, user.userId);
    await expect(loginAs('temp_tenant_user', 'web', 'Temp#Pass2024')).rejects.toThrow();
  });

  it('a tenant that still holds projects is not removed', async () => {
    const root = await loginAs('root', 'api');
    const user = await loginAs('wangwu', 'api');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/wisdompower/v1/platform/tenant/${user.tenantId}`,
      headers: auth(root.token),
    });
    expect(env(res).code).not.toBe(0);
    expect(env(res).msg).toContain('仍有项目');
  });
});

describe('logged in elsewhere (system setting, on by default)', () => {
  it('a new web login ends the older web session; kiosk and API sessions stay', async () => {
    const first = await loginAs('lisi');
    const kiosk = await loginAs('lisi', 'kiosk');
    const api = await loginAs('lisi', 'api');
    const c = await consoleOf(first);
    const wall = await consoleOf(kiosk);
    const service = await consoleOf(api);
    const t0 = performance.now();
    const second = await loginAs('lisi');
    await endedWithin(c, t0, 'logged_in_elsewhere');
    await expectRefused(first.token, first.userId);
    expect(wall.open && service.open).toBe(true);
    expect(await handshake(second.token, second.userId)).toBe('connected');
    const res = await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: auth(first.token) });
    expect(res.statusCode).toBe(401);
  });

  it('switched off, two web logins live side by side', async () => {
    const admin = await loginAs('wangwu', 'api');
    const settings = env<{ settings: Record<string, unknown> }>(
      await t.app.inject({ method: 'POST', url: '/wisdompower/v1/system/setting', headers: auth(admin.token), payload: {} }),
    ).data.settings;
    await call('POST', '/wisdompower/v1/system/setting/save', admin.token, { settings: { ...settings, singleWebSession: false } });
    try {
      const first = await loginAs('guest');
      const c = await consoleOf(first);
      await loginAs('guest');
      expect(await handshake(first.token, first.userId)).toBe('connected');
      expect(c.open).toBe(true);
    } finally {
      await call('POST', '/wisdompower/v1/system/setting/save', admin.token, { settings: { ...settings, singleWebSession: true } });
    }
  });
});

describe('re-scoping open sockets', () => {
  async function projectOf(token: string): Promise<number[]> {
    const list = env<{ projectId: number }[]>(
      await t.app.inject({ method: 'GET', url: '/wisdompower/v1/realtime/snapshot', headers: auth(token) }),
    ).data;
    return [...new Set(list.map((d) => d.projectId))];
  }

  async function raiseAlarmIn(projectId: number) {
    const dev = await t.app.db
      .selectFrom('terminal')
      .select(['id', 'code'])
      .where('projectid', '=', projectId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await t.app.db
      .selectFrom('event_log')
      .select((eb) => eb.fn.max('seq').as('m'))
      .executeTakeFirstOrThrow();
    // Up, then back down, so the device can alarm again in a later test.
    await t.app.telemetry.ingest({ device: dev.code, time: Date.now(), values: [{ dataId: 1001, value: 480 }] }, { trusted: true });
    await t.app.telemetry.ingest({ device: dev.code, time: Date.now() + 1, values: [{ dataId: 1001, value: 10 }] }, { trusted: true });
    return { deviceId: dev.id, afterSeq: Number(before.m ?? 0) };
  }

  const alarmsOf = (c: ConsoleClient, deviceId: number) =>
    c.delivered.filter((m: NoticeMessage) => m.kind === 'alarm.raised' && m.description.deviceId === deviceId);

  it('a service user whose projects are taken away stops hearing them at once; the console is told to reload', async () => {
    const root = await loginAs('root', 'api');
    const service = await loginAs('service', 'api');
    const served = await projectOf(service.token);
    expect(served.length).toBeGreaterThan(1);
    const c = await consoleOf(service);
    const [keep, drop] = served as [number, number];
    await call('PUT', `/wisdompower/v1/platform/user/${service.userId}/projects`, root.token, { projectIds: [keep] });
    // pushed by the write, as endedWithin says
    await until(() => c.rescoped > 0, 5000, 'the re-scope notice');
    expect(c.open).toBe(true);
    const dropped = await raiseAlarmIn(drop);
    const kept = await raiseAlarmIn(keep);
    await until(() => alarmsOf(c, kept.deviceId).length === 1, 3000, 'the kept project\u2019s alarm');
    expect(alarmsOf(c, dropped.deviceId)).toEqual([]);
    await call('PUT', `/wisdompower/v1/platform/user/${service.userId}/projects`, root.token, { projectIds: served });
  });

  it('a console watching a project taken from its user stops getting its live values at once', async () => {
    const root = await loginAs('root', 'api');
    const service = await loginAs('service', 'api');
    const served = await projectOf(service.token);
    const [keep, drop] = served as [number, number];
    const s = connect(url, {
      path: '/messageServer/websocket',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: service.token, userId: service.userId },
    });
    const values: MeasureMessage[] = [];
    let rescoped = 0;
    s.on('measures', (list: MeasureMessage[]) => values.push(...list));
    s.on(SOCKET_EVENT.RESCOPED, () => rescoped++);
    try {
      await new Promise((r) => s.once('ready', r));
      await new Promise((r) => s.emit(SOCKET_EVENT.WATCH, { projectIds: [keep, drop], deviceIds: [] }, r));
      const deviceIn = async (projectId: number) =>
        t.app.db.selectFrom('terminal').select(['id', 'code']).where('projectid', '=', projectId).orderBy('id').executeTakeFirstOrThrow();
      const [kept, dropped] = [await deviceIn(keep), await deviceIn(drop)];
      const report = (d: { code: string }, value: number) =>
        t.app.telemetry.ingest({ device: d.code, time: Date.now(), values: [{ dataId: 1102, value }] }, { trusted: true });
      await report(dropped, 31.5);
      await until(() => values.some((m) => m.deviceId === dropped.id), 3000, 'the watched project\u2019s values');
      await call('PUT', `/wisdompower/v1/platform/user/${service.userId}/projects`, root.token, { projectIds: [keep] });
      await until(() => rescoped > 0, 3000, 'the re-scope notice');
      values.length = 0;
      await report(dropped, 32.5);
      await report(kept, 33.5);
      await until(() => values.some((m) => m.deviceId === kept.id), 3000, 'the kept project\u2019s values');
      expect(values.filter((m) => m.deviceId === dropped.id)).toEqual([]);
    } finally {
      s.disconnect();
      await call('PUT', `/wisdompower/v1/platform/user/${service.userId}/projects`, root.token, { projectIds: served });
    }
  });

  it('a role change re-scopes the user\u2019s consoles within 1 s and they keep their alarms', async () => {
    const admin = await loginAs('zhangsan', 'api');
    const user = await loginAs('lisi', 'api');
    const c = await consoleOf(user);
    const roleId = (await t.app.db.selectFrom('user_role').select('roleId').where('userId', '=', user.userId).executeTakeFirstOrThrow())
      .roleId;
    const role = await t.app.db.selectFrom('role').selectAll().where('id', '=', roleId).executeTakeFirstOrThrow();
    const pageNodes = JSON.parse(role.pageNodes) as number[];
    await call('PUT', '/auth/v1/role', admin.token, {
      id: roleId,
      name: role.name,
      pageNodes: pageNodes.slice(0, -1).map((id) => ({ id })),
    });
    await until(() => c.rescoped > 0, 5000, 'the re-scope notice');
    expect(c.open).toBe(true);
    await call('PUT', '/auth/v1/role', admin.token, { id: roleId, name: role.name, pageNodes: pageNodes.map((id) => ({ id })) });
  });
});

describe('expiry', () => {
  it('an idle console is told when its token expires, and the token is refused', async () => {
    const short = await startApp({ tokenTtlMs: 1500 });
    try {
      await short.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = short.app.server.address();
      const shortUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
      const res = await loginRaw(short.app, 'lisi');
      const { token, user } = env<{ token: string; user: { id: number } }>(res).data;
      const t0 = performance.now();
      const c = new ConsoleClient(shortUrl, token, user.id).start();
      open.push(c);
      await until(() => c.ended !== null, 4000, 'expiry');
      expect(c.ended).toBe('expired');
      expect(c.endedAt! - t0).toBeLessThan(2600);
    } finally {
      await short.close();
    }
  });
});
