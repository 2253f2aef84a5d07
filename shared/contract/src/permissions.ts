/**
 * Permissions as people read them: the role form names a right by the menu row that carries it, a page
 * (`content:message:list` = 留言板) or one of its actions (`content:message:edit` = 留言板·处理, the row 留言处理
 * under 留言板). Messages that name rights (a refused role assignment, a refused grant) use the same names, from the
 * same rows (`GET /system/role/menus`, the server's `sys_menu`).
 */
import { ACTION_LABELS, ALL_PERMISSION, type ActionName } from './constants';
import type { SysMenuNode } from './api/roles';

/** What a label needs of a menu row: `GET /system/role/menus` answers these (the server reads them from sys_menu). */
export type PermissionMenuRow = Pick<SysMenuNode, 'menuId' | 'parentId' | 'menuName' | 'menuType' | 'perms'>;

/** The name `*:*:*` is shown with. */
export const ALL_PERMISSION_LABEL = '全部权限';

/** An action row's own part: 文章查询 under 文章管理 is 查询, 公告新增 under 通知公告 is 新增, 彻底删除 stays. */
function actionPart(action: string, page: string): string {
  let i = 0;
  while (i < action.length && i < page.length && action[i] === page[i]) i++;
  if (i > 0 && action.length - i >= 2) return action.slice(i);
  const tail = page.slice(-2);
  if (action.startsWith(tail) && action.length - tail.length >= 2) return action.slice(tail.length);
  return action;
}

/**
 * A function naming permissions by the given menu rows: the page's name for a page's own permission, `页面·动作`
 * for an action (the action row's name without the page's part, else the spec's action name: 查询, 修改 …), and the
 * code itself for a permission no page carries.
 */
export function permissionLabeller(menus: readonly PermissionMenuRow[]): (perm: string) => string {
  const byPerm = new Map(menus.filter((m) => m.perms).map((m) => [m.perms!, m]));
  const byId = new Map(menus.map((m) => [m.menuId, m]));
  // resource (`content:message`) -> its page row
  const pages = new Map(menus.filter((m) => m.menuType === 'C' && m.perms).map((m) => [m.perms!.slice(0, m.perms!.lastIndexOf(':')), m]));
  return (perm: string) => {
    if (perm === ALL_PERMISSION) return ALL_PERMISSION_LABEL;
    const row = byPerm.get(perm);
    if (row?.menuType === 'C') return row.menuName;
    const cut = perm.lastIndexOf(':');
    const page = row ? byId.get(row.parentId) : pages.get(perm.slice(0, cut));
    if (!page) return row?.menuName ?? perm;
    if (row) return `${page.menuName}·${actionPart(row.menuName, page.menuName)}`;
    const action = perm.slice(cut + 1);
    return `${page.menuName}·${ACTION_LABELS[action as ActionName] ?? action}`;
  };
}

/** Up to `max` permissions named and joined with 、, then 等N项 for the rest. */
export function permissionList(perms: readonly string[], label: (perm: string) => string, max = 5): string {
  const names = [...new Set(perms.map(label))];
  return names.slice(0, max).join('、') + (names.length > max ? ` 等${names.length}项` : '');
}
