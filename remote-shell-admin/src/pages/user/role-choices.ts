import type { RoleOption } from '@site/contract';

/** One choice of the user form's 角色 list. */
export interface RoleChoice {
  value: string;
  label: string;
  /** A role the edited user holds but the signed-in user may not give: shown, not removable, not choosable. */
  disabled: boolean;
  /** The rights the signed-in user lacks for it, named as the role form names them (`留言管理·查询`). */
  missing: string[];
}

/**
 * The 角色 choices: the roles the signed-in user may assign (`assignable`; a server older than `assignable` says
 * nothing and every role counts as assignable), plus the roles the edited user already holds, which stay and are
 * shown disabled when they are not assignable. A wider role the user does not hold is not offered at all.
 */
export function roleChoices(roles: readonly RoleOption[], held: readonly string[] = []): RoleChoice[] {
  return roles
    .filter((r) => r.assignable !== false || held.includes(r.roleKey))
    .map((r) => ({ value: r.roleKey, label: r.roleName, disabled: r.assignable === false, missing: r.missing ?? [] }));
}

/** The form's note on the held roles it cannot change: 角色“编辑”超出您的权限（缺少：留言管理·查询、…），不能更改. */
export function lockedRolesNote(choices: readonly RoleChoice[]): string {
  return choices
    .filter((c) => c.disabled)
    .map((c) => `角色“${c.label}”超出您的权限${c.missing.length ? `（缺少：${c.missing.join('、')}）` : ''}，不能更改`)
    .join('；');
}

/**
 * Why the signed-in user may not reset this user's password or disable it (the server refuses them), or undefined: the
 * user holds a role the signed-in user may not give (`assignable` false; a server older than `assignable` says nothing).
 */
export function outOfReach(held: readonly string[], roles: readonly RoleOption[]): string | undefined {
  const over = roles.filter((r) => r.assignable === false && held.includes(r.roleKey));
  if (!over.length) return undefined;
  const missing = [...new Set(over.flatMap((r) => r.missing ?? []))];
  return `该用户的角色${over.map((r) => `“${r.roleName}”`).join('、')}超出您的权限${missing.length ? `（缺少：${missing.join('、')}）` : ''}，不能重置其密码或停用`;
}
