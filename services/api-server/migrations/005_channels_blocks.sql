-- Channels and content blocks edited in the admin shell.

-- A version number on each row: a save naming an older version is refused (STALE_WRITE_MSG) instead of
-- silently overwriting another person's edit.
ALTER TABLE channel ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE block_item ADD COLUMN version integer NOT NULL DEFAULT 0;
ALTER TABLE block_item ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Channels added in the shell take ids from 1000 up: the seeded ids (CHANNEL_IDS in the contract) stay below,
-- whether the seed runs after this migration (a new database) or ran before it (an older one).
CREATE SEQUENCE channel_id_seq START WITH 1000 OWNED BY channel.id;
SELECT setval('channel_id_seq', GREATEST(999, (SELECT COALESCE(MAX(id), 0) FROM channel)));
ALTER TABLE channel ALTER COLUMN id SET DEFAULT nextval('channel_id_seq');

-- The menus 内容管理 > 栏目管理 / 区块管理 for a database seeded before them (a new database gets them from the
-- seed, which runs after the migrations: nothing is inserted here while sys_menu is empty).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT v.menu_id, 1, v.menu_name, v.route_name, v.path, v.component, v.perms, v.icon, 'C', v.order_num
FROM (VALUES
  (111, '栏目管理', 'Channel', 'channel', 'content/channel/index', 'content:channel:list', 'tree', 3),
  (112, '区块管理', 'Block', 'block', 'content/block/index', 'content:block:list', 'component', 4)
) AS v(menu_id, menu_name, route_name, path, component, perms, icon, order_num)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 1)
ON CONFLICT (menu_id) DO NOTHING;

INSERT INTO sys_role_menu (role_key, menu_id)
SELECT 'admin', m.menu_id FROM sys_menu m
WHERE m.menu_id IN (111, 112) AND EXISTS (SELECT 1 FROM sys_role WHERE role_key = 'admin')
ON CONFLICT DO NOTHING;
