/**
 * 留言板 handled by staff (issue 18.4): search, 未处理/已处理 with a reply, delete, export, permissions, audit; the
 * reply sent by SMS and a signed-in customer's own messages (issue 27.10).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { SMS_CONTENT_MAX } from '../src/lib/sms.js';
import { replySmsText } from '../src/routes/messages.js';
import { captcha, freshPhone, login, req, startTestServer, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor', 'customer'] });

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
  const list = await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(title)}`, token: s.token.admin });
  return list.body.rows[0] as { id: number; status: string };
}

describe('message board for staff', () => {
  test('[ISSUE-18.4] search by title, nickname, contact, state and date', async () => {
    const tag = `咨询${Date.now()}`;
    const m = await leave(tag);
    assert.equal(m.status, '0');
    const total = async (q: string) =>
      (await req(s.app, { method: 'GET', url: `/system/message-board/list?${q}`, token: s.token.editor })).body.total;
    assert.equal(await total(`title=${encodeURIComponent(tag)}`), 1);
    assert.equal(await total(`title=${encodeURIComponent(tag)}&nickname=${encodeURIComponent('王')}&contact=1391234`), 1);
    assert.equal(await total(`title=${encodeURIComponent(tag)}&status=1`), 0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    assert.equal(await total(`title=${encodeURIComponent(tag)}&beginTime=${today}&endTime=${today}`), 1);
    const bad = await req(s.app, { method: 'GET', url: '/system/message-board/list?status=9', token: s.token.editor });
    assert.deepEqual(bad.body, { code: 400, msg: '状态只能为未处理或已处理', field: 'status' });
  });

  test('[ISSUE-18.4][ISSUE-19] a reply marks the message 已处理; the signed-in author reads it in /mine; the write is audited', async () => {
    const m = await leave(`回复测试${Date.now()}`, s.token.customer);
    const r = await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '您好，销售将在一个工作日内联系您。' },
    });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.status, r.body.data.repliedBy], ['1', 'editor']);
    const mine = (await req(s.app, { method: 'GET', url: '/system/message-board/mine', token: s.token.customer })).body.rows.find(
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
      headers: { authorization: `Bearer ${s.token.editor}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `title=${encodeURIComponent(tag)}`,
    });
    assert.equal(exported.statusCode, 200);
    const lines = exported.body.trim().split('\r\n');
    assert.equal(lines.length, 2);
    assert.match(lines[1], new RegExp(`^"${m.id}","${tag}","想了解产品价格","王先生",""," ?13912345678"`));
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/message-board/${m.id}`, token: s.token.editor })).status, 403);
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/message-board/${m.id}`, token: s.token.customer, payload: { status: '1' } })).status,
      403,
    );
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/message-board/${m.id}`, token: s.token.admin })).body.code, 200);
    assert.equal(
      (await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(tag)}`, token: s.token.admin })).body.total,
      0,
    );
  });
});

describe('answers reach the author (issue 27.10)', () => {
  const outbox = async (phone: string) =>
    rows<{ code: string; content: string; purpose: string }>(
      s.app.ctx.db,
      sql`SELECT code, content, purpose FROM sms_outbox WHERE phone = ${phone} AND purpose = 'reply' ORDER BY id`,
    );

  test('[issue 44.5] a signed-in author posting with a number that is not theirs: the message is filed with the account\u2019s own phone, and the reply SMS goes there, never to the number typed', async () => {
    const typed = freshPhone();
    const [account] = await rows<{ phonenumber: string }>(s.app.ctx.db, sql`SELECT phonenumber FROM sys_user WHERE user_name = '13800138000'`);
    assert.ok(account.phonenumber);
    const c = await captcha(s.app);
    const title = `别人的号码${Date.now()}`;
    const posted = await req(s.app, {
      method: 'POST',
      url: '/api/message-board',
      token: s.token.customer,
      payload: { title, text: '请回电', nickname: '客户', phone: typed, captcha: c.answer, uuid: c.uuid },
    });
    assert.equal(posted.body.code, 200, JSON.stringify(posted.body));
    const list = await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(title)}`, token: s.token.admin });
    const m = list.body.rows[0] as { id: number; phone: string };
    assert.equal(m.phone, account.phonenumber);
    const replied = await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '已安排回电。' },
    });
    assert.equal(replied.body.code, 200, JSON.stringify(replied.body));
    assert.deepEqual(await outbox(typed), []);
    assert.equal((await outbox(account.phonenumber)).at(-1)?.content, replySmsText(title, '已安排回电。'));
  });

  test('[ISSUE-27.10][issue 34.6] a reply to an anonymous visitor goes out by SMS as a fixed notice (company, day, hotline), never the visitor\u2019s title nor the answer; the entry says it was sent', async () => {
    const phone = freshPhone();
    const title = `短信回复${Date.now()}`;
    const c = await captcha(s.app);
    const posted = await req(s.app, {
      method: 'POST',
      url: '/api/message-board',
      payload: { title, text: '请问报价', nickname: '李女士', phone, captcha: c.answer, uuid: c.uuid },
    });
    assert.equal(posted.body.code, 200, JSON.stringify(posted.body));
    const m = (await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(title)}`, token: s.token.admin })).body
      .rows[0];
    assert.equal(m.replySms, null, 'no answer yet, no SMS');

    // A status change alone sends nothing.
    await req(s.app, { method: 'PUT', url: `/system/message-board/${m.id}`, token: s.token.editor, payload: { status: '1' } });
    assert.deepEqual(await outbox(phone), []);

    const r = await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '您好，报价单已发至您的邮箱。' },
    });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.replySms, 'sent');
    // Nobody proved the number is the visitor's: the SMS carries nothing the visitor wrote (the title) nor the answer.
    const sent = `【华电智控】您好，您于 ${m.createTime.slice(0, 10)} 在华电智控科技有限公司网站提交的留言已有答复，请致电客服热线 400-820-6688 查询答复内容。`;
    assert.deepEqual(await outbox(phone), [{ code: '', content: sent, purpose: 'reply' }]);
    // The server's output says an answer went out and how long it is, not what it says.
    assert.ok(s.printed.includes(`[sms] ${phone} -> ${Array.from(sent).length}字 (reply)`), s.printed.slice(-3).join('\n'));
    // The dev route reads the answer when asked for it, and still the latest code by default.
    const dev = await req(s.app, { method: 'GET', url: `/dev/sms-outbox?phone=${phone}&purpose=reply` });
    assert.equal(dev.body.data.content, sent);
    assert.equal((await req(s.app, { method: 'GET', url: `/dev/sms-outbox?phone=${phone}` })).status, 404);

    // The same answer saved again is not sent again; a changed answer is.
    await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '您好，报价单已发至您的邮箱。' },
    });
    assert.equal((await outbox(phone)).length, 1);
    await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '补充：报价有效期30天。' },
    });
    assert.equal((await outbox(phone)).length, 2);
    const listed = (await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(title)}`, token: s.token.admin }))
      .body.rows[0];
    assert.equal(listed.replySms, 'sent', 'the list shows it too');
  });

  test('[ISSUE-27.10] a message without a phone: the reply is saved, no SMS, the entry says why; a long answer is cut to the gateway’s 500 characters', async () => {
    const c = await captcha(s.app);
    const title = `无手机${Date.now()}`;
    await req(s.app, {
      method: 'POST',
      url: '/api/message-board',
      payload: { title, text: '请回邮件', nickname: '赵先生', email: 'zhao@example.com', captcha: c.answer, uuid: c.uuid },
    });
    const m = (await req(s.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent(title)}`, token: s.token.admin })).body
      .rows[0];
    const before = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM sms_outbox`);
    const r = await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${m.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '已邮件回复' },
    });
    assert.deepEqual([r.body.data.reply, r.body.data.replySms], ['已邮件回复', 'no-phone']);
    assert.deepEqual(await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM sms_outbox`), before);

    const text = replySmsText('标题', '长'.repeat(2000));
    assert.equal(Array.from(text).length, SMS_CONTENT_MAX);
    assert.ok(text.startsWith('【华电智控】您的留言“标题”已有回复：长') && text.endsWith('长…'));
  });

  test('[ISSUE-27.10] the gateway failing: the reply stays saved and the entry says the SMS failed', async () => {
    const failing = await startTestServer({
      smsSender: {
        async send() {
          throw new Error('gateway down');
        },
      },
    });
    try {
      const adm = await login(failing.app, 'admin', 'admin123');
      const c = await captcha(failing.app);
      await req(failing.app, {
        method: 'POST',
        url: '/api/message-board',
        payload: { title: '网关故障', text: '在吗', nickname: '钱先生', phone: '13912340000', captcha: c.answer, uuid: c.uuid },
      });
      const m = (await req(failing.app, { method: 'GET', url: `/system/message-board/list?title=${encodeURIComponent('网关故障')}`, token: adm }))
        .body.rows[0];
      const r = await req(failing.app, { method: 'PUT', url: `/system/message-board/${m.id}`, token: adm, payload: { status: '1', reply: '在的' } });
      assert.equal(r.body.code, 200);
      assert.deepEqual([r.body.data.reply, r.body.data.replySms], ['在的', 'failed']);
    } finally {
      await failing.close();
    }
  });

  test('[ISSUE-27.10] a signed-in customer files a message under their account: name and phone from the account, not the body; no sign-in, 401', async () => {
    assert.equal((await req(s.app, { method: 'POST', url: '/system/message-board/mine', payload: { title: 'x', text: 'y' } })).status, 401);
    const title = `账户留言${Date.now()}`;
    const r = await req(s.app, {
      method: 'POST',
      url: '/system/message-board/mine',
      token: s.token.customer,
      payload: { title, text: '  远程巡检时间能否调整？ ', nickname: '冒名', phone: '13900000000', userId: 1 },
    });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    assert.equal(r.body.msg, '留言成功');
    assert.deepEqual(
      [r.body.data.title, r.body.data.text, r.body.data.nickname, r.body.data.phone],
      [title, '远程巡检时间能否调整？', '张工', '13800138000'],
    );
    const mine = (await req(s.app, { method: 'GET', url: '/system/message-board/mine', token: s.token.customer })).body.rows;
    assert.equal(mine[0].title, title, 'newest first in their own list');
    const bad = await req(s.app, {
      method: 'POST',
      url: '/system/message-board/mine',
      token: s.token.customer,
      payload: { title: ' ', text: '有内容' },
    });
    assert.deepEqual(bad.body, { code: 400, msg: '标题不能为空', field: 'title' });
    // The answer reaches the account's phone.
    const answered = await req(s.app, {
      method: 'PUT',
      url: `/system/message-board/${r.body.data.id}`,
      token: s.token.editor,
      payload: { status: '1', reply: '可以，已改到周五。' },
    });
    assert.equal(answered.body.data.replySms, 'sent');
    const [sms] = await rows<{ content: string }>(
      s.app.ctx.db,
      sql`SELECT content FROM sms_outbox WHERE phone = '13800138000' AND purpose = 'reply' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(sms.content, `【华电智控】您的留言“${title}”已有回复：可以，已改到周五。`);
  });
});
