-- Field figures from real browsers, 站点监控 and the server side in the same place (docs/decisions/0014).
--
-- The host sends one report per page view with the exit record of the visit (lib/field.ts validates and bounds it):
-- the page's route pattern, the remote and version that own it, the host version, the device class, the vitals
-- (LCP, INP, CLS, TTFB) and the failures. A report is kept raw for 7 days only (field_report, for a look at single
-- reports) and rolled up per day at once, in the same transaction, so a year of traffic stays small:
--   field_view_day   page views and errors per day × route × remote version × device;
--   field_vital_day  a histogram of fixed buckets per metric (FIELD_BUCKETS of @site/contract) per day × route ×
--                    remote version × device, so the p75 of any period comes from summed buckets;
--   field_error_day  error counts per day × remote version × kind × route × message (the top messages).
-- A day is a day in the zone of the visit roll-ups (visit_rollup_zone, migration 025).

CREATE TABLE field_report (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  day date NOT NULL,
  route varchar(100) NOT NULL,
  remote varchar(64) NOT NULL,
  remote_version varchar(64) NOT NULL,
  host_version varchar(64) NOT NULL,
  device varchar(10) NOT NULL,
  lcp real,
  inp real,
  cls real,
  ttfb real,
  errors jsonb NOT NULL DEFAULT '[]',
  ip varchar(64)
);
CREATE INDEX field_report_created_idx ON field_report (created_at);

CREATE TABLE field_view_day (
  day date NOT NULL,
  route varchar(100) NOT NULL,
  remote varchar(64) NOT NULL,
  remote_version varchar(64) NOT NULL,
  device varchar(10) NOT NULL,
  views integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, route, remote, remote_version, device)
);

CREATE TABLE field_vital_day (
  day date NOT NULL,
  route varchar(100) NOT NULL,
  remote varchar(64) NOT NULL,
  remote_version varchar(64) NOT NULL,
  device varchar(10) NOT NULL,
  metric varchar(4) NOT NULL,
  bucket smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day, route, remote, remote_version, device, metric, bucket)
);

CREATE TABLE field_error_day (
  day date NOT NULL,
  remote varchar(64) NOT NULL,
  remote_version varchar(64) NOT NULL,
  kind varchar(12) NOT NULL,
  route varchar(100) NOT NULL,
  message varchar(300) NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day, remote, remote_version, kind, route, message)
);
CREATE INDEX field_error_day_day_idx ON field_error_day (day);

-- 37.5: the API's requests per minute, written by every instance (lib/field-server.ts adds its counts of the minute
-- to the row: several instances sum up), with a latency histogram in the buckets of the millisecond metrics. Kept
-- 30 days.
CREATE TABLE api_request_minute (
  minute timestamptz PRIMARY KEY,
  requests integer NOT NULL DEFAULT 0,
  errors_5xx integer NOT NULL DEFAULT 0,
  sum_ms double precision NOT NULL DEFAULT 0,
  buckets jsonb NOT NULL DEFAULT '{}'
);

-- 37.5: the renderer's lag from a content write to the published page. A render_outbox row is written with the
-- content (created_at) and deleted by the renderer once the pages that show it are written (routes/render.ts): the
-- time between is the lag, counted per minute by a trigger on that delete. Kept 30 days.
CREATE OR REPLACE FUNCTION field_ms_bucket(ms double precision) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT (greatest(width_bucket(ms, ARRAY[0,25,50,75,100,125,150,175,200,225,250,275,300,325,350,375,400,425,450,475,500,525,550,575,600,625,650,675,700,725,750,775,800,825,850,875,900,925,950,975,1000,1100,1200,1300,1400,1500,1600,1700,1800,1900,2000,2100,2200,2300,2400,2500,2600,2700,2800,2900,3000,3100,3200,3300,3400,3500,3600,3700,3800,3900,4000,4100,4200,4300,4400,4500,4600,4700,4800,4900,5000,5500,6000,6500,7000,7500,8000,8500,9000,9500,10000,10500,11000,11500,12000,12500,13000,13500,14000,14500,15000,15500,16000,16500,17000,17500,18000,18500,19000,19500,20000,25000,30000,35000,40000,45000,50000,55000,60000]::double precision[]), 1) - 1)::smallint $$;

CREATE TABLE render_lag_minute (
  minute timestamptz NOT NULL,
  bucket smallint NOT NULL,
  n integer NOT NULL,
  sum_ms double precision NOT NULL,
  max_ms double precision NOT NULL,
  PRIMARY KEY (minute, bucket)
);

CREATE OR REPLACE FUNCTION render_lag_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO render_lag_minute AS m (minute, bucket, n, sum_ms, max_ms)
  SELECT date_trunc('minute', now()), field_ms_bucket(ms), count(*), sum(ms), max(ms)
    FROM (SELECT greatest(0, extract(epoch FROM (now() - created_at)) * 1000)::double precision AS ms FROM render_done) d
   GROUP BY 1, 2
  ON CONFLICT (minute, bucket) DO UPDATE SET n = m.n + EXCLUDED.n, sum_ms = m.sum_ms + EXCLUDED.sum_ms, max_ms = greatest(m.max_ms, EXCLUDED.max_ms);
  RETURN NULL;
END
$$;
CREATE TRIGGER render_lag AFTER DELETE ON render_outbox REFERENCING OLD TABLE AS render_done
  FOR EACH STATEMENT EXECUTE FUNCTION render_lag_trigger();

-- 站点监控 under 系统管理 (a new database gets it from the seed, seed-data/menus.json), for the 超级管理员.
INSERT INTO sys_menu (menu_id, parent_id, menu_name, route_name, path, component, perms, icon, menu_type, order_num)
SELECT 37, 2, '站点监控', 'SiteMonitor', 'monitor', 'system/monitor/index', 'monitor:site:list', 'chart', 'C', 11
WHERE EXISTS (SELECT 1 FROM seed_state WHERE name = 'content-v1')
ON CONFLICT (menu_id) DO NOTHING;
INSERT INTO sys_role_menu (role_key, menu_id)
SELECT 'admin', 37
WHERE EXISTS (SELECT 1 FROM sys_role WHERE role_key = 'admin') AND EXISTS (SELECT 1 FROM sys_menu WHERE menu_id = 37)
ON CONFLICT DO NOTHING;
