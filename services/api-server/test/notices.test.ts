/**
 * 通知公告 routes (issue 18.3 and the shared rules of issue 18): audience, schema answers naming the field,
 * auth before validation, and the audit trail of every write.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/index.js';
import { login, req, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor', 'customer'] });

interface AuditRow {
  user_name: string;
  resource: string;
  action: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | Record<string, unknown>[] | null;
  after: Record<string, unknown> | null;
}
const auditOf = (id: number) =>
  rows<AuditRow>(s.app.ctx.db, sql`SELECT * FROM audit_log WHERE resource = 'notice' AND (',' || target_id || ',') LIKE ${`%,${id},%`} ORDER BY id`);

async function addNotice(payload: Record<string, unknown>): Promise<number> {
  const r = await req(s.app, { method: 'POST', url: '/system/notice', token: s.token.admin, payload: { noticeType: '1', ...payload } });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data.noticeId;
}

describe('notices', () => {
  test('[NOTICE-1][ISSUE-18.3][ISSUE-19] the bell lists the open notices meant for the reader: staff get all+staff, customers all+customer', async () => {
    const forAll = await addNotice({ noticeTitle: '全员通知', audience: 'all' });
    const forStaff = await addNotice({ noticeTitle: '员工通知', audience: 'staff' });
    const forCustomers = await addNotice({ noticeTitle: '客户通知', audience: 'customer' });
    const ids = async (token: string) =>
      ((await req(s.app, { method: 'GET', url: '/system/notice/list?pageSize=100&status=0', token })).body.rows as { noticeId: number }[]).map(
        (r) => r.noticeId,
      );
    const seenByCustomer = await ids(s.token.customer);
    assert.ok(seenByCustomer.includes(forAll) && seenByCustomer.includes(forCustomers), 'customer sees all + customer');
    assert.ok(!seenByCustomer.includes(forStaff), 'customer does not see staff notices');
    assert.equal((await req(s.app, { method: 'GET', url: `/system/notice/${forStaff}`, token: s.token.customer })).status, 404);
    const seenByEditor = await ids(s.token.editor); // the editor manages notices: every audience
    assert.ok([forAll, forStaff, forCustomers].every((id) => seenByEditor.includes(id)));
    const detail = await req(s.app, { method: 'GET', url: `/system/notice/${forCustomers}`, token: s.token.customer });
    assert.equal(detail.body.data.audience, 'customer');
  });

  test('[ISSUE-18] a bad field is a Chinese 400 naming it; an outsider gets 401 whatever the body', async () => {
    const badAudience = await req(s.app, {
      method: 'POST',
      url: '/system/notice',
      token: s.token.admin,
      payload: { noticeTitle: 'x', noticeType: '1', audience: 'vip' },
    });
    assert.deepEqual(badAudience.body, { code: 400, msg: '公告对象只能为全部、员工或客户', field: 'audience' });
    const anonymous = await req(s.app, { method: 'POST', url: '/system/notice', payload: { noticeType: 'bad' } });
    assert.equal(anonymous.status, 401);
    const customerWrite = await req(s.app, { method: 'POST', url: '/system/notice', token: s.token.customer, payload: {} });
    assert.equal(customerWrite.status, 403);
    const badIds = await req(s.app, { method: 'DELETE', url: '/system/notice/1,99999999999', token: s.token.admin });
    assert.deepEqual(badIds.body, { code: 400, msg: 'ID格式不正确', field: 'noticeIds' });
  });

  test('[ISSUE-18.7] every notice write is in the audit trail: who, what, before and after', async () => {
    const id = await addNotice({ noticeTitle: '审计公告', noticeContent: '<p>一</p>' });
    await req(s.app, {
      method: 'PUT',
      url: `/system/notice/${id}`,
      token: s.token.admin,
      payload: { noticeTitle: '审计公告（改）', noticeType: '1', noticeContent: '<p>二</p>' },
    });
    await req(s.app, {
      method: 'PUT',
      url: `/system/notice/${id}`,
      token: s.token.admin,
      payload: { noticeTitle: '审计公告（改）', noticeType: '1', status: '1' },
    });
    await req(s.app, { method: 'DELETE', url: `/system/notice/${id}`, token: s.token.admin });
    const trail = await auditOf(id);
    assert.deepEqual(
      trail.map((r) => [r.user_name, r.action, r.summary]),
      [
        ['admin', 'add', '审计公告'],
        ['admin', 'edit', '审计公告（改）'],
        ['admin', 'disable', '审计公告（改）'],
        ['admin', 'delete', '审计公告（改）'],
      ],
    );
    assert.equal(trail[0].before, null);
    assert.equal(trail[0].after?.noticeContent, '<p>一</p>');
    assert.deepEqual([(trail[1].before as Record<string, unknown>).noticeTitle, trail[1].after?.noticeTitle], ['审计公告', '审计公告（改）']);
    assert.equal(trail[3].after, null);
    // A refused write leaves no trace.
    await req(s.app, { method: 'POST', url: '/system/notice', token: s.token.admin, payload: { noticeTitle: '' } });
    assert.equal((await rows(s.app.ctx.db, sql`SELECT 1 FROM audit_log WHERE summary = ''`)).length, 0);
  });
});

describe('messages', () => {
  test('[ISSUE-19][ISSUE-18.4] a message written while signed in is in the author’s own list (/mine) with its state and reply; not in anyone else’s', async () => {
    const post = async (title: string, token?: string) => {
      const c = await req(s.app, { method: 'GET', url: '/captchaImage' });
      const answer = (await req(s.app, { method: 'GET', url: `/dev/captcha/${c.body.uuid}` })).body.data.answer;
      const r = await req(s.app, {
        method: 'POST',
        url: '/api/message-board',
        token,
        payload: { title, text: '正文', nickname: '客户', captcha: answer, uuid: c.body.uuid },
      });
      assert.equal(r.body.code, 200, JSON.stringify(r.body));
    };
    await post('我的留言', s.token.customer);
    await post('匿名留言');
    const mine = await req(s.app, { method: 'GET', url: '/system/message-board/mine', token: s.token.customer });
    // Newest first; the test customer's seeded messages (seed: testCustomerMessages) follow; nobody else's.
    const rows = mine.body.rows.map((r: { title: string; status: string; reply: unknown }) => [r.title, r.status, r.reply]);
    assert.deepEqual(rows[0], ['我的留言', '0', null]);
    assert.ok(!rows.some((r: unknown[]) => r[0] === '匿名留言'));
    const editorsOwn = await req(s.app, { method: 'GET', url: '/system/message-board/mine', token: s.token.editor });
    assert.equal(editorsOwn.body.total, 0);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/message-board/mine' })).status, 401);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/message-board/list', token: s.token.customer })).status, 403);
  });
});

describe('notice export', () => {
  test('[ISSUE-18.3] POST /system/notice/export answers the filtered notices as a CSV spreadsheet (BOM, Chinese headers, formulas defused)', async () => {
    const title = `=HYPERLINK("x") 导出${Date.now()}`;
    await addNotice({ noticeTitle: title.slice(0, 50), audience: 'customer' });
    const r = await s.app.inject({
      method: 'POST',
      url: '/system/notice/export',
      headers: { authorization: `Bearer ${s.token.admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `noticeTitle=${encodeURIComponent('导出')}`,
    });
    assert.equal(r.statusCode, 200);
    assert.match(String(r.headers['content-type']), /^text\/csv/);
    assert.match(String(r.headers['content-disposition']), /filename\*=UTF-8''%E9%80%9A%E7%9F%A5%E5%85%AC%E5%91%8A_\d{8}\.csv/);
    const lines = r.body.split('\r\n');
    assert.equal(lines[0], '\ufeff"公告编号","公告标题","公告类型","公告对象","状态","创建者","创建时间"');
    const row = lines.find((l) => l.includes('导出'))!;
    assert.match(row, /"'=HYPERLINK\(""x""\) 导出\d+","通知","客户","正常","admin"/);
    const refused = await req(s.app, { method: 'POST', url: '/system/notice/export', token: s.token.editor, payload: {} });
    assert.equal(refused.status, 403);
  });

  test('[ISSUE-27.7] the bell counts the open notices meant for the user that the user has not opened; opening one marks it read for that user only', async () => {
    const unread = async (token: string) => {
      const r = await req(s.app, { method: 'GET', url: '/system/notice/unread', token });
      assert.equal(r.body.code, 200, JSON.stringify(r.body));
      return r.body.data.unread as number;
    };
    const read = (id: number, token: string) => req(s.app, { method: 'PUT', url: `/system/notice/${id}/read`, token });
    const [customerBefore, editorBefore] = [await unread(s.token.customer), await unread(s.token.editor)];
    const forAll = await addNotice({ noticeTitle: '未读测试：全员', audience: 'all' });
    const forCustomers = await addNotice({ noticeTitle: '未读测试：客户', audience: 'customer' });
    const forStaff = await addNotice({ noticeTitle: '未读测试：员工', audience: 'staff' });
    const closed = await addNotice({ noticeTitle: '未读测试：已关闭', audience: 'all', status: '1' });
    assert.equal(await unread(s.token.customer), customerBefore + 2, 'all + customer; not staff, not closed');
    assert.equal(await unread(s.token.editor), editorBefore + 2, 'all + staff, by the audience rule even for a manager');

    const opened = await read(forCustomers, s.token.customer);
    assert.deepEqual(opened.body, { code: 200, msg: '操作成功', data: { unread: customerBefore + 1 } });
    assert.deepEqual((await read(forCustomers, s.token.customer)).body.data, { unread: customerBefore + 1 }, 'opening again changes nothing');
    assert.deepEqual((await read(forAll, s.token.customer)).body.data, { unread: customerBefore });
    assert.equal(await unread(s.token.editor), editorBefore + 2, "the customer's reading is not the editor's");
    assert.deepEqual((await read(closed, s.token.editor)).body.data, { unread: editorBefore + 2 }, 'a closed notice was never counted');
    assert.deepEqual((await read(forStaff, s.token.editor)).body.data, { unread: editorBefore + 1 });

    assert.deepEqual((await read(forStaff, s.token.customer)).body, { code: 404, msg: '公告不存在' });
    assert.equal((await req(s.app, { method: 'GET', url: '/system/notice/unread' })).status, 401);
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/notice/${forAll}/read` })).status, 401);
    // Deleting a notice removes its read marks.
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/notice/${forAll}`, token: s.token.admin })).body.code, 200);
    const marks = await rows<{ n: number }>(s.app.ctx.db, sql`SELECT count(*)::int AS n FROM sys_notice_read WHERE notice_id = ${forAll}`);
    assert.equal(marks[0].n, 0);
    assert.equal(await unread(s.token.customer), customerBefore);
  });
});

describe('unread notices (issue 34.9)', () => {
  const unread = async (token: string) => {
    const r = await req(s.app, { method: 'GET', url: '/system/notice/unread', token });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    return r.body.data.unread as number;
  };
  const listed = async (token: string) =>
    (await req(s.app, { method: 'GET', url: '/system/notice/list?pageSize=100&status=0', token })).body.rows as {
      noticeId: number;
      read?: boolean;
    }[];
  const readOf = async (token: string, id: number) => (await listed(token)).find((r) => r.noticeId === id)?.read;

  test('[issue 34.9] 全部已读: PUT /system/notice/readAll marks every notice read for the caller only; a later notice is unread again; the list rows say read', async () => {
    const a = await addNotice({ noticeTitle: '全部已读测试一', audience: 'all' });
    const b = await addNotice({ noticeTitle: '全部已读测试二', audience: 'customer' });
    assert.ok((await unread(s.token.customer)) >= 2);
    assert.equal(await readOf(s.token.customer, a), false, 'an unread notice is listed read: false');
    const editorBefore = await unread(s.token.editor);
    assert.ok(editorBefore >= 1);

    const all = await req(s.app, { method: 'PUT', url: '/system/notice/readAll', token: s.token.customer });
    assert.deepEqual(all.body, { code: 200, msg: '操作成功', data: { unread: 0 } });
    assert.equal(await unread(s.token.customer), 0);
    assert.deepEqual([await readOf(s.token.customer, a), await readOf(s.token.customer, b)], [true, true]);
    assert.equal(await unread(s.token.editor), editorBefore, "the customer's 全部已读 is not the editor's");
    assert.equal(await readOf(s.token.editor, a), false);

    await new Promise((r) => setTimeout(r, 5));
    const later = await addNotice({ noticeTitle: '全部已读之后', audience: 'all' });
    assert.equal(await unread(s.token.customer), 1, 'a notice published after 全部已读 is unread');
    assert.equal(await readOf(s.token.customer, later), false);
    assert.deepEqual((await req(s.app, { method: 'PUT', url: `/system/notice/${later}/read`, token: s.token.customer })).body.data, { unread: 0 });
    assert.equal((await req(s.app, { method: 'PUT', url: '/system/notice/readAll' })).status, 401);
  });

  test('[issue 34.9] a new account does not start with the older notices unread: only notices published after its creation count', async () => {
    const older = await addNotice({ noticeTitle: '开户之前的通知', audience: 'all' });
    await new Promise((r) => setTimeout(r, 5));
    const userName = `newstaff${Date.now() % 100000}`;
    const created = await req(s.app, {
      method: 'POST',
      url: '/system/user',
      token: s.token.admin,
      payload: { userName, nickName: '新同事', password: 'Passw0rd!x', roles: ['editor'] },
    });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    await rows(s.app.ctx.db, sql`UPDATE sys_user SET password_initial = false WHERE user_name = ${userName}`);
    const token = await login(s.app, userName, 'Passw0rd!x');
    assert.ok((await unread(s.token.editor)) >= 1, 'the older notice is unread for an older account');
    assert.equal(await unread(token), 0, 'nothing published before the account is unread');
    assert.equal(await readOf(token, older), true);

    await new Promise((r) => setTimeout(r, 5));
    const newer = await addNotice({ noticeTitle: '开户之后的通知', audience: 'staff' });
    assert.equal(await unread(token), 1);
    assert.equal(await readOf(token, newer), false);
  });
});

describe('audit trail search', () => {
  test('[ISSUE-18.7] GET /system/audit/list searches by user, resource, action and target; staff without the permission get 403', async () => {
    const id = await addNotice({ noticeTitle: '审计检索' });
    const list = async (q: string, token = s.token.admin) => req(s.app, { method: 'GET', url: `/system/audit/list?${q}`, token });
    const r = await list(`resource=notice&action=add&targetId=${id}&userName=admin`);
    assert.equal(r.body.total, 1);
    assert.deepEqual([r.body.rows[0].summary, r.body.rows[0].after.noticeTitle], ['审计检索', '审计检索']);
    assert.equal((await list(`resource=notice&action=delete&targetId=${id}`)).body.total, 0);
    assert.deepEqual((await list('resource=planet')).body, { code: 400, msg: '对象类型不正确', field: 'resource' });
    assert.equal((await list('', s.token.editor)).status, 403);
    assert.equal((await list('', s.token.customer)).status, 403);
  });
});
