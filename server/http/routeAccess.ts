import type { PagePermission } from '../../domain/permissions';

/**
 * What a route's data is, for the scope rule (docs/security.md): a project user reaches an area only
 * when its role holds one of the pages that show it; a role with no pages reaches `self` alone.
 * Service, platform and root users are not limited by pages (their data scope is their projects).
 */
export type Area =
  /** the caller's own user, session and password: every signed-in user */
  | 'self'
  /** what the shell shows on every page: the bell, message centre, device dialog, header logo */
  | 'shell'
  /** ledger trees and lists the data screens select from */
  | 'tree'
  | 'monitor'
  | 'realtime'
  | 'history'
  | 'events'
  | 'reports'
  | 'ledger'
  | 'remote'
  | 'users'
  | 'roles'
  | 'groups'
  /** uploading a file: the user-group logo, a work order's on-site photos (issue 29) */
  | 'uploads'
  | 'system'
  | 'oplog'
  /** the platform shell: never a project user */
  | 'platform';

/** The pages of a tenant's data (monitors, history, events, reports, devices, remote setting, system settings). */
export const MAIN_DATA_PAGES: readonly PagePermission[] = [
  'wp_global_monitor',
  'wp_real_time_monitor',
  'wp_real_time_data',
  'wp_history_data',
  'wp_event_manager',
  'wp_analysis_report',
  'wp_device',
  'wp_remote_setting',
  'wp_system_config',
];

export const AREA_PAGES: Record<Exclude<Area, 'self' | 'platform'>, readonly PagePermission[]> = {
  shell: [...MAIN_DATA_PAGES, 'wp_user_manage', 'wp_role_manage', 'wp_usergroup_manage', 'wp_operate_log'],
  tree: MAIN_DATA_PAGES,
  monitor: ['wp_global_monitor', 'wp_platform_monitor'],
  realtime: ['wp_global_monitor', 'wp_real_time_monitor', 'wp_real_time_data'],
  history: ['wp_history_data'],
  events: ['wp_event_manager'],
  reports: ['wp_analysis_report'],
  ledger: ['wp_device'],
  remote: ['wp_remote_setting'],
  users: ['wp_user_manage', 'wp_usergroup_manage', 'wp_role_manage'],
  roles: ['wp_role_manage', 'wp_user_manage'],
  groups: ['wp_usergroup_manage', 'wp_user_manage'],
  uploads: ['wp_usergroup_manage', 'wp_user_manage', 'wp_event_manager'],
  system: ['wp_system_config', 'wp_device'],
  oplog: ['wp_operate_log'],
};

/**
 * Every route says who may call it, in its options (`config.access`):
 * - `{ public: 'why' }`: no token (login, token check, device ingest with its own key, the API docs);
 * - `{ area, permission? }`: a live token; the operation permission(s) it needs (space-separated, any
 *   one suffices, spec §5) and the area of data it reads or writes.
 */
export type RouteAccess = { public: string } | { area: Area; permission?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const isPublic = (a: RouteAccess): a is { public: string } => 'public' in a;
