-- 登录日志 (RuoYi's sys_logininfor): every password or SMS sign-in attempt, successful or not, with the
-- address and browser, for staff to read in the admin shell.
CREATE TABLE IF NOT EXISTS login_log (
  id          bigserial PRIMARY KEY,
  user_name   varchar(64) NOT NULL,
  ip          varchar(64),
  browser     varchar(100) NOT NULL DEFAULT '',
  user_agent  varchar(500) NOT NULL DEFAULT '',
  status      char(1) NOT NULL,
  msg         varchar(200) NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS login_log_created_idx ON login_log(created_at DESC);
CREATE INDEX IF NOT EXISTS login_log_user_idx ON login_log(lower(user_name));

-- The page under 系统管理 (a new database gets it from the seed, seed/content.ts), for the 超级管理员.
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 210, 2, '登录日志', 'LoginLog', 'logininfor', 'system/logininfor/index', 'system:logininfor:list', 'log', 'C', 10
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1')
ON CONFLICT (menu_id) DO NOTHING;
INSERT INTO sys_role_menu (role_key, menu_id)
SELECT 'admin', 210
WHERE EXISTS (SELECT 1 FROM sys_role WHERE role_key = 'admin') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 210)
ON CONFLICT DO NOTHING;
