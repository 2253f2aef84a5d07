import type { SysMenuNode } from '@site/contract';
import { actionsOf, buildMenuTree, checkedLeaves, roleSelection, withActions } from './permission-tree';

const menus: SysMenuNode[] = [
  { menuId: 2, parentId: 0, menuName: '系统管理', menuType: 'M', perms: null, orderNum: 2 },
  { menuId: 21, parentId: 2, menuName: '通知公告', menuType: 'C', perms: 'system:notice:list', orderNum: 1 },
  { menuId: 201, parentId: 2, menuName: '用户管理', menuType: 'C', perms: 'system:user:list', orderNum: 11 },
  { menuId: 1, parentId: 0, menuName: '内容管理', menuType: 'M', perms: null, orderNum: 1 },
  { menuId: 11, parentId: 1, menuName: '留言板', menuType: 'C', perms: 'content:message:list', orderNum: 1 },
  { menuId: 4, parentId: 0, menuName: '帮助中心', menuType: 'L', perms: null, orderNum: 4 },
];

describe('role permission tree', () => {
  it('[ISSUE-18.6] builds directories and pages in menu order, external links left out, each page with its resource', () => {
    const tree = buildMenuTree(menus);
    expect(tree.map((n) => n.menuName)).toEqual(['内容管理', '系统管理']);
    expect(tree[1].children.map((n) => [n.menuName, n.resource])).toEqual([
      ['通知公告', 'system:notice'],
      ['用户管理', 'system:user'],
    ]);
  });

  it('[ISSUE-18.6] per-action checkboxes replace one resource\u2019s actions and keep every other permission', () => {
    const perms = ['content:article:publish', 'system:notice:list', 'system:notice:query', 'system:user:add'];
    expect(actionsOf(perms, 'system:notice')).toEqual(['query']);
    expect(withActions(perms, 'system:notice', ['add', 'edit'])).toEqual([
      'content:article:publish',
      'system:notice:add',
      'system:notice:edit',
      'system:notice:list',
      'system:user:add',
    ]);
  });

  it('[ISSUE-18.6] the saved selection follows the checked pages: a page unchecked loses its list permission, a checked one gains it', () => {
    const tree = buildMenuTree(menus);
    const out = roleSelection(tree, [201, 2], ['system:notice:list', 'system:notice:query']);
    expect(out.menuIds).toEqual([2, 201]);
    expect(out.perms).toEqual(['system:notice:query', 'system:user:list']);
    expect(checkedLeaves(tree, [2, 21, 1])).toEqual([21]);
  });
});
