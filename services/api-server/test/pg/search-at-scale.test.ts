/**
 * The search at 10,000 articles on PostgreSQL (issue 43.2), run by test/run-pg.sh only: a term most articles hold
 * must be answered from the GIN index of the character pairs (`grams`), never by testing `@>` row by row, which the
 * planner prefers when left alone (it does not count reading a row's out-of-line grams: 7.99 s measured at this size).
 * The server keeps it with planner settings for its statements (lib/search.ts searchPlanner); this checks, on the
 * statistics PostgreSQL has without a manual ANALYZE, that the statement the server runs takes the index with them,
 * so the test fails when the settings or the index stop working. No timing is asserted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { CHANNEL_IDS } from '@site/contract';
import { rows, type Db } from '../../src/db/index.js';
import { findArticles, INDEX_RULE, levelsStatement, searchPlanner } from '../../src/lib/search.js';
import { suiteServer } from '../helpers.js';

assert.ok(process.env.TEST_DATABASE_URL, 'this test needs PostgreSQL: run it with test/run-pg.sh (npm test runs it in its pg stage)');

const s = suiteServer();
const ARTICLES = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

test('[issue 43.2] at 10,000 articles a term more than half of them hold is found through the grams index, never row by row', async () => {
  const db = s.app.ctx.db as Db;
  // Bodies of about 600 characters; 风险 in 6 of 10 (more than half), 配电网 in 1 of 10.
  await db.execute(sql`
    INSERT INTO article (channel_id, title, text, status, publish_date, created_by, updated_by)
    SELECT ${CHANNEL_IDS.news}, '规模测试 ' || g,
           '<p>' || CASE WHEN g % 10 < 6 THEN '电网运行风险评估与' ELSE '设备运维与' END || CASE WHEN g % 10 = 0 THEN '配电网' ELSE '' END
             || repeat('调度自动化系统运行稳定，数据采集与监视控制按时完成。', 20) || g || '</p>',
           0, now() - make_interval(mins => g), 'admin', 'admin'
      FROM generate_series(1, ${ARTICLES}) g`);
  await db.execute(sql`
    INSERT INTO article_search (article_id, title, meta, doc, terms, rule, grams)
    SELECT id, lower(title), '', lower(title || E'\n\n' || regexp_replace(text, '<[^>]+>', '', 'g')), '', ${INDEX_RULE},
           search_grams(lower(title || E'\n\n' || regexp_replace(text, '<[^>]+>', '', 'g')))
      FROM article WHERE title LIKE '规模测试 %'`);
  const scope = { channelIds: [CHANNEL_IDS.news], leadChannelIds: [] };

  const plan = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await searchPlanner(tx);
    const [row] = await rows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(tx, sql`EXPLAIN (FORMAT JSON) ${levelsStatement(['风险'], scope)}`);
    return row['QUERY PLAN'][0].Plan;
  });
  const nodes = nodesOf(plan);
  const onSearch = nodes.filter((n) => n['Relation Name'] === 'article_search' || n['Index Name']?.startsWith('article_search'));
  assert.ok(
    nodes.some((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Index Name'] === 'article_search_grams_idx'),
    `the grams index is used: ${JSON.stringify(onSearch.map((n) => [n['Node Type'], n['Index Name'] ?? n['Relation Name']]))}`,
  );
  assert.equal(
    nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'article_search').length,
    0,
    'no row-by-row scan of the index table',
  );

  // For the record (not asserted): the time the statement takes here.
  const ms = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await searchPlanner(tx);
    const [row] = await rows<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
      tx,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${levelsStatement(['风险'], scope)}`,
    );
    return row['QUERY PLAN'][0]['Execution Time'];
  });
  console.log(`[issue 43.2] 风险 at ${ARTICLES} articles: the levels statement took ${Math.round(ms)} ms`);

  // And the server's own search answers it: every one of the 6,000 and more, the page newest first.
  const found = await findArticles(db, ['风险'], scope, 1, 10);
  assert.ok(found.total >= 6000, `found ${found.total}`);
  assert.equal(found.hits.length, 10);
});
