-- The audit trail, message handling, notice audience.

-- Every write by staff: who, when, what, and the row before and after (JSON as the API spells it).
CREATE TABLE audit_log (
  id            bigserial PRIMARY KEY,
  user_id       integer,
  user_name     varchar(64) NOT NULL,
  resource      varchar(40) NOT NULL,
  action        varchar(20) NOT NULL,
  target_id     varchar(200),
  summary       varchar(300) NOT NULL DEFAULT '',
  before        jsonb,
  after         jsonb,
  ip            varchar(64),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target_idx ON audit_log(resource, target_id, id DESC);
CREATE INDEX audit_log_created_idx ON audit_log(created_at DESC);
CREATE INDEX audit_log_user_idx ON audit_log(user_name, id DESC);

-- 留言板: 未处理 ('0') / 已处理 ('1'), a reply note; the signed-in author when there was one (their own list).
ALTER TABLE message_board ADD COLUMN status char(1) NOT NULL DEFAULT '0';
ALTER TABLE message_board ADD COLUMN reply text;
ALTER TABLE message_board ADD COLUMN replied_at timestamptz;
ALTER TABLE message_board ADD COLUMN replied_by varchar(64);
ALTER TABLE message_board ADD COLUMN user_id integer REFERENCES sys_user(user_id) ON DELETE SET NULL;
CREATE INDEX message_board_user_idx ON message_board(user_id, id DESC);

-- Who a notice is for: 'all', 'staff' (holders of a staff role) or 'customer' (signed-in customers).
ALTER TABLE sys_notice ADD COLUMN audience varchar(10) NOT NULL DEFAULT 'all';
