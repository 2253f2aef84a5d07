-- The scaffold's tool pages (表单构建, 代码生成, 系统接口) did nothing on this site; their menus go, so no
-- menu entry is a dead end. A new database never gets them (seed/content.ts).
DELETE FROM sys_role_menu WHERE menu_id IN (3, 31, 32, 33);
DELETE FROM sys_menu WHERE menu_id IN (3, 31, 32, 33);
