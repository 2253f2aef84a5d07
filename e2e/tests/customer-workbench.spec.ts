/**
 * Issue 19, "The signed-in customer": a customer signs in and gets their own workbench at /index (account, product
 * version, customer notices only, their documents, their messages with the staff's answers, the support link);
 * staff keep the staff workbench. Also the shell's spec details that show only on the composed site (TITLE-1,
 * CONST-1).
 */
import { expect, test } from '@playwright/test';
import { apiLogin, BASE, SEEDED, TEST_SUPPORT_URL } from '../support/site';
import { fillCredentials, openLogin, twoChars } from './account-helpers';
import { shellReady, tokenCookie } from './admin-shell-helpers';

const CUSTOMER = { username: '13800138000', password: 'customer123' };
const tag = String(Date.now() % 1_000_000);
/** 40 characters: the list shows the first 32 and an ellipsis (NOTICE-14, a Chinese character counting one). */
const CUSTOMER_NOTICE = `配电网故障智能诊断系统补丁发布暨客户专享远程巡检服务安排通知${tag}`.padEnd(40, '知');
const STAFF_NOTICE = `员工内部值班安排${tag}`;

const decode = (href: string) => {
  const info = new URL(href).searchParams.get('info') ?? '';
  return JSON.parse(Buffer.from(info.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
};

test.describe('customer workbench', () => {
  let adminToken = '';
  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
    const headers = { Authorization: `Bearer ${adminToken}` };
    for (const [noticeTitle, audience] of [
      [CUSTOMER_NOTICE, 'customer'],
      [STAFF_NOTICE, 'staff'],
    ]) {
      const r = await (
        await request.post(`${BASE}/system/notice`, {
          headers,
          data: { noticeTitle, noticeType: '1', audience, noticeContent: `<p>${noticeTitle}</p>`, status: '0' },
        })
      ).json();
      expect(r.code, JSON.stringify(r)).toBe(200);
    }
  });

  test('[ISSUE-19 customer][NOTICE-14][SUPPORT-1][SUPPORT-2] a customer signs in by password and sees their own workbench', async ({
    page,
    request,
  }) => {
    const uuid = await openLogin(page, '/user/login?redirect=%2Findex');
    await fillCredentials(page, request, uuid, CUSTOMER.username, CUSTOMER.password);
    await page.getByRole('button', { name: twoChars('登录') }).click();
    await expect(page).toHaveURL(/\/index(\/|$)/);
    await shellReady(page);

    // Their account: customer, product and version, the role in Chinese.
    const account = page.locator('.workbench-account');
    await expect(account).toContainText('南方某市供电局');
    await expect(account).toContainText('配电网故障智能诊断系统');
    await expect(account).toContainText('V2.6.1');
    await expect(account).toContainText('普通用户');
    await expect(page.getByText('ROLE_DEFAULT')).toHaveCount(0);
    await expect(page.getByText('没有查看访问统计的权限')).toHaveCount(0);
    await expect(page.getByText(/访问统计/)).toHaveCount(0);

    // Notices meant for customers only, titles cut at 32 characters.
    const notices = page.locator('.dashboard-notices');
    await expect(page.getByRole('heading', { name: '客户通知' })).toBeVisible();
    await expect(notices.getByText(`${Array.from(CUSTOMER_NOTICE).slice(0, 32).join('')}…`, { exact: true })).toBeVisible();
    await expect(notices.getByText(STAFF_NOTICE)).toHaveCount(0);

    // Their product's documents, downloadable.
    const docs = page.locator('.workbench-documents');
    await expect(docs.getByRole('link', { name: '配电网故障智能诊断系统用户手册' })).toBeVisible();
    await expect(docs.getByRole('link', { name: '新能源场站功率预测系统操作手册' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await docs.getByRole('button', { name: '下载 配电网故障智能诊断系统用户手册' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    // Their messages and the staff's answer; a way to write a new one.
    const answered = page.locator('.workbench-message').filter({ hasText: '故障诊断报告导出缺少录波波形图' });
    await expect(answered).toContainText('已处理');
    await expect(answered.locator('.workbench-message-reply')).toContainText('V2.6.2');
    // Issue 27.10: a form of its own that files the message under the account (customer-answers.spec.ts).
    await expect(page.getByRole('button', { name: /我要留言/ })).toBeVisible();

    // The support link: the configured page with name, phone, product version and customer name in base64.
    const support = page.getByRole('link', { name: /联系客服/ });
    const href = (await support.getAttribute('href')) ?? '';
    expect(href.startsWith(`${TEST_SUPPORT_URL}?info=`)).toBe(true);
    expect(decode(href)).toEqual({ userName: '13800138000', phone: '13800138000', productVersion: 'V2.6.1', customerName: '南方某市供电局' });
    await expect(support).toHaveAttribute('target', '_blank');
    // The header's 帮助与支持 carries the same.
    expect(decode((await page.getByRole('link', { name: '帮助与支持' }).getAttribute('href')) ?? '')).toEqual(decode(href));

    // The account centre names the role in Chinese too.
    await page.goto('/account/center');
    await shellReady(page);
    await expect(page.locator('.ant-descriptions').filter({ hasText: '所属角色' })).toContainText('普通用户');
  });

  test('[ISSUE-19 customer] staff keep the staff workbench: role in Chinese, staff notices, visit figures', async ({ page, context }) => {
    await tokenCookie(context, adminToken);
    await page.goto('/index');
    await shellReady(page);
    await expect(page.getByRole('heading', { name: '最新通知' })).toBeVisible();
    await expect(page.locator('.dashboard-roles')).toHaveText('超级管理员');
    await expect(page.getByRole('heading', { name: /访问统计/ })).toBeVisible();
    await expect(page.locator('.workbench-documents')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '客户通知' })).toHaveCount(0);
  });

  test('[TITLE-1][ISSUE-19 spec details] an admin page is titled by its menu title, not 管理后台', async ({ page, context }) => {
    await tokenCookie(context, adminToken);
    await page.goto('/admin/content/message-board');
    await shellReady(page);
    await expect(page).toHaveTitle(/^留言板 - .+/);
    await page.goto('/index');
    await shellReady(page);
    await expect(page).toHaveTitle(/^工作台 - .+/);
  });

  test('[CONST-1][ISSUE-19 spec details] the shell switches to its mobile layout at 550 px', async ({ page, context }) => {
    await tokenCookie(context, adminToken);
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/index');
    await shellReady(page);
    await expect(page.getByRole('button', { name: '打开菜单' })).toHaveCount(0);
    await page.setViewportSize({ width: 540, height: 800 });
    await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
  });
});
