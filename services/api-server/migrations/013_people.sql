-- Staff users, roles and customers in the admin shell (the audit trail: 008_audit_menu.sql).

-- A version number on the rows people edit (a stale save is refused), and what the management pages show.
ALTER TABLE sys_user ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE sys_user ADD COLUMN remark varchar(500) NOT NULL DEFAULT '';
ALTER TABLE sys_role ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE sys_role ADD COLUMN remark varchar(500) NOT NULL DEFAULT '';
ALTER TABLE sys_role ADD COLUMN role_sort integer NOT NULL DEFAULT 0;
ALTER TABLE sys_role ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX IF NOT EXISTS sys_user_role_role_idx ON sys_user_role(role_key);
CREATE INDEX IF NOT EXISTS audit_log_resource_idx ON audit_log(resource, action, id DESC);

-- A database seeded by an older version gets the new menus and the editor's notice rights. A new database gets
-- them from the seed, which runs after the migrations (seed/content.ts menus, roles, roleMenus).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT v.* FROM (VALUES
  (201, 2, '用户管理', 'User', 'user', 'system/user/index', 'system:user:list', 'user', 'C', 11),
  (202, 2, '角色管理', 'Role', 'role', 'system/role/index', 'system:role:list', 'peoples', 'C', 12),
  (203, 2, '客户管理', 'Customer', 'customer', 'system/customer/index', 'system:customer:list', 'peoples', 'C', 13)
) AS v(menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1')
ON CONFLICT (menu_id) DO NOTHING;

INSERT INTO sys_role_menu (role_key, menu_id)
SELECT 'admin', m FROM unnest(ARRAY[201, 202, 203]) AS m
WHERE EXISTS (SELECT 1 FROM sys_role WHERE role_key = 'admin') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = m)
ON CONFLICT DO NOTHING;

-- 内容编辑: notices query, get, add, edit (appended: other migrations append their own rights to this role).
UPDATE sys_role
SET perms = perms || (
  SELECT coalesce(jsonb_agg(p), '[]'::jsonb)
  FROM unnest(ARRAY['system:notice:get', 'system:notice:add', 'system:notice:edit']) AS p
  WHERE NOT sys_role.perms ? p
)
WHERE role_key = 'editor';
