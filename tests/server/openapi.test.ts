import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';

/** The API documentation is generated from the routes themselves: every route is in it. */
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.close();
});

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { description?: string; security?: unknown[]; requestBody?: unknown; parameters?: { name: string; in: string }[] }>
  >;
}

describe('GET /docs', () => {
  it('serves Swagger UI without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('lists every registered route with its method, schema and access', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toMatch(/^3\./);
    const routes = t.app.declaredRoutes().filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/docs') && !r.schema.hide);
    const missing = routes.filter((r) => {
      const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}');
      return !doc.paths[path]?.[r.method.toLowerCase()];
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(97);

    const login = doc.paths['/auth/v1/login']!.post!;
    expect(login.description).toMatch(/^Public/);
    expect(login.security).toBeUndefined();
    expect(JSON.stringify(login.requestBody)).toContain('nonce');
    const save = doc.paths['/wisdompower/v1/event/save']!.post!;
    expect(save.description).toBe('Needs a token. Data area: events; permission: event_confirm or event_update.');
    expect(save.security).toEqual([{ bearer: [] }]);
    const byRole = doc.paths['/auth/v1/user/queryByRole']!.get!;
    expect(byRole.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(['query roleId']);
    const tree = doc.paths['/wisdompower/v1/account/{modelLabel}/{id}/tree']!.get!;
    expect(
      tree.parameters
        ?.filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['id', 'modelLabel']);
  });
});
