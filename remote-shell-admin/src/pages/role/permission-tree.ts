import { ACTION_NAMES, type ActionName, type SysMenuNode } from '@site/contract';

/** A page of the menu tree with the resource its actions belong to (`system:user` of `system:user:list`). */
export interface MenuTreeNode {
  menuId: number;
  menuName: string;
  /** null for a directory or an external link. */
  resource: string | null;
  listPerm: string | null;
  children: MenuTreeNode[];
}

/** The flat menu list as a tree (directories first by their order), external links left out: they hold no rights. */
export function buildMenuTree(menus: readonly SysMenuNode[]): MenuTreeNode[] {
  const usable = menus.filter((m) => m.menuType !== 'L');
  const make = (parentId: number): MenuTreeNode[] =>
    usable
      .filter((m) => m.parentId === parentId)
      .sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId)
      .map((m) => ({
        menuId: m.menuId,
        menuName: m.menuName,
        resource: m.perms && m.perms.includes(':') ? m.perms.slice(0, m.perms.lastIndexOf(':')) : null,
        listPerm: m.perms,
        children: make(m.menuId),
      }));
  return make(0);
}

export const actionPerm = (resource: string, action: ActionName) => `${resource}:${action}`;

/** The actions of a resource the permission list grants. */
export function actionsOf(perms: readonly string[], resource: string): ActionName[] {
  return ACTION_NAMES.filter((a) => perms.includes(actionPerm(resource, a)));
}

/** Replaces the actions of one resource, keeping every other permission as it is. */
export function withActions(perms: readonly string[], resource: string, actions: readonly ActionName[]): string[] {
  const others = perms.filter((p) => !ACTION_NAMES.some((a) => p === actionPerm(resource, a)));
  return [...others, ...actions.map((a) => actionPerm(resource, a))].sort();
}

function pages(tree: readonly MenuTreeNode[]): MenuTreeNode[] {
  return tree.flatMap((n) => [n, ...pages(n.children)]);
}

/**
 * What is saved: the checked menus, and the permissions with each page's `list` permission following whether that
 * page is checked (the server adds the parents and the list permission of a checked page too).
 */
export function roleSelection(
  tree: readonly MenuTreeNode[],
  checked: readonly number[],
  perms: readonly string[],
): { menuIds: number[]; perms: string[] } {
  const on = new Set(checked);
  const out = new Set(perms);
  for (const p of pages(tree)) {
    if (!p.listPerm || !p.listPerm.endsWith(':list')) continue;
    if (on.has(p.menuId)) out.add(p.listPerm);
    else out.delete(p.listPerm);
  }
  return { menuIds: [...on].sort((a, b) => a - b), perms: [...out].sort() };
}

/** Checked keys for the tree from a role's menus: only leaves, so a directory shows half-checked when partly chosen. */
export function checkedLeaves(tree: readonly MenuTreeNode[], menuIds: readonly number[]): number[] {
  const ids = new Set(menuIds);
  return pages(tree)
    .filter((n) => n.children.length === 0 && ids.has(n.menuId))
    .map((n) => n.menuId);
}
