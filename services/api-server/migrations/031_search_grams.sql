-- A two-character Chinese term (风险, 故障) has no trigram, so it was matched
-- by reading every article's text, and the ranking read every match's text again. Each index row now keeps the
-- distinct character pairs and triples of its text (`grams`, GIN): a term of two or three characters is found in the
-- index alone (it is in the text exactly when it is one of them), a longer one by all of its triples and then its
-- text (LIKE); a term of one character still reads the text. Kept by the same write as the row (lib/search.ts
-- indexArticles, in the article write's transaction). The rows there are filled here from their text, before the
-- index is built (one GIN build, far cheaper than indexing every article again at start).
-- The text is split into its characters once (substr(doc, i, n) per position would read the stored text again for
-- every call: 49 ms an article), and each character joined with the next one and two.
CREATE OR REPLACE FUNCTION search_grams(doc text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT coalesce(array_agg(DISTINCT v.g ORDER BY v.g), '{}')
     FROM (SELECT ch || lead(ch) OVER w AS g2, ch || lead(ch) OVER w || lead(ch, 2) OVER w AS g3
             FROM unnest(regexp_split_to_array(doc, '')) WITH ORDINALITY AS u(ch, n) WINDOW w AS (ORDER BY n)) x,
          LATERAL (VALUES (x.g2), (x.g3)) AS v(g)
    WHERE v.g IS NOT NULL AND v.g !~ '\s' $$;
ALTER TABLE article_search ADD COLUMN IF NOT EXISTS grams text[] NOT NULL DEFAULT '{}';
UPDATE article_search SET grams = search_grams(doc);
CREATE INDEX IF NOT EXISTS article_search_grams_idx ON article_search USING gin (grams);
