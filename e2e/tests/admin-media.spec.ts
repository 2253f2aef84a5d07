/**
 * 媒体库's own upload (issue 34.9): as in WordPress's media dialog, an image is added from the computer in the
 * library itself, through the site's upload with its checks, and is then chosen.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, SEEDED } from '../support/site';
import { shellReady, toast, tokenCookie } from './admin-shell-helpers';

/** A real 1x1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

test('[issue 34.9] 媒体库 uploads an image of its own: it is listed first and chosen; a file that is no image is refused with the server\u2019s reason', async ({
  page,
  context,
  request,
}) => {
  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/content/article');
  await shellReady(page);
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '新增文章' });
  await drawer.getByRole('button', { name: '从媒体库选择封面图' }).click();
  const library = page.getByRole('dialog', { name: '媒体库', exact: true });
  await expect(library.getByRole('button', { name: /上传图片/ })).toBeVisible();

  // Not an image, whatever its name says: the server refuses it and the library stays as it was.
  await library.locator('input[type=file]').setInputFiles({ name: '伪装.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(toast(page, '只能上传 JPG/PNG/GIF/WEBP 图片')).toBeVisible();
  await expect(library.getByRole('button', { name: '使用所选图片' })).toBeDisabled();

  const name = `媒体库上传${Date.now().toString(36)}.png`;
  const uploaded = page.waitForResponse((r) => r.url().includes('/common/upload') && r.request().method() === 'POST' && r.status() === 200);
  await library.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  const url = (await (await uploaded).json()).url as string;
  const item = library.getByRole('option').filter({ has: page.getByRole('img', { name }) });
  await expect(item).toHaveAttribute('aria-selected', 'true');
  await expect(library.getByRole('option').first()).toContainText(name);
  await library.getByRole('button', { name: '使用所选图片' }).click();
  await expect(drawer.getByRole('img', { name: '封面图预览' })).toHaveAttribute('src', url);
});
