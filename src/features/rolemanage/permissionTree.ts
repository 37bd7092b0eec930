import { CUSTOM_PERMISSIONS, PERMISSION_MAP, type PermissionEntry } from '../../../domain/permissions';
import { ROUTES } from '../../../domain/routes';
import { ROOT_USER_ID } from '../../../domain/enums';
import type { UserDto } from '../../../domain/schemas/auth';
import type { TreeNode } from '../../app/widgets/tree/treeModel';

/** Tree node ids of permissions are "p:<id>" so they cannot collide with the group nodes. */
export const nodeId = (id: number) => `p:${id}`;
const permissionIdOf = (node: string) => Number(node.slice(2));

/**
 * Spec §6: the role-permission tree is built from the permissions the current user holds — root holds
 * all; anyone else the page nodes and auths of their role. Nobody is offered what they cannot grant.
 */
export function heldPermissions(user: UserDto | null): PermissionEntry[] {
  if (!user) return [];
  if (user.id === ROOT_USER_ID) return [...PERMISSION_MAP];
  const role = user.roles[0];
  const held = new Set([...(role?.pageNodes ?? []).map((n) => n.id), ...(role?.auths ?? [])]);
  return PERMISSION_MAP.filter((p) => held.has(p.id));
}

const CUSTOM = new Set<string>(CUSTOM_PERMISSIONS);

/** What a permission tree shows, in the language in force (the pack keys perm.group/action/custom.*). */
export interface PermissionLabels {
  pages: string;
  operations: string;
  /** a pack key to its text */
  text: (key: string) => string;
  /** joins a group and an action: 用户查看 / Users: view */
  join: (group: string, action: string) => string;
  /** a label with its permission name: 用户查看（user_browser） / Users: view (user_browser) */
  withName: (label: string, name: string) => string;
}

/** The label of an operation permission: its custom name, or its group and action. */
function operationText(p: PermissionEntry, labels: Pick<PermissionLabels, 'text' | 'join'>): string {
  if (CUSTOM.has(p.name)) return labels.text(`perm.custom.${p.name}`);
  const action = p.name.slice(p.group.length + 1);
  return labels.join(labels.text(`perm.group.${p.group}`), labels.text(`perm.action.${action}`));
}

export function buildPermissionTree(held: PermissionEntry[], titleOf: (titleKey: string) => string, labels: PermissionLabels): TreeNode[] {
  const pages = held
    .filter((p) => p.kind === 'page')
    .map((p) => {
      const route = ROUTES.find((r) => r.permission === p.name);
      return { id: nodeId(p.id), label: route ? labels.withName(titleOf(route.titleKey), p.name) : p.name };
    });
  const groups = new Map<string, TreeNode[]>();
  for (const p of held.filter((x) => x.kind === 'operation')) {
    const list = groups.get(p.group) ?? [];
    list.push({ id: nodeId(p.id), label: labels.withName(operationText(p, labels), p.name) });
    groups.set(p.group, list);
  }
  const ops = [...groups].map(([group, children]) => ({
    id: `g:${group}`,
    label: labels.text(`perm.group.${group}`),
    children,
  }));
  return [
    ...(pages.length ? [{ id: 'pages', label: labels.pages, children: pages }] : []),
    ...(ops.length ? [{ id: 'ops', label: labels.operations, children: ops }] : []),
  ];
}

/** Splits the checked leaves into the role's pageNodes and auths. */
export function grantsOf(checked: ReadonlySet<string>): { pageNodes: { id: number }[]; auths: number[] } {
  const ids = [...checked].filter((c) => c.startsWith('p:')).map(permissionIdOf);
  const byId = new Map(PERMISSION_MAP.map((p) => [p.id, p]));
  return {
    pageNodes: ids
      .filter((id) => byId.get(id)?.kind === 'page')
      .sort((a, b) => a - b)
      .map((id) => ({ id })),
    auths: ids.filter((id) => byId.get(id)?.kind === 'operation').sort((a, b) => a - b),
  };
}
