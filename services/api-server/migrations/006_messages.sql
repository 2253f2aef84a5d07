-- The content editor handles messages (reads, marks 已处理 with a reply, exports); only the
-- administrator deletes them. A new database gets the same from the seed (seed/content.ts).
UPDATE sys_role
SET perms = perms || '["content:message:query", "content:message:edit", "content:message:export"]'::jsonb
WHERE role_key = 'editor' AND NOT perms ? 'content:message:edit';
CREATE INDEX IF NOT EXISTS message_board_status_idx ON message_board(status, id DESC);
