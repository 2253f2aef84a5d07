-- 5 visit analytics: every report reads one date range of entry (count 1) and exit (count 0) records.
-- A covering index on the time: the per-day figures (pv, distinct visitors, new visitors, sessions, durations) are
-- read from the index alone, without visiting the rows. It replaces visit_created_idx (its leading column).
CREATE INDEX visit_created_cover_idx ON visit (created_at) INCLUDE (count, uv, si, new_visitor, duration);
DROP INDEX IF EXISTS visit_created_idx;

-- The range reports need content:visit:query (the page and the dashboard card keep content:visit:list): the
-- seeded editor, who has the 访问统计 menu, gets it so the menu is not a dead end. Export stays with the admin.
UPDATE sys_role SET perms = perms || '["content:visit:query"]'::jsonb
 WHERE role_key = 'editor' AND perms ? 'content:visit:list' AND NOT perms ? 'content:visit:query';
