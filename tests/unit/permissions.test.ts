import { describe, expect, it } from 'vitest';
import {
  CUSTOM_PERMISSIONS,
  PAGE_PERMISSIONS,
  PERMISSION_ACTIONS,
  PERMISSION_GROUPS,
  PERMISSION_MAP,
  PermissionNameError,
  isAllowed,
  parsePermissionString,
  permissionById,
  permissionId,
  type PermissionHolder,
} from '../../domain/permissions';

const id = (name: string) => {
  const v = permissionId(name);
  if (v === undefined) throw new Error(`no permission ${name}`);
  return v;
};
const holder = (auths: string[] = [], pages: string[] = [], isRoot = false): PermissionHolder => ({
  isRoot,
  authIds: auths.map(id),
  pageNodeIds: pages.map(id),
});

describe('parsePermissionString (spec §5)', () => {
  it.each([
    ['user_browser', ['user_browser']],
    ['user_browser role_browser', ['user_browser', 'role_browser']],
    ['  user_create   role_create\tgroup_create\n', ['user_create', 'role_create', 'group_create']],
    ['event_confirm', ['event_confirm']],
    ['remote_param_update', ['remote_param_update']],
    ['wp_global_monitor wp_platform_user', ['wp_global_monitor', 'wp_platform_user']],
  ])('%j → %j', (spec, names) => {
    expect(parsePermissionString(spec)).toEqual(names);
  });

  it.each([
    ['', ''],
    ['   ', '   '],
    ['userbrowser', 'userbrowser'],
    ['User_browser', 'User_browser'],
    ['user-browser', 'user-browser'],
    ['_browser', '_browser'],
    ['user_', 'user_'],
    ['user_browser 123', '123'],
    ['user_browser user', 'user'],
    ['user_browser,role_browser', 'user_browser,role_browser'],
    ['user_fly', 'user_fly'],
    ['nosuch_browser', 'nosuch_browser'],
  ])('%j throws PermissionNameError naming %j', (spec, bad) => {
    let caught: unknown;
    try {
      parsePermissionString(spec);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PermissionNameError);
    expect((caught as Error).message).toContain(`"${bad}"`);
    expect((caught as Error).message).toContain('group_action');
  });

  it('every group_action combination, custom and page permission is a known name', () => {
    for (const g of PERMISSION_GROUPS)
      for (const a of PERMISSION_ACTIONS) expect(parsePermissionString(`${g}_${a}`)).toEqual([`${g}_${a}`]);
    for (const name of [...CUSTOM_PERMISSIONS, ...PAGE_PERMISSIONS]) expect(() => parsePermissionString(name)).not.toThrow();
  });

  it('isAllowed validates names too, even for root and with the switch off', () => {
    expect(() => isAllowed(holder([], [], true), 'userbrowser')).toThrow(PermissionNameError);
    expect(() => isAllowed(holder(), 'user_browser bad', false)).toThrow(PermissionNameError);
  });
});

describe('the operate-permission map', () => {
  it('has unique ids and names that round-trip', () => {
    const ids = PERMISSION_MAP.map((p) => p.id);
    const names = PERMISSION_MAP.map((p) => p.name);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    for (const p of PERMISSION_MAP) {
      expect(permissionId(p.name)).toBe(p.id);
      expect(permissionById(p.id)?.name).toBe(p.name);
    }
    expect(PERMISSION_MAP.filter((p) => p.kind === 'page').map((p) => p.name)).toEqual([...PAGE_PERMISSIONS]);
  });

  it('event_update is the custom remark permission (事件备注), listed once', () => {
    const entries = PERMISSION_MAP.filter((p) => p.name === 'event_update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ text: '事件备注', kind: 'operation', group: 'event' });
    expect(permissionId('event_update')).toBe(entries[0]!.id);
  });
});

describe('isAllowed (spec §6)', () => {
  it('any one of several space-separated names grants', () => {
    const h = holder(['role_browser']);
    expect(isAllowed(h, 'user_browser role_browser')).toBe(true);
    expect(isAllowed(h, 'role_browser user_browser')).toBe(true);
    expect(isAllowed(h, 'user_browser')).toBe(false);
    expect(isAllowed(h, 'user_create user_delete group_browser')).toBe(false);
  });

  it('grants through the role auths or its pageNodes', () => {
    expect(isAllowed(holder(['event_confirm']), 'event_confirm')).toBe(true);
    expect(isAllowed(holder([], ['wp_device']), 'wp_device')).toBe(true);
    // the check looks the id up in pageNodes as well as auths
    expect(isAllowed(holder([], ['user_create']), 'user_create')).toBe(true);
    expect(isAllowed(holder(['event_confirm'], ['wp_device']), 'event_update wp_history_data')).toBe(false);
  });

  it('nothing is granted to a role without permissions', () => {
    const h = holder();
    for (const p of PERMISSION_MAP) expect(isAllowed(h, p.name)).toBe(false);
  });

  it('root is allowed everything', () => {
    const r = holder([], [], true);
    for (const p of PERMISSION_MAP) expect(isAllowed(r, p.name)).toBe(true);
    expect(isAllowed(r, 'user_create role_delete')).toBe(true);
  });

  it('with the permission switch off everything is allowed', () => {
    const h = holder();
    expect(isAllowed(h, 'user_create', false)).toBe(true);
    expect(isAllowed(h, 'role_delete group_delete', false)).toBe(true);
    expect(isAllowed(h, 'user_create', true)).toBe(false);
  });
});

describe('enumeration labels', () => {
  it('answer in zh_cn by default and in English on request; unknown ids show --', async () => {
    const { DEVICE_STATUS, EVENT_LEVEL } = await import('../../domain/enums');
    expect(DEVICE_STATUS.textOf(2)).toBe('自动退出');
    expect(DEVICE_STATUS.textOf(2, 'en')).toBe('Auto exit');
    expect(EVENT_LEVEL.textOf(4, 'en')).toBe('Early warning');
    expect(DEVICE_STATUS.textOf(99, 'en')).toBe('--');
  });
});
