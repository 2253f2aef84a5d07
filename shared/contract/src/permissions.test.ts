import type { SysMenuNode } from './api/roles';
import { permissionLabeller, permissionList } from './permissions';

const menus: SysMenuNode[] = [
  { menuId: 1, parentId: 0, menuName: '内容管理', menuType: 'M', perms: null, orderNum: 1 },
  { menuId: 11, parentId: 1, menuName: '留言板', menuType: 'C', perms: 'content:message:list', orderNum: 1 },
  { menuId: 1021, parentId: 11, menuName: '留言处理', menuType: 'F', perms: 'content:message:edit', orderNum: 1 },
  { menuId: 101, parentId: 1, menuName: '文章管理', menuType: 'C', perms: 'content:article:list', orderNum: 0 },
  { menuId: 1011, parentId: 101, menuName: '文章查询', menuType: 'F', perms: 'content:article:query', orderNum: 1 },
  { menuId: 21, parentId: 2, menuName: '通知公告', menuType: 'C', perms: 'system:notice:list', orderNum: 1 },
  { menuId: 1062, parentId: 21, menuName: '公告新增', menuType: 'F', perms: 'system:notice:add', orderNum: 2 },
  { menuId: 102, parentId: 1, menuName: '回收站', menuType: 'C', perms: 'content:recycle:list', orderNum: 5 },
  { menuId: 1103, parentId: 102, menuName: '彻底删除', menuType: 'F', perms: 'content:recycle:delete', orderNum: 3 },
];

describe('permission names (issue 34.4)', () => {
  const label = permissionLabeller(menus);
  it('[issue 34.4] a page is named as the role form shows it, an action as 页面·动作, a right without a row by the spec\u2019s action name', () => {
    expect(label('content:message:list')).toBe('留言板');
    expect(label('content:message:edit')).toBe('留言板·处理');
    expect(label('content:message:query')).toBe('留言板·查询');
    expect(label('content:article:query')).toBe('文章管理·查询');
    expect(label('system:notice:add')).toBe('通知公告·新增');
    expect(label('content:recycle:delete')).toBe('回收站·彻底删除');
    expect(label('*:*:*')).toBe('全部权限');
    expect(label('other:thing:add')).toBe('other:thing:add');
  });
  it('[issue 34.4] a list names the first five and counts the rest', () => {
    const perms = [
      'content:message:list',
      'content:message:edit',
      'content:message:query',
      'content:article:query',
      'system:notice:add',
      'content:recycle:delete',
    ];
    expect(permissionList(perms, label)).toBe('留言板、留言板·处理、留言板·查询、文章管理·查询、通知公告·新增 等6项');
  });
});
