-- Articles written from the admin shell. States (ARTICLE_STATUS): 0 已发布, 1 草稿, 2 已下线; the
-- existing rows were all published (0). A version number refuses a stale save; tags, top flag, sort order, video
-- poster; who created and changed the row, when.
ALTER TABLE article ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE article ADD COLUMN tags jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE article ADD COLUMN top boolean NOT NULL DEFAULT false;
ALTER TABLE article ADD COLUMN sort integer NOT NULL DEFAULT 0;
ALTER TABLE article ADD COLUMN poster varchar(500);
ALTER TABLE article ADD COLUMN created_by varchar(64) NOT NULL DEFAULT '';
ALTER TABLE article ADD COLUMN updated_by varchar(64) NOT NULL DEFAULT '';
ALTER TABLE article ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE article ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX article_status_date_idx ON article(status, publish_date DESC);

-- 内容管理 > 文章管理, for the administrator and the content editor (who may not delete). Only on a database
-- seeded before this migration: a new one gets the menu and the permissions from the seed (seed/content.ts).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 101, 1, '文章管理', 'Article', 'article', 'content/article/index', 'content:article:list', 'edit', 'C', 0
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 1)
ON CONFLICT (menu_id) DO NOTHING;
INSERT INTO sys_role_menu (role_key, menu_id) SELECT role_key, 101 FROM sys_role WHERE role_key IN ('admin', 'editor') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 101)
ON CONFLICT DO NOTHING;
UPDATE sys_role
SET perms = perms || '["content:article:list", "content:article:query", "content:article:get", "content:article:add", "content:article:edit"]'::jsonb
WHERE role_key = 'editor' AND NOT perms ? 'content:article:add';
-- The content editor also writes notices (query, get, add, edit; never delete or export).
UPDATE sys_role
SET perms = perms || '["system:notice:get", "system:notice:add", "system:notice:edit"]'::jsonb
WHERE role_key = 'editor' AND NOT perms ? 'system:notice:add';
