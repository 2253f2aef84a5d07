/**
 * Issue 27.4: 登录日志. Sign-ins and their failures reach a page of the admin shell (as RuoYi's: user, address,
 * browser, outcome, time), for the 超级管理员; 操作日志 names a person's own password change.
 */
import { expect, test } from '@playwright/test';
import { API, apiLogin, captchaAnswer, SEEDED } from '../support/site';
import { shellReady, tokenCookie } from './admin-shell-helpers';

test('[ISSUE-27.4] a failed and a successful sign-in are listed in 登录日志 with address, browser, outcome and message', async ({
  page,
  context,
  request,
}) => {
  const name = `nobody${Date.now().toString(36)}`;
  const captcha = (await (await request.get(`${API}/captchaImage`)).json()) as { uuid: string };
  const failed = await (
    await request.post(`${API}/login`, {
      data: { username: name, password: 'wrong-pass', code: await captchaAnswer(request, captcha.uuid), uuid: captcha.uuid },
      headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36' },
    })
  ).json();
  expect(failed.msg).toBe('用户不存在/密码错误');

  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/system/logininfor');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('登录日志');
  // A page of the menu (TITLE-1: titled by its menu title).
  await expect(page).toHaveTitle(/^登录日志 - /);
  await page.getByLabel('用户名称').fill(name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('失败');
  await expect(row).toContainText('用户不存在/密码错误');
  await expect(row).toContainText('Chrome 120 / Windows');
  await expect(row.locator('td').nth(5)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  // The administrator's own sign-in (made above through the API) is there as a success.
  await page.getByLabel('用户名称').fill(SEEDED.admin.username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: '登录成功' }).first()).toContainText(SEEDED.admin.username);
});
