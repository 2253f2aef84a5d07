import { expect, test } from '@playwright/test';
import { apiLogin, SEEDED } from '../support/site';
import { shellReady, toast, tokenCookie } from './admin-shell-helpers';

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
