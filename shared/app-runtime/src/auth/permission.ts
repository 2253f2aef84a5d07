import { ALL_PERMISSION, SUPER_ROLE, type ActionName } from '@site/contract';

/** Permission check: passes when the list holds the wildcard *:*:* or the exact string. */
export function checkPermi(held: readonly string[], wanted: readonly string[]): boolean {
  assertNonEmpty(wanted, 'permission');
  return held.some((p) => p === ALL_PERMISSION || wanted.includes(p));
}

/** Role check: passes for the role admin or an exact match. */
export function checkRole(held: readonly string[], wanted: readonly string[]): boolean {
  assertNonEmpty(wanted, 'role');
  return held.some((r) => r === SUPER_ROLE || wanted.includes(r));
}

/** The spec's directives refuse a missing or empty list. */
export function assertNonEmpty(list: readonly string[] | undefined | null, kind: 'permission' | 'role'): void {
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(
      kind === 'permission'
        ? `请设置操作权限标签值 (need permissions like ['system:user:add'])`
        : `请设置角色权限标签值 (need roles like ['admin','editor'])`,
    );
  }
}

export interface PermissionActions {
  permissionId: string;
  actionList: string[];
}

/**
 * Group RuoYi permission strings ("system:notice:query") into {permissionId, actionList}
 * ("system:notice" -> ["query"]), the shape the action check reads.
 */
export function toPermissionActions(permissions: readonly string[]): PermissionActions[] {
  const map = new Map<string, string[]>();
  for (const p of permissions) {
    const i = p.lastIndexOf(':');
    if (i <= 0) continue;
    const id = p.slice(0, i);
    const action = p.slice(i + 1);
    const list = map.get(id) ?? [];
    if (!list.includes(action)) list.push(action);
    map.set(id, list);
  }
  return [...map.entries()].map(([permissionId, actionList]) => ({ permissionId, actionList }));
}

/** Action check: the action must be in the route permission's actionList (the wildcard holds all). */
export function hasAction(permissions: readonly string[], permissionId: string, action: ActionName): boolean {
  if (permissions.includes(ALL_PERMISSION)) return true;
  const entry = toPermissionActions(permissions).find((p) => p.permissionId === permissionId);
  return !!entry && entry.actionList.includes(action);
}
