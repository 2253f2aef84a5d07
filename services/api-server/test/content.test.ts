import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { BLOCK_IDS, CHANNEL_IDS, COMPANY_NAME, TOP_NAV } from '@site/contract';
import { rows } from '../src/db/index.js';
import { captcha, freshIp, req, suiteServer, type TestResponse, ok } from './helpers.js';

// The fields these tests read from the JSON answers.
type Channel = { id: number; nav: boolean; allowSearch: boolean; children: Channel[] };
type BlockItem = { blockId: number; enabled: boolean; order: number; targetBlank: boolean; url: string | null; title: string };
type Article = { id: number; channelId: number; publishDate: string; channel: { id: number } };

const s = suiteServer();

describe('channels and blocks', () => {
  test('[API-1][NAV-2][NAV-3] GET /api/channel?isNav=true lists the seven nav channels with title, allowSearch and customs.filePath', async () => {
    const r = await req(s.app, { method: 'GET', url: '/api/channel?isNav=true' });
    assert.equal(r.status, 200);
    ok(Array.isArray(r.body));
    assert.deepEqual(
      r.body.map((c: { customs: { filePath: string } }) => c.customs.filePath),
      TOP_NAV.map((n) => n.filePath),
    );
    for (const c of r.body) {
      for (const k of [
        'id',
        'name',
        'title',
        'alias',
        'url',
        'nav',
        'allowSearch',
        'targetBlank',
        'linkUrl',
        'image',
        'customs',
        'parentId',
        'children',
      ])
        ok(k in c, k);
      assert.equal(c.title, c.name);
      assert.equal(c.nav, true);
    }
    const searchable = r.body
      .filter((c: Channel) => c.allowSearch)
      .map((c: Channel) => c.id)
      .sort((a: number, b: number) => a - b);
    assert.deepEqual(searchable, [10, 11, 12, 14]);
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.equal(r.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  });

  test('[API-1] channel filters: parentId, isIncludeChildren, isNav=false', async () => {
    const sub = await req(s.app, { method: 'GET', url: `/api/channel?parentId=${CHANNEL_IDS.support}` });
    assert.deepEqual(
      sub.body.map((c: Channel) => c.id),
      [15, 16, 17],
    );
    const tree = await req(s.app, { method: 'GET', url: '/api/channel?isIncludeChildren=true' });
    const product = tree.body.find((c: Channel) => c.id === CHANNEL_IDS.product);
    assert.deepEqual(
      product.children.map((c: Channel) => c.id),
      [20, 21, 22],
    );
    const nonNav = await req(s.app, { method: 'GET', url: '/api/channel?isNav=false' });
    ok(nonNav.body.every((c: Channel) => !c.nav));
    const all = await req(s.app, { method: 'GET', url: '/api/channel' });
    assert.equal(all.body.length, 13);
    const bad = await req(s.app, { method: 'GET', url: '/api/channel?parentId=abc' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 400);
    assert.match(bad.body.msg, /[\u4e00-\u9fa5]/);
  });

  test('[API-2] GET /api/channel/{id} answers one channel; unknown id 404; bad id 400', async () => {
    const r = await req(s.app, { method: 'GET', url: '/api/channel/11' });
    assert.equal(r.status, 200);
    assert.equal(r.body.id, 11);
    assert.equal(r.body.customs.filePath, 'support/index');
    assert.equal(r.body.children.length, 3);
    const nf = await req(s.app, { method: 'GET', url: '/api/channel/9999' });
    assert.equal(nf.status, 404);
    assert.deepEqual(nf.body, { code: 404, msg: '栏目不存在' });
    const bad = await req(s.app, { method: 'GET', url: '/api/channel/1%27%20OR%201=1' });
    assert.equal(bad.status, 400);
  });

  test('[API-5][FOOT-1 deviation: the footer asks its blocks in one call with blockIds, see contract README] blockIds: several blocks in one call, items in the order of the ids, each naming its block; bad lists get 400 in Chinese', async () => {
    const ids = [BLOCK_IDS.copyright, BLOCK_IDS.product, BLOCK_IDS.contact];
    const one = await Promise.all(ids.map(async (id) => (await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${id}` })).body));
    const r = await req(s.app, { method: 'GET', url: `/api/block-item?blockIds=${ids.join(',')}` });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, one.flat());
    assert.deepEqual([...new Set(r.body.map((it: BlockItem) => it.blockId))], ids);
    const limited = await req(s.app, { method: 'GET', url: `/api/block-item?blockIds=${ids.join(',')}&limit=1` });
    assert.deepEqual(
      limited.body.map((it: BlockItem) => it.blockId),
      ids,
    );
    for (const bad of ['', 'a', '1,,2', '1,-2', '0', Array.from({ length: 21 }, (_, i) => i + 1).join(',')]) {
      const res = await req(s.app, { method: 'GET', url: `/api/block-item?blockIds=${encodeURIComponent(bad)}` });
      assert.equal(res.status, 400, `blockIds=${bad}`);
      ok(/区块ID/.test(res.body.msg ?? res.body.message ?? JSON.stringify(res.body)), JSON.stringify(res.body));
    }
    const neither = await req(s.app, { method: 'GET', url: '/api/block-item' });
    assert.equal(neither.status, 400);
  });

  test('[API-5][FOOT-1][FOOT-2][FOOT-3][FOOT-5] block items: footer columns, copyright, contact (2); the seed has a targetBlank item and an initData url', async () => {
    for (const id of [BLOCK_IDS.product, BLOCK_IDS.application, BLOCK_IDS.about, BLOCK_IDS.news]) {
      const r = await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${id}` });
      assert.equal(r.status, 200);
      ok(r.body.length >= 3 && r.body.length <= 5, `block ${id} has ${r.body.length}`);
      for (const it of r.body)
        for (const k of ['id', 'title', 'subtitle', 'description', 'url', 'linkUrl', 'image', 'targetBlank', 'enabled', 'order']) ok(k in it, k);
      ok(r.body.every((it: BlockItem) => it.enabled));
      const orders = r.body.map((it: BlockItem) => it.order);
      assert.deepEqual(
        orders,
        [...orders].sort((a: number, b: number) => a - b),
      );
    }
    const all = (await Promise.all([1, 2, 3, 4].map((id) => req(s.app, { method: 'GET', url: `/api/block-item?blockId=${id}` })))).flatMap(
      (r) => r.body,
    );
    ok(all.some((it: BlockItem) => it.targetBlank));
    ok(all.some((it: BlockItem) => String(it.url).includes('initData')));
    const copyright = await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${BLOCK_IDS.copyright}` });
    assert.equal(copyright.body.length, 2);
    ok(copyright.body.some((it: BlockItem) => /ICP备/.test(it.title)));
    const contact = await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${BLOCK_IDS.contact}` });
    assert.equal(contact.body.length, 2);
    const logo = await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${BLOCK_IDS.companyLogo}` });
    assert.match(logo.body[0].image, /^\/files\/images\/.+\.svg$/);
    const banner = await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${BLOCK_IDS.homeBanner}` });
    assert.equal(banner.body.length, 3);
    const none = await req(s.app, { method: 'GET', url: '/api/block-item?blockId=999' });
    assert.deepEqual(none.body, []);
    const missing = await req(s.app, { method: 'GET', url: '/api/block-item' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.msg, '区块ID不能为空');
  });

  test('[API-14][TITLE-2] GET /api/company answers an array whose first item has the company title and a logo image', async () => {
    const r = await req(s.app, { method: 'GET', url: '/api/company' });
    assert.equal(r.status, 200);
    assert.equal(r.body[0].title, COMPANY_NAME);
    assert.match(r.body[0].image, /^\/files\//);
    const img = await req(s.app, { method: 'GET', url: r.body[0].image });
    assert.equal(img.status, 200);
    assert.equal(img.headers['content-type'], 'image/svg+xml');
  });
});

describe('articles and search', () => {
  test('[API-25] GET /api/article lists newest first, channel filter includes sub-channels, limit', async () => {
    const r = await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.product}&limit=50` });
    assert.equal(r.status, 200);
    ok(r.body.length >= 6);
    ok(r.body.every((a: Article) => [20, 21, 22].includes(a.channelId)));
    const dates = r.body.map((a: Article) => Date.parse(a.publishDate));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    for (const k of [
      'id',
      'title',
      'subtitle',
      'description',
      'image',
      'video',
      'file',
      'fileName',
      'fileLength',
      'author',
      'source',
      'publishDate',
      'channelId',
      'channel',
      'customs',
    ])
      ok(k in r.body[0], k);
    ok(!('text' in r.body[0]));
    const lim = await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.news}&limit=3` });
    assert.equal(lim.body.length, 3);
    const over = await req(s.app, { method: 'GET', url: '/api/article?limit=100000' });
    assert.equal(over.status, 400);
  });

  test('seed counts: ≥6 products, 5 solutions, ≥20 news, 10 documents, 15 FAQs, 6 videos', async () => {
    const count = async (id: number) => (await req(s.app, { method: 'GET', url: `/api/article/page?channelId=${id}&pageSize=1` })).body.totalElements;
    ok((await count(CHANNEL_IDS.product)) >= 6);
    assert.equal(await count(CHANNEL_IDS.solution), 5);
    ok((await count(CHANNEL_IDS.news)) >= 20);
    assert.equal(await count(CHANNEL_IDS.document), 10);
    assert.equal(await count(CHANNEL_IDS.question), 15);
    assert.equal(await count(CHANNEL_IDS.video), 6);
    assert.equal(await count(CHANNEL_IDS.support), 31);
  });

  test('[API-26] GET /api/article/{id} adds HTML text and channel {id,name}; unknown 404', async () => {
    const r = await req(s.app, { method: 'GET', url: '/api/article/101' });
    assert.equal(r.status, 200);
    assert.match(r.body.text, /<h2>/);
    assert.equal(r.body.channel.id, r.body.channelId);
    ok(r.body.channel.name);
    const nf = await req(s.app, { method: 'GET', url: '/api/article/999999' });
    assert.equal(nf.status, 404);
    assert.deepEqual(nf.body, { code: 404, msg: '文章不存在' });
    const bad = await req(s.app, { method: 'GET', url: '/api/article/abc' });
    assert.equal(bad.status, 400);
    const huge = await req(s.app, { method: 'GET', url: '/api/article/99999999999999999999' });
    assert.equal(huge.status, 400);
  });

  test('[API-27] GET /api/article/page answers a Spring page (1-based page in, 0-based number out)', async () => {
    const p1 = await req(s.app, { method: 'GET', url: `/api/article/page?channelId=${CHANNEL_IDS.news}&page=1&pageSize=10` });
    assert.equal(p1.status, 200);
    const { content, ...meta } = p1.body;
    assert.equal(content.length, 10);
    assert.deepEqual(meta, { totalElements: 22, totalPages: 3, number: 0, size: 10, first: true, last: false, numberOfElements: 10, empty: false });
    const p3 = await req(s.app, { method: 'GET', url: `/api/article/page?channelId=${CHANNEL_IDS.news}&page=3&pageSize=10` });
    assert.equal(p3.body.number, 2);
    assert.equal(p3.body.last, true);
    assert.equal(p3.body.numberOfElements, 2);
    const ids = new Set([...content, ...p3.body.content].map((a: Article) => a.id));
    assert.equal(ids.size, 12);
    const beyond = await req(s.app, { method: 'GET', url: `/api/article/page?channelId=${CHANNEL_IDS.news}&page=9` });
    assert.equal(beyond.body.empty, true);
    const bad = await req(s.app, { method: 'GET', url: '/api/article/page?page=0' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.msg, '页码必须大于0');
  });

  test('[issue 34.9] GET /api/article/page?withText=true: each row carries its body as GET /api/article/{id} answers it, paged as before', async () => {
    const url = `/api/article/page?channelId=${CHANNEL_IDS.question}&page=1&pageSize=20`;
    const plain = await req(s.app, { method: 'GET', url });
    const withText = await req(s.app, { method: 'GET', url: `${url}&withText=true` });
    assert.equal(withText.status, 200);
    ok(plain.body.content.length > 0);
    ok(
      plain.body.content.every((a: Record<string, unknown>) => !('text' in a)),
      'a page without withText carries no bodies',
    );
    assert.deepEqual(
      withText.body.content.map((a: Article) => a.id),
      plain.body.content.map((a: Article) => a.id),
    );
    assert.equal(withText.body.totalElements, plain.body.totalElements);
    for (const row of withText.body.content as (Article & { text: string })[]) {
      const detail = await req(s.app, { method: 'GET', url: `/api/article/${row.id}` });
      assert.equal(row.text, detail.body.text, `question ${row.id}`);
    }
    ok(
      withText.body.content.some((a: { text: string }) => a.text.length > 0),
      'seeded questions have answers',
    );
    const bad = await req(s.app, { method: 'GET', url: `${url}&withText=maybe` });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.msg, 'withText格式不正确');
  });

  test('[API-6][API-7][SRCH-6] content search: title and text, Chinese substrings, channel.id of sub-channels, totalElements', async () => {
    const r = await req(s.app, {
      method: 'GET',
      url: `/api/article/es/page?channelId=${CHANNEL_IDS.support}&text=${encodeURIComponent('手册')}&page=1&pageSize=20`,
    });
    assert.equal(r.status, 200);
    ok(r.body.totalElements >= 2);
    ok(r.body.content.every((a: Article) => [15, 16, 17].includes(a.channel.id)));
    ok(r.body.content.some((a: Article) => a.channel.id === CHANNEL_IDS.document));
    // text-only match (word only in the body)
    const body = await req(s.app, { method: 'GET', url: `/api/article/es/page?text=${encodeURIComponent('N-1 静态安全分析')}` });
    ok(body.body.content.some((a: Article) => a.id === 101));
    // two-character Chinese substring of a title
    const short = await req(s.app, {
      method: 'GET',
      url: `/api/article/es/page?channelId=${CHANNEL_IDS.product}&text=${encodeURIComponent('诊断')}`,
    });
    ok(short.body.content.some((a: Article) => a.id === 104));
    assert.equal(short.body.content[0].channel.id, 21);
    // no text: all of the channel
    const all = await req(s.app, { method: 'GET', url: `/api/article/es/page?channelId=${CHANNEL_IDS.solution}` });
    assert.equal(all.body.totalElements, 5);
    const none = await req(s.app, { method: 'GET', url: `/api/article/es/page?text=${encodeURIComponent('不存在的内容xyz')}` });
    assert.equal(none.body.totalElements, 0);
    assert.equal(none.body.empty, true);
  });

  test('[SRCH-1 deviation: 全部 is the default scope and a search has its /search page, see contract README][SRCH-6 deviation: 全部 sends no channelId and reads each result’s searchChannelId, see contract README] issue 27.11: no channelId searches every searchable channel (全部), never about or contact', async () => {
    const searchable: number[] = [CHANNEL_IDS.product, CHANNEL_IDS.solution, CHANNEL_IDS.support, CHANNEL_IDS.news];
    // A news title: the default 全部 finds it; the old default (products) did not.
    const news = await req(s.app, { method: 'GET', url: `/api/article/page?channelId=${CHANNEL_IDS.news}&page=1&pageSize=1` });
    const title: string = news.body.content[0].title;
    const byTitle = await req(s.app, { method: 'GET', url: `/api/article/es/page?text=${encodeURIComponent(title)}&page=1&pageSize=20` });
    assert.equal(byTitle.status, 200);
    const hit = byTitle.body.content.find((a: Article & { title: string }) => a.title === title);
    ok(hit, `news title ${title} found`);
    assert.equal(hit.searchChannelId, CHANNEL_IDS.news);
    const inProducts = await req(s.app, {
      method: 'GET',
      url: `/api/article/es/page?channelId=${CHANNEL_IDS.product}&text=${encodeURIComponent(title)}`,
    });
    // Not the news: at most partial matches (issue 43.2), which say so.
    assert.ok(!inProducts.body.content.some((a: { title: string }) => a.title === title));
    assert.ok(inProducts.body.totalElements === 0 || inProducts.body.missingTerms?.length > 0);
    // Everything: the sum of the four channels, each result naming its searchable channel (sub-channels too).
    const everything = await req(s.app, { method: 'GET', url: '/api/article/es/page?page=1&pageSize=100' });
    let sum = 0;
    for (const id of searchable) sum += (await req(s.app, { method: 'GET', url: `/api/article/es/page?channelId=${id}` })).body.totalElements;
    assert.equal(everything.body.totalElements, sum);
    ok(everything.body.content.every((a: { searchChannelId: number }) => searchable.includes(a.searchChannelId)));
    const doc = everything.body.content.find((a: Article) => a.channel.id === CHANNEL_IDS.document);
    assert.equal(doc.searchChannelId, CHANNEL_IDS.support);
    const about = await req(s.app, { method: 'GET', url: `/api/article/es/page?text=${encodeURIComponent('公司简介')}` });
    ok(about.body.content.every((a: Article) => a.channel.id !== CHANNEL_IDS.about));
  });

  test('[API-6] search text with SQL metacharacters, LIKE wildcards, HTML and overlong strings is data, never SQL', async () => {
    for (const text of [
      "' OR 1=1 --",
      "%' ; DROP TABLE article; --",
      '%_%',
      '__%%__',
      '\\',
      '<script>alert(1)</script>',
      '"; SELECT pg_sleep(1); --',
    ]) {
      const r = await req(s.app, { method: 'GET', url: `/api/article/es/page?text=${encodeURIComponent(text)}` });
      assert.equal(r.status, 200, text);
      // Issue 36.1: the text's words are searched as words (' OR 1=1 -- finds what holds "or" and "1"), never as
      // SQL or LIKE patterns: a text of wildcards alone finds nothing, none finds everything.
      if (!/[a-z0-9]/i.test(text)) assert.equal(r.body.totalElements, 0, text);
      ok(r.body.totalElements < 10, `${text}: ${r.body.totalElements}`);
    }
    const long = await req(s.app, { method: 'GET', url: `/api/article/es/page?text=${'风'.repeat(101)}` });
    assert.equal(long.status, 400);
    assert.equal(long.body.msg, '搜索内容不能超过100个字符');
    const [{ n }] = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM article`);
    ok(n >= 70, `articles left: ${n}`);
  });

  test('[API-28][API-29] prev/next neighbours in the same channel; null at the ends', async () => {
    const list = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.news}&limit=100` })).body;
    const mid = list[5];
    const prev = await req(s.app, { method: 'GET', url: `/api/article/prev?id=${mid.id}` });
    const next = await req(s.app, { method: 'GET', url: `/api/article/next?id=${mid.id}` });
    assert.equal(prev.body.id, list[4].id);
    assert.equal(next.body.id, list[6].id);
    const first = await req(s.app, { method: 'GET', url: `/api/article/prev?id=${list[0].id}` });
    assert.equal(first.status, 200);
    assert.equal(first.body, null);
    const last = await req(s.app, { method: 'GET', url: `/api/article/next?id=${list[list.length - 1].id}` });
    assert.equal(last.body, null);
    const nf = await req(s.app, { method: 'GET', url: '/api/article/next?id=999999' });
    assert.equal(nf.status, 404);
    const bad = await req(s.app, { method: 'GET', url: '/api/article/next' });
    assert.equal(bad.status, 400);
  });
});

describe('files and downloads', () => {
  test('[API-31] POST /api/download (form-encoded id) answers the file bytes with an attachment name; unknown id 404 JSON', async () => {
    const r = await s.app.inject({
      method: 'POST',
      url: '/api/download',
      payload: 'id=401',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'application/pdf');
    assert.match(String(r.headers['content-disposition']), /^attachment; filename=".*"; filename\*=UTF-8''.+\.pdf$/);
    assert.equal(r.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const meta = (await req(s.app, { method: 'GET', url: '/api/article/401' })).body;
    assert.equal(r.rawPayload.length, meta.fileLength);
    const txt = await s.app.inject({
      method: 'POST',
      url: '/api/download',
      payload: 'id=410',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(txt.statusCode, 200);
    assert.match(String(txt.headers['content-type']), /^text\/plain/);
    const nf = await req(s.app, {
      method: 'POST',
      url: '/api/download',
      payload: 'id=999999',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(nf.status, 404);
    assert.deepEqual(nf.body, { code: 404, msg: '文件不存在' });
    const noFile = await req(s.app, {
      method: 'POST',
      url: '/api/download',
      payload: 'id=101',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(noFile.status, 404);
    const bad = await req(s.app, {
      method: 'POST',
      url: '/api/download',
      payload: 'id=../../etc/passwd',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(bad.status, 400);
  });

  test('every seeded document, image and video link resolves under /files with the right type', async () => {
    const docs = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.document}&limit=100` })).body;
    assert.equal(docs.length, 10);
    for (const d of docs) {
      const f = await s.app.inject({ method: 'GET', url: d.file });
      assert.equal(f.statusCode, 200, d.file);
      assert.equal(f.rawPayload.length, d.fileLength);
    }
    const videos = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.video}&limit=100` })).body;
    assert.equal(videos.length, 6);
    const v = await s.app.inject({ method: 'GET', url: videos[0].video });
    assert.equal(v.statusCode, 200);
    assert.equal(v.headers['content-type'], 'video/mp4');
    ok(v.rawPayload.length > 10_000 && v.rawPayload.length < 300_000);
    const range = await s.app.inject({ method: 'GET', url: videos[0].video, headers: { range: 'bytes=0-99' } });
    assert.equal(range.statusCode, 206);
    assert.equal(range.rawPayload.length, 100);
    assert.match(String(range.headers['content-range']), /^bytes 0-99\/\d+$/);
    const products = (await req(s.app, { method: 'GET', url: `/api/article?channelId=${CHANNEL_IDS.product}` })).body;
    for (const p of products) {
      const img = await s.app.inject({ method: 'GET', url: p.image });
      assert.equal(img.statusCode, 200, p.image);
      assert.equal(img.headers['content-type'], 'image/webp');
    }
  });

  test('path traversal under /files is refused', async () => {
    for (const url of [
      '/files/../package.json',
      '/files/..%2f..%2fpackage.json',
      '/files/images/..%2f..%2fpgdata%2fPG_VERSION',
      '/files/%2e%2e/%2e%2e/etc/passwd',
      '/files/images%5c..%5c..%5cpackage.json',
      '/files/.hidden',
      '/files/a%00b',
    ]) {
      const r = await req(s.app, { method: 'GET', url });
      ok([400, 404].includes(r.status), `${url} -> ${r.status}`);
      ok(typeof r.body === 'object' && 'code' in r.body, url);
    }
    const nf = await req(s.app, { method: 'GET', url: '/files/docs/nope.pdf' });
    assert.deepEqual(nf.body, { code: 404, msg: '文件不存在' });
  });
});

describe('message board', () => {
  test('[API-30] POST /api/message-board stores a message with a valid captcha; XSS strings are stored as data', async () => {
    const c = await captcha(s.app);
    const xss = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    const r = await req(s.app, {
      method: 'POST',
      url: '/api/message-board',
      payload: {
        title: `咨询${xss}`,
        text: `想了解产品报价 ${xss}`,
        nickname: '王先生',
        phone: '13912345678',
        email: 'w@example.com',
        captcha: c.answer,
        uuid: c.uuid,
      },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { code: 200, msg: '留言成功' });
    const [m] = await rows<{ title: string; text: string }>(s.app.ctx.db, sql`SELECT title, text FROM message_board ORDER BY id DESC LIMIT 1`);
    assert.equal(m.title, `咨询${xss}`);
    ok(m.text.includes(xss));
  });

  test('[API-30] message board: captcha single use, wrong captcha, validation errors', async () => {
    const c = await captcha(s.app);
    const base = { title: '问题', text: '内容', nickname: '李', captcha: c.answer, uuid: c.uuid };
    const wrong = await req(s.app, { method: 'POST', url: '/api/message-board', payload: { ...base, captcha: 'zzzz' } });
    assert.deepEqual(wrong.body, { code: 500, msg: '验证码错误' });
    const reuse = await req(s.app, { method: 'POST', url: '/api/message-board', payload: base });
    assert.deepEqual(reuse.body, { code: 500, msg: '验证码已失效' });
    const c2 = await captcha(s.app);
    const badPhone = await req(s.app, {
      method: 'POST',
      url: '/api/message-board',
      payload: { ...base, uuid: c2.uuid, captcha: c2.answer, phone: '12345' },
    });
    assert.equal(badPhone.status, 400);
    assert.deepEqual(badPhone.body, { code: 400, msg: '手机号格式不正确', field: 'phone' });
    const long = await req(s.app, { method: 'POST', url: '/api/message-board', payload: { ...base, text: 'x'.repeat(2001) } });
    assert.equal(long.status, 400);
    const missing = await req(s.app, { method: 'POST', url: '/api/message-board', payload: { text: 'a' } });
    assert.equal(missing.status, 400);
    const notJson = await req(s.app, { method: 'POST', url: '/api/message-board', payload: '{bad', headers: { 'content-type': 'application/json' } });
    assert.equal(notJson.status, 400);
    assert.equal(notJson.body.code, 400);
  });

  test('message board is rate limited per IP (429)', async () => {
    const ip = freshIp();
    let last: TestResponse | undefined;
    for (let i = 0; i < 6; i++) {
      const c = await captcha(s.app);
      last = await req(s.app, {
        method: 'POST',
        url: '/api/message-board',
        ip,
        payload: { title: 't', text: 'x', nickname: 'n', captcha: c.answer, uuid: c.uuid },
      });
    }
    assert.equal(last?.status, 429);
    assert.deepEqual(last?.body, { code: 429, msg: '请求过于频繁，请稍后再试', retryAfter: last?.body.retryAfter });
    ok(last?.body.retryAfter >= 1 && last?.body.retryAfter <= 600);
  });
});

describe('visits', () => {
  const visit = {
    siteId: '1',
    url: 'http://localhost/product',
    entryUrl: 'http://localhost/',
    referrer: '',
    si: 1732250000123,
    uv: 4820394857362615,
    newVisitor: true,
    count: 1,
    duration: 0,
  };
  const countVisits = async () => {
    return (await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM visit`))[0].n;
  };

  test('[API-24][VISIT-7] POST /api/visit/1 accepts JSON, query string and a text/plain beacon body', async () => {
    const before = await countVisits();
    const j = await req(s.app, { method: 'POST', url: '/api/visit/1', payload: visit });
    assert.deepEqual(j.body, { code: 200, msg: '操作成功' });
    const qs = new URLSearchParams(Object.entries({ ...visit, count: 0, duration: 37 }).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const q = await req(s.app, { method: 'POST', url: `/api/visit/1?${qs}` });
    assert.equal(q.status, 200);
    const b = await req(s.app, {
      method: 'POST',
      url: '/api/visit/1',
      payload: JSON.stringify({ ...visit, count: 0, duration: 12.4, uv: String(visit.uv), si: String(visit.si), newVisitor: 'false' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    assert.equal(b.status, 200);
    assert.equal(await countVisits(), before + 3);
    const [last] = await rows<{ duration: number; count: number; uv: string }>(
      s.app.ctx.db,
      sql`SELECT duration, count, uv FROM visit ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(last.duration, 12);
    assert.equal(last.count, 0);
    assert.equal(last.uv, String(visit.uv));
  });

  test('[API-24] a visit record with a bad field answers 400 and stores nothing', async () => {
    const before = await countVisits();
    const bad = [
      { ...visit, count: 2 },
      { ...visit, uv: 'abc' },
      { ...visit, si: -1 },
      { ...visit, newVisitor: 'maybe' },
      { ...visit, duration: -5 },
      { ...visit, url: '' },
      { ...visit, url: 'x'.repeat(3000) },
      { ...visit, siteId: '2' },
      { ...visit, url: undefined },
    ];
    for (const b of bad) {
      const r = await req(s.app, { method: 'POST', url: '/api/visit/1', payload: b });
      assert.equal(r.status, 400, JSON.stringify(b).slice(0, 80));
      assert.equal(r.body.code, 400);
    }
    const garbage = await req(s.app, { method: 'POST', url: '/api/visit/1', payload: '{not json', headers: { 'content-type': 'text/plain' } });
    assert.equal(garbage.status, 400);
    const site = await req(s.app, { method: 'POST', url: '/api/visit/2', payload: visit });
    assert.equal(site.status, 404);
    assert.equal(await countVisits(), before);
  });

  test('[API-24] every acknowledged visit is stored, including those still queued at shutdown', async () => {
    const before = await countVisits();
    const n = 150;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        req(s.app, { method: 'POST', url: '/api/visit/1', payload: { ...visit, url: `http://localhost/news?i=${i}` } }),
      ),
    );
    ok(answers.every((a) => a.status === 200));
    await s.restart(); // close flushes the queue; reopen the same data
    assert.equal(await countVisits(), before + n);
  });
});

describe('errors', () => {
  test('unknown paths answer the server’s 404 body {code: 404, msg: 访问资源不存在}, an oversized body 413; no stack traces', async () => {
    const r = await req(s.app, { method: 'GET', url: '/api/nope' });
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { code: 404, msg: '访问资源不存在' });
    const big = await req(s.app, { method: 'POST', url: '/api/message-board', payload: { title: 'x'.repeat(300_000) } });
    assert.equal(big.status, 413);
    assert.equal(big.body.code, 413);
    ok(!JSON.stringify(big.body).includes('at '));
  });

  test('health', async () => {
    const r = await req(s.app, { method: 'GET', url: '/health' });
    assert.equal(r.body.status, 'ok');
  });
});
