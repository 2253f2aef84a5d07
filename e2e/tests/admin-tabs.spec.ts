import { expect, test, type Page } from '@playwright/test';
import { apiLogin, SEEDED } from '../support/site';
import { presetSettings, shellReady, toast, tokenCookie } from './admin-shell-helpers';

let token = '';
test.beforeAll(async ({ request }) => {
  token = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
});
test.beforeEach(async ({ page, context }) => {
  await tokenCookie(context, token);
  // The side menu keeps every page one click away.
  await presetSettings(page, { layout: 'sidemenu' });
  await page.goto('/index');
  await shellReady(page);
});

const bar = (page: Page) => page.getByTestId('multi-tab');
const tabTitles = (page: Page) => bar(page).locator('.ant-tabs-tab .admin-tab-label').allInnerTexts();
const tab = (page: Page, title: string) => bar(page).locator('.ant-tabs-tab').filter({ hasText: title });

/** In-app navigation through the user menu (a page load would start a new tab bar). */
async function viaUserMenu(page: Page, item: '个人中心' | '个人设置') {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: item }).click();
  await expect(page.locator('h1')).toHaveText(item);
}

async function barAction(page: Page, action: string) {
  await bar(page).getByRole('button', { name: '标签操作' }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: action }).click();
}

test('[TAB-2][TAB-3][TAB-4] the last tab cannot be closed; nothing on the left or right says so', async ({ page }) => {
  expect(await tabTitles(page)).toEqual(['工作台']);
  await tab(page, '工作台')
    .getByRole('button', { name: /remove|关闭/i })
    .click();
  await expect(toast(page, '这是最后一个标签了, 无法被关闭')).toBeVisible();
  await barAction(page, '关闭左侧');
  await expect(toast(page, '左侧没有标签')).toBeVisible();
  await barAction(page, '关闭右侧');
  await expect(toast(page, '右侧没有标签')).toBeVisible();
  await barAction(page, '关闭全部');
  await expect(toast(page, '这是最后一个标签了, 无法被关闭').first()).toBeVisible();
  expect(await tabTitles(page)).toEqual(['工作台']);
});

test('[TAB-1] close right, close left, close current and close all', async ({ page }) => {
  await viaUserMenu(page, '个人中心');
  await viaUserMenu(page, '个人设置');
  expect(await tabTitles(page)).toEqual(['工作台', '个人中心', '个人设置']);
  await tab(page, '个人中心').click();
  await expect(page.locator('h1')).toHaveText('个人中心');
  await barAction(page, '关闭右侧');
  await expect.poll(() => tabTitles(page)).toEqual(['工作台', '个人中心']);
  await barAction(page, '关闭左侧');
  await expect.poll(() => tabTitles(page)).toEqual(['个人中心']);
  await viaUserMenu(page, '个人设置');
  await barAction(page, '关闭当前');
  await expect.poll(() => tabTitles(page)).toEqual(['个人中心']);
  await expect(page.locator('h1')).toHaveText('个人中心');
  await viaUserMenu(page, '个人设置');
  await page.locator('.admin-sider').getByRole('link', { name: '工作台' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['个人中心', '个人设置', '工作台']);
  // Each tab also has the four actions in its context menu.
  await tab(page, '个人设置').locator('.admin-tab-label').click({ button: 'right' });
  const ctx = page.locator('.ant-dropdown:visible');
  await expect(ctx.getByRole('menuitem')).toHaveText(['关闭当前', '关闭右侧', '关闭左侧', '关闭全部']);
  await page.keyboard.press('Escape');
  // The context menu fades out: until it has, the bar's own menu would open beside it and two 关闭全部 show.
  await expect(ctx).toHaveCount(0);
  await tab(page, '个人设置').click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await barAction(page, '关闭全部');
  await expect.poll(() => tabTitles(page)).toEqual(['个人设置']);
  await expect(page.locator('h1')).toHaveText('个人设置');
});

test('[TAB-5][TAB-6] a kept-alive page keeps typed input while its tab is open and loses it after close and reopen', async ({ page }) => {
  await viaUserMenu(page, '个人设置');
  const nick = page.getByLabel('昵称');
  await expect(nick).not.toHaveValue('');
  const original = await nick.inputValue();
  const typed = `保留输入${Date.now() % 10000}`;
  await nick.fill(typed);
  await tab(page, '工作台').click();
  await expect(page.locator('h1')).toHaveText('工作台');
  await expect(nick).toBeHidden();
  await tab(page, '个人设置').click();
  await expect(page.locator('h1')).toHaveText('个人设置');
  await expect(nick).toHaveValue(typed);
  // Close the tab: its cached view goes; reopening starts fresh from the server's value.
  await tab(page, '个人设置')
    .getByRole('button', { name: /remove|关闭/i })
    .click();
  await expect.poll(() => tabTitles(page)).toEqual(['工作台']);
  await viaUserMenu(page, '个人设置');
  await expect(page.getByLabel('昵称')).toHaveValue(original);
});
