-- SHELL-8: the user dropdown's 个人设置 entry follows a menu flag from the server: this row's visible column. The page is
-- a static route of the admin shell; the row only carries the flag. Only on a database seeded before this migration
-- (a new one gets the row from the seed, seed/content.ts).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 5, 0, '个人设置', 'AccountSettings', '/account/settings', 'static/account-settings', NULL, 'setting', 'C', 9
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1')
ON CONFLICT (menu_id) DO NOTHING;
INSERT INTO sys_role_menu (role_key, menu_id)
SELECT r.role_key, 5 FROM sys_role r
WHERE r.role_key IN ('admin', 'editor') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 5)
ON CONFLICT DO NOTHING;
