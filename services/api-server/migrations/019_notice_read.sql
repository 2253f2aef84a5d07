-- Which notices each user has opened, for the bell's unread count. A row is written the first time a
-- user opens a notice; a notice without a row for the user is unread. Deleting the notice or the user removes them.
CREATE TABLE IF NOT EXISTS sys_notice_read (
  notice_id  integer NOT NULL REFERENCES sys_notice(notice_id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES sys_user(user_id) ON DELETE CASCADE,
  read_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notice_id)
);
CREATE INDEX IF NOT EXISTS sys_notice_read_notice_idx ON sys_notice_read(notice_id);
