-- 系统管理 > 操作日志 (the audit trail), for the administrator (who holds *:*:*). Only on a database seeded
-- before this migration: a new one gets the menu from the seed (seed/content.ts).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 209, 2, '操作日志', 'Audit', 'audit', 'system/audit/index', 'system:audit:list', 'history', 'C', 9
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 2)
ON CONFLICT (menu_id) DO NOTHING;
INSERT INTO sys_role_menu (role_key, menu_id) SELECT 'admin', 209 WHERE EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 209)
AND EXISTS (SELECT 1 FROM sys_role WHERE role_key = 'admin')
ON CONFLICT DO NOTHING;
