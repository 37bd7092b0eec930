import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PERMISSIONS, permissionId } from '../../domain/permissions';
import type { DeclaredRoute } from '../../server/access/guard';
import { isPublic } from '../../server/http/routeAccess';
import { auth, env, login, startApp, tenantIdOf, type TestApp } from './helpers';

/**
 * Walks every registered route: the declaration is enforced on the matched route, whoever calls and
 * however the path is spelled.
 */
const MAIN_PAGE_NAMES = PAGE_PERMISSIONS.filter((p) => !p.startsWith('wp_platform'));
let t: TestApp;
let routes: DeclaredRoute[];
let guestToken: string; // demo guest: a project user whose role holds no page and no operation
let pagesOnlyToken: string; // a project user whose role holds every main page and no operation

beforeAll(async () => {
  t = await startApp();
  routes = t.app.declaredRoutes().filter((r) => r.method !== 'HEAD');
  guestToken = (await login(t.app, 'guest')).token;
  const root = (await login(t.app, 'root')).token;
  const tenantA = await tenantIdOf(t.app, 'zhangsan');
  const role = env<number>(
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/role',
      headers: auth(root),
      payload: { name: '只看页面', tenantId: tenantA, pageNodes: MAIN_PAGE_NAMES.map((n) => ({ id: permissionId(n)! })), auths: [] },
    }),
  );
  expect(role.code).toBe(0);
  const { passwordDigest } = await import('../../domain/digest');
  const user = env(
    await t.app.inject({
      method: 'POST',
      url: '/auth/v1/user',
      headers: auth(root),
      payload: { name: 'pagesonly', tenantId: tenantA, roleId: role.data, password: await passwordDigest('Pages#Only2024') },
    }),
  );
  expect(user.code).toBe(0);
  pagesOnlyToken = (await login(t.app, 'pagesonly', 'Pages#Only2024')).token;
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL of a route pattern (parameters filled with a plausible id). */
const urlOf = (r: DeclaredRoute) => r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
const call = (r: DeclaredRoute, headers: Record<string, string> = {}) =>
  t.app.inject({ method: r.method as 'GET', url: urlOf(r), headers });

describe('every route declares who may call it', () => {
  it('covers the whole API (no route without a declaration could even start)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(97);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('without a token every route answers the 401 envelope, except the declared public ones', async () => {
    const checked: string[] = [];
    for (const r of routes) {
      const res = await call(r);
      if (isPublic(r.access)) {
        expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
        continue;
      }
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 401, msg: 'token过期，请重新登录', data: null });
      checked.push(`${r.method} ${r.url}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(85);
  });

  it('a role holding no page gets exactly 无操作权限! everywhere but its own user', async () => {
    let denied = 0;
    for (const r of routes) {
      if (isPublic(r.access) || r.access.area === 'self') continue;
      const res = await call(r, auth(guestToken));
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 403, msg: '无操作权限!', data: null });
      expect(res.statusCode).toBe(403);
      denied++;
    }
    expect(denied).toBeGreaterThanOrEqual(80);
  });

  it('a role holding the pages but not the operation permission gets exactly 无操作权限!', async () => {
    const held = new Set<string>(MAIN_PAGE_NAMES);
    let denied = 0;
    for (const r of routes) {
      if (isPublic(r.access) || !r.access.permission) continue;
      const names = r.access.permission.split(' ');
      if (names.some((n) => held.has(n)) && r.access.area !== 'platform') continue;
      const res = await call(r, auth(pagesOnlyToken));
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 403, msg: '无操作权限!', data: null });
      denied++;
    }
    expect(denied).toBeGreaterThanOrEqual(60);
  });

  it('the page permissions named by routes exist', () => {
    for (const r of routes) {
      if (isPublic(r.access) || !r.access.permission) continue;
      for (const n of r.access.permission.split(' ')) expect(permissionId(n), `${r.url}: ${n}`).toBeDefined();
    }
    expect(PAGE_PERMISSIONS.length).toBe(16);
  });
});

describe('no spelling of a path skips the check', () => {
  it.each([
    '/%61uth/v1/permissions',
    '/auth/v1/%70ermissions',
    '/%61%75%74%68/v1/user',
    '/auth/v1/role/%31/permissions',
    '/wisdompower/v1/%72ealtime/snapshot',
  ])('%s without a token is refused (401) or unknown (404), never answered', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect([401, 404]).toContain(res.statusCode);
    expect(res.json().code).not.toBe(0);
  });

  it('an encoded path reaches the same route and the same check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61uth/v1/permissions' });
    expect(res.statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/%61uth/v1/permissions', headers: auth(guestToken) });
    expect(ok.json().code).toBe(0);
  });

  it.each(['/AUTH/v1/permissions', '/auth/v1//permissions', '/auth/v1/permissions/', '/auth//v1/user'])(
    '%s is not a route (404 envelope)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(guestToken) });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(4004);
    },
  );
});
