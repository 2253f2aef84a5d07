import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { req, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor'] });

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };

describe('staff content writes', () => {
  test('[API-3][API-4] POST /system/notice creates a notice the bell lists (HTML stored as written); DELETE removes it', async () => {
    const created = await req(s.app, {
      method: 'POST',
      url: '/system/notice',
      token: s.token.admin,
      payload: { noticeTitle: '测试公告', noticeType: '3', noticeContent: `<p>正文</p>${XSS}` },
    });
    assert.equal(created.status, 200);
    assert.equal(created.body.code, 200);
    const id = created.body.data.noticeId;
    assert.ok(Number.isInteger(id));
    const one = await req(s.app, { method: 'GET', url: `/system/notice/${id}`, token: s.token.editor });
    assert.equal(one.body.data.noticeContent, `<p>正文</p>${XSS}`);
    assert.equal(one.body.data.status, '0');
    assert.equal(one.body.data.createBy, 'admin');
    const list = await req(s.app, { method: 'GET', url: '/system/notice/list?pageNum=1&pageSize=5&status=0&noticeType=3', token: s.token.admin });
    assert.ok(list.body.rows.some((r: { noticeId: number }) => r.noticeId === id));
    const edited = await req(s.app, {
      method: 'PUT',
      url: `/system/notice/${id}`,
      token: s.token.admin,
      payload: { noticeTitle: '改过的公告', noticeType: '3', noticeContent: '', status: '1' },
    });
    assert.equal(edited.body.code, 200);
    const gone = await req(s.app, { method: 'DELETE', url: `/system/notice/${id}`, token: s.token.admin });
    assert.equal(gone.body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: `/system/notice/${id}`, token: s.token.admin })).status, 404);
  });

  test('notice input is validated in Chinese', async () => {
    const noTitle = await req(s.app, { method: 'POST', url: '/system/notice', token: s.token.admin, payload: { noticeType: '1' } });
    assert.deepEqual(noTitle.body, { code: 400, msg: '公告标题不能为空', field: 'noticeTitle' });
    const badType = await req(s.app, {
      method: 'POST',
      url: '/system/notice',
      token: s.token.admin,
      payload: { noticeTitle: 'x', noticeType: "1' OR 1=1" },
    });
    assert.deepEqual(badType.body, { code: 400, msg: '公告类型格式不正确', field: 'noticeType' });
    const badIds = await req(s.app, { method: 'DELETE', url: '/system/notice/1;drop', token: s.token.admin });
    assert.equal(badIds.status, 400);
  });

  test('[API-5] PUT /system/block-item/:id changes title and url and the cached block answer follows at once', async () => {
    const items = (await req(s.app, { method: 'GET', url: '/api/block-item?blockId=1' })).body;
    assert.ok(items.length > 0, 'the product footer column has items');
    const item = items[0];
    const version = async () =>
      (await req(s.app, { method: 'GET', url: `/system/block-item/${item.id}`, token: s.token.admin })).body.data.version as number;
    try {
      const r = await req(s.app, {
        method: 'PUT',
        url: `/system/block-item/${item.id}`,
        token: s.token.admin,
        payload: { title: '新的区块标题', url: '/news', version: await version() },
      });
      assert.equal(r.body.code, 200);
      const now = (await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${item.blockId}` })).body;
      const changed = now.find((i: { id: number }) => i.id === item.id);
      assert.equal(changed.title, '新的区块标题');
      assert.equal(changed.url, '/news');
    } finally {
      await req(s.app, {
        method: 'PUT',
        url: `/system/block-item/${item.id}`,
        token: s.token.admin,
        payload: { title: item.title, url: item.url, version: await version() },
      });
    }
    const restored = (await req(s.app, { method: 'GET', url: `/api/block-item?blockId=${item.blockId}` })).body;
    assert.equal(restored.find((i: { id: number }) => i.id === item.id).title, item.title);
  });

  test('without the permission: the server answers the editor 403 {code: 403, msg: 当前操作没有权限}, no token 401, nothing changed', async () => {
    const calls = [
      { method: 'DELETE' as const, url: '/system/notice/1' },
      { method: 'POST' as const, url: '/system/notice/export', payload: {} },
      { method: 'DELETE' as const, url: '/system/article/1' },
      { method: 'PUT' as const, url: '/system/block-item/1', payload: { title: 'x', version: 0 } },
    ];
    for (const c of calls) {
      const r = await req(s.app, { ...c, token: s.token.editor });
      assert.equal(r.status, 403, `${c.method} ${c.url}`);
      assert.deepEqual(r.body, FORBIDDEN);
      const anon = await req(s.app, c);
      assert.equal(anon.status, 401, `${c.method} ${c.url}`);
    }
    const notice = await req(s.app, { method: 'GET', url: '/system/notice/1', token: s.token.admin });
    assert.notEqual(notice.body.data.noticeTitle, 'x');
  });
});
