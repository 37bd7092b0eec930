/**
 * Permission names and the operate-permission map of spec §3 and §6.
 * Ids are derived from list positions, so entries may only ever be appended to keep stored roles valid.
 */

export const PAGE_PERMISSIONS = [
  'wp_global_monitor',
  'wp_real_time_monitor',
  'wp_real_time_data',
  'wp_history_data',
  'wp_event_manager',
  'wp_analysis_report',
  'wp_device',
  'wp_remote_setting',
  'wp_user_manage',
  'wp_role_manage',
  'wp_usergroup_manage',
  'wp_system_config',
  'wp_operate_log',
  'wp_platform_monitor',
  'wp_platform_operate',
  'wp_platform_user',
] as const;
export type PagePermission = (typeof PAGE_PERMISSIONS)[number];

export const PERMISSION_GROUPS = [
  'user',
  'group',
  'role',
  'event',
  'remote',
  'accessscheme',
  'report',
  'province',
  'city',
  'area',
  'project',
  'device',
  'historydata',
  'accuntnode',
  'property',
] as const;
type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSION_ACTIONS = [
  'browser',
  'update',
  'create',
  'delete',
  'upload',
  'download',
  'mark',
  'discard',
  'verify',
  'commit',
  'assign',
  'publish',
  'claim',
] as const;
type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const CUSTOM_PERMISSIONS = [
  'event_confirm',
  'event_update',
  'remote_control',
  'remote_param_browser',
  'remote_param_update',
  'user_logo',
  // issue 29: work orders (派单, 处置, 审核)
  'workorder_dispatch',
  'workorder_handle',
  'workorder_review',
  // issue 29: shift handover (交接班): hand over a shift and accept one
  'shift_handover',
] as const;

const GROUP_TEXT: Record<PermissionGroup, string> = {
  user: '用户',
  group: '用户组',
  role: '角色',
  event: '事件',
  remote: '遥控',
  accessscheme: '接入方案',
  report: '报表',
  province: '省',
  city: '市',
  area: '区县',
  project: '项目',
  device: '设备',
  historydata: '历史数据',
  accuntnode: '台账节点',
  property: '自定义属性',
};
const ACTION_TEXT: Record<PermissionAction, string> = {
  browser: '查看',
  update: '修改',
  create: '新建',
  delete: '删除',
  upload: '上传',
  download: '下载',
  mark: '标记',
  discard: '废弃',
  verify: '审核',
  commit: '提交',
  assign: '分配',
  publish: '发布',
  claim: '认领',
};
const CUSTOM_TEXT: Record<(typeof CUSTOM_PERMISSIONS)[number], string> = {
  event_confirm: '事件确认',
  event_update: '事件备注',
  remote_control: '遥控',
  remote_param_browser: '遥调查看',
  remote_param_update: '遥调修改',
  user_logo: '用户组Logo',
  workorder_dispatch: '派单',
  workorder_handle: '处置',
  workorder_review: '审核',
  shift_handover: '交接班',
};

export interface PermissionEntry {
  id: number;
  name: string;
  kind: 'page' | 'operation';
  /** Permission group for the role tree: 'page' for page permissions. */
  group: string;
  text: string;
}

function buildPermissionMap(): PermissionEntry[] {
  const entries: PermissionEntry[] = PAGE_PERMISSIONS.map((name, i) => ({
    id: i + 1,
    name,
    kind: 'page',
    group: 'page',
    text: name,
  }));
  const custom = new Set<string>(CUSTOM_PERMISSIONS);
  PERMISSION_GROUPS.forEach((group, gi) => {
    PERMISSION_ACTIONS.forEach((action, ai) => {
      // event_update is both a group_action pair and a custom permission (事件备注); the custom entry
      // is the one name lookups resolve to, so the shadowed duplicate is left out (ids stay positional).
      if (custom.has(`${group}_${action}`)) return;
      entries.push({
        id: 1000 + gi * 20 + ai,
        name: `${group}_${action}`,
        kind: 'operation',
        group,
        text: `${GROUP_TEXT[group]}${ACTION_TEXT[action]}`,
      });
    });
  });
  CUSTOM_PERMISSIONS.forEach((name, i) => {
    entries.push({ id: 2000 + i, name, kind: 'operation', group: name.split('_')[0]!, text: CUSTOM_TEXT[name] });
  });
  return entries;
}

/** The operate-permission map: every permission name with its id. */
export const PERMISSION_MAP: readonly PermissionEntry[] = buildPermissionMap();
const BY_NAME = new Map(PERMISSION_MAP.map((e) => [e.name, e]));
const BY_ID = new Map(PERMISSION_MAP.map((e) => [e.id, e]));

export function permissionId(name: string): number | undefined {
  return BY_NAME.get(name)?.id;
}
export function permissionById(id: number): PermissionEntry | undefined {
  return BY_ID.get(id);
}

export class PermissionNameError extends Error {
  constructor(name: string) {
    super(`权限名称不合法: "${name}"，应为 group_action 形式`);
    this.name = 'PermissionNameError';
  }
}

const FORM = /^[a-z]+(_[a-z]+)+$/;

/**
 * Parses a permission string: several space-separated names, any one grants (spec §5).
 * A name not of the form group_action (or a known page/custom permission) throws.
 */
export function parsePermissionString(spec: string): string[] {
  const names = spec.split(/\s+/).filter(Boolean);
  if (names.length === 0) throw new PermissionNameError(spec);
  for (const name of names) {
    if (!FORM.test(name) || !BY_NAME.has(name)) throw new PermissionNameError(name);
  }
  return names;
}

export interface PermissionHolder {
  isRoot: boolean;
  /** ids from the role's pageNodes */
  pageNodeIds: readonly number[];
  /** ids from the role's auths */
  authIds: readonly number[];
}

/**
 * Spec §6: with the permission switch off, or for root, everything is allowed; otherwise the
 * operation name is mapped to its id and allowed when pageNodes or auths contain it.
 */
export function isAllowed(holder: PermissionHolder, spec: string, checkEnabled = true): boolean {
  const names = parsePermissionString(spec);
  if (!checkEnabled || holder.isRoot) return true;
  return names.some((name) => {
    const id = permissionId(name)!;
    return holder.pageNodeIds.includes(id) || holder.authIds.includes(id);
  });
}
