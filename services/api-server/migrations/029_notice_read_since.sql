-- A new account does not start with every old notice unread, and 全部已读 marks all read at once. Each
-- account keeps a time before which every notice counts as read for it: its creation time when it is created (the
-- column's default), moved to the moment of 全部已读. Only notices published after it and not opened since
-- (sys_notice_read) are unread. Existing accounts start from their creation time.
ALTER TABLE sys_user ADD COLUMN IF NOT EXISTS notice_read_since timestamptz;
UPDATE sys_user SET notice_read_since = created_at WHERE notice_read_since IS NULL;
ALTER TABLE sys_user ALTER COLUMN notice_read_since SET DEFAULT now();
ALTER TABLE sys_user ALTER COLUMN notice_read_since SET NOT NULL;
