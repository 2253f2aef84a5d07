import { expect, test, type Page } from '@playwright/test';
import { apiLogin, SEEDED } from '../support/site';
import { chooseSetting, openSettings, presetSettings, shellReady, storedSettings, toast, tokenCookie } from './admin-shell-helpers';

let token = '';
test.beforeAll(async ({ request }) => {
  token = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
});
test.beforeEach(async ({ context }) => {
  await tokenCookie(context, token);
});

async function start(page: Page, preset?: Record<string, unknown>) {
  if (preset) await presetSettings(page, preset);
  await page.goto('/index');
  await shellReady(page);
}

async function reload(page: Page) {
  await page.reload();
  await shellReady(page);
}

const layout = (page: Page) => page.locator('.admin-layout').first();
const drawer = (page: Page) => page.locator('.admin-settings-drawer');

test('[SET-14][SET-17][SET-18][SET-19][SET-20][SET-22][SET-23][SET-24][SET-25][SET-26][SET-27] defaults: light, topmenu, fluid, fixed header, multi-tab, middle tables, footer, #4285F4', async ({
  page,
}) => {
  await start(page);
  await expect(layout(page)).toHaveAttribute('data-theme', 'light');
  await expect(layout(page)).toHaveAttribute('data-layout', 'topmenu');
  await expect(layout(page)).toHaveAttribute('data-content-width', 'Fluid');
  await expect(page.locator('.admin-header .ant-menu-horizontal')).toBeVisible();
  await expect(page.locator('.admin-sider')).toHaveCount(0);
  expect(await page.locator('.admin-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  await expect(page.getByTestId('multi-tab')).toBeVisible();
  await expect(page.locator('.admin-footer')).toContainText('Copyright');
  await expect(page.locator('.visit-figures .ant-table-medium').first()).toBeVisible();
  await expect(page.locator('.ant-table-bordered')).toHaveCount(0);
  expect(await layout(page).evaluate((el) => getComputedStyle(el).filter)).toBe('none');
  expect(await layout(page).evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-color-primary').trim().toLowerCase())).toBe('#4285f4');
  await openSettings(page);
  await expect(drawer(page).getByRole('switch', { name: '固定侧边菜单' })).toBeDisabled();
});

test('[SET-1][SET-15] theme dark applies the dark algorithm and survives a reload', async ({ page }) => {
  await start(page);
  await openSettings(page);
  await drawer(page).getByText('暗色风格').click();
  await expect(layout(page)).toHaveAttribute('data-theme', 'dark');
  const bg = () => page.locator('.admin-header').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await bg()).toBe('rgb(20, 20, 20)');
  expect((await storedSettings(page)).theme).toBe('dark');
  await reload(page);
  await expect(layout(page)).toHaveAttribute('data-theme', 'dark');
  expect(await bg()).toBe('rgb(20, 20, 20)');
});

test('[SET-2][SET-16][SET-28] a preset colour becomes the primary colour with the switching message, and survives a reload', async ({ page }) => {
  await start(page);
  await openSettings(page);
  // The 8 presets (plain dark + 7 colours, each light and dark) and the default: 16 swatches in two rows.
  await expect(drawer(page).locator('.admin-swatch')).toHaveCount(16);
  await expect(drawer(page).getByRole('radiogroup', { name: '暗色主题色' }).locator('.admin-swatch')).toHaveCount(8);
  // SET-16: the message is on screen until the colour has changed (which may be one frame), then it goes.
  await page.evaluate(() => {
    const w = window as unknown as { __switching: string[] };
    w.__switching = [];
    const colour = () => getComputedStyle(document.querySelector('.admin-layout')!).getPropertyValue('--ant-color-primary').trim().toLowerCase();
    new MutationObserver(() => {
      if (document.querySelector('[role="status"].admin-theme-switching')?.textContent?.includes('正在切换主题！')) w.__switching.push(colour());
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await drawer(page).getByRole('radio', { name: '酱紫 #722ED1', exact: true }).click();
  const primary = () => layout(page).evaluate((el) => getComputedStyle(el).getPropertyValue('--ant-color-primary').trim().toLowerCase());
  await expect.poll(primary).toBe('#722ed1');
  // It was shown, and it is gone once the new colour is on screen (no fixed delay).
  const seen = await page.evaluate(() => (window as unknown as { __switching: string[] }).__switching);
  expect(seen.length).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: '正在切换主题！' })).toHaveCount(0);
  await reload(page);
  await expect.poll(primary).toBe('#722ed1');
});

test('[SET-3][SET-4][SET-6][SET-9] sidemenu layout shows the sider, enables fixed sidebar, disables fixed width; survives a reload', async ({
  page,
}) => {
  await start(page);
  await openSettings(page);
  await drawer(page).getByText('侧边菜单布局').click();
  await expect(page.locator('.admin-sider')).toBeVisible();
  await expect(layout(page)).toHaveAttribute('data-layout', 'sidemenu');
  await expect(drawer(page).getByRole('switch', { name: '固定侧边菜单' })).toBeEnabled();
  expect(await page.locator('.admin-sider').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  // Fixed content width is offered only with the top menu.
  await drawer(page).getByRole('combobox', { name: '内容区域宽度' }).click();
  await expect(page.locator('.ant-select-item-option').filter({ hasText: '固定' })).toHaveClass(/ant-select-item-option-disabled/);
  await page.keyboard.press('Escape');
  // Fixed sidebar off.
  await drawer(page).getByRole('switch', { name: '固定侧边菜单' }).click();
  await expect.poll(() => page.locator('.admin-sider').evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');
  await reload(page);
  await expect(page.locator('.admin-sider')).toBeVisible();
  expect(await page.locator('.admin-sider').evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');
  expect(await storedSettings(page)).toMatchObject({ layout: 'sidemenu', fixedSidebar: false });
});

test('[SET-4][SET-19] fixed content width in topmenu limits the content to 1200 px and survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1500, height: 800 });
  await start(page);
  await openSettings(page);
  await chooseSetting(page, '内容区域宽度', '固定', 'contentWidth', 'Fixed');
  const maxWidth = () => page.locator('.admin-content-inner').evaluate((el) => getComputedStyle(el).maxWidth);
  await expect.poll(maxWidth).toBe('1200px');
  await reload(page);
  await expect(layout(page)).toHaveAttribute('data-content-width', 'Fixed');
  expect(await maxWidth()).toBe('1200px');
});

test('[SET-5][SET-7][SET-8] fixed header off, footer hidden, multi-tab off: each shows on the page and survives a reload', async ({ page }) => {
  await start(page);
  await openSettings(page);
  await drawer(page).getByRole('switch', { name: '固定 Header' }).click();
  await drawer(page).getByRole('switch', { name: '隐藏页脚' }).click();
  await drawer(page).getByRole('switch', { name: '多页签模式' }).click();
  const headerPos = () => page.locator('.admin-header').evaluate((el) => getComputedStyle(el).position);
  await expect.poll(headerPos).toBe('relative');
  await expect(page.locator('.admin-footer')).toHaveCount(0);
  await expect(page.getByTestId('multi-tab')).toHaveCount(0);
  await reload(page);
  expect(await headerPos()).toBe('relative');
  await expect(page.locator('.admin-footer')).toHaveCount(0);
  await expect(page.getByTestId('multi-tab')).toHaveCount(0);
});

test('[SET-9][SET-10] table size and borders reach the tables of the shell and survive a reload', async ({ page }) => {
  await start(page);
  await expect(page.locator('.visit-figures .ant-table').first()).toBeVisible();
  await openSettings(page);
  await chooseSetting(page, '表格尺寸', '紧凑', 'tableSize', 'small');
  await drawer(page).getByRole('switch', { name: '表格边框' }).click();
  await expect(page.locator('.visit-figures .ant-table-small')).toHaveCount(2);
  await expect(page.locator('.visit-figures .ant-table-bordered')).toHaveCount(2);
  await reload(page);
  await expect(page.locator('.visit-figures .ant-table-small')).toHaveCount(2);
  await expect(page.locator('.visit-figures .ant-table-bordered')).toHaveCount(2);
  await openSettings(page);
  await chooseSetting(page, '表格尺寸', '默认', 'tableSize', 'default');
  await expect(page.locator('.visit-figures .ant-table-small')).toHaveCount(0);
  await expect(page.locator('.visit-figures .ant-table-medium')).toHaveCount(0);
  expect((await storedSettings(page)).tableSize).toBe('default');
});

test('[SET-11] colour-weak mode filters the shell and survives a reload', async ({ page }) => {
  await start(page);
  await openSettings(page);
  await drawer(page).getByRole('switch', { name: '色弱模式' }).click();
  const filter = () => layout(page).evaluate((el) => getComputedStyle(el).filter);
  await expect.poll(filter).toBe('invert(0.8)');
  await reload(page);
  expect(await filter()).toBe('invert(0.8)');
});

test('[SET-12][SET-13] 拷贝设置 puts the settings with the company name on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await start(page, { theme: 'dark' });
  await openSettings(page);
  await drawer(page).getByRole('button', { name: '拷贝设置' }).click();
  await expect(toast(page, '拷贝成功')).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const data = JSON.parse(text);
  expect(data.company).toBe('华电智控科技有限公司');
  expect(data).toMatchObject({ theme: 'dark', layout: 'topmenu', tableSize: 'middle' });
});

test('[LANG-2] the language selector lists zh-CN and a disabled en-US, and keeps lang=zh-CN in a cookie', async ({ page, context }) => {
  await start(page);
  await page.getByRole('button', { name: '语言' }).click();
  await expect(page.getByRole('menuitem', { name: '简体中文' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  const lang = (await context.cookies()).find((c) => c.name === 'lang');
  expect(lang?.value).toBe('zh-CN');
});

test('[SHELL-7] the full-screen toggle warns 你的浏览器不支持全屏 when the browser cannot', async ({ page }) => {
  await page.addInitScript(() => {
    for (const name of ['fullscreenEnabled', 'webkitFullscreenEnabled']) {
      Object.defineProperty(Document.prototype, name, { get: () => false, configurable: true });
    }
  });
  await start(page);
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(toast(page, '你的浏览器不支持全屏')).toBeVisible();
});

test('[SHELL-9] on a phone the menu is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await start(page);
  await expect(page.locator('.admin-header .ant-menu-horizontal')).toHaveCount(0);
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(page.locator('.admin-menu-drawer').getByRole('link', { name: '工作台' })).toBeVisible();
});
