import { expect, test } from '@playwright/test';
import { BASE } from '../support/site';
import { cookie } from './account-helpers';

test.describe('messaging-app sign-in', () => {
  test('[WX-3][WX-4][AUTH-3] from a public page through the local authorisation page back to that page, signed in', async ({ page, context }) => {
    await page.goto('/about');
    // A full navigation from the page, as a link out of the app would do: the referrer is the page.
    const started = Date.now();
    await page.evaluate(() => window.location.assign('/toLogin'));
    await expect(page.getByText('正在跳转到微信授权…')).toBeVisible();
    expect((await cookie(context, 'reUrl'))?.value).toBe(`${BASE}/about`);

    await page.waitForURL(/\/bus\/wx\/oauth2\/local-authorize/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await page.getByRole('button', { name: '同意授权' }).click();

    await expect(page).toHaveURL(`${BASE}/about`);
    expect((await cookie(context, 'access_token'))?.value).toBeTruthy();
    expect((await cookie(context, 'openid'))?.value).toMatch(/^o_local_/);
    expect(await cookie(context, 'reUrl')).toBeUndefined();
  });

  test('[WX-3] /index is never remembered', async ({ page, context }) => {
    await context.addCookies([{ name: 'reUrl', value: `${BASE}/about`, url: BASE }]);
    await page.goto('/toLogin?redirect=%2Findex');
    await page.waitForURL(/\/bus\/wx\/oauth2\/local-authorize/);
    expect(await cookie(context, 'reUrl')).toBeUndefined();
  });

  test('[AUTH-3] an external reUrl is refused: lands on /index', async ({ page, context }) => {
    await page.goto('/toLogin');
    await page.waitForURL(/\/bus\/wx\/oauth2\/local-authorize/);
    await context.addCookies([{ name: 'reUrl', value: 'https://evil.example/', url: BASE }]);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(/\/index(\/|$)/);
    expect(page.url().startsWith(BASE)).toBe(true);
    expect((await cookie(context, 'access_token'))?.value).toBeTruthy();
    expect(await cookie(context, 'reUrl')).toBeUndefined();
  });

  test('/wxauth without a token: 微信授权失败 with a way back to login', async ({ page }) => {
    await page.goto('/wxauth');
    await expect(page.getByText('微信授权失败')).toBeVisible();
    await page.getByRole('link', { name: '返回登录' }).click();
    await expect(page).toHaveURL(/\/user\/login$/);
  });
});
