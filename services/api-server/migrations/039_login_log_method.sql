-- 登录日志's 登录方式: how each sign-in was made (password, sms, wx, register: LOGIN_METHODS in shared/contract). Rows
-- written before keep NULL: which way they came cannot be told afterwards (a customer's phone is both the user name
-- of a password sign-in and the name an SMS sign-in logs), so the page shows '—' for them rather than a guess.
ALTER TABLE login_log ADD COLUMN IF NOT EXISTS method varchar(16);
