-- Each page's actions as menu rows of type F under their page (RuoYi's buttons), so 角色管理 offers
-- exactly the actions a page has and ticking a page ticks them. Only on a database seeded before this migration (a
-- new one gets the rows from the seed, seed/content.ts pageActions).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT v.menu_id, v.parent_id, v.menu_name, '', '', NULL, v.perms, '#', 'F', v.order_num FROM (VALUES
  (1011, 101, '文章查询', 'content:article:query', 1),
  (1012, 101, '文章查看', 'content:article:get', 2),
  (1013, 101, '文章新增', 'content:article:add', 3),
  (1014, 101, '文章修改', 'content:article:edit', 4),
  (1015, 101, '文章删除', 'content:article:delete', 5),
  (1021, 11, '留言处理', 'content:message:edit', 1),
  (1022, 11, '留言删除', 'content:message:delete', 2),
  (1023, 11, '留言导出', 'content:message:export', 3),
  (1031, 12, '访问分析', 'content:visit:query', 1),
  (1032, 12, '访问导出', 'content:visit:export', 2),
  (1041, 111, '栏目查询', 'content:channel:query', 1),
  (1042, 111, '栏目新增', 'content:channel:add', 2),
  (1043, 111, '栏目修改', 'content:channel:edit', 3),
  (1044, 111, '栏目删除', 'content:channel:delete', 4),
  (1051, 112, '区块查询', 'content:block:query', 1),
  (1052, 112, '区块新增', 'content:block:add', 2),
  (1053, 112, '区块修改', 'content:block:edit', 3),
  (1054, 112, '区块删除', 'content:block:delete', 4),
  (1061, 21, '公告查询', 'system:notice:query', 1),
  (1062, 21, '公告新增', 'system:notice:add', 2),
  (1063, 21, '公告修改', 'system:notice:edit', 3),
  (1064, 21, '公告删除', 'system:notice:delete', 4),
  (1065, 21, '公告导出', 'system:notice:export', 5),
  (1071, 201, '用户查询', 'system:user:query', 1),
  (1072, 201, '用户新增', 'system:user:add', 2),
  (1073, 201, '用户修改', 'system:user:edit', 3),
  (1074, 201, '用户启用', 'system:user:enable', 4),
  (1075, 201, '用户停用', 'system:user:disable', 5),
  (1081, 202, '角色查询', 'system:role:query', 1),
  (1082, 202, '角色查看', 'system:role:get', 2),
  (1083, 202, '角色新增', 'system:role:add', 3),
  (1084, 202, '角色修改', 'system:role:edit', 4),
  (1085, 202, '角色删除', 'system:role:delete', 5),
  (1091, 203, '客户查询', 'system:customer:query', 1),
  (1092, 203, '客户查看', 'system:customer:get', 2),
  (1093, 203, '客户启用', 'system:customer:enable', 3),
  (1094, 203, '客户停用', 'system:customer:disable', 4)
) AS v(menu_id, parent_id, menu_name, perms, order_num)
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = v.parent_id)
ON CONFLICT (menu_id) DO NOTHING;

-- A role keeps what it had: it gets the action rows of its pages that its permissions already grant (超级管理员: all).
INSERT INTO sys_role_menu (role_key, menu_id)
SELECT r.role_key, m.menu_id
FROM sys_role r
JOIN sys_menu m ON m.menu_type = 'F'
WHERE (r.perms ? '*:*:*' OR r.perms ? m.perms)
  AND EXISTS (SELECT 1 FROM sys_role_menu p WHERE p.role_key = r.role_key AND p.menu_id = m.parent_id)
ON CONFLICT DO NOTHING;
