/**
 * Issue 34.1: open tabs show current data. The admin shell reads through one query cache with keys from one place;
 * a write invalidates what it changed, and a tab shown again refetches. A staff member who deletes an article sees it
 * in the 回收站 tab, restores it there and finds it back in the 文章管理 tab without pressing anything; a role created
 * in 角色管理 is offered in the 角色 select of the 用户管理 tab opened before.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, BASE, SEEDED } from '../support/site';
import { twoChars } from './account-helpers';
import { presetSettings, shellReady, toast, tokenCookie } from './admin-shell-helpers';

const NEWS = 12;
const uniq = (p: string) => `${p}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let adminToken = '';
test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
});

const sider = (page: Page) => page.locator('.admin-sider .ant-menu');
const tab = (page: Page, title: string) => page.getByTestId('multi-tab').locator('.ant-tabs-tab').filter({ hasText: title });
/** The view of the page on screen (kept-alive views of other tabs stay mounted, hidden). */
const shown = (page: Page) => page.locator('.admin-view:visible');
const confirmWith = (page: Page, label: string | RegExp) => page.getByRole('tooltip').getByRole('button', { name: label }).click();

/** Opens a page from the side menu, in the app (a page load would start a new tab bar). */
async function openFromMenu(page: Page, title: string) {
  const menu = sider(page);
  for (const group of await menu.locator('.ant-menu-submenu').all()) {
    if (!(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open'))))
      await group.locator('.ant-menu-submenu-title').first().click();
  }
  await menu
    .locator('.ant-menu-item')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .click();
  await expect(page.locator('h1')).toHaveText(title);
  await expect(tab(page, title)).toHaveClass(/ant-tabs-tab-active/);
}

/** Back to an open tab by its title in the tab bar. */
async function switchTo(page: Page, title: string) {
  await tab(page, title).click();
  await expect(page.locator('h1')).toHaveText(title);
  await expect(tab(page, title)).toHaveClass(/ant-tabs-tab-active/);
}

test('[issue 34.1] 文章管理 and 回收站 open as tabs: a deleted article is in 回收站 and a restored one back in 文章管理 when their tab is shown, without 查询', async ({
  page,
  context,
  request,
}) => {
  const title = uniq('多标签回收 ');
  const created = await request.post(`${BASE}/system/article`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { channelId: NEWS, title, text: '<p>在两个标签之间来回的文章</p>', status: 0 },
  });
  expect((await created.json()).code).toBe(200);
  await tokenCookie(context, adminToken);
  await presetSettings(page, { layout: 'sidemenu', multiTab: true });

  // 回收站 first: the article is not there.
  await page.goto('/admin/content/article-recycle');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('回收站');
  const binRow = shown(page).locator('.ant-table-row').filter({ hasText: title });
  await expect(shown(page).locator('.ant-table')).toBeVisible();
  await expect(binRow).toHaveCount(0);

  // 文章管理 as a second tab: find the article and delete it.
  await openFromMenu(page, '文章管理');
  await shown(page).locator('#title').fill(title);
  await shown(page).getByRole('button', { name: '查询' }).click();
  const articleRow = shown(page).locator('.ant-table-row').filter({ hasText: title });
  await expect(articleRow).toHaveCount(1);
  await articleRow.getByRole('button', { name: '删除' }).click();
  await confirmWith(page, twoChars('删除'));
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(articleRow).toHaveCount(0);

  // Back to 回收站: it is listed without pressing 查询.
  await switchTo(page, '回收站');
  await expect(binRow).toHaveCount(1);
  await expect(shown(page)).not.toContainText('回收站是空的');
  await binRow.getByRole('button', { name: '恢复' }).click();
  await confirmWith(page, twoChars('恢复'));
  await expect(toast(page, '恢复成功')).toBeVisible();
  await expect(binRow).toHaveCount(0);

  // Back to 文章管理 (its search still set): listed again without pressing anything.
  await switchTo(page, '文章管理');
  await expect(shown(page).locator('#title')).toHaveValue(title);
  await expect(articleRow).toHaveCount(1);
});

test('[issue 34.1] a role created in 角色管理 is offered in the 角色 select of the 用户管理 tab opened before, without a reload', async ({
  page,
  context,
}) => {
  const roleName = uniq('多标签角色');
  const roleKey = uniq('tabrole');
  await tokenCookie(context, adminToken);
  await presetSettings(page, { layout: 'sidemenu', multiTab: true });

  // 用户管理 first: its 角色 choices are loaded (the new role is not among them yet).
  await page.goto('/admin/system/user');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('用户管理');
  await shown(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  let userForm = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await userForm.getByLabel('角色').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.filter({ hasText: '内容编辑' })).toBeVisible();
  await expect(options.filter({ hasText: roleName })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await userForm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(userForm).toBeHidden();

  // 角色管理 as a second tab: a new role.
  await openFromMenu(page, '角色管理');
  await shown(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  const roleForm = page.getByRole('dialog').filter({ hasText: '新增角色' });
  await roleForm.getByLabel('角色名称').fill(roleName);
  await roleForm.getByLabel('权限字符').fill(roleKey);
  await roleForm
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.role-menu-name', { hasText: /^留言板$/ }) })
    .locator('.ant-tree-checkbox')
    .click();
  await roleForm.getByRole('button', { name: /保\s*存|确\s*定|OK/ }).click();
  await expect(roleForm).toBeHidden();
  await expect(shown(page).locator('.ant-table-row').filter({ hasText: roleName })).toHaveCount(1);

  // Back to 用户管理: the new role is a choice, without a reload.
  await switchTo(page, '用户管理');
  await shown(page)
    .getByRole('button', { name: /新\s*增/ })
    .click();
  userForm = page.getByRole('dialog').filter({ hasText: '新增用户' });
  await userForm.getByLabel('角色').click();
  await expect(options.filter({ hasText: roleName })).toBeVisible();
});
