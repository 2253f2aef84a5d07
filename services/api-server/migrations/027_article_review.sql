-- Publishing is its own right, with a review step.
--
-- 文章管理 gets the action 发布/下线 (content:article:publish): whoever lacks it may write and submit an article
-- (status 3, 待审核) but neither publish nor take one off the site; a holder publishes it or sends it back (status 4,
-- 已退回) with a comment the writer reads. The menu row only on a database seeded before this migration (a new one
-- gets it from the seed, seed-data/menus.json).
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 1016, 101, '文章发布/下线', '', '', NULL, 'content:article:publish', '#', 'F', 6
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 101)
ON CONFLICT (menu_id) DO NOTHING;

-- Nothing regresses: every role that could publish until now (it may edit articles: 发布 and 下线 came with 修改)
-- keeps publishing. It gets the right, and the action row where it has the page.
UPDATE sys_role SET perms = perms || '["content:article:publish"]'::jsonb
WHERE perms ? 'content:article:edit' AND NOT perms ? 'content:article:publish';

INSERT INTO sys_role_menu (role_key, menu_id)
SELECT r.role_key, 1016
FROM sys_role r
WHERE (r.perms ? '*:*:*' OR r.perms ? 'content:article:publish')
  AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 1016)
  AND EXISTS (SELECT 1 FROM sys_role_menu p WHERE p.role_key = r.role_key AND p.menu_id = 101)
ON CONFLICT DO NOTHING;

-- The last send-back's comment, which the writer reads until the article is submitted again or published.
ALTER TABLE article ADD COLUMN IF NOT EXISTS review_comment varchar(500);
-- A version's note in 记录: the comment of a send-back.
ALTER TABLE article_version ADD COLUMN IF NOT EXISTS note varchar(500);
