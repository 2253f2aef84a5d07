-- The site search index (src/lib/search.ts), kept in the article write's transaction.
-- One row per article: its texts as plain text (NFKC, whitespace collapsed) by field, so a match can be ranked by
-- where it is (title, then summary and SEO keywords, then body) and an excerpt cut around it; the words it was
-- indexed with (Intl.Segmenter, so a change can take them out of the vocabulary again) and the index rule's version
-- (a newer rule re-indexes at start).
CREATE TABLE IF NOT EXISTS article_search (
  article_id  integer PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
  title       text NOT NULL DEFAULT '',
  meta        text NOT NULL DEFAULT '',
  body        text NOT NULL DEFAULT '',
  terms       text NOT NULL DEFAULT '',
  rule        smallint NOT NULL DEFAULT 0
);
-- Every query term must occur somewhere in the article: one trigram index over the three texts together
-- (the search matches exactly this expression).
CREATE INDEX IF NOT EXISTS article_search_doc_trgm_idx ON article_search
  USING gin ((title || ' ' || meta || ' ' || body) gin_trgm_ops);

-- The site's own vocabulary: every indexed word, adjacent word pair of a title or summary, and short title, with the
-- number of articles holding it. A query that finds nothing is tried again with its closest terms (pg_trgm similarity).
CREATE TABLE IF NOT EXISTS search_term (
  term      varchar(64) PRIMARY KEY,
  articles  integer NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS search_term_trgm_idx ON search_term USING gin (term gin_trgm_ops);
