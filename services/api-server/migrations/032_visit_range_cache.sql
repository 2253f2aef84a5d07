-- 访问统计 over a year within 300 ms, with the exact distinct counts of migration 025.
--
-- Days before today no longer change, so the figures of a range's closed days (its days before today, in the
-- roll-ups' zone) are kept here, in the database (several API instances share them), keyed by the zone and the
-- closed days. A read takes them and adds today's part exactly: today's visitors, sessions and page visitors are
-- looked up among the closed days' roll-up rows (the indexes below) and count only when new to the range.
--
-- A record for a day before today (a bulk load, a record sent across midnight) changes a closed day: the statement
-- trigger below then moves the generation on, and a kept range of an older generation is no longer read. A range is
-- kept with the generation read before its roll-up rows, so a record that commits meanwhile makes it stale, never
-- wrong. (src/lib/visit-range.ts)
CREATE TABLE visit_range_gen (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  gen bigint NOT NULL DEFAULT 0
);
INSERT INTO visit_range_gen (id, gen) VALUES (true, 0);

-- The closed days' figures: per day, the totals, the sources and the site's hosts; every page and every entry page
-- in tables of their own, in the order the page ranks them, so that a ranking reads its first rows, not all of them.
CREATE TABLE visit_range_cache (
  zone text NOT NULL,
  from_day date NOT NULL,
  to_day date NOT NULL,
  gen bigint NOT NULL,
  days jsonb NOT NULL,
  totals jsonb NOT NULL,
  refs jsonb NOT NULL,
  hosts jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (zone, from_day, to_day)
);
CREATE TABLE visit_range_page (
  zone text NOT NULL,
  from_day date NOT NULL,
  to_day date NOT NULL,
  lpath text NOT NULL,
  id text NOT NULL,
  category text NOT NULL,
  path text NOT NULL,
  pv integer NOT NULL,
  uv integer NOT NULL,
  PRIMARY KEY (zone, from_day, to_day, lpath, id, category),
  FOREIGN KEY (zone, from_day, to_day) REFERENCES visit_range_cache ON DELETE CASCADE
);
CREATE INDEX visit_range_page_rank_idx ON visit_range_page (zone, from_day, to_day, pv DESC, uv DESC, path, nullif(id, ''), nullif(category, ''));
CREATE TABLE visit_range_entry (
  zone text NOT NULL,
  from_day date NOT NULL,
  to_day date NOT NULL,
  lpath text NOT NULL,
  id text NOT NULL,
  category text NOT NULL,
  path text NOT NULL,
  sessions integer NOT NULL,
  PRIMARY KEY (zone, from_day, to_day, lpath, id, category),
  FOREIGN KEY (zone, from_day, to_day) REFERENCES visit_range_cache ON DELETE CASCADE
);
CREATE INDEX visit_range_entry_rank_idx ON visit_range_entry (zone, from_day, to_day, sessions DESC, path, nullif(id, ''), nullif(category, ''));

-- Today's visitors and sessions looked up among the closed days.
CREATE INDEX IF NOT EXISTS visit_session_day_uv_idx ON visit_session_day (uv, day);
CREATE INDEX IF NOT EXISTS visit_page_day_uv_idx ON visit_page_day (uv, day);

CREATE OR REPLACE FUNCTION visit_range_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Before the start of today, in the roll-ups' zone, by the clock (not the transaction's start: a record of
  -- yesterday committed after midnight changes a day that is closed by then).
  IF EXISTS (SELECT 1 FROM visit_new, visit_rollup_zone z
              WHERE visit_new.created_at < (date_trunc('day', clock_timestamp() AT TIME ZONE z.zone) AT TIME ZONE z.zone)) THEN
    UPDATE visit_range_gen SET gen = gen + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER visit_range AFTER INSERT ON visit REFERENCING NEW TABLE AS visit_new
  FOR EACH STATEMENT EXECUTE FUNCTION visit_range_trigger();
