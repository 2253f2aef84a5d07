/**
 * Issue 45.3 (back-office details, part B): the sign-in a registration gives is in 登录日志, and each row says how
 * the person came in (登录方式), on the running site: the API writes it, the admin shell shows and filters it.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, BASE, freshPhone, SEEDED, sendCodeByApi, smsCode } from '../support/site';
import { shellReady, tokenCookie } from './admin-shell-helpers';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

test('[issue 45.3] a customer’s automatic sign-in after 注册 is in 登录日志 with 登录方式 注册; an SMS sign-in says 短信, a password one 密码', async ({
  page,
  context,
  request,
}) => {
  const phone = freshPhone();
  expect((await sendCodeByApi(request, phone, 'register')).code).toBe(200);
  const created = await (
    await request.post(`${BASE}/bus/customer/create`, {
      params: { phone, name: '登录方式测试', code: await smsCode(request, phone) },
      headers: { 'User-Agent': UA },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  // The same customer later signs in with a code sent to the phone.
  expect((await sendCodeByApi(request, phone, 'login')).code).toBe(200);
  const sms = await (await request.post(`${BASE}/loginNoPassword`, { data: { phone, code: await smsCode(request, phone) } })).json();
  expect(sms.code, JSON.stringify(sms)).toBe(200);

  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/system/logininfor');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('登录日志');
  await expect(page.locator('.ant-table-thead th').filter({ hasText: '登录方式' })).toHaveCount(1);
  await page.getByLabel('用户名称').fill(phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  // Newest first: the SMS sign-in, then the registration's.
  await expect(rows.nth(0)).toContainText('短信');
  await expect(rows.nth(0)).toContainText('登录成功');
  const registered = rows.nth(1);
  await expect(registered).toContainText('注册');
  await expect(registered).toContainText('注册成功');
  await expect(registered).toContainText('成功');
  await expect(registered).toContainText('Chrome 120 / Windows');

  // 登录方式 as a filter: only the registration's row for this phone.
  await page.getByRole('combobox', { name: '登录方式' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^注册$/ })
    .click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('注册成功');

  // The administrator's own sign-in (through the API above) says 密码.
  await page.getByLabel('用户名称').fill(SEEDED.admin.username);
  await page.getByRole('combobox', { name: '登录方式' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^密码$/ })
    .click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(rows.first()).toContainText('登录成功');
  await expect(rows.first()).toContainText('密码');
});
