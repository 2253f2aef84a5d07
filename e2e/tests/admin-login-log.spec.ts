/**
 * Issue 27.4: 登录日志. Sign-ins and their failures reach a page of the admin shell (as RuoYi's: user, address,
 * browser, outcome, time), for the 超级管理员; 操作日志 names a person's own password change.
 */
import { expect, test } from '@playwright/test';
import { API, apiLogin, captchaAnswer, pow, SEEDED } from '../support/site';
import { shellReady, tokenCookie } from './admin-shell-helpers';

test('[ISSUE-27.4][issue 34.8] a failed and a successful sign-in are listed in 登录日志 with address, browser, outcome and message; a name that is no account is never stored as typed', async ({
  page,
  context,
  request,
}) => {
  const adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  // A staff account of this test's own (a wrong password counts against the account it names).
  const name = `logtest${Date.now().toString(36)}`;
  const created = await (
    await request.post(`${API}/system/user`, {
      data: { userName: name, nickName: name, roles: ['editor'], password: 'First#2026' },
      headers: { Authorization: `Bearer ${adminToken}` },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  const signIn = async (username: string) => {
    const captcha = (await (await request.get(`${API}/captchaImage`)).json()) as { uuid: string };
    return (
      await request.post(`${API}/login`, {
        data: {
          username,
          password: 'wrong-pass',
          code: await captchaAnswer(request, captcha.uuid),
          uuid: captcha.uuid,
          pow: await pow(request, 'login', API),
        },
        headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36' },
      })
    ).json();
  };
  expect((await signIn(name)).msg).toBe('用户不存在/密码错误');
  // What someone typed into the name field (a password, say) when it names no account.
  const typed = `nobody${Date.now().toString(36)}`;
  expect((await signIn(typed)).msg).toBe('用户不存在/密码错误');

  await tokenCookie(context, adminToken);
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
  await expect(row.locator('td').last()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  // The name that is no account is not in the log; its attempt is, as 未知用户.
  await page.getByLabel('用户名称').fill(typed);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('暂无登录记录')).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(0);
  await page.getByLabel('用户名称').fill('未知用户');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: '用户不存在/密码错误' }).first()).toContainText('未知用户');

  // The administrator's own sign-in (made above through the API) is there as a success.
  await page.getByLabel('用户名称').fill(SEEDED.admin.username);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: '登录成功' }).first()).toContainText(SEEDED.admin.username);
});
