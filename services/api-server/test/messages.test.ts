/** 留言板 handled by staff (issue 18.4): search, 未处理/已处理 with a reply, delete, export, permissions, audit. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { login, req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
let admin: string;
let editor: string;
let customer: string;
before(async () => {
  s = await startTestServer();
  admin = await login(s.app, 'admin', 'admin123');
  editor = await login(s.app, 'editor', 'editor123');
  customer = await login(s.app, '13800138000', 'customer123');
});
after(async () => {
  await s?.close();
});

async function leave(title: string, token?: string) {
  const c = await req(s.app, { method: 'GET', url: '/captchaImage' });
  const answer = (await req(s.app, { method: 'GET', url: `/dev/captcha/${c.body.uuid}` })).body.data.answer;
  const r = await req(s.app, {
    method: 'POST',
    url: '/api/message-board',
    token,
    payload: { title, text: '想了解产品价格', nickname: '王先生', phone: '13912345678', captcha: answer, uuid: c.body.uuid },
  });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  const list = await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(title)}`, token: admin });
  return list.body.rows[0] as { id: number; status: string };
}

describe('message board for staff', () => {
  test('[ISSUE-18.4] search by title, nickname, contact, state and date', async () => {
    const tag = `咨询${Date.now()}`;
    const m = await leave(tag);
    assert.equal(m.status, '0');
    const total = async (q: string) => (await req(s.app, { method: 'GET', url: `/system/message-board/list?${q}`, token: editor })).body.total;
    assert.equal(await total(`title=${encodeURIComponent(tag)}`), 1);
    assert.equal(await total(`title=${encodeURIComponent(tag)}&nickname=${encodeURIComponent('王')}&contact=1391234`), 1);
    assert.equal(await total(`title=${encodeURIComponent(tag)}&status=1`), 0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    assert.equal(await total(`title=${encodeURIComponent(tag)}&beginTime=${today}&endTime=${today}`), 1);
    const bad = await req(s.app, { method: 'GET', url: '/system/message-board/list?status=9', token: editor });
    assert.deepEqual(bad.body, { code: 400, msg: '状态只能为未处理或已处理', field: 'status' });
  });

  test('[ISSUE-18.4][ISSUE-19] a reply marks the message 已处理; the signed-in author reads it in /mine; the write is audited', async () => {
    const m = await leave(`回复测试${Date.now()}`, customer);
    const r = await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: editor,
      payload: { status: '1', reply: '您好，销售将在一个工作日内联系您。' },
    });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.status, r.body.data.repliedBy], ['1', 'editor']);
    const mine = (await req(s.app, { method: 'GET', url: '/system/message-board/mine', token: customer })).body.rows.find(
      (x: { id: number }) => x.id === m.id,
    );
    assert.equal(mine.reply, '您好，销售将在一个工作日内联系您。');
    const trail = await rows<{ action: string; user_name: string }>(
      s.app.ctx.db,
      sql`SELECT action, user_name FROM audit_log WHERE resource = 'message' AND target_id = ${String(m.id)}`,
    );
    assert.deepEqual(trail, [{ action: 'reply', user_name: 'editor' }]);
  });

  test('[ISSUE-18.4] delete: the editor may not (403), the administrator may; export is a CSV of the filtered rows', async () => {
    const tag = `删除导出${Date.now()}`;
    const m = await leave(tag);
    const exported = await s.app.inject({
      method: 'POST',
      url: '/system/message-board/export',
      headers: { authorization: `Bearer ${editor}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `title=${encodeURIComponent(tag)}`,
    });
    assert.equal(exported.statusCode, 200);
    const lines = exported.body.trim().split('\r\n');
    assert.equal(lines.length, 2);
    assert.match(lines[1], new RegExp(`^"${m.id}","${tag}","想了解产品价格","王先生",""," ?13912345678"`));
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/message-board/${m.id}`, token: editor })).status, 403);
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/message-board/${m.id}`, token: customer, payload: { status: '1' } })).status, 403);
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/message-board/${m.id}`, token: admin })).body.code, 200);
    assert.equal(
      (await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(tag)}`, token: admin })).body.total,
      0,
    );
  });
});
