/**
 * People (issue 18.6) and the audit trail search (issue 18.7): staff users, roles, customers, the permission
 * every /system/* route demands, and the upgrade of a database made before migration 008.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import { STALE_WRITE_MSG } from '@site/contract';
import { rows } from '../src/db/index.js';
import { captcha, freshIp, freshPhone, login, ok, req, startTestServer, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor', 'customer'] });

let seq = 0;
const uniq = (p: string) => `${p}${Date.now() % 100000}${seq++}`;

interface AuditRow {
  user_name: string;
  resource: string;
  action: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const audit = (resource: string, target: string | number) =>
  rows<AuditRow>(s.app.ctx.db, sql`SELECT * FROM audit_log WHERE resource = ${resource} AND target_id = ${String(target)} ORDER BY id`);

async function createUser(token: string, body: Record<string, unknown>) {
  return req(s.app, { method: 'POST', url: '/system/user', token, payload: { nickName: '测试员', roles: ['editor'], ...body } });
}
/** Signs in with an initial password and changes it; answers the new token. */
async function firstSignIn(userName: string, initial: string, next = 'Changed123'): Promise<string> {
  const t0 = await login(s.app, userName, initial);
  const info = await req(s.app, { method: 'GET', url: '/getInfo', token: t0 });
  assert.equal(info.body.isDefaultModifyPwd, true, 'a password set by an administrator is initial');
  const blocked = await req(s.app, { method: 'GET', url: '/system/notice/list', token: t0 });
  assert.equal(blocked.status, 403);
  const changed = await req(s.app, {
    method: 'PUT',
    url: '/system/user/profile/updatePwd',
    token: t0,
    payload: { oldPassword: initial, newPassword: next },
  });
  assert.equal(changed.body.code, 200, JSON.stringify(changed.body));
  return login(s.app, userName, next);
}

/** POST /system/role, by the administrator unless `token` says otherwise. */
const addRole = (payload: Record<string, unknown>, token = s.token.admin) => req(s.app, { method: 'POST', url: '/system/role', token, payload });

/** A new user (named from `prefix`) in role `roleKey`, signed in after changing the initial password First123. */
async function holderOf(roleKey: string, prefix: string): Promise<{ userId: number; token: string }> {
  const userName = uniq(prefix);
  const { userId } = (await createUser(s.token.admin, { userName, password: 'First123', roles: [roleKey] })).body.data;
  return { userId, token: await firstSignIn(userName, 'First123') };
}

/** A new 用户管理员 role (add, edit and get users; nothing else) and a signed-in holder of it. */
async function userManager(prefix: string): Promise<{ roleKey: string; userId: number; token: string }> {
  const roleKey = uniq('usermgr');
  const role = await addRole({
    roleKey,
    roleName: uniq('用户管理员'),
    menuIds: [201],
    perms: ['system:user:add', 'system:user:edit', 'system:user:get'],
  });
  assert.equal(role.body.code, 200, JSON.stringify(role.body));
  return { roleKey, ...(await holderOf(roleKey, prefix)) };
}

describe('staff users', () => {
  test('[ISSUE-18.6] an administrator creates a 内容编辑: a random initial password answered once, changed at the first sign-in; the new user gets only the editor menus and no people rights', async () => {
    const userName = uniq('ed');
    const r = await createUser(s.token.admin, { userName, nickName: '新编辑', phonenumber: freshPhone() });
    assert.equal(r.body.code, 200, JSON.stringify(r.body));
    const { userId, password } = r.body.data;
    assert.match(password, /^[A-Za-z2-9]{12}$/);
    const token = await firstSignIn(userName, password);
    const routers = await req(s.app, { method: 'GET', url: '/getRouters', token });
    const titles = JSON.stringify(routers.body.data);
    assert.ok(titles.includes('通知公告') && !titles.includes('用户管理') && !titles.includes('角色管理'), titles);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/user/list', token })).status, 403);
    assert.equal((await addRole({}, token)).status, 403);
    const info = await req(s.app, { method: 'GET', url: '/getInfo', token });
    assert.deepEqual(info.body.roles, ['editor']);
    assert.ok(info.body.permissions.includes('system:notice:add') && !info.body.permissions.includes('system:notice:delete'));
    // listed with its Chinese role name; the audit trail has the add, without any password
    const list = await req(s.app, { method: 'GET', url: `/system/user/list?userName=${userName}`, token: s.token.admin });
    assert.equal(list.body.total, 1);
    assert.deepEqual(list.body.rows[0].roleNames, ['内容编辑']);
    const [a] = await audit('user', userId);
    assert.equal(a.action, 'add');
    assert.equal(a.user_name, 'admin');
    assert.equal(a.after?.userName, userName);
    assert.ok(!JSON.stringify(a.after).includes(password) && !('password' in (a.after ?? {})));
  });

  test('[ISSUE-18.6][ISSUE-18-RULES] bad input answers a Chinese 400 naming the field', async () => {
    const taken = await createUser(s.token.admin, { userName: 'editor' });
    assert.deepEqual([taken.status, taken.body.field, taken.body.msg], [400, 'userName', '用户名称“editor”已存在']);
    const phone = await createUser(s.token.admin, { userName: uniq('p'), phonenumber: '123' });
    assert.deepEqual([phone.status, phone.body.field, phone.body.msg], [400, 'phonenumber', '手机号码格式不正确']);
    const noRole = await createUser(s.token.admin, { userName: uniq('n'), roles: [] });
    assert.deepEqual([noRole.status, noRole.body.field, noRole.body.msg], [400, 'roles', '请至少选择一个角色']);
    const unknown = await createUser(s.token.admin, { userName: uniq('u'), roles: ['nosuchrole'] });
    assert.deepEqual([unknown.status, unknown.body.field], [400, 'roles']);
    const shortPwd = await createUser(s.token.admin, { userName: uniq('s'), password: '123' });
    assert.deepEqual([shortPwd.status, shortPwd.body.field], [400, 'password']);
  });

  test('[ISSUE-18.6] disabling a user ends their session and refuses sign-in; enabling lets them back; both audited with before/after', async () => {
    const userName = uniq('dis');
    const { userId, password } = (await createUser(s.token.admin, { userName, password: 'First123' })).body.data;
    assert.equal(password, 'First123');
    const token = await firstSignIn(userName, 'First123');
    assert.equal((await req(s.app, { method: 'GET', url: '/getInfo', token })).status, 200);
    const off = await req(s.app, { method: 'PUT', url: `/system/user/${userId}/status`, token: s.token.admin, payload: { status: '1' } });
    assert.equal(off.body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: '/getInfo', token })).status, 401, 'the session ended');
    await assert.rejects(login(s.app, userName, 'Changed123'), /账号已停用/);
    const on = await req(s.app, { method: 'PUT', url: `/system/user/${userId}/status`, token: s.token.admin, payload: { status: '0' } });
    assert.equal(on.body.code, 200);
    ok(await login(s.app, userName, 'Changed123'), 'signs in again');
    const trail = (await audit('user', userId)).map((a) => [a.action, a.before?.status, a.after?.status]);
    assert.deepEqual(trail.slice(-2), [
      ['disable', '0', '1'],
      ['enable', '1', '0'],
    ]);
  });

  test('[ISSUE-18.6] a password reset answers the new password once, marks it initial and ends the sessions', async () => {
    const userName = uniq('rst');
    const { userId } = (await createUser(s.token.admin, { userName, password: 'First123' })).body.data;
    const token = await firstSignIn(userName, 'First123');
    const r = await req(s.app, { method: 'PUT', url: `/system/user/${userId}/resetPwd`, token: s.token.admin, payload: {} });
    assert.equal(r.body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: '/getInfo', token })).status, 401);
    await firstSignIn(userName, r.body.data.password, 'Again1234');
    // the reset, then the person's own change at the next sign-in (issue 27.4)
    assert.deepEqual(
      (await audit('user', userId)).slice(-2).map((a) => a.action),
      ['resetPwd', 'updatePwd'],
    );
  });

  test('[ISSUE-18.6][ISSUE-18-RULES] a stale edit is refused with 内容已被他人修改，请刷新后再试', async () => {
    const { userId } = (await createUser(s.token.admin, { userName: uniq('v') })).body.data;
    const got = await req(s.app, { method: 'GET', url: `/system/user/${userId}`, token: s.token.admin });
    const body = { nickName: '改名一', roles: ['editor'], version: got.body.data.version };
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/user/${userId}`, token: s.token.admin, payload: body })).body.code, 200);
    const stale = await req(s.app, { method: 'PUT', url: `/system/user/${userId}`, token: s.token.admin, payload: { ...body, nickName: '改名二' } });
    assert.deepEqual([stale.status, stale.body.msg], [409, STALE_WRITE_MSG]);
    const now = await req(s.app, { method: 'GET', url: `/system/user/${userId}`, token: s.token.admin });
    assert.equal(now.body.data.nickName, '改名一');
    const [, edit] = await audit('user', userId);
    assert.deepEqual([edit.action, edit.before?.nickName, edit.after?.nickName], ['edit', '测试员', '改名一']);
  });

  test('[ISSUE-18.6] only a 超级管理员 hands out that role or touches such an account; the last enabled one stays', async () => {
    const { roleKey, token: mgr } = await userManager('mgr');
    assert.equal((await createUser(mgr, { userName: uniq('x'), roles: ['admin'] })).status, 403);
    assert.equal((await createUser(mgr, { userName: uniq('y'), roles: [roleKey] })).body.code, 200);
    const [adminRow] = await rows<{ user_id: number }>(s.app.ctx.db, sql`SELECT user_id FROM sys_user WHERE user_name = 'admin'`);
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/user/${adminRow.user_id}/resetPwd`, token: mgr, payload: {} })).status, 403);
    // no enable/disable right: the status switch is refused
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/user/${adminRow.user_id}/status`, token: mgr, payload: { status: '1' } })).status,
      403,
    );
    const self = await req(s.app, { method: 'PUT', url: `/system/user/${adminRow.user_id}/status`, token: s.token.admin, payload: { status: '1' } });
    assert.deepEqual([self.status, self.body.msg], [400, '不能停用当前登录的账号']);
    const got = await req(s.app, { method: 'GET', url: `/system/user/${adminRow.user_id}`, token: s.token.admin });
    const strip = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${adminRow.user_id}`,
      token: s.token.admin,
      payload: { nickName: got.body.data.nickName, roles: ['editor'], version: got.body.data.version },
    });
    assert.deepEqual([strip.status, strip.body.msg], [400, '至少保留一个启用的超级管理员']);
  });
});

describe('assigning roles (issue 27.2)', () => {
  test('[ISSUE-27.2] a user manager cannot give itself or anyone a role with rights it lacks (create, edit); roles it holds itself, and roles the user already has, still work', async () => {
    const { roleKey, userId: mgrId, token: mgr } = await userManager('um');
    const held = (await req(s.app, { method: 'GET', url: '/getInfo', token: mgr })).body.permissions as string[];
    const WIDER = /^不能分配超出自己权限的角色“内容编辑”（缺少权限：/;
    // create
    const other = await createUser(mgr, { userName: uniq('o'), roles: ['editor'] });
    assert.deepEqual([other.status, other.body.field], [400, 'roles']);
    assert.match(other.body.msg, WIDER);
    // itself: edit its own roles
    const me = (await req(s.app, { method: 'GET', url: `/system/user/${mgrId}`, token: mgr })).body.data;
    const self = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${mgrId}`,
      token: mgr,
      payload: { nickName: me.nickName, roles: [roleKey, 'editor'], version: me.version },
    });
    assert.deepEqual([self.status, self.body.field], [400, 'roles']);
    assert.match(self.body.msg, WIDER);
    assert.deepEqual((await req(s.app, { method: 'GET', url: '/getInfo', token: mgr })).body.permissions, held, 'no right gained');
    // another user it manages
    const { userId: plainId } = (await createUser(mgr, { userName: uniq('p'), roles: [roleKey] })).body.data;
    const plain = (await req(s.app, { method: 'GET', url: `/system/user/${plainId}`, token: mgr })).body.data;
    const raise = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${plainId}`,
      token: mgr,
      payload: { nickName: plain.nickName, roles: ['editor'], version: plain.version },
    });
    assert.deepEqual([raise.status, raise.body.field], [400, 'roles']);
    // a user who already holds the wider role keeps it through an edit of their name
    const { userId: edId } = (await createUser(s.token.admin, { userName: uniq('e'), roles: ['editor'] })).body.data;
    const ed = (await req(s.app, { method: 'GET', url: `/system/user/${edId}`, token: mgr })).body.data;
    const rename = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${edId}`,
      token: mgr,
      payload: { nickName: '改名编辑', roles: ['editor'], version: ed.version },
    });
    assert.equal(rename.body.code, 200, JSON.stringify(rename.body));
  });
});

describe('roles', () => {
  test('[ISSUE-18.6] a role is its menus and its per-action permissions: parents and the page permission are added, and a holder gets exactly those', async () => {
    const roleKey = uniq('noticeonly');
    const created = await addRole({ roleKey, roleName: uniq('公告查看'), menuIds: [21], perms: ['system:notice:query', 'system:notice:get'] });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    const got = await req(s.app, { method: 'GET', url: `/system/role/${roleKey}`, token: s.token.admin });
    // 公告查询 (1061) is the menu row of the query action: asked for by its permission, it is ticked too
    assert.deepEqual(got.body.data.menuIds, [2, 21, 1061]);
    assert.deepEqual(got.body.data.perms, ['system:notice:get', 'system:notice:list', 'system:notice:query']);
    const { token } = await holderOf(roleKey, 'rv');
    assert.equal((await req(s.app, { method: 'GET', url: '/system/notice/list', token })).status, 200);
    assert.equal((await req(s.app, { method: 'POST', url: '/system/notice', token, payload: { noticeTitle: 'x', noticeType: '1' } })).status, 403);
    // grant add: the holder may now write (permissions are read on every request)
    const edit = await req(s.app, {
      method: 'PUT',
      url: `/system/role/${roleKey}`,
      token: s.token.admin,
      payload: {
        roleName: got.body.data.roleName,
        menuIds: [21],
        perms: [...got.body.data.perms, 'system:notice:add'],
        version: got.body.data.version,
      },
    });
    assert.equal(edit.body.code, 200, JSON.stringify(edit.body));
    assert.equal(
      (await req(s.app, { method: 'POST', url: '/system/notice', token, payload: { noticeTitle: '角色测试', noticeType: '1' } })).body.code,
      200,
    );
    const stale = await req(s.app, {
      method: 'PUT',
      url: `/system/role/${roleKey}`,
      token: s.token.admin,
      payload: { roleName: got.body.data.roleName, menuIds: [21], perms: [], version: got.body.data.version },
    });
    assert.deepEqual([stale.status, stale.body.msg], [409, STALE_WRITE_MSG]);
    const [add, change] = await audit('role', roleKey);
    assert.deepEqual([add.action, change.action], ['add', 'edit']);
    assert.ok((change.after?.perms as string[]).includes('system:notice:add') && !(change.before?.perms as string[]).includes('system:notice:add'));
    // held: cannot be deleted
    const held = await req(s.app, { method: 'DELETE', url: `/system/role/${roleKey}`, token: s.token.admin });
    assert.equal(held.status, 400);
    assert.match(held.body.msg, /已分配给1个用户，不能删除/);
  });

  test('[ISSUE-18.6] 超级管理员 cannot be deleted or stripped; unknown permissions and rights the caller lacks are refused naming the field', async () => {
    const del = await req(s.app, { method: 'DELETE', url: '/system/role/admin', token: s.token.admin });
    assert.deepEqual([del.status, del.body.msg], [400, '超级管理员角色不能删除']);
    const got = await req(s.app, { method: 'GET', url: '/system/role/admin', token: s.token.admin });
    assert.equal(got.body.data.builtIn, true);
    const strip = await req(s.app, {
      method: 'PUT',
      url: '/system/role/admin',
      token: s.token.admin,
      payload: { roleName: '超级管理员', menuIds: [], perms: ['system:notice:list'], version: got.body.data.version },
    });
    assert.deepEqual([strip.status, strip.body.field], [400, 'perms']);
    const after = await req(s.app, { method: 'GET', url: '/system/role/admin', token: s.token.admin });
    assert.deepEqual(after.body.data.perms, ['*:*:*']);
    const unknown = await addRole({ roleKey: uniq('bad'), roleName: uniq('坏角色'), perms: ['nothing:here:add'] });
    assert.deepEqual([unknown.status, unknown.body.field], [400, 'perms']);
    const badName = await addRole({ roleKey: 'Bad Key', roleName: 'x' });
    assert.deepEqual([badName.status, badName.body.field], [400, 'roleKey']);
    const dup = await addRole({ roleKey: 'editor', roleName: uniq('重复') });
    assert.deepEqual([dup.status, dup.body.field], [400, 'roleKey']);
    // a role manager who is not 超级管理员 grants only what they hold
    const mgrKey = uniq('rolemgr');
    await addRole({ roleKey: mgrKey, roleName: uniq('角色管理员'), menuIds: [202], perms: ['system:role:add', 'system:role:get'] });
    const { token: mgr } = await holderOf(mgrKey, 'rm');
    const escalate = await addRole({ roleKey: uniq('esc'), roleName: uniq('提权'), menuIds: [201], perms: ['system:user:add'] }, mgr);
    assert.deepEqual([escalate.status, escalate.body.field], [400, 'perms']);
    // an unused role is deleted, with its trail
    const spare = uniq('spare');
    await addRole({ roleKey: spare, roleName: uniq('备用') });
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/role/${spare}`, token: s.token.admin })).body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: `/system/role/${spare}`, token: s.token.admin })).status, 404);
    assert.equal((await audit('role', spare)).at(-1)?.action, 'delete');
  });

  test('[ISSUE-18.6] the seeded roles: 内容编辑 holds notices query/get/add/edit and no delete, people or roles', async () => {
    const r = await req(s.app, { method: 'GET', url: '/system/role/editor', token: s.token.admin });
    const perms: string[] = r.body.data.perms;
    for (const p of ['system:notice:query', 'system:notice:get', 'system:notice:add', 'system:notice:edit']) assert.ok(perms.includes(p), p);
    assert.ok(!perms.some((p) => p.endsWith(':delete') || p.startsWith('system:user') || p.startsWith('system:role')), perms.join());
    assert.equal(r.body.data.roleName, '内容编辑');
  });
});

describe('the menu tree of pages and their actions (issue 27.1)', () => {
  interface Node {
    menuId: number;
    parentId: number;
    menuName: string;
    menuType: string;
    perms: string | null;
  }
  test('[ISSUE-27.1] each page offers exactly the actions it has, as menu rows under it: 操作日志 and 字典管理 none, 文章管理 query/get/add/edit/delete', async () => {
    const menus: Node[] = (await req(s.app, { method: 'GET', url: '/system/role/menus', token: s.token.admin })).body.data;
    const actionsOf = (page: string) => {
      const p = menus.find((m) => m.menuName === page && m.menuType === 'C')!;
      return menus.filter((m) => m.parentId === p.menuId).map((m) => [m.menuType, m.menuName, m.perms]);
    };
    assert.deepEqual(actionsOf('操作日志'), []);
    assert.deepEqual(actionsOf('字典管理'), []);
    assert.deepEqual(actionsOf('文章管理'), [
      ['F', '文章查询', 'content:article:query'],
      ['F', '文章查看', 'content:article:get'],
      ['F', '文章新增', 'content:article:add'],
      ['F', '文章修改', 'content:article:edit'],
      ['F', '文章删除', 'content:article:delete'],
      // issue 34.3: publishing is its own right
      ['F', '文章发布/下线', 'content:article:publish'],
    ]);
    assert.deepEqual(
      actionsOf('留言板').map((a) => a[2]),
      ['content:message:edit', 'content:message:delete', 'content:message:export'],
    );
    // every action a page offers is one the server checks on that resource (no 新增 where there is nothing to add)
    for (const m of menus.filter((x) => x.menuType === 'F'))
      assert.match(m.perms!, /^[a-z]+:[a-z]+:(query|get|add|edit|delete|enable|disable|export|publish)$/);
    // the actions are not routes: the shell's menu is unchanged
    const routers = JSON.stringify((await req(s.app, { method: 'GET', url: '/getRouters', token: s.token.admin })).body.data);
    assert.ok(!routers.includes('文章新增'), routers);
  });

  test('[ISSUE-27.1] a role made by ticking 文章管理 (the page with its actions) works: its holder lists, opens and adds articles, and may not delete what the role leaves out', async () => {
    const menus: Node[] = (await req(s.app, { method: 'GET', url: '/system/role/menus', token: s.token.admin })).body.data;
    const article = menus.find((m) => m.menuName === '文章管理')!;
    const actions = menus.filter((m) => m.parentId === article.menuId);
    const roleKey = uniq('news');
    // the form sends the ticked page and its ticked actions (删除 unticked); no permission is named by hand
    const ticked = [article.menuId, ...actions.filter((a) => a.menuName !== '文章删除' && a.menuName !== '文章发布/下线').map((a) => a.menuId)];
    const created = await addRole({ roleKey, roleName: uniq('新闻编辑'), menuIds: ticked, perms: [] });
    assert.equal(created.body.code, 200, JSON.stringify(created.body));
    const role = (await req(s.app, { method: 'GET', url: `/system/role/${roleKey}`, token: s.token.admin })).body.data;
    assert.deepEqual(role.perms, [
      'content:article:add',
      'content:article:edit',
      'content:article:get',
      'content:article:list',
      'content:article:query',
    ]);
    const { token } = await holderOf(roleKey, 'nw');
    const list = await req(s.app, { method: 'GET', url: '/system/article/list?pageNum=1&pageSize=5', token });
    assert.equal(list.body.code, 200, JSON.stringify(list.body));
    const id = list.body.rows[0].id;
    assert.equal((await req(s.app, { method: 'GET', url: `/system/article/${id}`, token })).body.code, 200);
    const add = await req(s.app, {
      method: 'POST',
      url: '/system/article',
      token,
      payload: { title: '新闻编辑角色的第一篇稿件', channelId: list.body.rows[0].channelId, text: '<p>正文</p>', status: 1 },
    });
    assert.equal(add.body.code, 200, JSON.stringify(add.body));
    assert.equal((await req(s.app, { method: 'DELETE', url: `/system/article/${id}`, token })).status, 403);
  });
});

describe('customers', () => {
  test('[ISSUE-18.6] customers are searched (by company too), viewed and disabled: a disabled customer cannot sign in and their session ends', async () => {
    const list = await req(s.app, { method: 'GET', url: `/system/customer/list?keyword=${encodeURIComponent('南方某市')}`, token: s.token.admin });
    assert.equal(list.body.code, 200);
    const row = list.body.rows.find((r: { userName: string }) => r.userName === '13800138000');
    ok(row, 'found by company name');
    assert.equal(row.customerName, '南方某市供电局');
    const all = await req(s.app, { method: 'GET', url: '/system/customer/list?pageSize=100', token: s.token.admin });
    assert.ok(!all.body.rows.some((r: { userName: string }) => r.userName === 'admin' || r.userName === 'editor'), 'staff are not customers');
    const detail = await req(s.app, { method: 'GET', url: `/system/customer/${row.userId}`, token: s.token.admin });
    assert.equal(detail.body.data.phonenumber, '13800138000');
    const token = await login(s.app, '13800138001', 'customer123');
    const [c2] = await rows<{ user_id: number }>(s.app.ctx.db, sql`SELECT user_id FROM sys_user WHERE user_name = '13800138001'`);
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/customer/${c2.user_id}/status`, token: s.token.editor, payload: { status: '1' } })).status,
      403,
    );
    const off = await req(s.app, { method: 'PUT', url: `/system/customer/${c2.user_id}/status`, token: s.token.admin, payload: { status: '1' } });
    assert.equal(off.body.code, 200);
    assert.equal((await req(s.app, { method: 'GET', url: '/getInfo', token })).status, 401);
    await assert.rejects(login(s.app, '13800138001', 'customer123'), /账号已停用/);
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/customer/${c2.user_id}/status`, token: s.token.admin, payload: { status: '0' } })).body.code,
      200,
    );
    ok(await login(s.app, '13800138001', 'customer123'), 'enabled again');
    const trail = await audit('customer', c2.user_id);
    assert.deepEqual(
      trail.map((a) => a.action),
      ['disable', 'enable'],
    );
    // a staff user is not reachable as a customer
    const [ed] = await rows<{ user_id: number }>(s.app.ctx.db, sql`SELECT user_id FROM sys_user WHERE user_name = 'editor'`);
    assert.equal((await req(s.app, { method: 'GET', url: `/system/customer/${ed.user_id}`, token: s.token.admin })).status, 404);
  });
});

describe('audit trail search', () => {
  test('[ISSUE-18.7] searched by user, resource, action, target id and date range, newest first; bad dates are a 400', async () => {
    const userName = uniq('au');
    const { userId } = (await createUser(s.token.admin, { userName })).body.data;
    await req(s.app, { method: 'PUT', url: `/system/user/${userId}/status`, token: s.token.admin, payload: { status: '1' } });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.TZ || 'Asia/Shanghai' }).format(new Date());
    const q = (qs: string) => req(s.app, { method: 'GET', url: `/system/audit/list?${qs}`, token: s.token.admin });
    const byTarget = await q(`resource=user&targetId=${userId}&userName=adm&beginTime=${today}&endTime=${today}`);
    assert.deepEqual(
      byTarget.body.rows.map((r: { action: string }) => r.action),
      ['disable', 'add'],
    );
    assert.equal(byTarget.body.rows[0].before.status, '0');
    const disables = await q(`resource=user&action=disable&targetId=${userId}`);
    assert.equal(disables.body.total, 1);
    assert.equal((await q(`targetId=${userId}&resource=user&endTime=2000-01-01`)).body.total, 0);
    const bad = await q('beginTime=2024-13-45');
    assert.deepEqual([bad.status, bad.body.field], [400, 'beginTime']);
    const reversed = await q('beginTime=2024-02-01&endTime=2024-01-01');
    assert.equal(reversed.status, 400);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/audit/list', token: s.token.editor })).status, 403);
    // a row's history: for holders of the audit list or of that row's view right
    const history = await req(s.app, { method: 'GET', url: `/system/audit/user/${userId}`, token: s.token.admin });
    assert.equal(history.body.total, 2);
    assert.equal((await req(s.app, { method: 'GET', url: `/system/audit/user/${userId}`, token: s.token.editor })).status, 403);
  });
});

describe('登录日志 and the names of actions (issue 27.4)', () => {
  const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
  async function signIn(username: string, password: string, ip: string) {
    const c = await captcha(s.app);
    return req(s.app, {
      method: 'POST',
      url: '/login',
      ip,
      headers: { 'user-agent': UA },
      payload: { username, password, code: c.answer, uuid: c.uuid },
    });
  }

  test('[ISSUE-27.4] sign-ins and sign-in failures are logged with the name, address, browser, outcome and message; only holders of system:logininfor:list read them', async () => {
    const userName = uniq('lg');
    await createUser(s.token.admin, { userName, password: 'First123' });
    const ip = freshIp();
    assert.equal((await signIn(userName, 'wrong-one', ip)).body.msg, '用户不存在/密码错误');
    assert.equal((await signIn(userName, 'First123', ip)).body.code, 200);
    const log = await req(s.app, { method: 'GET', url: `/system/logininfor/list?userName=${userName}`, token: s.token.admin });
    assert.equal(log.body.total, 2);
    assert.deepEqual(
      log.body.rows.map((r: Record<string, string>) => [r.userName, r.ip, r.browser, r.status, r.msg]),
      [
        [userName, ip, 'Chrome 120 / Windows', '0', '登录成功'],
        [userName, ip, 'Chrome 120 / Windows', '1', '用户不存在/密码错误'],
      ],
    );
    assert.match(log.body.rows[0].createTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const failed = await req(s.app, { method: 'GET', url: `/system/logininfor/list?userName=${userName}&status=1`, token: s.token.admin });
    assert.equal(failed.body.total, 1);
    assert.equal((await req(s.app, { method: 'GET', url: '/system/logininfor/list', token: s.token.editor })).status, 403);
    // the page is in the 超级管理员's menu, not in the editor's
    assert.ok(JSON.stringify((await req(s.app, { method: 'GET', url: '/getRouters', token: s.token.admin })).body.data).includes('登录日志'));
    assert.ok(!JSON.stringify((await req(s.app, { method: 'GET', url: '/getRouters', token: s.token.editor })).body.data).includes('登录日志'));
  });

  test('[ISSUE-27.4] 操作日志 has a person\u2019s own password change (never the password), and an article taken offline as 下线 (offline), not 停用', async () => {
    const userName = uniq('pw');
    const { userId } = (await createUser(s.token.admin, { userName, password: 'First123' })).body.data;
    await firstSignIn(userName, 'First123', 'Second123');
    const change = (await audit('user', userId)).at(-1)!;
    assert.deepEqual([change.action, change.user_name], ['updatePwd', userName]);
    assert.ok(!JSON.stringify(change).includes('Second123'));

    const channels = await req(s.app, { method: 'GET', url: '/system/article/list?pageNum=1&pageSize=1', token: s.token.admin });
    const created = await req(s.app, {
      method: 'POST',
      url: '/system/article',
      token: s.token.admin,
      payload: { title: uniq('下线测试'), channelId: channels.body.rows[0].channelId, text: '<p>正文</p>', status: 0 },
    });
    const { id, version } = created.body.data;
    const off = await req(s.app, { method: 'PUT', url: `/system/article/${id}/status`, token: s.token.admin, payload: { status: 2, version } });
    assert.equal(off.body.code, 200, JSON.stringify(off.body));
    const back = await req(s.app, {
      method: 'PUT',
      url: `/system/article/${id}/status`,
      token: s.token.admin,
      payload: { status: 1, version: version + 1 },
    });
    assert.equal(back.body.code, 200, JSON.stringify(back.body));
    assert.deepEqual(
      (await audit('article', id)).map((a) => a.action),
      ['add', 'offline', 'draft'],
    );
  });
});

describe('permissions on every route', () => {
  /** What a signed-in customer may call: their own account, the notices meant for them, their own messages. */
  const CUSTOMER_MAY = new Set([
    'GET /system/user/profile',
    'PUT /system/user/profile',
    'PUT /system/user/profile/updatePwd',
    'POST /system/user/profile/avatar',
    'GET /system/notice/list',
    'GET /system/notice/:noticeId',
    'GET /system/notice/unread',
    'PUT /system/notice/:noticeId/read',
    'PUT /system/notice/readAll',
    'GET /system/message-board/mine',
    'POST /system/message-board/mine',
    'GET /system/workbench/account',
    'GET /system/workbench/documents',
  ]);
  /** Public: read-only dictionary and configuration values every page reads. */
  const PUBLIC = new Set(['GET /system/dict/data/type/:dictType', 'GET /system/config/configKey/:configKey']);

  test('[ISSUE-18.6] every /system/* route answers 401 to a visitor and 403 to a signed-in customer, except the customer\u2019s own calls', async () => {
    const routes = s.app.routeList.filter((r) => r.url.startsWith('/system/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    assert.ok(routes.length >= 25, `found ${routes.length} routes`);
    for (const want of ['GET /system/user/list', 'PUT /system/user/:userId/resetPwd', 'DELETE /system/role/:roleKeys', 'GET /system/audit/list']) {
      assert.ok(
        routes.some((r) => `${r.method} ${r.url}` === want),
        want,
      );
    }
    const failures: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => (/key|resource/i.test(name) ? 'editor' : '1'));
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const anon = await req(s.app, { method: r.method as 'GET', url, payload });
      if (!PUBLIC.has(key) && anon.status !== 401) failures.push(`${key} anonymous -> ${anon.status}`);
      if (PUBLIC.has(key) || CUSTOMER_MAY.has(key)) continue;
      const asCustomer = await req(s.app, { method: r.method as 'GET', url, payload, token: s.token.customer });
      if (asCustomer.status !== 403) failures.push(`${key} customer -> ${asCustomer.status}`);
    }
    assert.deepEqual(failures, []);
  });
});

describe('upgrade to page actions (issue 27.1)', () => {
  test('[ISSUE-27.1] a database made before migration 017 gets the action rows, and each role the rows of its pages its permissions grant (超级管理员 all)', async () => {
    const old = await startTestServer();
    let current = old;
    try {
      const db = old.app.ctx.db;
      await db.execute(sql`DELETE FROM sys_role_menu WHERE menu_id >= 1000`);
      await db.execute(sql`DELETE FROM sys_menu WHERE menu_id >= 1000`);
      await db.execute(sql`DELETE FROM schema_migrations WHERE name = '017_page_actions.sql'`);
      const up = await old.restart();
      current = up;
      const of = async (roleKey: string) =>
        (
          await rows<{ perms: string }>(
            up.app.ctx.db,
            sql`SELECT m.perms FROM sys_role_menu r JOIN sys_menu m USING (menu_id) WHERE r.role_key = ${roleKey} AND m.menu_type = 'F' ORDER BY 1`,
          )
        ).map((r) => r.perms);
      const editor = await of('editor');
      for (const p of ['content:article:add', 'content:article:query', 'system:notice:add', 'content:message:edit']) assert.ok(editor.includes(p), p);
      assert.ok(!editor.includes('content:article:delete') && !editor.some((p) => p.startsWith('system:user')), editor.join());
      const [{ n }] = await rows<{ n: number }>(up.app.ctx.db, sql`SELECT count(*)::int AS n FROM sys_menu WHERE menu_type = 'F'`);
      assert.equal((await of('admin')).length, n);
    } finally {
      await current.close();
    }
  });
});

describe('upgrade', () => {
  test('[ISSUE-18.6] a database made before migration 008 gets the columns, the people menus (admin only) and the editor\u2019s notice rights, keeping the perms others added', async () => {
    const old = await startTestServer();
    let current = old;
    try {
      const db = old.app.ctx.db;
      await db.execute(sql`DELETE FROM sys_role_menu WHERE menu_id IN (201, 202, 203)`);
      await db.execute(sql`DELETE FROM sys_menu WHERE menu_id IN (201, 202, 203)`);
      await db.execute(
        sql`UPDATE sys_role SET perms = '["content:message:list","content:visit:list","system:notice:list","system:notice:query","content:article:query"]'::jsonb WHERE role_key = 'editor'`,
      );
      await db.execute(sql`ALTER TABLE sys_user DROP COLUMN version, DROP COLUMN remark`);
      await db.execute(sql`ALTER TABLE sys_role DROP COLUMN version, DROP COLUMN remark, DROP COLUMN role_sort, DROP COLUMN created_at`);
      await db.execute(sql`DELETE FROM schema_migrations WHERE name = '013_people.sql'`);
      const up = await old.restart();
      current = up;
      const menus = await rows<{ menu_id: number }>(
        up.app.ctx.db,
        sql`SELECT menu_id FROM sys_role_menu WHERE role_key = 'admin' AND menu_id BETWEEN 200 AND 299 ORDER BY 1`,
      );
      assert.deepEqual(
        menus.map((m) => m.menu_id),
        [201, 202, 203, 209, 210],
      );
      const editorMenus = await rows<{ n: number }>(
        up.app.ctx.db,
        sql`SELECT count(*)::int AS n FROM sys_role_menu WHERE role_key = 'editor' AND menu_id BETWEEN 200 AND 299`,
      );
      assert.equal(editorMenus[0].n, 0);
      const [ed] = await rows<{ perms: string[] }>(up.app.ctx.db, sql`SELECT perms FROM sys_role WHERE role_key = 'editor'`);
      for (const p of ['content:article:query', 'system:notice:get', 'system:notice:add', 'system:notice:edit']) assert.ok(ed.perms.includes(p), p);
      assert.equal(new Set(ed.perms).size, ed.perms.length, 'no duplicates');
      const token = await login(up.app, 'admin', 'admin123');
      assert.equal((await req(up.app, { method: 'GET', url: '/system/user/list', token })).body.code, 200);
    } finally {
      await current.close();
    }
  });
});

describe('rights cannot be stretched (issue 34.2, 34.4)', () => {
  /** A 用户管理员: the 用户管理 page with all its actions, and nothing else. */
  async function userAdmin(prefix: string) {
    const roleKey = uniq('uadmin');
    const role = await addRole({ roleKey, roleName: uniq('用户管理员'), menuIds: [201, 1071, 1072, 1073, 1074, 1075], perms: ['system:user:get'] });
    assert.equal(role.body.code, 200, JSON.stringify(role.body));
    return { roleKey, ...(await holderOf(roleKey, prefix)) };
  }
  const refusals = (resource: string, target: string | number) => audit(resource, target).then((list) => list.filter((a) => a.action === 'refused'));

  test('[issue 34.2] a user administrator cannot reset an editor\u2019s password, change its phone or e-mail, or disable it: 403 in Chinese, each attempt in 操作日志; the editor still signs in', async () => {
    const { roleKey, token: mgr } = await userAdmin('ua');
    const held = (await req(s.app, { method: 'GET', url: '/getInfo', token: mgr })).body.permissions as string[];
    const edName = uniq('ed');
    const { userId: edId } = (await createUser(s.token.admin, { userName: edName, password: 'Editor123', roles: ['editor'] })).body.data;
    const edPerms = (await req(s.app, { method: 'GET', url: '/system/role/editor', token: s.token.admin })).body.data.perms as string[];
    assert.ok(edPerms.length > held.length && edPerms.some((p) => !held.includes(p)), 'the editor holds rights the user administrator lacks');

    const reset = await req(s.app, { method: 'PUT', url: `/system/user/${edId}/resetPwd`, token: mgr, payload: {} });
    assert.equal(reset.status, 403);
    assert.match(reset.body.msg, /^该账号拥有您没有的权限（.*文章管理·新增.*），您不能对其重置密码$/);
    assert.equal(reset.body.data, undefined, 'no password answered');
    const ruoyi = await req(s.app, { method: 'PUT', url: '/system/user/resetPwd', token: mgr, payload: { userId: edId, password: 'Taken123' } });
    assert.equal(ruoyi.status, 403);

    const ed = (await req(s.app, { method: 'GET', url: `/system/user/${edId}`, token: mgr })).body.data;
    const phone = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${edId}`,
      token: mgr,
      payload: { nickName: ed.nickName, phonenumber: freshPhone(), roles: ['editor'], version: ed.version },
    });
    assert.equal(phone.status, 403);
    assert.match(phone.body.msg, /，您不能对其修改手机号码或邮箱$/);
    const email = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${edId}`,
      token: mgr,
      payload: { nickName: ed.nickName, email: 'taken@example.com', roles: ['editor'], version: ed.version },
    });
    assert.equal(email.status, 403);
    // nor bring it within reach by taking its role away (then reset it)
    const demote = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${edId}`,
      token: mgr,
      payload: { nickName: ed.nickName, roles: [roleKey], version: ed.version },
    });
    assert.equal(demote.status, 403);
    assert.match(demote.body.msg, /，您不能对其修改角色$/);
    const off = await req(s.app, { method: 'PUT', url: `/system/user/${edId}/status`, token: mgr, payload: { status: '1' } });
    assert.equal(off.status, 403);
    assert.match(off.body.msg, /，您不能对其停用$/);

    const trail = await refusals('user', edId);
    assert.deepEqual(
      trail.map((a) => [a.user_name, a.after?.attempt, a.after?.result]),
      [
        [trail[0].user_name, '重置密码', '已拒绝'],
        [trail[0].user_name, '重置密码', '已拒绝'],
        [trail[0].user_name, '修改手机号码或邮箱', '已拒绝'],
        [trail[0].user_name, '修改手机号码或邮箱', '已拒绝'],
        [trail[0].user_name, '修改角色', '已拒绝'],
        [trail[0].user_name, '停用', '已拒绝'],
      ],
    );
    assert.notEqual(trail[0].user_name, 'admin');
    // nothing changed: the editor signs in with its own password, same phone and e-mail, still enabled
    ok(await login(s.app, edName, 'Editor123'), 'the editor still signs in with its own password');
    const now = (await req(s.app, { method: 'GET', url: `/system/user/${edId}`, token: s.token.admin })).body.data;
    assert.deepEqual([now.phonenumber, now.email, now.status, now.passwordInitial], [ed.phonenumber, ed.email, '0', ed.passwordInitial]);
    // what stays allowed: renaming the editor; a 超级管理员 resetting it
    assert.equal(
      (
        await req(s.app, {
          method: 'PUT',
          url: `/system/user/${edId}`,
          token: mgr,
          payload: { nickName: '改名', roles: ['editor'], version: now.version },
        })
      ).body.code,
      200,
    );
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/user/${edId}/resetPwd`, token: s.token.admin, payload: {} })).body.code, 200);
    // the 操作日志 page lists the refusals as such
    const listed = await req(s.app, { method: 'GET', url: `/system/audit/list?action=refused&targetId=${edId}`, token: s.token.admin });
    assert.equal(listed.body.total, 6);
  });

  test('[issue 34.2] the same user administrator manages an account of its own rights or fewer (password, phone, disable)', async () => {
    const { roleKey, token: mgr } = await userAdmin('ub');
    const { userId: peerId } = (await createUser(s.token.admin, { userName: uniq('peer'), password: 'Peer1234', roles: [roleKey] })).body.data;
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/user/${peerId}/resetPwd`, token: mgr, payload: {} })).body.code, 200);
    const peer = (await req(s.app, { method: 'GET', url: `/system/user/${peerId}`, token: mgr })).body.data;
    const phone = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${peerId}`,
      token: mgr,
      payload: { nickName: peer.nickName, phonenumber: freshPhone(), roles: [roleKey], version: peer.version },
    });
    assert.equal(phone.body.code, 200, JSON.stringify(phone.body));
    assert.equal((await req(s.app, { method: 'PUT', url: `/system/user/${peerId}/status`, token: mgr, payload: { status: '1' } })).body.code, 200);
    assert.deepEqual(await refusals('user', peerId), []);
  });

  test('[issue 34.2] a customer\u2019s password is reset, and its status switched, only with customer rights; the refusal is in 操作日志', async () => {
    const { token: mgr } = await userAdmin('uc');
    const [c] = await rows<{ user_id: number }>(s.app.ctx.db, sql`SELECT user_id FROM sys_user WHERE user_name = '13800138002'`);
    const reset = await req(s.app, { method: 'PUT', url: '/system/user/resetPwd', token: mgr, payload: { userId: c.user_id, password: 'Taken123' } });
    assert.deepEqual([reset.status, reset.body.msg], [403, '您没有客户管理权限，不能对客户账号重置密码']);
    await assert.rejects(login(s.app, '13800138002', 'Taken123'), /用户不存在\/密码错误/);
    const [refused] = await refusals('customer', c.user_id);
    assert.equal(refused.after?.attempt, '重置密码');
    // a customer manager without the edit right may switch the status but not reset the password either
    const cmKey = uniq('custmgr');
    await addRole({ roleKey: cmKey, roleName: uniq('客户管理员'), menuIds: [203, 1093, 1094] });
    const { token: cm } = await holderOf(cmKey, 'cm');
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/customer/${c.user_id}/status`, token: cm, payload: { status: '1' } })).body.code,
      200,
    );
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/customer/${c.user_id}/status`, token: cm, payload: { status: '0' } })).body.code,
      200,
    );
    // the 超级管理员 may
    assert.equal(
      (await req(s.app, { method: 'PUT', url: '/system/user/resetPwd', token: s.token.admin, payload: { userId: c.user_id, password: 'Reset123' } }))
        .body.code,
      200,
    );
  });

  test('[issue 34.2] a role administrator cannot remove from a role (nor add to it) a right it lacks; refused in 操作日志, named as the role form names them', async () => {
    const mgrKey = uniq('rolemgr');
    await addRole({ roleKey: mgrKey, roleName: uniq('角色管理员'), menuIds: [202, 1081, 1082, 1083, 1084] });
    const { token: mgr } = await holderOf(mgrKey, 'rr');
    const target = uniq('tgt');
    await addRole({ roleKey: target, roleName: uniq('留言员'), menuIds: [11, 1021], perms: ['content:message:query'] });
    const role = (await req(s.app, { method: 'GET', url: `/system/role/${target}`, token: mgr })).body.data;
    // untick 留言处理 (content:message:edit), a right the role administrator does not hold
    const remove = await req(s.app, {
      method: 'PUT',
      url: `/system/role/${target}`,
      token: mgr,
      payload: { roleName: role.roleName, menuIds: [11], perms: ['content:message:query'], version: role.version },
    });
    assert.deepEqual([remove.status, remove.body.field, remove.body.msg], [400, 'perms', '不能移除自己没有的权限：留言板·处理']);
    assert.deepEqual((await req(s.app, { method: 'GET', url: `/system/role/${target}`, token: s.token.admin })).body.data.perms, role.perms);
    const add = await req(s.app, {
      method: 'PUT',
      url: `/system/role/${target}`,
      token: mgr,
      payload: { roleName: role.roleName, menuIds: [11, 1021, 1022], perms: ['content:message:query'], version: role.version },
    });
    assert.deepEqual([add.status, add.body.msg], [400, '不能授予自己没有的权限：留言板·删除']);
    // unchanged rights, another name: allowed
    const rename = await req(s.app, {
      method: 'PUT',
      url: `/system/role/${target}`,
      token: mgr,
      payload: { roleName: uniq('留言专员'), menuIds: [11, 1021], perms: ['content:message:query'], version: role.version },
    });
    assert.equal(rename.body.code, 200, JSON.stringify(rename.body));
    assert.deepEqual(
      (await refusals('role', target)).map((a) => [a.after?.attempt, a.after?.reason]),
      [
        ['移除权限', '不能移除自己没有的权限：留言板·处理'],
        ['授予权限', '不能授予自己没有的权限：留言板·删除'],
      ],
    );
  });

  test('[issue 34.2] a role change of a user says in 操作日志 which roles were added and which removed, by name', async () => {
    const a = uniq('ra');
    const b = uniq('rb');
    await addRole({ roleKey: a, roleName: `${a}名` });
    await addRole({ roleKey: b, roleName: `${b}名` });
    const { userId } = (await createUser(s.token.admin, { userName: uniq('rc'), roles: ['editor', a] })).body.data;
    const u = (await req(s.app, { method: 'GET', url: `/system/user/${userId}`, token: s.token.admin })).body.data;
    const r = await req(s.app, {
      method: 'PUT',
      url: `/system/user/${userId}`,
      token: s.token.admin,
      payload: { nickName: u.nickName, roles: ['editor', b], version: u.version },
    });
    assert.equal(r.body.code, 200);
    const [add, edit] = await audit('user', userId);
    assert.ok(add.summary.endsWith(`：添加角色 内容编辑、${a}名`), add.summary);
    assert.ok(edit.summary.endsWith(`：添加角色 ${b}名；移除角色 ${a}名`), edit.summary);
  });

  test('[issue 34.4] a refused assignment names rights as the role form does, and roleOptions says which roles the caller may give', async () => {
    const { roleKey, token: mgr } = await userAdmin('ud');
    const other = await createUser(mgr, { userName: uniq('o'), roles: ['editor'] });
    assert.equal(other.status, 400);
    assert.match(other.body.msg, /^不能分配超出自己权限的角色“内容编辑”（缺少权限：留言板、留言板·查询、留言板·处理/);
    assert.doesNotMatch(other.body.msg, /content:/);
    const [refused] = await rows<AuditRow>(
      s.app.ctx.db,
      sql`SELECT * FROM audit_log WHERE action = 'refused' AND summary LIKE ${'分配角色“内容编辑”%'} ORDER BY id DESC LIMIT 1`,
    );
    ok(refused, 'the refused assignment is in 操作日志');
    const options = (await req(s.app, { method: 'GET', url: '/system/user/roleOptions', token: mgr })).body.data as {
      roleKey: string;
      assignable: boolean;
      missing: string[];
    }[];
    const by = new Map(options.map((o) => [o.roleKey, o]));
    assert.equal(by.get(roleKey)?.assignable, true);
    assert.deepEqual(by.get(roleKey)?.missing, []);
    assert.equal(by.get('editor')?.assignable, false);
    assert.ok(by.get('editor')?.missing.includes('文章管理·新增'), JSON.stringify(by.get('editor')));
    assert.deepEqual(by.get('admin')?.missing, ['全部权限']);
    const all = (await req(s.app, { method: 'GET', url: '/system/user/roleOptions', token: s.token.admin })).body.data as { assignable: boolean }[];
    assert.ok(all.every((o) => o.assignable));
  });

  test('[issue 34.4] a disabled account calling the API is told 账号已停用 (401, the session is over), not a bare sign-in failure', async () => {
    const { userId, token } = await holderOf('editor', 'dis');
    assert.equal(
      (await req(s.app, { method: 'PUT', url: `/system/user/${userId}/status`, token: s.token.admin, payload: { status: '1' } })).body.code,
      200,
    );
    const r = await req(s.app, { method: 'GET', url: '/getInfo', token });
    assert.deepEqual([r.status, r.body.code, r.body.msg], [401, 401, '账号已停用，请联系管理员']);
    const list = await req(s.app, { method: 'GET', url: '/system/notice/list', token });
    assert.deepEqual([list.status, list.body.msg], [401, '账号已停用，请联系管理员']);
    // an unknown token is still the plain 401
    const stranger = await req(s.app, { method: 'GET', url: '/getInfo', token: 'a'.repeat(64) });
    assert.deepEqual([stranger.status, stranger.body.msg], [401, '认证失败，无法访问系统资源']);
  });
});
