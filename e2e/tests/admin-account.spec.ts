import { expect, test } from '@playwright/test';
import { apiLogin, SEEDED } from '../support/site';
import { presetSettings, shellReady, toast, tokenCookie } from './admin-shell-helpers';

test('[UPLOAD-1][ROUTE-21] an avatar over 2 MB is refused with 图片大小限制 2MB! and never sent', async ({ page, context, request }) => {
  const token = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  await tokenCookie(context, token);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/system/user/profile/avatar')) sent.push(r.url());
  });
  await page.goto('/account/settings');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('个人设置');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.alloc(Math.round(2.1 * 1024 * 1024), 1) });
  await expect(toast(page, '图片大小限制 2MB!')).toBeVisible();
  expect(sent).toEqual([]);
});

for (const [layout, sideCollapsed, offset] of [
  ['sidemenu', true, 80],
  ['sidemenu', false, 256],
  ['topmenu', false, 256],
] as const) {
  test(`[SHELL-11] ${layout}, sider ${sideCollapsed ? 'collapsed' : 'expanded'}: the footer toolbar sits at the bottom of the window, ${offset} px from its left edge`, async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await tokenCookie(context, await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password));
    await presetSettings(page, { layout });
    await page.goto('/account/settings');
    await shellReady(page);
    // antd's sider opens itself above its breakpoint whatever was stored: collapse it as a user does.
    if (sideCollapsed) await page.getByRole('button', { name: '收起菜单' }).click();
    const bar = page.locator('.admin-footer-toolbar');
    await expect(bar.getByRole('button', { name: /保\s*存/ })).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect({ left: box.x, right: box.x + box.width, bottom: box.y + box.height }).toEqual({ left: offset, right: 1280, bottom: 800 });
  });
}

test('[ROUTE-21] /account/center shows the signed-in profile', async ({ page, context, request }) => {
  const token = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  await tokenCookie(context, token);
  await page.goto('/account/center');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('个人中心');
  await expect(page.getByText('editor', { exact: true })).toBeVisible();
  await expect(page.getByText('内容编辑').first()).toBeVisible();
});

test('[AUTH-6][AUTH-8] logout from the user menu asks first, clears the access_token cookie and lands on /index, then the login page', async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  await tokenCookie(context, token);
  await page.goto('/account/center');
  await shellReady(page);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定注销并退出系统吗？');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'access_token')).toBe(false);
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Findex|\/index$/);
  await expect(page).toHaveURL(/\/user\/login/);
});
