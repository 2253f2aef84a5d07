-- Several API instances on one database.
--
-- Cache versions. Each instance caches what the public pages read most (config values, dictionaries, channels,
-- block items, article lists). Every write to those tables bumps its area's version here, in the write's own
-- transaction (a statement-level trigger, so no write path can forget it, psql and migrations included); each
-- instance reads the versions (one small query) before using a cached value and drops the value when its area moved.
-- A change committed through one instance is therefore answered by every instance from the next request on.
CREATE TABLE cache_version (
  area varchar(32) PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO cache_version (area) VALUES ('config'), ('dict'), ('channel'), ('block'), ('article');

CREATE FUNCTION bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_version SET version = version + 1 WHERE area = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER sys_config_cache_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_config
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('config');
CREATE TRIGGER sys_dict_data_cache_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_dict_data
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('dict');
CREATE TRIGGER channel_cache_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON channel
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('channel');
CREATE TRIGGER block_item_cache_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON block_item
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('block');
CREATE TRIGGER article_cache_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON article
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version('article');

-- Visit records are written one statement per request (no batch in memory), and the visit rate limit is shared:
-- its per-address counter is a rate_limit row like the other limits, and the sessions whose entry record was taken
-- (so that their exit record always is) are kept here rather than in one instance's memory.
CREATE TABLE visit_open (
  session varchar(80) PRIMARY KEY,
  pending integer NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visit_open_opened_idx ON visit_open (opened_at);
