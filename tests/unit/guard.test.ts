import { describe, expect, it } from 'vitest';
import { accessProfileOf, guardRoute, visibleMenu, type AccessProfile } from '../../domain/access';
import { PAGE_PERMISSIONS, permissionId, type PagePermission } from '../../domain/permissions';
import { ROUTES } from '../../domain/routes';

function profile(opts: { id?: number; usertype?: number; pages?: readonly PagePermission[]; projects?: number }): AccessProfile {
  return accessProfileOf({
    id: opts.id ?? 42,
    customConfig: JSON.stringify({ usertype: opts.usertype ?? 3 }),
    roles: [{ customConfig: null, pageNodes: (opts.pages ?? []).map((p) => ({ id: permissionId(p)! })) }],
    modelNodes: Array.from({ length: opts.projects ?? 0 }, (_, i) => ({ id: i + 1, modelLabel: 'project' })),
  });
}

const root = profile({ id: 1 });
const MAIN_PAGES = PAGE_PERMISSIONS.filter((p) => !p.startsWith('wp_platform'));
const dutyOperator = profile({ pages: ['wp_real_time_monitor', 'wp_real_time_data', 'wp_history_data', 'wp_event_manager'] });
const SERVICE_MODE_HIDDEN = ['/home', '/bigScreen', '/usermanage', '/rolemanage', '/usergroupmanage'];
/** a service user serving two projects with every page: multi-project service mode */
const multiService = profile({ usertype: 2, pages: PAGE_PERMISSIONS, projects: 2 });
const singleService = profile({ usertype: 2, pages: PAGE_PERMISSIONS, projects: 1 });

describe('guard rule 1: without a token every route but /login goes to /login', () => {
  it.each([...ROUTES.map((r) => r.path), '/', '/unknown', '/admin/x'])('%s without token → /login', (path) => {
    expect(guardRoute({ path, hasToken: false })).toEqual({ kind: 'redirect', to: '/login' });
    // a profile left over from an old session does not open anything without a token
    expect(guardRoute({ path, hasToken: false, profile: root })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it.each(['/login', '/noPermission', '/login?x=1', '/noPermission/'])('%s is open without a token', (path) => {
    expect(guardRoute({ path, hasToken: false })).toEqual({ kind: 'allow' });
  });
});

describe('guard rule 2: a route needs its page permission, else /noPermission', () => {
  it.each(ROUTES.map((r) => [r.path, r.permission] as const))('%s is allowed with %s and refused without it', (path, permission) => {
    expect(guardRoute({ path, hasToken: true, profile: profile({ pages: [permission] }) })).toEqual({ kind: 'allow' });
    const others = PAGE_PERMISSIONS.filter((p) => p !== permission);
    expect(guardRoute({ path, hasToken: true, profile: profile({ pages: others }) })).toEqual({ kind: 'redirect', to: '/noPermission' });
  });

  it('root may open every route', () => {
    for (const r of ROUTES) expect(guardRoute({ path: r.path, hasToken: true, profile: root })).toEqual({ kind: 'allow' });
  });

  it.each([
    ['/alarmEvent', { kind: 'allow' }],
    ['/realtimeData', { kind: 'allow' }],
    ['/home', { kind: 'redirect', to: '/noPermission' }],
    ['/usermanage', { kind: 'redirect', to: '/noPermission' }],
    ['/platform/monitor', { kind: 'redirect', to: '/noPermission' }],
    ['/not-a-route', { kind: 'notFound' }],
  ] as const)('the duty operator opening %s', (path, decision) => {
    expect(guardRoute({ path, hasToken: true, profile: dutyOperator })).toEqual(decision);
  });

  it('a token without a loaded profile opens nothing but the whitelist', () => {
    expect(guardRoute({ path: '/home', hasToken: true })).toEqual({ kind: 'redirect', to: '/noPermission' });
    expect(guardRoute({ path: '/login', hasToken: true })).toEqual({ kind: 'allow' });
  });

  it('/login and /noPermission are always open, even to a user without pages', () => {
    const none = profile({ pages: [] });
    for (const path of ['/login', '/noPermission']) {
      expect(guardRoute({ path, hasToken: true, profile: none })).toEqual({ kind: 'allow' });
      expect(guardRoute({ path, hasToken: true, profile: none, fromPath: '/admin/x' })).toEqual({ kind: 'allow' });
    }
  });
});

describe('guard rule 3: crossing between /admin and non-admin paths forces a reload', () => {
  it.each([
    ['/home', '/admin'],
    ['/home', '/admin/users'],
    ['/admin', '/home'],
    ['/admin/users', '/realTime'],
  ])('%s → %s reloads', (fromPath, path) => {
    expect(guardRoute({ path, fromPath, hasToken: true, profile: root })).toEqual({ kind: 'reload', to: path });
  });

  it.each([
    ['/home', '/realTime'],
    ['/admin/a', '/admin/b'],
    ['/administrator', '/home'], // not an /admin path: only /admin and /admin/… are
  ])('%s → %s does not reload', (fromPath, path) => {
    expect(guardRoute({ path, fromPath, hasToken: true, profile: root }).kind).not.toBe('reload');
  });

  it('without a token the crossing still goes to /login first', () => {
    expect(guardRoute({ path: '/admin', fromPath: '/home', hasToken: false })).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('multi-project service mode', () => {
  it('is on only for a service user serving more than one project', () => {
    expect(multiService.multiProjectServiceMode).toBe(true);
    expect(singleService.multiProjectServiceMode).toBe(false);
    expect(profile({ usertype: 3, pages: PAGE_PERMISSIONS, projects: 3 }).multiProjectServiceMode).toBe(false);
    expect(profile({ usertype: 1, pages: PAGE_PERMISSIONS, projects: 3 }).multiProjectServiceMode).toBe(false);
  });

  it.each(SERVICE_MODE_HIDDEN)('%s is refused in service mode even with the permission', (path) => {
    expect(guardRoute({ path, hasToken: true, profile: multiService })).toEqual({ kind: 'redirect', to: '/noPermission' });
    expect(guardRoute({ path, hasToken: true, profile: singleService })).toEqual({ kind: 'allow' });
  });

  it('other routes stay open in service mode', () => {
    for (const r of ROUTES.filter((r) => !SERVICE_MODE_HIDDEN.includes(r.path))) {
      expect(guardRoute({ path: r.path, hasToken: true, profile: multiService })).toEqual({ kind: 'allow' });
    }
  });
});

describe('menu hiding rules', () => {
  const paths = (menu: ReturnType<typeof visibleMenu>) => menu.flatMap((g) => g.items.map((i) => i.path));

  it('root sees the four main groups with every item and the platform items', () => {
    const main = visibleMenu(root, 'main');
    expect(main.map((g) => g.group)).toEqual(['safety', 'information', 'user', 'system']);
    expect(paths(main)).toEqual(ROUTES.filter((r) => r.shell === 'main' && !r.notInMenu).map((r) => r.path));
    expect(paths(visibleMenu(root, 'platform'))).toEqual(['/platform/monitor', '/platform/operate', '/platform/user']);
  });

  it('an item without permission is hidden and a group with no allowed child is hidden', () => {
    const p = profile({ pages: ['wp_real_time_data', 'wp_device'] });
    const menu = visibleMenu(p, 'main');
    expect(menu.map((g) => g.group)).toEqual(['safety', 'information']);
    expect(paths(menu)).toEqual(['/realtimeData', '/deviceManager']);
  });

  it('a single allowed child keeps its group', () => {
    expect(visibleMenu(profile({ pages: ['wp_operate_log'] }), 'main')).toEqual([
      expect.objectContaining({ group: 'system', items: [expect.objectContaining({ path: '/log' })] }),
    ]);
  });

  it('a user without pages sees no menu at all', () => {
    expect(visibleMenu(profile({ pages: [] }), 'main')).toEqual([]);
    expect(visibleMenu(profile({ pages: MAIN_PAGES }), 'platform')).toEqual([]);
  });

  it('multi-project service mode hides /home, /usermanage, /rolemanage, /usergroupmanage (and so the user group)', () => {
    const menu = visibleMenu(multiService, 'main');
    const visible = paths(menu);
    for (const hidden of SERVICE_MODE_HIDDEN) expect(visible).not.toContain(hidden);
    expect(visible).toContain('/realTime');
    expect(visible).toContain('/systemConfig');
    expect(menu.map((g) => g.group)).toEqual(['safety', 'information', 'system']);
    // a service user with one project is not in service mode
    expect(paths(visibleMenu(singleService, 'main'))).toEqual(
      expect.arrayContaining(SERVICE_MODE_HIDDEN.filter((p) => p !== '/bigScreen')),
    );
    // the 大屏 is never a menu item; the guard still lets a single-project service user open it
    expect(guardRoute({ path: '/bigScreen', hasToken: true, profile: singleService })).toEqual({ kind: 'allow' });
  });
});
