/**
 * Issue 36 (search half): words, not one substring (36.1); the ranking (36.2); typo tolerance from the site's own
 * vocabulary (36.3); results with an excerpt and the matched terms as ranges, never HTML (36.4); the index in the
 * database, written in the article write's transaction and rebuilt at start for articles it lacks (36.7).
 * The queries of the issue run on the seed content.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANNEL_IDS, type ArticleSearchPage, type ArticleSearchResult } from '@site/contract';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { excerptOf, INDEX_RULE, queryTerms } from '../src/lib/search.js';
import { req, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin'] });

/** The seeded products 电网运行风险预警平台 and 配电网故障智能诊断系统 (seed-data/articles/products.json). */
const RISK_PLATFORM = 101;
const FAULT_DIAGNOSIS = 104;

async function search(text: string, extra: Record<string, string | number> = {}): Promise<ArticleSearchPage> {
  const qs = new URLSearchParams({ text, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) });
  const r = await req(s.app, { method: 'GET', url: `/api/article/es/page?${qs}` });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as ArticleSearchPage;
}

/** Every text of an article the search looks in (title, summary, SEO keywords, tags, body), lower case. */
async function textsOf(id: number): Promise<string> {
  const [r] = await rows<{ t: string }>(s.app.ctx.db, sql`SELECT doc AS t FROM article_search WHERE article_id = ${id}`);
  return r?.t ?? '';
}

const uniq = () => Math.random().toString(36).slice(2, 7);
let day = 0;
/** A published article (news unless said), one day older than the one before unless a date is given. */
async function write(over: Record<string, unknown>): Promise<number> {
  day++;
  const r = await req(s.app, {
    method: 'POST',
    url: '/system/article',
    token: s.token.admin,
    payload: {
      channelId: CHANNEL_IDS.news,
      title: `测试文章 ${uniq()}`,
      description: '',
      text: '<p>正文</p>',
      tags: [],
      status: 0,
      publishDate: `2024-0${1 + Math.floor(day / 28)}-${String(28 - (day % 28)).padStart(2, '0')} 10:00:00`,
      ...over,
    },
  });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data.id as number;
}

describe('[issue 36] search', () => {
  test('[issue 36.1][SRCH-6] terms: Chinese segmented into words (Intl.Segmenter), spaces and punctuation separate terms', () => {
    assert.deepEqual(queryTerms('风险预警平台'), ['风险', '预警', '平台']);
    // ICU cuts 配电网 into three characters: consecutive one-character words are one term again.
    assert.deepEqual(queryTerms('配电网 故障'), ['配电网', '故障']);
    assert.deepEqual(queryTerms('配电网，故障！'), ['配电网', '故障']);
    assert.deepEqual(queryTerms('配电网的故障'), ['配电网', '故障']);
    assert.deepEqual(queryTerms('ＳＣＡＤＡ系统 10kV'), ['scada', '系统', '10kv']);
    assert.deepEqual(queryTerms('  ，。 '), []);
  });

  test('[issue 36.1][SRCH-6] 配电网 故障 (two words, a space between) finds the articles holding both; every result holds every term', async () => {
    const r = await search('配电网 故障');
    assert.ok(r.totalElements >= 5, `found ${r.totalElements}`);
    assert.deepEqual(r.terms, ['配电网', '故障']);
    assert.equal(r.corrected, false);
    assert.equal(r.searchedText, '配电网 故障');
    assert.equal(r.content[0].id, FAULT_DIAGNOSIS, `first: ${r.content[0].title}`);
    const all = await search('配电网 故障', { pageSize: 100 });
    for (const a of all.content) {
      const texts = await textsOf(a.id);
      for (const term of ['配电网', '故障']) assert.ok(texts.includes(term), `${a.title} holds ${term}`);
    }
    // One word that no article holds: not every word matches, so the partial matches show, saying so (issue 43.2).
    const partial = await search('配电网 zzqqxxyy');
    const alone = await search('配电网');
    assert.deepEqual([partial.totalElements, partial.terms, partial.missingTerms], [alone.totalElements, ['配电网'], ['zzqqxxyy']]);
  });

  test('[issue 36.1] a term found only in the SEO keywords or a tag matches', async () => {
    const word = `seokw${uniq()}`;
    const tag = `tagkw${uniq()}`;
    const id = await write({ seoKeywords: `电网, ${word}`, tags: [tag] });
    assert.deepEqual(
      (await search(word)).content.map((a) => a.id),
      [id],
    );
    assert.deepEqual(
      (await search(`${tag} ${word}`)).content.map((a) => a.id),
      [id],
    );
  });

  test('[issue 36.2] 风险预警平台: the product of that name first, then the rest; every result holds 风险, 预警 and 平台', async () => {
    const r = await search('风险预警平台', { pageSize: 100 });
    assert.equal(r.content[0].id, RISK_PLATFORM, `first: ${r.content[0].title}`);
    assert.equal(r.content[0].searchChannelId, CHANNEL_IDS.product);
    assert.ok(r.totalElements > 3);
    for (const a of r.content) {
      const texts = await textsOf(a.id);
      for (const term of ['风险', '预警', '平台']) assert.ok(texts.includes(term), `${a.title} holds ${term}`);
    }
    // Outside the products and solutions (which come first when their title, code or summary holds every term: issue
    // 43.2), titles holding every term come before those that do not.
    const others = r.content.filter((a) => a.searchChannelId !== CHANNEL_IDS.product && a.searchChannelId !== CHANNEL_IDS.solution);
    const titled = others.map((a) => ['风险', '预警', '平台'].every((t) => a.title.includes(t)));
    assert.equal(titled.indexOf(false) === -1 ? titled.length : titled.indexOf(false), titled.lastIndexOf(true) + 1, 'title matches first');
  });

  test('[issue 36.2] ranking: a product whose title is the query; then title, summary or keyword, body; close before scattered; newer first', async () => {
    const a = `qa${uniq()}`;
    const b = `qb${uniq()}`;
    const filler = '<p>' + '电力系统运行稳定可靠。'.repeat(8) + '</p>';
    // Written newest first (each one a day older than the last), so date order alone would be the reverse of the rule.
    const bodyApart = await write({ text: `<p>${a}</p>${filler}<p>${b}</p>` });
    const bodyCloseNew = await write({ text: `<p>前文 ${a} ${b} 后文</p>` });
    const bodyCloseOld = await write({ text: `<p>前文 ${a} ${b} 后文</p>` });
    const summary = await write({ description: `摘要 ${a} 与 ${b}` });
    const keyword = await write({ seoKeywords: `${b}, ${a}` });
    const title = await write({ title: `新闻 ${a} ${b}` });
    const product = await write({ channelId: CHANNEL_IDS.productPlatform, title: `${a} ${b}` });
    const r = await search(`${a} ${b}`);
    assert.deepEqual(
      r.content.map((x) => x.id),
      [product, title, summary, keyword, bodyCloseNew, bodyCloseOld, bodyApart],
    );
    assert.equal(r.totalElements, 7);
    // Within one channel the same rule.
    const news = await search(`${a} ${b}`, { channelId: CHANNEL_IDS.news });
    assert.deepEqual(
      news.content.map((x) => x.id),
      [title, summary, keyword, bodyCloseNew, bodyCloseOld, bodyApart],
    );
  });

  test('[issue 43.2] a product code (RiskEye, FaultSense) finds that product first, before the documents and news that name it', async () => {
    for (const [code, product] of [
      ['RiskEye', RISK_PLATFORM],
      ['FaultSense', FAULT_DIAGNOSIS],
      ['riskeye', RISK_PLATFORM],
    ] as const) {
      const r = await search(code);
      assert.equal(r.content[0]?.id, product, `${code}: first is ${r.content[0]?.title}`);
      assert.ok(r.totalElements > 1, `${code} is named elsewhere too`);
    }
    // A product whose code names both terms, before an article whose title holds them.
    const a = `qc${uniq()}`;
    const titled = await write({ title: `白皮书 ${a} 平台` });
    const coded = await write({ channelId: CHANNEL_IDS.productPlatform, title: `监测系统 ${uniq()}`, subtitle: `${a.toUpperCase()} 平台 2.0` });
    assert.deepEqual(
      (await search(`${a} 平台`)).content.map((x) => x.id),
      [coded, titled],
    );
  });

  test('[issue 43.2] 白皮书 下载: no text holds both, so the best partial matches show, saying which term they leave out', async () => {
    const r = await search('白皮书 下载');
    assert.ok(r.totalElements > 0);
    assert.deepEqual([r.terms, r.missingTerms, r.corrected], [['白皮书'], ['下载'], false]);
    for (const a of r.content) assert.ok((await textsOf(a.id)).includes('白皮书'), `${a.title} holds 白皮书`);
    // Of three terms, the two that some articles hold together are kept before any one alone.
    const x = `qz${uniq()}`;
    const both = await write({ title: `配电 ${x}`, text: '<p>故障</p>' });
    const three = await search(`${x} 配电 下载`);
    assert.deepEqual([three.terms, three.missingTerms, three.content.map((a) => a.id)], [[x, '配电'], ['下载'], [both]]);
    // Every term held: no partial line; no term held: nothing.
    assert.equal((await search('白皮书 风险')).missingTerms, undefined);
    const none = await search(`${x}zz qy${uniq()}zz`, { exact: 'true' });
    assert.deepEqual([none.totalElements, none.missingTerms], [0, undefined]);
  });

  test('[issue 36.3] 风险预井平台 (one wrong character) answers the results of 风险预警平台 and says which query was used', async () => {
    const r = await search('风险预井平台');
    assert.equal(r.corrected, true);
    assert.equal(r.searchedText, '风险预警平台');
    assert.equal(r.content[0].id, RISK_PLATFORM);
    assert.equal(r.totalElements, (await search('风险预警平台')).totalElements);
    // The link to the text as typed: exact=true never corrects.
    const asTyped = await search('风险预井平台', { exact: 'true' });
    assert.equal(asTyped.totalElements, 0);
    assert.equal(asTyped.corrected, false);
    assert.equal(asTyped.searchedText, '风险预井平台');
    // A query that finds something is never corrected; one whose terms the site has but not together finds nothing.
    assert.equal((await search('风险预警平台')).corrected, false);
    const empty = await search(`无此内容${Date.now()}`);
    assert.equal(empty.totalElements, 0);
    assert.equal(empty.corrected, false);
  });

  test('[issue 36.3][issue 36.7] the vocabulary follows the writes: a new article’s word is a correction at once, a deleted one’s is not', async () => {
    const word = `zephyrquartz${uniq()}`;
    const id = await write({ title: `${word} 发布` });
    const typo = word.replace('quartz', 'qaurtz');
    const r = await search(typo);
    assert.equal(r.corrected, true);
    assert.equal(r.searchedText, word);
    assert.deepEqual(
      r.content.map((x) => x.id),
      [id],
    );
    const del = await req(s.app, { method: 'DELETE', url: `/system/article/${id}`, token: s.token.admin });
    assert.equal(del.body.code, 200);
    assert.equal((await search(word)).totalElements, 0);
    assert.equal((await search(typo)).corrected, false);
    const [left] = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM search_term WHERE term = ${word}`);
    assert.equal(Number(left.n), 0);
    // Back from the recycle bin: found again.
    const back = await req(s.app, { method: 'PUT', url: `/system/article-recycle/${id}/restore`, token: s.token.admin });
    assert.equal(back.body.code, 200, JSON.stringify(back.body));
    assert.deepEqual(
      (await search(word)).content.map((x) => x.id),
      [id],
    );
  });

  test('[issue 36.4][SRCH-6] a result carries its channel, a plain-text excerpt around the first match with the terms as ranges, and the count', async () => {
    const r = await search('配电网 故障');
    const first = r.content[0] as Required<ArticleSearchResult>;
    assert.equal(first.channel.id, CHANNEL_IDS.productMonitoring);
    assert.ok(first.channel.name);
    assert.ok(first.excerpt.length > 0 && first.excerpt.length <= 112, first.excerpt);
    assert.ok(first.excerptMatches.length > 0);
    for (const [start, end] of first.excerptMatches) assert.ok(['配电网', '故障'].includes(first.excerpt.slice(start, end)));
    assert.deepEqual(
      first.titleMatches.map(([st, en]) => first.title.slice(st, en)),
      ['配电网故障'],
    );
    assert.equal(typeof r.totalElements, 'number');
    // A body match deep in a long body: the excerpt is cut around it, … on both sides.
    const word = `deep${uniq()}`;
    const id = await write({ text: `<p>${'开头的文字。'.repeat(30)}</p><p>这里提到 ${word} 的地方</p><p>${'结尾的文字。'.repeat(30)}</p>` });
    const deep = (await search(word)).content.find((a) => a.id === id) as Required<ArticleSearchResult>;
    assert.match(deep.excerpt, /^….*…$/);
    assert.deepEqual(
      deep.excerptMatches.map(([st, en]) => deep.excerpt.slice(st, en)),
      [word],
    );
  });

  test('[issue 36.4] the excerpt is text: markup in the body never reaches it, characters that look like markup stay text with the ranges on them', async () => {
    const word = `mark${uniq()}`;
    const id = await write({ text: `<p><strong>${word}</strong> 比较 a &lt;img src=x onerror=alert(1)&gt; b</p><script>alert(2)</script>` });
    const hit = (await search(word)).content.find((a) => a.id === id) as Required<ArticleSearchResult>;
    assert.ok(!hit.excerpt.includes('<strong>') && !hit.excerpt.includes('<p>') && !hit.excerpt.includes('alert(2)'), hit.excerpt);
    assert.ok(hit.excerpt.includes('<img src=x onerror=alert(1)>'), 'the body’s text, as text');
    assert.deepEqual(
      hit.excerptMatches.map(([st, en]) => hit.excerpt.slice(st, en)),
      [word],
    );
    // The excerpt rule itself: the summary first, then the body; at most about 110 characters.
    const e = excerptOf(['摘要没有', `正文 ${'字'.repeat(200)} 目标词 ${'字'.repeat(200)}`], ['目标词']);
    assert.ok(e.excerpt.startsWith('…') && e.excerpt.endsWith('…') && e.excerpt.length <= 112);
    assert.equal(e.excerpt.slice(...e.matches[0]), '目标词');
  });

  test('[issue 36.7] an edit is searchable at once (same transaction); the text it replaced is not', async () => {
    const before = `oldw${uniq()}`;
    const after = `neww${uniq()}`;
    const id = await write({ text: `<p>${before}</p>` });
    const got = (await req(s.app, { method: 'GET', url: `/system/article/${id}`, token: s.token.admin })).body.data;
    const put = await req(s.app, {
      method: 'PUT',
      url: `/system/article/${id}`,
      token: s.token.admin,
      payload: { ...got, text: `<p>${after}</p>` },
    });
    assert.equal(put.body.code, 200, JSON.stringify(put.body));
    assert.equal((await search(before)).totalElements, 0);
    assert.deepEqual(
      (await search(after)).content.map((a) => a.id),
      [id],
    );
  });

  test('[issue 36.9] character pairs and triples: a term of two or three characters is found by the index, a longer one only where the whole term is', async () => {
    // Rare characters no seeded article holds.
    const whole = await write({ text: '<p>前文龘靐齉麤后文</p>' });
    const triples = await write({ text: '<p>龘靐齉，然后靐齉麤</p>' });
    const pairs = await write({ text: '<p>龘靐，然后靐齉</p>' });
    const other = await write({ text: '<p>爩</p>' });
    const ids = async (text: string) => (await search(text, { pageSize: 100 })).content.map((a) => a.id).sort((x, y) => x - y);
    const sorted = (...list: number[]) => list.sort((x, y) => x - y);
    assert.deepEqual(await ids('龘靐'), sorted(whole, triples, pairs));
    // Both pairs of 龘靐齉 are in the third text, the term is not; both triples of 龘靐齉麤 in the second, the term is not.
    assert.deepEqual(await ids('龘靐齉'), sorted(whole, triples));
    assert.deepEqual(await ids('龘靐齉麤'), [whole]);
    assert.deepEqual(await ids('爩'), [other]);
    const [g] = await rows<{ grams: string[] }>(s.app.ctx.db, sql`SELECT grams FROM article_search WHERE article_id = ${pairs}`);
    assert.ok(g.grams.includes('龘靐') && g.grams.includes('靐齉') && !g.grams.includes('龘靐齉'), JSON.stringify(g.grams));
    assert.ok(
      g.grams.every((p) => [2, 3].includes([...p].length) && !/\s/.test(p)),
      JSON.stringify(g.grams),
    );
  });

  test('[issue 36.9] pages taken level by level: every page of a two-term query is the slice of the whole ranking, the count the same', async () => {
    const a = `pa${uniq()}`;
    const b = `pb${uniq()}`;
    const filler = '<p>' + '电力系统运行稳定可靠。'.repeat(3) + '</p>';
    for (let i = 0; i < 7; i++)
      await write(
        i % 3 === 0
          ? { description: `摘要 ${a}${i % 2 ? ` ${b}` : ''}`, text: `<p>${a}</p>${filler}<p>${b}</p>` }
          : { text: i % 2 ? `<p>${a} ${b}</p>` : `<p>${b}</p>${filler}<p>${a}</p>` },
      );
    const whole = await search(`${a} ${b}`, { pageSize: 100 });
    assert.equal(whole.totalElements, 7);
    const paged: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await search(`${a} ${b}`, { pageSize: 2, page });
      assert.equal(r.totalElements, 7);
      paged.push(...r.content.map((x) => x.id));
    }
    assert.deepEqual(
      paged,
      whole.content.map((x) => x.id),
    );
  });

  test('[issue 36.7] a database without its index (seeded before migration 024) is indexed at start', async () => {
    const db = s.app.ctx.db;
    await db.execute(sql`DELETE FROM article_search WHERE article_id = ${RISK_PLATFORM}`);
    await db.execute(sql`UPDATE article_search SET rule = 0 WHERE article_id = ${FAULT_DIAGNOSIS}`);
    await s.restart();
    assert.equal((await search('风险预警平台')).content[0].id, RISK_PLATFORM);
    const [r] = await rows<{ n: number }>(
      s.app.ctx.db,
      sql`SELECT count(*)::int AS n FROM article a LEFT JOIN article_search s ON s.article_id = a.id WHERE s.rule IS DISTINCT FROM ${INDEX_RULE}`,
    );
    assert.equal(Number(r.n), 0);
  });
});
