import { describe, expect, it } from 'vitest';
import { accessProfileOf, landingPath, type AccessUserInput } from '../../domain/access';
import { PAGE_PERMISSIONS, permissionId, type PagePermission } from '../../domain/permissions';

/** Builds the logged-in user of spec §3 the way the auth service returns it. */
function user(opts: {
  id?: number;
  usertype?: number;
  pages?: readonly PagePermission[];
  homepage?: string;
  projects?: number;
}): AccessUserInput {
  return {
    id: opts.id ?? 42,
    customConfig: opts.usertype === undefined ? null : JSON.stringify({ usertype: opts.usertype }),
    roles: [
      {
        customConfig: opts.homepage === undefined ? null : JSON.stringify({ homepage: opts.homepage }),
        pageNodes: (opts.pages ?? []).map((p) => ({ id: permissionId(p)! })),
      },
    ],
    modelNodes: Array.from({ length: opts.projects ?? 0 }, (_, i) => ({ id: i + 1, modelLabel: 'project' })),
  };
}

const ALL_PAGES = PAGE_PERMISSIONS;
const MAIN_PAGES = PAGE_PERMISSIONS.filter((p) => !p.startsWith('wp_platform'));

describe('landing after login (spec §2)', () => {
  it.each<[string, AccessUserInput, string, string]>([
    // platform side
    ['root (id 1) with no role at all', { id: 1, customConfig: null, roles: [] }, '/', '/platform/monitor'],
    ['root coming from /login', { id: 1, customConfig: null, roles: [] }, '/login', '/platform/monitor'],
    ['platform user', user({ usertype: 1, pages: ALL_PAGES }), '/', '/platform/monitor'],
    ['service user', user({ usertype: 2, pages: ['wp_platform_monitor', 'wp_real_time_data'], projects: 2 }), '/', '/platform/monitor'],
    ['platform user ignores a role homepage', user({ usertype: 1, pages: ALL_PAGES, homepage: '/alarmEvent' }), '/', '/platform/monitor'],
    [
      'platform user without the platform monitor falls back to /realtimeData',
      user({ usertype: 1, pages: ['wp_history_data', 'wp_real_time_data'] }),
      '/',
      '/realtimeData',
    ],
    [
      'service user with neither falls to the first menu page',
      user({ usertype: 2, pages: ['wp_device', 'wp_history_data'] }),
      '/',
      '/historyData',
    ],
    // project users
    [
      'project user with a homepage',
      user({ usertype: 3, pages: ['wp_real_time_monitor', 'wp_event_manager'], homepage: '/alarmEvent' }),
      '/',
      '/alarmEvent',
    ],
    [
      'project user: homepage wins over the first menu page',
      user({ usertype: 3, pages: MAIN_PAGES, homepage: '/deviceManager' }),
      '/login',
      '/deviceManager',
    ],
    [
      'project user: homepage with a trailing slash is normalised',
      user({ usertype: 3, pages: MAIN_PAGES, homepage: '/log/' }),
      '/',
      '/log',
    ],
    [
      'project user without homepage: first menu page in menu order',
      user({ usertype: 3, pages: ['wp_device', 'wp_event_manager', 'wp_history_data'] }),
      '/',
      '/historyData',
    ],
    ['project user without homepage, only a system page', user({ usertype: 3, pages: ['wp_operate_log'] }), '/', '/log'],
    ['project user holding every main page lands on /home', user({ usertype: 3, pages: MAIN_PAGES }), '/', '/home'],
    ['project user does not get /realtimeData as fallback', user({ usertype: 3, pages: ['wp_history_data'] }), '/', '/historyData'],
    [
      'project user with an unknown homepage falls to the first menu page',
      user({ usertype: 3, pages: ['wp_analysis_report'], homepage: '/nowhere' }),
      '/',
      '/analysisReport',
    ],
    ['project user with no pages', user({ usertype: 3, pages: [] }), '/', '/noPermission'],
    ['user without usertype counts as a project user', user({ pages: [] }), '/login', '/noPermission'],
    [
      'project user with a role that has no pageNodes',
      { id: 9, customConfig: '{"usertype":3}', roles: [{ customConfig: null, pageNodes: null }] },
      '/',
      '/noPermission',
    ],
    ['project user with no role', { id: 9, customConfig: '{"usertype":3}', roles: [] }, '/', '/noPermission'],
    [
      'operation ids in pageNodes are not pages',
      { id: 9, customConfig: '{"usertype":3}', roles: [{ pageNodes: [{ id: permissionId('user_browser')! }] }] },
      '/',
      '/noPermission',
    ],
    // the hash path is kept unless it is /login or /
    ['root keeps the hash path', { id: 1, customConfig: null, roles: [] }, '/historyData', '/historyData'],
    [
      'project user keeps the hash path over its homepage',
      user({ usertype: 3, pages: MAIN_PAGES, homepage: '/alarmEvent' }),
      '/deviceManager',
      '/deviceManager',
    ],
    ['the hash path is kept even without pages (the guard decides)', user({ usertype: 3, pages: [] }), '/home', '/home'],
    ['a hash path with a query is kept without it', user({ usertype: 1, pages: ALL_PAGES }), '/log?x=1', '/log'],
    ['/login with a query is not kept', user({ usertype: 1, pages: ALL_PAGES }), '/login?redirect=1', '/platform/monitor'],
    ['an empty hash path counts as /', user({ usertype: 3, pages: [], homepage: undefined }), '', '/noPermission'],
    ['"/" with trailing junk normalises to /', user({ usertype: 3, pages: ['wp_device'] }), '//', '/deviceManager'],
  ])('%s', (_name, input, current, expected) => {
    expect(landingPath(accessProfileOf(input), current)).toBe(expected);
  });
});
