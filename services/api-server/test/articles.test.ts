/**
 * Articles written in the admin shell (issue 18.1 and the shared rules of issue 18): states and the public site,
 * server-side sanitising, stale saves, permissions, validation naming the field, the audit trail as history.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { multipart, PNG_1x1, req, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor', 'customer'] });

const NEWS = 12;
const form = (over: Record<string, unknown> = {}) => ({
  channelId: NEWS,
  title: `测试新闻 ${Math.random().toString(36).slice(2, 8)}`,
  description: '一条测试摘要',
  text: '<h2>小标题</h2><p>正文 <img src="/files/images/a.png" onerror="window.__x=1"></p><script>window.__x=2</script><a href="javascript:alert(1)">链接</a>',
  image: '/files/images/cover.png',
  tags: ['测试'],
  status: 1,
  ...over,
});
const publicIds = async (path: string) => ((await req(s.app, { method: 'GET', url: path })).body.content as { id: number }[]).map((a) => a.id);

describe('articles', () => {
  test('[ISSUE-18.1] a draft is not public; published it is in the list, search and detail; withdrawn it is gone again', async () => {
    const word = `独特词${Date.now()}`;
    const created = await req(s.app, { method: 'POST', url: '/system/article', token: s.token.editor, payload: form({ text: `<p>${word}</p>` }) });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    const a = created.body.data;
    assert.equal(a.version, 1);
    assert.equal(a.createdBy, 'editor');
    assert.ok(!(await publicIds(`/api/article/page?channelId=${NEWS}&pageSize=100`)).includes(a.id), 'draft not listed');
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).status, 404);

    const pub = await req(s.app, { method: 'PUT', url: `/system/article/${a.id}/status`, token: s.token.editor, payload: { status: 0, version: 1 } });
    assert.equal(pub.body.data.status, 0);
    assert.ok((await publicIds(`/api/article/page?channelId=${NEWS}&pageSize=100`)).includes(a.id), 'published is listed (cache emptied)');
    assert.deepEqual(await publicIds(`/api/article/es/page?channelId=${NEWS}&text=${encodeURIComponent(word)}`), [a.id]);
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).body.title, a.title);

    await req(s.app, { method: 'PUT', url: `/system/article/${a.id}/status`, token: s.token.editor, payload: { status: 2, version: 2 } });
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).status, 404);
  });

  test('[ISSUE-18.1] a publish time in the future keeps a published article off the public site until then', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const a = (await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form({ status: 0, publishDate: later }) }))
      .body.data;
    assert.equal((await req(s.app, { method: 'GET', url: `/api/article/${a.id}` })).status, 404);
  });

  test('[ISSUE-18.1][SEC] the body is sanitised on the server before it is stored', async () => {
    const a = (await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form() })).body.data;
    const stored = (await req(s.app, { method: 'GET', url: `/system/article/${a.id}`, token: s.token.admin })).body.data.text as string;
    assert.match(stored, /<h2>小标题<\/h2>/);
    assert.match(stored, /<img src="\/files\/images\/a.png">/);
    assert.doesNotMatch(stored, /onerror|<script|javascript:/);
  });

  test('[ISSUE-18] a stale save is refused with 内容已被他人修改，请刷新后再试 and changes nothing', async () => {
    const a = (await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form() })).body.data;
    const first = await req(s.app, {
      method: 'PUT',
      url: `/system/article/${a.id}`,
      token: s.token.editor,
      payload: form({ title: '第一位编辑的标题', version: 1 }),
    });
    assert.equal(first.body.data.version, 2);
    const second = await req(s.app, {
      method: 'PUT',
      url: `/system/article/${a.id}`,
      token: s.token.admin,
      payload: form({ title: '第二位编辑的标题', version: 1 }),
    });
    assert.deepEqual([second.status, second.body], [409, { code: 409, msg: '内容已被他人修改，请刷新后再试' }]);
    assert.equal((await req(s.app, { method: 'GET', url: `/system/article/${a.id}`, token: s.token.admin })).body.data.title, '第一位编辑的标题');
    const noVersion = await req(s.app, { method: 'PUT', url: `/system/article/${a.id}`, token: s.token.admin, payload: form() });
    assert.deepEqual(noVersion.body, { code: 400, msg: '版本号不能为空', field: 'version' });
  });

  test('[ISSUE-18] permissions: the editor adds and edits but may not delete; a customer may do nothing; anonymous 401', async () => {
    const a = (await req(s.app, { method: 'POST', url: '/system/article', token: s.token.editor, payload: form() })).body.data;
    const refused = await req(s.app, { method: 'DELETE', url: `/system/article/${a.id}`, token: s.token.editor });
    assert.deepEqual([refused.status, refused.body], [403, { code: 403, msg: '当前操作没有权限' }]);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/article/list', token: s.token.customer })).status, 403);
    assert.equal((await req(s.app, { method: 'POST', url: '/system/article', payload: { title: 1 } })).status, 401);
    const deleted = await req(s.app, { method: 'DELETE', url: `/system/article/${a.id}`, token: s.token.admin });
    assert.equal(deleted.body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: `/system/article/${a.id}`, token: s.token.admin })).status, 404);
  });

  test('[ISSUE-18] validation answers in Chinese and names the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, '标题不能为空', 'title'],
      [{ channelId: 999999 }, '栏目不存在', 'channelId'],
      [{ status: 7 }, '状态只能为已发布、草稿、已下线、待审核或已退回', 'status'],
      [{ image: 'javascript:alert(1)' }, '封面图只能是站内路径（以 / 开头）或 http(s) 网址', 'image'],
      [{ publishDate: '明天' }, '发布时间格式不正确', 'publishDate'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, '标签不能超过10个', 'tags'],
    ];
    for (const [over, msg, field] of cases) {
      const r = await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form(over) });
      assert.deepEqual(r.body, { code: 400, msg, field }, JSON.stringify(over));
    }
  });

  test('[ISSUE-27.5b] image, video, poster and file take only a clean in-site path or http(s) URL, as block links do', async () => {
    const cases: [string, string, string][] = [
      ['image', 'https://cdn.example.com/a.png" onerror="alert(1)', '封面图'],
      ['video', 'http://', '视频'],
      ['poster', '/\\evil.example/p.png', '视频封面'],
      ['file', '/files/docs/年度 报告.pdf', '附件'],
      ['file', '//evil.example/x.pdf', '附件'],
    ];
    for (const [field, value, label] of cases) {
      const r = await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form({ [field]: value }) });
      assert.deepEqual(r.body, { code: 400, msg: `${label}只能是站内路径（以 / 开头）或 http(s) 网址`, field }, value);
    }
    const good = await req(s.app, {
      method: 'POST',
      url: '/system/article',
      token: s.token.admin,
      payload: form({ image: ' https://cdn.example.com/a.png ', video: '/files/videos/v.mp4', poster: '', file: 'https://example.com/a.pdf' }),
    });
    assert.equal(good.body.code, 200, JSON.stringify(good.body));
    const d = good.body.data;
    assert.deepEqual(
      [d.image, d.video, d.poster, d.file],
      ['https://cdn.example.com/a.png', '/files/videos/v.mp4', null, 'https://example.com/a.pdf'],
    );
  });

  test('[ISSUE-27.5b] a body at the maximum in Chinese (3 bytes a character) is saved, add and edit; one character more is a 400, not a 413', async () => {
    const max = '中'.repeat(500_000);
    const created = await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form({ text: max, status: 1 }) });
    assert.equal(created.body.code, 200, JSON.stringify(created.body).slice(0, 300));
    assert.equal(created.body.data.text.length, 500_000);
    const edited = await req(s.app, {
      method: 'PUT',
      url: `/system/article/${created.body.data.id}`,
      token: s.token.admin,
      payload: form({ text: '文'.repeat(500_000), version: 1, title: '长'.repeat(300), description: '摘'.repeat(1000) }),
    });
    assert.equal(edited.body.code, 200, JSON.stringify(edited.body).slice(0, 300));
    for (const method of ['POST', 'PUT'] as const) {
      const over = await req(s.app, {
        method,
        url: method === 'POST' ? '/system/article' : `/system/article/${created.body.data.id}`,
        token: s.token.admin,
        payload: form({ text: '中'.repeat(500_001), version: 2 }),
      });
      assert.deepEqual([over.status, over.body], [400, { code: 400, msg: '正文不能超过500000个字符', field: 'text' }], method);
    }
    // the other routes keep the server-wide 256 KB limit
    const big = await req(s.app, {
      method: 'PUT',
      url: `/system/article/${created.body.data.id}/status`,
      token: s.token.admin,
      payload: { status: 0, version: 2, pad: 'x'.repeat(300 * 1024) },
    });
    assert.equal(big.status, 413);
  });

  test('[ISSUE-18.1] list: search by title, channel, state and date; sorting; paging', async () => {
    const tag = `检索${Date.now()}`;
    for (const [i, status] of [1, 0, 0].entries()) {
      await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form({ title: `${tag}-${i}`, status, sort: i }) });
    }
    const list = async (q: string) =>
      (await req(s.app, { method: 'GET', url: `/system/article/list?title=${encodeURIComponent(tag)}&${q}`, token: s.token.editor })).body;
    assert.equal((await list('')).total, 3);
    assert.equal((await list('status=0')).total, 2);
    assert.equal((await list(`channelId=${NEWS + 1000}`)).total, 0);
    // The day in the site's time zone, which the date filter uses (UTC's date differs between 16:00 and 24:00).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.TZ || 'Asia/Shanghai' }).format(new Date());
    assert.equal((await list(`beginTime=${today}&endTime=${today}`)).total, 3);
    assert.deepEqual(
      (await list('orderByColumn=sort&isAsc=asc')).rows.map((r: { title: string }) => r.title),
      [`${tag}-0`, `${tag}-1`, `${tag}-2`],
    );
    const paged = await list('pageSize=2&pageNum=2&orderByColumn=sort&isAsc=asc');
    assert.deepEqual([paged.total, paged.rows.length, paged.rows[0].title], [3, 1, `${tag}-2`]);
    assert.equal(paged.rows[0].text, undefined, 'list rows carry no body');
  });

  test('[ISSUE-18.7] the article history lists every write, newest first, with before and after', async () => {
    const a = (await req(s.app, { method: 'POST', url: '/system/article', token: s.token.editor, payload: form({ title: '历史一' }) })).body.data;
    await req(s.app, { method: 'PUT', url: `/system/article/${a.id}`, token: s.token.editor, payload: form({ title: '历史二', version: 1 }) });
    await req(s.app, { method: 'PUT', url: `/system/article/${a.id}/status`, token: s.token.admin, payload: { status: 0, version: 2 } });
    const h = (await req(s.app, { method: 'GET', url: `/system/article/${a.id}/history`, token: s.token.editor })).body.data;
    assert.deepEqual(
      h.map((e: { userName: string; action: string; summary: string }) => [e.userName, e.action, e.summary]),
      [
        ['admin', 'publish', '历史二'],
        ['editor', 'edit', '历史二'],
        ['editor', 'add', '历史一'],
      ],
    );
    assert.deepEqual([h[1].before.title, h[1].after.title], ['历史一', '历史二']);
  });

  test('[ISSUE-18.1] document and video uploads: content-checked, the editor may upload, a customer may not', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const up = multipart('file', '手册.pdf', pdf, 'application/pdf');
    const r = await req(s.app, { method: 'POST', url: '/system/article/upload?kind=document', token: s.token.editor, ...up });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.match(r.body.url, /^\/files\/upload\/.+\.pdf$/);
    assert.equal(r.body.fileName, '手册.pdf');
    assert.equal(r.body.size, pdf.length);
    // larger than the 2 MB of images, within the 20 MB of documents
    const big = Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const large = await req(s.app, {
      method: 'POST',
      url: '/system/article/upload?kind=document',
      token: s.token.editor,
      ...multipart('file', 'big.pdf', big),
    });
    assert.equal(large.body.code, 200, JSON.stringify(large.body));
    assert.equal(large.body.size, big.length);
    const png = multipart('file', 'a.mp4', PNG_1x1, 'video/mp4');
    const wrong = await req(s.app, { method: 'POST', url: '/system/article/upload?kind=video', token: s.token.editor, ...png });
    assert.deepEqual(wrong.body, { code: 400, msg: '只能上传 MP4/WebM 视频' });
    const byCustomer = await req(s.app, {
      method: 'POST',
      url: '/system/article/upload?kind=document',
      token: s.token.customer,
      ...multipart('file', 'x.pdf', pdf),
    });
    assert.equal(byCustomer.status, 403);
  });
  test('[ISSUE-17][ISSUE-18.1] writes after the channel cache expired still answer (no wait on the one embedded connection)', async () => {
    const a = (await req(s.app, { method: 'POST', url: '/system/article', token: s.token.admin, payload: form() })).body.data;
    const cache = (s.app as unknown as { ctx: { cache: { invalidate(prefix?: string): void } } }).ctx.cache;
    const inTime = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000))]);
    // As after 30 s without a channel read: every write below starts with a cold cache.
    cache.invalidate();
    const pub = await inTime(
      req(s.app, { method: 'PUT', url: `/system/article/${a.id}/status`, token: s.token.admin, payload: { status: 0, version: 1 } }),
    );
    assert.equal(pub.body.code, 200, JSON.stringify(pub.body));
    cache.invalidate();
    const edit = await inTime(req(s.app, { method: 'PUT', url: `/system/article/${a.id}`, token: s.token.admin, payload: form({ version: 2 }) }));
    assert.equal(edit.body.code, 200, JSON.stringify(edit.body));
    cache.invalidate();
    const gone = await inTime(req(s.app, { method: 'DELETE', url: `/system/article/${a.id}`, token: s.token.admin }));
    assert.equal(gone.body.code, 200, JSON.stringify(gone.body));
  });
});
