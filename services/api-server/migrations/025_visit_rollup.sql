-- Daily roll-ups of the visit records, so that 访问统计 over a year reads the roll-ups, not every record.
--
-- Kept current by a statement trigger on `visit`, in the insert's own transaction (recordVisit, recordBatch, psql,
-- a bulk load: every insert). The roll-ups keep one row per visitor and session, per visitor and page, and per host,
-- a day, so that every figure of the analytics page stays exactly what it was over the records, distinct counts
-- over any range included (per-day distinct counts do not add up): page views and visitors per day and over the
-- range, new against returning visitors, sessions, the average durations, top pages (views and visitors), entry
-- pages, referrers and the site's own hosts. Only public records count (VISIT_PRIVATE_PATHS), as before,
-- and only records of the site's pages (visit_page).
--
-- A day is a day in the server's time zone (TZ, default Asia/Shanghai), stored in visit_rollup_zone; a server
-- started in another zone rebuilds the roll-ups in its zone the first time it reads them (routes/visits.ts).

-- The page key of an address, as the reports name pages: the path (scheme, host, query and fragment removed, no
-- trailing slash), the article id (`?id=`), the category (`?categoryId=`), the host.
CREATE OR REPLACE FUNCTION visit_path(u text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce(nullif(rtrim(regexp_replace(u, '^[A-Za-z][A-Za-z0-9+.-]*://[^/]*|[?#].*$', '', 'g'), '/'), ''), '/') $$;
CREATE OR REPLACE FUNCTION visit_id(u text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce(substring(u from '[?&]id=([0-9]{1,9})(?:[&#]|$)'), '') $$;
CREATE OR REPLACE FUNCTION visit_category(u text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce(substring(u from '[?&]categoryId=([0-9]{1,9})(?:[&#]|$)'), '') $$;
CREATE OR REPLACE FUNCTION visit_host(u text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT lower(substring(u from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@?#]*@)?([^/:?#]+)')) $$;
-- A session that began in the back office or on an account page (VISIT_PRIVATE_PATHS of @site/contract; an exit
-- record carries the entry URL too) is no site traffic.
CREATE OR REPLACE FUNCTION visit_public(entry_url text, url text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT NOT (lower(visit_path(coalesce(nullif(entry_url, ''), url))) ~ '^/(index|account|admin|user|tologin|wxauth)(/|$)') $$;

-- A page of the public site (VISIT_PAGE_PATHS of @site/contract, the host's public routes and /search).
-- A record of another address (`/404`, an address the site does not have, which the host records as it was loaded)
-- is stored but is no page view: the figures leave it out, records stored before this migration included.
CREATE OR REPLACE FUNCTION visit_page(url text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT lower(visit_path(url)) = ANY (ARRAY['/', '/product', '/productdetail', '/solution', '/solutiondetail', '/news',
  '/newsdetail', '/about', '/contact', '/privacy', '/support', '/document', '/question', '/video', '/videodetail', '/search']) $$;

CREATE TABLE visit_rollup_zone (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  zone text NOT NULL
);
INSERT INTO visit_rollup_zone (zone) VALUES ('Asia/Shanghai');

-- One row per session (uv, si) and day: its page views (entry records) and how many were flagged new, its exit
-- records and their durations, and its first entry record of the day (time and id order it; its entry page and
-- referrer are the session's entry page and source when that day is the first of the range it has records in).
CREATE TABLE visit_session_day (
  day date NOT NULL,
  uv varchar(32) NOT NULL,
  si varchar(32) NOT NULL,
  pv integer NOT NULL DEFAULT 0,
  new_pv integer NOT NULL DEFAULT 0,
  exits integer NOT NULL DEFAULT 0,
  exit_sum bigint NOT NULL DEFAULT 0,
  first_at timestamptz,
  first_id bigint,
  entry_path text,
  entry_id text,
  entry_category text,
  entry_host text,
  ref_host text,
  PRIMARY KEY (day, uv, si)
);

-- One row per page, visitor and day: the visitor's views of the page. `path` is the first spelling (min) of the
-- page's path that day; pages are grouped by the path in lower case.
CREATE TABLE visit_page_day (
  day date NOT NULL,
  lpath text NOT NULL,
  id text NOT NULL,
  category text NOT NULL,
  uv varchar(32) NOT NULL,
  path text NOT NULL,
  pv integer NOT NULL,
  PRIMARY KEY (day, lpath, id, category, uv)
);

-- The hosts the site's public pages were recorded at, per day (a referrer from one of them is a move within the site).
CREATE TABLE visit_host_day (
  day date NOT NULL,
  host text NOT NULL,
  PRIMARY KEY (day, host)
);

-- The roll-up of a set of records ($SRC: the trigger's new rows, or the whole table) in the zone $1, one statement.
CREATE OR REPLACE FUNCTION visit_rollup_sql() RETURNS text LANGUAGE sql IMMUTABLE AS $sql$ SELECT $q$
WITH v AS (
  SELECT (created_at AT TIME ZONE $1)::date AS day, * FROM $SRC WHERE visit_public(entry_url, url) AND visit_page(url)
), firsts AS (
  SELECT DISTINCT ON (day, uv, si) day, uv, si, created_at AS first_at, id AS first_id,
         visit_path(coalesce(nullif(entry_url, ''), url)) AS entry_path, visit_id(coalesce(nullif(entry_url, ''), url)) AS entry_id,
         visit_category(coalesce(nullif(entry_url, ''), url)) AS entry_category, visit_host(coalesce(nullif(entry_url, ''), url)) AS entry_host,
         visit_host(referrer) AS ref_host
    FROM v WHERE count = 1 ORDER BY day, uv, si, created_at, id
), sessions AS (
  INSERT INTO visit_session_day AS s (day, uv, si, pv, new_pv, exits, exit_sum, first_at, first_id, entry_path, entry_id, entry_category, entry_host, ref_host)
  SELECT a.day, a.uv, a.si, a.pv, a.new_pv, a.exits, a.exit_sum, f.first_at, f.first_id, f.entry_path, f.entry_id, f.entry_category, f.entry_host, f.ref_host
    FROM (SELECT day, uv, si, count(*) FILTER (WHERE count = 1) AS pv, count(*) FILTER (WHERE count = 1 AND new_visitor) AS new_pv,
                 count(*) FILTER (WHERE count = 0) AS exits, coalesce(sum(duration) FILTER (WHERE count = 0), 0) AS exit_sum
            FROM v GROUP BY day, uv, si) a
    LEFT JOIN firsts f USING (day, uv, si)
  ON CONFLICT (day, uv, si) DO UPDATE SET
    pv = s.pv + EXCLUDED.pv, new_pv = s.new_pv + EXCLUDED.new_pv, exits = s.exits + EXCLUDED.exits, exit_sum = s.exit_sum + EXCLUDED.exit_sum,
    first_at = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN coalesce(EXCLUDED.first_at, s.first_at) ELSE s.first_at END,
    first_id = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN coalesce(EXCLUDED.first_id, s.first_id) ELSE s.first_id END,
    entry_path = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN coalesce(EXCLUDED.entry_path, s.entry_path) ELSE s.entry_path END,
    entry_id = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN coalesce(EXCLUDED.entry_id, s.entry_id) ELSE s.entry_id END,
    entry_category = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN coalesce(EXCLUDED.entry_category, s.entry_category) ELSE s.entry_category END,
    entry_host = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN EXCLUDED.entry_host ELSE s.entry_host END,
    ref_host = CASE WHEN s.first_at IS NULL OR (EXCLUDED.first_at, EXCLUDED.first_id) < (s.first_at, s.first_id) THEN EXCLUDED.ref_host ELSE s.ref_host END
  RETURNING 1
), pages AS (
  INSERT INTO visit_page_day AS p (day, lpath, id, category, uv, path, pv)
  SELECT day, lower(path), id, category, uv, min(path), count(*)
    FROM (SELECT day, uv, visit_path(url) AS path, visit_id(url) AS id, visit_category(url) AS category FROM v WHERE count = 1) x
   GROUP BY day, lower(path), id, category, uv
  ON CONFLICT (day, lpath, id, category, uv) DO UPDATE SET pv = p.pv + EXCLUDED.pv, path = least(p.path, EXCLUDED.path)
  RETURNING 1
)
INSERT INTO visit_host_day (day, host)
SELECT DISTINCT day, visit_host(url) FROM v WHERE visit_host(url) IS NOT NULL
ON CONFLICT DO NOTHING
$q$ $sql$;

CREATE OR REPLACE FUNCTION visit_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE z text;
BEGIN
  SELECT zone INTO z FROM visit_rollup_zone;
  EXECUTE replace(visit_rollup_sql(), '$SRC', 'visit_new') USING z;
  RETURN NULL;
END
$$;

-- Rebuilds every roll-up from the records in the zone `z` (the backfill below; a server in another zone). Holds off
-- new records meanwhile (SHARE: an insert waits, and finds the new zone after).
CREATE OR REPLACE FUNCTION visit_rollup_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE visit IN SHARE MODE;
  TRUNCATE visit_session_day, visit_page_day, visit_host_day;
  UPDATE visit_rollup_zone SET zone = z;
  EXECUTE replace(visit_rollup_sql(), '$SRC', 'visit') USING z;
END
$$;

CREATE TRIGGER visit_rollup AFTER INSERT ON visit REFERENCING NEW TABLE AS visit_new
  FOR EACH STATEMENT EXECUTE FUNCTION visit_rollup_trigger();

-- The backfill: every record so far.
SELECT visit_rollup_rebuild('Asia/Shanghai');
