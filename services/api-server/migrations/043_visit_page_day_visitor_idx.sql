-- 访问统计 with today (src/lib/visit-range.ts): each of today's page visitors counts as a new visitor of the page only
-- when the closed days have no row of that visitor on that page. Looked up by (uv, day) (migration 032), the probe read
-- every row of the visitor over the closed days to find the page's (9 on average over a year in the scale bench), the
-- largest part of a year's read once a day's visitors are in. Keyed by the page as well, the probe is one
-- index descent (index-only once autovacuum has marked the closed days' pages visible). The (uv, day) index served
-- that probe alone: replaced, so a roll-up write still maintains one index for it.
DROP INDEX IF EXISTS visit_page_day_uv_idx;
CREATE INDEX IF NOT EXISTS visit_page_day_visitor_idx ON visit_page_day (uv, lpath, id, category, day);
