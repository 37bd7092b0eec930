import type { PagePermission } from './permissions';

/** Route table of spec §2. Titles are message keys resolved by the language pack. */

export type MenuGroup = 'safety' | 'information' | 'user' | 'system' | 'platform';
export type Shell = 'main' | 'platform';

export interface RouteDef {
  path: string;
  titleKey: string;
  permission: PagePermission;
  shell: Shell;
  group: MenuGroup;
  /** hidden from the menu in multi-project service mode (spec §2 menu rules) */
  hiddenInServiceMode?: boolean;
  /** a screen for walls, not for the menu: opened from another screen's link or a kiosk's rotation */
  notInMenu?: true;
}

export const ROUTES: readonly RouteDef[] = [
  { path: '/home', titleKey: 'route.home', permission: 'wp_global_monitor', shell: 'main', group: 'safety', hiddenInServiceMode: true },
  // issue 30: the 大屏 overview for walls and kiosks, on 全局监控's permission (it shows the same projects)
  {
    path: '/bigScreen',
    titleKey: 'route.bigScreen',
    permission: 'wp_global_monitor',
    shell: 'main',
    group: 'safety',
    hiddenInServiceMode: true,
    notInMenu: true,
  },
  { path: '/realTime', titleKey: 'route.realTime', permission: 'wp_real_time_monitor', shell: 'main', group: 'safety' },
  { path: '/realtimeData', titleKey: 'route.realtimeData', permission: 'wp_real_time_data', shell: 'main', group: 'safety' },
  { path: '/historyData', titleKey: 'route.historyData', permission: 'wp_history_data', shell: 'main', group: 'safety' },
  { path: '/alarmEvent', titleKey: 'route.alarmEvent', permission: 'wp_event_manager', shell: 'main', group: 'safety' },
  // issue 29: work orders, on the event page's permission (the data area of their routes)
  { path: '/workOrder', titleKey: 'route.workOrder', permission: 'wp_event_manager', shell: 'main', group: 'safety' },
  // issue 29 item 4: the review figures of work orders, beside 工单管理 on the same permission
  { path: '/orderStats', titleKey: 'route.orderStats', permission: 'wp_event_manager', shell: 'main', group: 'safety' },
  { path: '/myWorkOrder', titleKey: 'route.myWorkOrder', permission: 'wp_event_manager', shell: 'main', group: 'safety' },
  { path: '/shiftHandover', titleKey: 'route.shiftHandover', permission: 'wp_event_manager', shell: 'main', group: 'safety' },
  { path: '/analysisReport', titleKey: 'route.analysisReport', permission: 'wp_analysis_report', shell: 'main', group: 'safety' },
  { path: '/deviceManager', titleKey: 'route.deviceManager', permission: 'wp_device', shell: 'main', group: 'information' },
  { path: '/remoteSetting', titleKey: 'route.remoteSetting', permission: 'wp_remote_setting', shell: 'main', group: 'information' },
  {
    path: '/usermanage',
    titleKey: 'route.usermanage',
    permission: 'wp_user_manage',
    shell: 'main',
    group: 'user',
    hiddenInServiceMode: true,
  },
  {
    path: '/rolemanage',
    titleKey: 'route.rolemanage',
    permission: 'wp_role_manage',
    shell: 'main',
    group: 'user',
    hiddenInServiceMode: true,
  },
  {
    path: '/usergroupmanage',
    titleKey: 'route.usergroupmanage',
    permission: 'wp_usergroup_manage',
    shell: 'main',
    group: 'user',
    hiddenInServiceMode: true,
  },
  { path: '/systemConfig', titleKey: 'route.systemConfig', permission: 'wp_system_config', shell: 'main', group: 'system' },
  { path: '/log', titleKey: 'route.log', permission: 'wp_operate_log', shell: 'main', group: 'system' },
  // A role's pages are exactly its menu (spec §6): an event manager without 系统配置 sees an alarm's
  // deliveries in the event list's 详情, the whole 通知记录 comes with 系统配置.
  { path: '/notifyLog', titleKey: 'route.notifyLog', permission: 'wp_system_config', shell: 'main', group: 'system' },
  { path: '/platform/monitor', titleKey: 'route.platformMonitor', permission: 'wp_platform_monitor', shell: 'platform', group: 'platform' },
  { path: '/platform/operate', titleKey: 'route.platformOperate', permission: 'wp_platform_operate', shell: 'platform', group: 'platform' },
  { path: '/platform/user', titleKey: 'route.platformUser', permission: 'wp_platform_user', shell: 'platform', group: 'platform' },
];

export const MENU_GROUPS: readonly { id: MenuGroup; titleKey: string; shell: Shell }[] = [
  { id: 'safety', titleKey: 'menu.safety', shell: 'main' },
  { id: 'information', titleKey: 'menu.information', shell: 'main' },
  { id: 'user', titleKey: 'menu.user', shell: 'main' },
  { id: 'system', titleKey: 'menu.system', shell: 'main' },
  { id: 'platform', titleKey: 'menu.platform', shell: 'platform' },
];

/** Routes open to everyone, never guarded (spec §2). */
export const WHITELIST = ['/login', '/noPermission'] as const;

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** Normalizes a hash path: strips query and trailing slash, ensures a leading slash. */
export function normalizePath(path: string): string {
  let p = path.split('?')[0]!.split('#')[0]!;
  if (!p.startsWith('/')) p = `/${p}`;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}
