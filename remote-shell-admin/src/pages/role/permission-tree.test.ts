import type { SysMenuNode } from '@site/contract';
import { allLeaves, buildMenuTree, checkedLeaves, roleSelection } from './permission-tree';

const menus: SysMenuNode[] = [
  { menuId: 2, parentId: 0, menuName: '系统管理', menuType: 'M', perms: null, orderNum: 2 },
  { menuId: 21, parentId: 2, menuName: '通知公告', menuType: 'C', perms: 'system:notice:list', orderNum: 1 },
  { menuId: 1062, parentId: 21, menuName: '公告新增', menuType: 'F', perms: 'system:notice:add', orderNum: 2 },
  { menuId: 1061, parentId: 21, menuName: '公告查询', menuType: 'F', perms: 'system:notice:query', orderNum: 1 },
  { menuId: 209, parentId: 2, menuName: '操作日志', menuType: 'C', perms: 'system:audit:list', orderNum: 9 },
  { menuId: 1, parentId: 0, menuName: '内容管理', menuType: 'M', perms: null, orderNum: 1 },
  { menuId: 101, parentId: 1, menuName: '文章管理', menuType: 'C', perms: 'content:article:list', orderNum: 0 },
  { menuId: 1013, parentId: 101, menuName: '文章新增', menuType: 'F', perms: 'content:article:add', orderNum: 3 },
  { menuId: 4, parentId: 0, menuName: '帮助中心', menuType: 'L', perms: null, orderNum: 4 },
];

describe('role permission tree', () => {
  it('[ISSUE-27.1] directories, pages and each page\u2019s own actions in menu order, external links left out; a page without actions has none', () => {
    const tree = buildMenuTree(menus);
    expect(tree.map((n) => n.menuName)).toEqual(['内容管理', '系统管理']);
    expect(tree[1].children.map((n) => [n.menuName, n.children.map((c) => c.menuName)])).toEqual([
      ['通知公告', ['公告查询', '公告新增']],
      ['操作日志', []],
    ]);
  });

  it('[ISSUE-27.1] saved: the ticked rows, and only the role\u2019s permissions no row carries (the rows\u2019 own come back from the server)', () => {
    const tree = buildMenuTree(menus);
    const out = roleSelection(tree, [1013, 101, 1061], ['content:article:list', 'system:notice:add', 'content:article:publish']);
    expect(out).toEqual({ menuIds: [101, 1013, 1061], perms: ['content:article:publish'] });
  });

  it('[ISSUE-27.1] a role\u2019s ticks are leaves: its action rows, or actions whose permission it holds; 超级管理员 has every leaf', () => {
    const tree = buildMenuTree(menus);
    expect(checkedLeaves(tree, [2, 21, 1061, 1], [])).toEqual([1061]);
    expect(checkedLeaves(tree, [1, 101], ['content:article:add'])).toEqual([1013]);
    expect(allLeaves(tree)).toEqual([1013, 1061, 1062, 209]);
  });
});
