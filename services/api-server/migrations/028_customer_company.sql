-- Customers belong to a company and use products. Staff with customer rights set a customer account's
-- company (customer, existing or created by name) and the products that company uses with their versions; the
-- workbench, 个人中心 and 留言板 show them (routes/customers.ts, routes/workbench.ts, routes/messages.ts).

-- The products a company uses (articles of the product centre) and the version of each it runs, in the order staff
-- listed them. customer.product_name/product_version (011_workbench.sql) keep the first of them: a company whose
-- products were never set here keeps the one product stored with it.
CREATE TABLE IF NOT EXISTS customer_product (
  customer_id integer NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
  article_id integer NOT NULL,
  version varchar(32) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (customer_id, article_id)
);

-- 客户管理's new action 客户修改 (system:customer:edit, which lib/people.ts already requires for every change of a
-- customer account other than 启用/停用). Only on a database seeded before this migration (a new one gets the row
-- from seed-data/menus.json pageActions).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 1095, 203, '客户修改', '', '', NULL, 'system:customer:edit', '#', 'F', 5
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 203)
ON CONFLICT (menu_id) DO NOTHING;

-- A role that already holds the right (超级管理员: all) gets its row under a page it has.
INSERT INTO sys_role_menu (role_key, menu_id)
SELECT r.role_key, m.menu_id
FROM sys_role r
JOIN sys_menu m ON m.menu_id = 1095
WHERE (r.perms ? '*:*:*' OR r.perms ? m.perms)
  AND EXISTS (SELECT 1 FROM sys_role_menu p WHERE p.role_key = r.role_key AND p.menu_id = m.parent_id)
ON CONFLICT DO NOTHING;
