/**
 * Issue 34.3: publishing is its own right (文章管理·发布/下线), with a review step. A writer whose role ticks 文章管理
 * but not 发布/下线 writes a news item and submits it (提交审核): it is not on the public site. The seeded editor, who
 * holds the right, finds it under 待审核 and sends it back (退回) with a comment, which the form will not take empty;
 * the writer reads 已退回 and the comment, edits and submits again; the editor publishes it (通过并发布) and the
 * public page shows it once rendered again. Each step is in the article's 记录.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, BASE, SEEDED, untilServed } from '../support/site';
import { twoChars } from './account-helpers';
import { choose, shellReady, tokenCookie, toast } from './admin-shell-helpers';

const PAGE = '/admin/content/article';
/** 文章管理 and its actions 查询/查看/新增/修改/删除, not 发布/下线 (1016). */
const WRITER_MENUS = [1, 101, 1011, 1012, 1013, 1014, 1015];

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A role with 文章管理 but not 发布/下线, and a signed-in holder of it (initial password changed). */
async function writerAccount(request: APIRequestContext, adminToken: string, stamp: string) {
  const roleKey = `writer${stamp}`;
  const role = await (
    await request.post(`${BASE}/system/role`, { headers: auth(adminToken), data: { roleKey, roleName: `撰稿人${stamp}`, menuIds: WRITER_MENUS } })
  ).json();
  expect(role.code, JSON.stringify(role)).toBe(200);
  const userName = `writer${stamp}`;
  const user = await (
    await request.post(`${BASE}/system/user`, {
      headers: auth(adminToken),
      data: { userName, nickName: '撰稿人', password: 'First#2026', roles: [roleKey] },
    })
  ).json();
  expect(user.code, JSON.stringify(user)).toBe(200);
  const first = await apiLogin(request, userName, 'First#2026');
  const changed = await (
    await request.put(`${BASE}/system/user/profile/updatePwd`, {
      headers: auth(first),
      data: { oldPassword: 'First#2026', newPassword: 'Writer#2026' },
    })
  ).json();
  expect(changed.code, JSON.stringify(changed)).toBe(200);
  return { userName, token: await apiLogin(request, userName, 'Writer#2026') };
}

async function articleRow(page: Page, title: string) {
  await page.goto(PAGE);
  await shellReady(page);
  await page.locator('#title').fill(title);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

test('[issue 34.3] a writer submits, the reviewer sends it back with a comment, the writer resubmits, the reviewer publishes; the public page shows it and 记录 has each step', async ({
  page,
  context,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  const editorToken = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  const writer = await writerAccount(request, adminToken, stamp);
  const title = `配电房巡检机器人投运 ${stamp}`;
  const fixed = `配电房巡检机器人11月20日投运 ${stamp}`;
  const comment = '标题请写明投运日期';

  // The writer: 草稿 or 提交审核, no 发布; saving submits it.
  await tokenCookie(context, writer.token);
  await page.goto(PAGE);
  await shellReady(page);
  await expect(page.getByRole('button', { name: /^待审核 \d+$/ })).toHaveCount(0);
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: /新增文章|修改文章/ });
  await choose(page, drawer, 'channelId', '新闻中心');
  await drawer.locator('#title').fill(title);
  await drawer.locator('.rte-content').click();
  await page.keyboard.type('巡检机器人在配电房投入运行。');
  await expect(drawer.getByText('已发布', { exact: true })).toHaveCount(0);
  await drawer.getByText('提交审核', { exact: true }).click();
  await drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '已提交审核')).toBeVisible();
  let row = page.locator('.ant-table-row').filter({ hasText: title });
  await expect(row).toContainText('待审核');
  await expect(row.getByRole('button', { name: /^发\s?布$/ })).toHaveCount(0);
  const id = (
    (await (await request.get(`${BASE}/system/article/list`, { params: { title }, headers: auth(adminToken) })).json()).rows[0] as { id: number }
  ).id;
  expect((await request.get(`${BASE}/api/article/${id}`)).status(), 'a submitted article is not public').toBe(404);

  // The reviewer (the seeded editor holds 发布/下线): 待审核 with its count, 退回 needs a comment.
  await context.clearCookies();
  await tokenCookie(context, editorToken);
  await page.goto(PAGE);
  await shellReady(page);
  await page.getByRole('button', { name: /^待审核 [1-9]\d*$/ }).click();
  await expect(page.getByText('文章列表（待审核）')).toBeVisible();
  row = page.locator('.ant-table-row').filter({ hasText: title });
  await row.getByRole('button', { name: twoChars('退回') }).click();
  const back = page.getByRole('dialog').filter({ hasText: '退回意见' });
  await back.getByRole('button', { name: twoChars('保存') }).click();
  await expect(back.getByText('请填写退回意见')).toBeVisible();
  await back.getByLabel('退回意见').fill(comment);
  await back.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '已退回')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: title })).toHaveCount(0);

  // The writer sees 已退回 and the comment, edits and submits again.
  await context.clearCookies();
  await tokenCookie(context, writer.token);
  row = await articleRow(page, title);
  await expect(row).toContainText('已退回');
  await expect(row).toContainText(`退回意见：${comment}`);
  await row.getByRole('button', { name: /修\s?改/ }).click();
  await expect(drawer.getByText(`退回意见：${comment}`, { exact: false })).toBeVisible();
  await drawer.locator('#title').fill(fixed);
  await drawer.getByText('提交审核', { exact: true }).click();
  await drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '已提交审核')).toBeVisible();

  // The reviewer publishes it; the public page shows it once rendered again.
  await context.clearCookies();
  await tokenCookie(context, editorToken);
  row = await articleRow(page, fixed);
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '通过并发布' }).click();
  await expect(toast(page, '审核通过，已发布')).toBeVisible();
  await expect(row).toContainText('已发布');
  await untilServed(request, '/news', fixed);
  await page.goto(`/newsDetail?id=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();

  // 记录: every step, by whom, with the send-back's comment.
  row = await articleRow(page, fixed);
  await row.getByRole('button', { name: /记\s?录/ }).click();
  const history = page.getByRole('dialog').filter({ hasText: '版本记录' });
  const steps = history.locator('.ant-table-row');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('审核通过并发布');
  await expect(steps.nth(0)).toContainText('editor');
  await expect(steps.nth(1)).toContainText('提交审核');
  await expect(steps.nth(1)).toContainText(writer.userName);
  await expect(steps.nth(2)).toContainText('退回');
  await expect(steps.nth(2)).toContainText(`意见：${comment}`);
  await expect(steps.nth(3)).toContainText('提交审核');
});
