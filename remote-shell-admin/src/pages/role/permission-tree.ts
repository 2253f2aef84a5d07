import type { SysMenuNode } from '@site/contract';

/**
 * A row of the role form's tree: a directory, a page (its `list` permission) or an action of a page (type F, its
 * own permission, e.g. `content:article:add`), as the server's menu holds them.
 */
export interface MenuTreeNode {
  menuId: number;
  menuName: string;
  menuType: string;
  /** null for a directory. */
  perms: string | null;
  children: MenuTreeNode[];
}

/** The flat menu list as a tree (by order), external links left out: they hold no rights. */
export function buildMenuTree(menus: readonly SysMenuNode[]): MenuTreeNode[] {
  const usable = menus.filter((m) => m.menuType !== 'L');
  const make = (parentId: number): MenuTreeNode[] =>
    usable
      .filter((m) => m.parentId === parentId)
      .sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId)
      .map((m) => ({ menuId: m.menuId, menuName: m.menuName, menuType: m.menuType, perms: m.perms, children: make(m.menuId) }));
  return make(0);
}

function rows(tree: readonly MenuTreeNode[]): MenuTreeNode[] {
  return tree.flatMap((n) => [n, ...rows(n.children)]);
}

/**
 * What is saved: the ticked rows (the tree ticks a page's actions with the page, as RuoYi's linked tree does; the
 * server adds the parents and each row's permission), and the role's permissions that no row carries, kept as they
 * were (a right another module added outside this tree).
 */
export function roleSelection(
  tree: readonly MenuTreeNode[],
  checked: readonly number[],
  rolePerms: readonly string[],
): { menuIds: number[]; perms: string[] } {
  const carried = new Set(rows(tree).flatMap((n) => (n.perms ? [n.perms] : [])));
  return { menuIds: [...new Set(checked)].sort((a, b) => a - b), perms: rolePerms.filter((p) => !carried.has(p)).sort() };
}

/**
 * The ticked rows of a role: leaves only, so the tree shows a page with some of its actions half-ticked. An action
 * is ticked when the role has its row or holds its permission (a role saved before the actions were rows).
 */
export function checkedLeaves(tree: readonly MenuTreeNode[], menuIds: readonly number[], rolePerms: readonly string[] = []): number[] {
  const ids = new Set(menuIds);
  return rows(tree)
    .filter((n) => n.children.length === 0 && (ids.has(n.menuId) || (n.menuType === 'F' && !!n.perms && rolePerms.includes(n.perms))))
    .map((n) => n.menuId);
}

/** Every leaf (超级管理员's read-only tree shows all ticked). */
export const allLeaves = (tree: readonly MenuTreeNode[]) =>
  checkedLeaves(
    tree,
    rows(tree).map((n) => n.menuId),
  );
