import { PERMISSION_MAP, permissionById, type PagePermission } from './permissions';
import { ROUTES, MENU_GROUPS, WHITELIST, findRoute, normalizePath, type RouteDef, type MenuGroup } from './routes';
import { ROOT_USER_ID, USER_TYPE } from './enums';

/**
 * What the browser needs to decide about routes: derived from the logged-in user once,
 * then used by the landing rule, the guard and the menu.
 */
export interface AccessProfile {
  userId: number;
  userType: number;
  isRoot: boolean;
  /** page permission names the user's role holds (all of them for root) */
  pages: readonly PagePermission[];
  homepage?: string | undefined;
  /** service user serving more than one project (spec §2 menu rules) */
  multiProjectServiceMode: boolean;
}

export interface AccessUserInput {
  id: number;
  customConfig?: string | null;
  roles?: readonly { customConfig?: string | null; pageNodes?: readonly { id: number }[] | null }[] | null;
  modelNodes?: readonly unknown[] | null;
}

export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** User type from customConfig.usertype; root counts as a platform user (spec §1). */
export function userTypeOf(user: Pick<AccessUserInput, 'id' | 'customConfig'>): number {
  if (user.id === ROOT_USER_ID) return USER_TYPE.PLATFORM;
  const t = Number(parseJsonObject(user.customConfig).usertype);
  return USER_TYPE.has(t) ? t : USER_TYPE.PROJECT;
}

export function accessProfileOf(user: AccessUserInput): AccessProfile {
  const isRoot = user.id === ROOT_USER_ID;
  const role = user.roles?.[0];
  const pages = isRoot
    ? PERMISSION_MAP.filter((p) => p.kind === 'page').map((p) => p.name as PagePermission)
    : (role?.pageNodes ?? [])
        .map((n) => permissionById(n.id))
        .filter((p) => p?.kind === 'page')
        .map((p) => p!.name as PagePermission);
  const homepage = parseJsonObject(role?.customConfig).homepage;
  const userType = userTypeOf(user);
  return {
    userId: user.id,
    userType,
    isRoot,
    pages,
    homepage: typeof homepage === 'string' && homepage ? normalizePath(homepage) : undefined,
    multiProjectServiceMode: userType === USER_TYPE.SERVICE && (user.modelNodes?.length ?? 0) > 1,
  };
}

export function isPlatformSide(p: AccessProfile): boolean {
  return p.isRoot || p.userType === USER_TYPE.PLATFORM || p.userType === USER_TYPE.SERVICE;
}

function canOpenRoute(p: AccessProfile, route: RouteDef): boolean {
  return p.isRoot || p.pages.includes(route.permission);
}

/** Menu items of one shell: hidden without permission, in service mode, or when not a menu screen; empty groups dropped. */
export function visibleMenu(p: AccessProfile, shell: 'main' | 'platform'): { group: MenuGroup; titleKey: string; items: RouteDef[] }[] {
  return MENU_GROUPS.filter((g) => g.shell === shell)
    .map((g) => ({
      group: g.id,
      titleKey: g.titleKey,
      items: ROUTES.filter(
        (r) => r.group === g.id && !r.notInMenu && canOpenRoute(p, r) && !(p.multiProjectServiceMode && r.hiddenInServiceMode),
      ),
    }))
    .filter((g) => g.items.length > 0);
}

/**
 * Landing after login (spec §2):
 * - the current hash path is kept unless it is /login or /;
 * - platform, service or root users go to /platform/monitor;
 * - a project user goes to the role's homepage, else the first menu page the role holds, else /noPermission.
 * (The /realtimeData fallback for root, platform and service users applies when the platform monitor is
 * not among their pages.)
 */
export function landingPath(p: AccessProfile, currentPath: string): string {
  const current = normalizePath(currentPath || '/');
  if (current !== '/login' && current !== '/') return current;
  if (isPlatformSide(p)) {
    const monitor = findRoute('/platform/monitor')!;
    if (canOpenRoute(p, monitor)) return monitor.path;
  }
  if (!isPlatformSide(p) && p.homepage && findRoute(p.homepage)) return p.homepage;
  if (isPlatformSide(p)) {
    const rt = findRoute('/realtimeData')!;
    if (canOpenRoute(p, rt)) return rt.path;
  }
  const first = visibleMenu(p, 'main')[0]?.items[0] ?? visibleMenu(p, 'platform')[0]?.items[0];
  return first ? first.path : '/noPermission';
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'reload'; to: string } | { kind: 'notFound' };

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * Route guards (spec §2):
 * 1. without a token every route but /login goes to /login;
 * 2. a route is allowed when whitelisted or its permission is held, else /noPermission;
 * 3. crossing between /admin and non-admin paths forces a full reload.
 */
export function guardRoute(input: {
  path: string;
  fromPath?: string | undefined;
  hasToken: boolean;
  profile?: AccessProfile | undefined;
}): GuardDecision {
  const path = normalizePath(input.path);
  if ((WHITELIST as readonly string[]).includes(path)) return { kind: 'allow' };
  if (!input.hasToken) return { kind: 'redirect', to: '/login' };
  if (input.fromPath !== undefined && isAdminPath(normalizePath(input.fromPath)) !== isAdminPath(path)) {
    return { kind: 'reload', to: path };
  }
  if (path === '/') return { kind: 'allow' };
  const route = findRoute(path);
  // A path no route answers is not a permission question: say it does not exist (and offer a way home).
  if (!route) return { kind: 'notFound' };
  if (!input.profile || !canOpenRoute(input.profile, route)) return { kind: 'redirect', to: '/noPermission' };
  if (input.profile.multiProjectServiceMode && route.hiddenInServiceMode) return { kind: 'redirect', to: '/noPermission' };
  return { kind: 'allow' };
}
