-- Search index rule 3 (lib/search.ts INDEX_RULE) adds an article's subtitle (a product's code, RiskEye 3.2) to its
-- indexed summary. An article without one is indexed exactly as under rule 2: marked current here, so a start
-- re-indexes only the articles that have a subtitle (reindexStale), not all 10,000.
UPDATE article_search s SET rule = 3
  FROM article a
 WHERE a.id = s.article_id AND s.rule = 2 AND coalesce(btrim(a.subtitle), '') = '';
