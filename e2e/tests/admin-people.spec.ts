/**
 * Issue 18.6: staff users, roles and site customers run from the admin shell, and each permission boundary proved
 * twice: the control is absent in the UI and the server answers 403 when called directly.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, BASE, freshPhone, pow, SEEDED, smsCode } from '../support/site';
import { registerByApi, twoChars } from './account-helpers';
import { choose, shellReady, toast, tokenCookie } from './admin-shell-helpers';

const uniq = (p: string) => `${p}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The password shown once in the 用户已创建 / 密码已重置 dialog. */
async function shownPassword(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  const password = (await dialog.locator('.initial-password').innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(6);
  await dialog.getByRole('button', { name: '我已记下' }).click();
  await expect(dialog).toBeHidden();
  return password;
}

/** A row of the role form's menu tree, by its name. */
const treeNode = (form: Locator, name: string) =>
  form.locator('.ant-tree-treenode').filter({ has: form.page().locator('.role-menu-name', { hasText: new RegExp(`^${name}$`) }) });

const api = (request: APIRequestContext, token: string) => ({
  get: (url: string) => request.get(`${BASE}${url}`, { headers: { Authorization: `Bearer ${token}` } }),
  put: (url: string, data: unknown) => request.put(`${BASE}${url}`, { data, headers: { Authorization: `Bearer ${token}` } }),
  del: (url: string) => request.delete(`${BASE}${url}`, { headers: { Authorization: `Bearer ${token}` } }),
});

test('[ISSUE-18.6] the administrator creates a staff user with a role, resets the password and disables the account', async ({
  page,
  context,
  request,
}) => {
  const userName = uniq('staff');
  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/system/user');
  await shellReady(page);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await form.getByLabel('用户名称').fill(userName);
  await form.getByLabel('用户昵称').fill('王编辑');
  // A role is required: the form says so and keeps what was typed.
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请至少选择一个角色')).toBeVisible();
  await expect(form.getByLabel('用户名称')).toHaveValue(userName);
  await form.getByLabel('角色').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '内容编辑' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  const first = await shownPassword(page, '用户已创建');

  // The new user signs in with the password shown once; it is initial, so the server says it must be changed.
  const token = await apiLogin(request, userName, first);
  const info = await (await api(request, token).get('/getInfo')).json();
  expect(info.roles).toEqual(['editor']);
  expect(info.isDefaultModifyPwd).toBe(true);

  // The row shows the role by its Chinese name; 重置密码 gives a new password and ends the old one.
  await page.getByLabel('用户名称').fill(userName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: userName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('内容编辑');
  await row.getByRole('button', { name: '重置密码' }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  const second = await shownPassword(page, '密码已重置');
  expect(second).not.toBe(first);
  expect((await api(request, token).get('/getInfo')).status()).toBe(401);
  await expect(apiLogin(request, userName, first)).rejects.toThrow();
  const token2 = await apiLogin(request, userName, second);

  // 停用: the sessions end and the account cannot sign in.
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  // Done once the row offers 启用 (the row's 停用 button matched before the write had landed).
  await expect(row.getByRole('button', { name: /启\s*用/ })).toBeVisible();
  expect((await api(request, token2).get('/getInfo')).status()).toBe(401);
  await expect(apiLogin(request, userName, second)).rejects.toThrow(/账号已停用/);
});

test('[ISSUE-18.6][ISSUE-27.1] a role made of menus and actions: ticking a page ticks its own actions, one can be unticked; its holder gets exactly those', async ({
  page,
  context,
  request,
}) => {
  const adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  const roleName = uniq('留言查看');
  const roleKey = uniq('msgview');
  await tokenCookie(context, adminToken);
  await page.goto('/admin/system/role');
  await shellReady(page);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '新增角色' });
  await form.getByLabel('角色名称').fill(roleName);
  await form.getByLabel('权限字符').fill(roleKey);
  // 留言板: the page ticks its own actions (处理, 删除, 导出: what that page has); 删除 is then unticked.
  await treeNode(form, '留言板').locator('.ant-tree-checkbox').click();
  for (const action of ['留言处理', '留言删除', '留言导出'])
    await expect(treeNode(form, action).locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await treeNode(form, '留言删除').locator('.ant-tree-checkbox').click();
  await expect(treeNode(form, '留言板').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await form.getByRole('button', { name: /保\s*存|确\s*定|OK/ }).click();
  await expect(form).toBeHidden();
  const role = await (await api(request, adminToken).get(`/system/role/${roleKey}`)).json();
  expect(role.data.perms).toEqual(['content:message:edit', 'content:message:export', 'content:message:list']);

  // A user holding only that role (made through the API: the UI path is the previous test).
  const userName = uniq('viewer');
  const created = await (
    await request.post(`${BASE}/system/user`, {
      data: { userName, nickName: '留言查看员', roles: [roleKey], password: 'Viewer#2026' },
      headers: { Authorization: `Bearer ${adminToken}` },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  const token = await apiLogin(request, userName, 'Viewer#2026');
  const info = await (await api(request, token).get('/getInfo')).json();
  expect(info.permissions).toEqual(['content:message:edit', 'content:message:export', 'content:message:list']);
  // Server: what the role does not grant is refused.
  expect((await api(request, token).del('/system/message-board/1')).status()).toBe(403);
  expect((await api(request, token).get('/system/user/list')).status()).toBe(403);
  expect((await api(request, token).get('/system/role/list')).status()).toBe(403);
});

test('[ISSUE-18.6][ISSUE-27.1] deviation from ROUTE-20: the editor has no people pages: absent from the menu, 当前操作没有权限 when typed, 403 from the server', async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  await tokenCookie(context, token);
  await page.goto('/index');
  await shellReady(page);
  const menu = page.locator('.admin-header, .admin-sider');
  for (const name of ['用户管理', '角色管理', '客户管理', '操作日志']) await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
  await page.goto('/admin/system/user');
  await expect(page.getByText('当前操作没有权限', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/admin/system/user`);
  for (const url of ['/system/user/list', '/system/role/list', '/system/customer/list', '/system/audit/list']) {
    expect((await api(request, token).get(url)).status(), url).toBe(403);
  }
  expect((await api(request, token).put('/system/user/1/status', { status: '1' })).status()).toBe(403);
});

test('[ISSUE-18.6] 客户管理: a registered customer is found, viewed and disabled, and can no longer sign in', async ({ page, context, request }) => {
  const phone = freshPhone();
  await registerByApi(request, phone, '华北某供电公司');
  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/system/customer');
  await shellReady(page);
  await page.getByLabel('关键字').fill(phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: phone });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.locator('.ant-drawer').filter({ hasText: '客户详情' });
  await expect(detail).toContainText(phone);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(toast(page, `已停用 ${phone}`)).toBeVisible();
  await expect(row.getByRole('button', { name: /启\s*用/ })).toBeVisible();

  const sent = await (
    await request.post(`${BASE}/bus/customer/sendCode`, { params: { phone, purpose: 'login', pow: (await pow(request, 'sms'))! } })
  ).json();
  expect(sent.code).toBe(200);
  const answer = await (await request.post(`${BASE}/loginNoPassword`, { data: { phone, code: await smsCode(request, phone) } })).json();
  expect(answer.msg).toBe('对不起，您的账号已停用');
});

test('[ISSUE-27.1] a news-editor role in one tick: 文章管理 alone, a user with it, and that user lists, adds and saves articles; deviation from ROUTE-20: a page not theirs says 当前操作没有权限', async ({
  page,
  context,
  request,
}) => {
  const adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  const roleName = uniq('新闻编辑');
  const roleKey = uniq('news');
  const userName = uniq('newsed');
  await tokenCookie(context, adminToken);

  // 角色管理: one tick on 文章管理; its actions come with it, and 操作日志 offers none.
  await page.goto('/admin/system/role');
  await shellReady(page);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '新增角色' });
  await form.getByLabel('角色名称').fill(roleName);
  await form.getByLabel('权限字符').fill(roleKey);
  await expect(treeNode(form, '操作日志')).toBeVisible();
  await expect(treeNode(form, '操作日志').locator('.ant-tree-switcher-noop')).toHaveCount(1);
  await treeNode(form, '文章管理').locator('.ant-tree-checkbox').click();
  for (const action of ['文章查询', '文章查看', '文章新增', '文章修改', '文章删除']) {
    await expect(treeNode(form, action).locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  }
  await form.getByRole('button', { name: /保\s*存|确\s*定|OK/ }).click();
  await expect(form).toBeHidden();

  // 用户管理: a user holding only that role.
  await page.goto('/admin/system/user');
  await shellReady(page);
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const userForm = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await userForm.getByLabel('用户名称').fill(userName);
  await userForm.getByLabel('用户昵称').fill('李新闻');
  await userForm.getByLabel('角色').click();
  await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await userForm.getByRole('button', { name: /保\s*存/ }).click();
  const initial = await shownPassword(page, '用户已创建');

  // The new editor changes the initial password and signs in.
  const first = await apiLogin(request, userName, initial);
  const changed = await (await api(request, first).put('/system/user/profile/updatePwd', { oldPassword: initial, newPassword: 'News#2026' })).json();
  expect(changed.code, JSON.stringify(changed)).toBe(200);
  await context.clearCookies();
  await tokenCookie(context, await apiLogin(request, userName, 'News#2026'));

  // 文章管理 lists, offers 新增, and a new article saves.
  await page.goto('/admin/content/article');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('文章管理');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(toast(page, '当前操作没有权限')).toHaveCount(0);
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '新增文章' });
  await expect(drawer).toBeVisible();
  const title = `新闻编辑的第一篇稿件 ${Date.now().toString(36)}`;
  await choose(page, drawer, 'channelId', '新闻中心');
  await drawer.locator('#title').fill(title);
  await drawer.locator('.rte-content').click();
  await page.keyboard.type('一次勾选即可开始编辑新闻。');
  await drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: title })).toHaveCount(1);

  // A page the role does not open says so, in place (deviation from ROUTE-20, which sent it to /404).
  await page.goto('/admin/system/audit');
  await expect(page.getByText('当前操作没有权限', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/admin/system/audit`);
});

test('[issue 34.2][issue 45.3] a user administrator (only 用户管理 rights) cannot reset an editor\u2019s password in 用户管理: 重置密码 and 停用 are disabled saying why, an attempt is refused by the server, the editor keeps its password, and 操作日志 lists the refused attempt', async ({
  page,
  context,
  request,
}) => {
  const adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  // A 用户管理员 role: the 用户管理 page and its own actions, nothing else (made through the API, as above).
  const roleKey = uniq('uadmin');
  const role = await (
    await request.post(`${BASE}/system/role`, {
      data: { roleKey, roleName: uniq('用户管理员'), menuIds: [201, 1071, 1072, 1073, 1074, 1075], perms: ['system:user:get'] },
      headers: asAdmin,
    })
  ).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const managerName = uniq('umgr');
  const editorName = uniq('ued');
  for (const [userName, roles] of [
    [managerName, [roleKey]],
    [editorName, ['editor']],
  ] as const) {
    const created = await (
      await request.post(`${BASE}/system/user`, { data: { userName, nickName: userName, roles, password: 'First#2026' }, headers: asAdmin })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe(200);
  }
  // The manager changes its initial password first (the server refuses everything else until then).
  const initial = await apiLogin(request, managerName, 'First#2026');
  const changed = await (
    await request.put(`${BASE}/system/user/profile/updatePwd`, {
      data: { oldPassword: 'First#2026', newPassword: 'Manager#2026' },
      headers: { Authorization: `Bearer ${initial}` },
    })
  ).json();
  expect(changed.code, JSON.stringify(changed)).toBe(200);

  await tokenCookie(context, await apiLogin(request, managerName, 'Manager#2026'));
  await page.goto('/admin/system/user');
  await shellReady(page);
  await page.getByLabel('用户名称').fill(editorName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: editorName });
  await expect(row).toHaveCount(1);
  // Issue 45.3: the page does not offer it: 重置密码 and 停用 are disabled, saying why; 修改 stays (the name may change).
  await expect(row.getByRole('button', { name: '重置密码' })).toBeDisabled();
  await expect(row.getByRole('button', { name: /停\s*用/ })).toBeDisabled();
  await expect(row.getByRole('button', { name: /修\s*改/ })).toBeEnabled();
  const why = row.locator('.control-disabled').first();
  await expect(why).toHaveAttribute('aria-label', /^该用户的角色“内容编辑”超出您的权限（缺少：.+），不能重置其密码或停用$/);
  await why.hover();
  await expect(page.getByRole('tooltip')).toContainText('超出您的权限');
  // Asked all the same (a stale page, a script): the server refuses it, in Chinese, and logs the attempt.
  const managerToken = await apiLogin(request, managerName, 'Manager#2026');
  const editorRow = (await (await request.get(`${BASE}/system/user/list?userName=${editorName}`, { headers: asAdmin })).json()).rows[0];
  const refusedReset = await request.put(`${BASE}/system/user/${editorRow.userId}/resetPwd`, {
    headers: { Authorization: `Bearer ${managerToken}` },
    data: {},
  });
  expect((await refusedReset.json()).msg).toMatch(/^该账号拥有您没有的权限（.+），您不能对其重置密码$/);
  // Nothing changed: the editor signs in with its own password.
  expect(await apiLogin(request, editorName, 'First#2026')).toBeTruthy();

  // 操作日志 (the administrator's): the attempt, by the manager, on the editor, as refused.
  const editorId = (await (await request.get(`${BASE}/system/user/list?userName=${editorName}`, { headers: asAdmin })).json()).rows[0].userId;
  await context.clearCookies();
  await tokenCookie(context, adminToken);
  await page.goto('/admin/system/audit');
  await shellReady(page);
  await page.locator('.audit-search').getByLabel('对象编号').fill(String(editorId));
  await page
    .locator('.audit-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const refused = page.locator('.ant-table-row').filter({ hasText: '越权操作被拒绝' });
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(managerName);
  await expect(refused).toContainText(`重置密码：${editorName}（${editorName}）`);
});

test('[issue 34.4] a user administrator\u2019s 角色 list offers only the roles it may assign: no wider role; an editor\u2019s own role shows, fixed, with the rights it lacks named', async ({
  page,
  context,
  request,
}) => {
  const adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const roleName = uniq('用户管理员');
  const roleKey = uniq('uadmin');
  const role = await (
    await request.post(`${BASE}/system/role`, {
      data: { roleKey, roleName, menuIds: [201, 1071, 1072, 1073, 1074, 1075], perms: ['system:user:get'] },
      headers: asAdmin,
    })
  ).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const managerName = uniq('umgr');
  const editorName = uniq('ued');
  for (const [userName, roles] of [
    [managerName, [roleKey]],
    [editorName, ['editor']],
  ] as const) {
    const created = await (
      await request.post(`${BASE}/system/user`, { data: { userName, nickName: userName, roles, password: 'First#2026' }, headers: asAdmin })
    ).json();
    expect(created.code, JSON.stringify(created)).toBe(200);
  }
  const initial = await apiLogin(request, managerName, 'First#2026');
  const changed = await (
    await request.put(`${BASE}/system/user/profile/updatePwd`, {
      data: { oldPassword: 'First#2026', newPassword: 'Manager#2026' },
      headers: { Authorization: `Bearer ${initial}` },
    })
  ).json();
  expect(changed.code, JSON.stringify(changed)).toBe(200);

  await tokenCookie(context, await apiLogin(request, managerName, 'Manager#2026'));
  await page.goto('/admin/system/user');
  await shellReady(page);
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

  // 新增: the manager's own role only; 内容编辑 and 超级管理员 carry rights it lacks and are not offered.
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await form.locator('#user-form_roles').click();
  await expect(options.filter({ hasText: roleName })).toBeVisible();
  await expect(options.filter({ hasText: '内容编辑' })).toHaveCount(0);
  await expect(options.filter({ hasText: '超级管理员' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await expect(form).toBeHidden();

  // 修改 of the editor: its 内容编辑 stays, cannot be removed, and the form names the rights the manager lacks.
  await page.getByLabel('用户名称').fill(editorName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: editorName });
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const edit = page.getByRole('dialog').filter({ hasText: '修改用户' });
  const tag = edit.locator('.ant-select-selection-item').filter({ hasText: '内容编辑' });
  await expect(tag).toBeVisible();
  await expect(tag.locator('.ant-select-selection-item-remove')).toHaveCount(0);
  await expect(edit).toContainText(/角色“内容编辑”超出您的权限（缺少：[^）]*·[^）]*），不能更改/);
  await edit.locator('#user-form_roles').click();
  await expect(options.filter({ hasText: '内容编辑' })).toHaveClass(/ant-select-item-option-disabled/);
  await expect(options.filter({ hasText: '超级管理员' })).toHaveCount(0);
});
