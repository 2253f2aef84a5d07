-- Initial-password mark, SMS code purposes, per-account sign-in back-off.

-- RuoYi's initPasswordModify: true while the password was set by the bootstrap or reset by an administrator;
-- the user must change it before using anything else.
ALTER TABLE sys_user ADD COLUMN password_initial boolean NOT NULL DEFAULT false;

-- A code works only for what it was sent for (login, register, reset, phone).
ALTER TABLE sms_code ADD COLUMN purpose varchar(16) NOT NULL DEFAULT 'login';
ALTER TABLE sms_outbox ADD COLUMN purpose varchar(16) NOT NULL DEFAULT 'login';
DROP INDEX IF EXISTS sms_code_phone_idx;
CREATE INDEX sms_code_phone_purpose_idx ON sms_code(phone, purpose, id DESC);

-- Failed password sign-ins per account, whatever the address: locked with a growing back-off.
CREATE TABLE login_lock (
  key             varchar(100) PRIMARY KEY,
  failures        integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  last_failure_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO sys_config (config_key, config_name, config_value)
VALUES ('sys.account.initPasswordModify', '账号自助-初始密码修改策略', '1')
ON CONFLICT (config_key) DO NOTHING;
