-- Every version of an article, whole (the audit trail cuts long bodies, so it cannot restore
-- one): a write stores the state it made, and the state before it when that was not stored yet (articles written
-- before this migration, or seeded). Kept after the article is deleted, so a restored article keeps its history;
-- purging the article from the recycle bin removes them.
CREATE TABLE IF NOT EXISTS article_version (
  article_id  integer NOT NULL,
  version     integer NOT NULL,
  -- add, edit, publish, offline, draft, restore (a version brought back), recover (back from the recycle bin)
  action      varchar(20) NOT NULL,
  title       varchar(300) NOT NULL,
  data        jsonb NOT NULL,
  user_name   varchar(64) NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (article_id, version)
);

-- 回收站: a deleted article, whole (its row as stored), until it is restored (same id, so its old address works
-- again) or purged.
CREATE TABLE IF NOT EXISTS article_recycle (
  article_id  integer PRIMARY KEY,
  channel_id  integer NOT NULL,
  title       varchar(300) NOT NULL,
  data        jsonb NOT NULL,
  deleted_by  varchar(64) NOT NULL DEFAULT '',
  deleted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS article_recycle_deleted_idx ON article_recycle(deleted_at DESC);

-- SEO title and keywords of an article's page head (the description stays the summary). Empty: the page uses the
-- title and the tags.
ALTER TABLE article ADD COLUMN IF NOT EXISTS seo_title varchar(300);
ALTER TABLE article ADD COLUMN IF NOT EXISTS seo_keywords varchar(500);

-- 媒体库 offers the images uploaded for content, never a person's avatar.
ALTER TABLE upload_file ADD COLUMN IF NOT EXISTS purpose varchar(20) NOT NULL DEFAULT 'content';
UPDATE upload_file SET purpose = 'avatar' WHERE url IN (SELECT avatar FROM sys_user WHERE avatar <> '');
CREATE INDEX IF NOT EXISTS upload_file_purpose_idx ON upload_file(purpose, id DESC);

-- 内容管理 > 回收站 and its actions (恢复, 彻底删除), for a database seeded before this migration (a new one gets
-- them from seed-data/menus.json). A role that may delete articles gets the page: those who delete may undo it.
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 102, 1, '回收站', 'ArticleRecycle', 'article-recycle', 'content/article-recycle/index', 'content:recycle:list', 'delete', 'C', 5
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 1)
ON CONFLICT (menu_id) DO NOTHING;
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT v.menu_id, 102, v.menu_name, '', '', NULL, v.perms, '#', 'F', v.order_num FROM (VALUES
  (1101, '回收站查询', 'content:recycle:query', 1),
  (1102, '回收站恢复', 'content:recycle:edit', 2),
  (1103, '彻底删除', 'content:recycle:delete', 3)
) AS v(menu_id, menu_name, perms, order_num)
WHERE EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 102)
ON CONFLICT (menu_id) DO NOTHING;
UPDATE sys_role
SET perms = perms || '["content:recycle:list", "content:recycle:query", "content:recycle:edit", "content:recycle:delete"]'::jsonb
WHERE perms ? 'content:article:delete' AND NOT perms ? 'content:recycle:list';
INSERT INTO sys_role_menu (role_key, menu_id)
SELECT r.role_key, m.menu_id
FROM sys_role r
JOIN sys_menu m ON m.menu_id IN (102, 1101, 1102, 1103)
WHERE (r.perms ? '*:*:*' OR r.perms ? 'content:article:delete')
  AND EXISTS (SELECT 1 FROM sys_role_menu p WHERE p.role_key = r.role_key AND p.menu_id = 101)
ON CONFLICT DO NOTHING;
