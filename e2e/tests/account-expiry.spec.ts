import { expect, test } from '@playwright/test';
import { BASE, useToken } from '../support/site';
import { cookie, wxTokenByApi } from './account-helpers';

test('[AUTH-9][AUTH-10][AUTH-11][HTTP-6] a token revoked on the server gives exactly one expiry notification', async ({ page, request, context }) => {
  const token = await wxTokenByApi(request);
  const revoked = await request.delete(`${BASE}/logout`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await revoked.json()).code).toBe(200);
  await useToken(page, token);

  let unauthorised = 0;
  page.on('response', (r) => {
    if (r.url().startsWith(BASE) && r.status() === 401) unauthorised += 1;
  });
  // /wxauth with that cookie makes two calls at once: the host's start-up user load and the page's own.
  await page.goto('/wxauth');
  const notice = page.getByRole('dialog').filter({ hasText: '登录状态已过期' });
  await expect(notice).toHaveCount(1);
  await expect.poll(() => unauthorised).toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
  await expect(notice).toHaveCount(1);
  await expect(page.getByText('微信授权失败')).toBeVisible();

  // Confirming it signs out and goes to /index (the guard then asks to sign in); the flag resets on close.
  await notice.getByRole('button', { name: '重新登录' }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(async () => (await cookie(context, 'access_token'))?.value ?? null).toBeNull();
  await expect(page).toHaveURL(/\/index$|\/user\/login\?redirect=%2Findex$/);
});
