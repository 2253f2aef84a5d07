/**
 * Issue 34.5: customers belong to a company and use products. Staff set a customer's company and product in 客户管理;
 * the customer then sees them on the workbench, with the product's document first, and in 个人中心; 留言板 marks the
 * customer's message 客户 · <单位>.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, BASE, SEEDED, sendCodeByApi, smsCode } from '../support/site';
import { newPhone } from './account-helpers';
import { shellReady, toast, tokenCookie } from './admin-shell-helpers';

const PRODUCT = '配电网故障智能诊断系统';

/** A newly registered customer (no company, no product): their token. */
async function newCustomer(request: APIRequestContext, phone: string, name: string): Promise<string> {
  const sent = await sendCodeByApi(request, phone, 'register');
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const created = await (await request.post(`${BASE}/bus/customer/create`, { params: { phone, name, code: await smsCode(request, phone) } })).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  return created.token as string;
}

test('[issue 34.5] [issue 45.3] staff set a customer’s company and product, its version picked from the known ones, in 客户管理; the customer sees them on the workbench with the product’s document first, and in 个人中心; 留言板 marks their message 客户 · <单位>', async ({
  page,
  browser,
  request,
}) => {
  const phone = newPhone();
  const company = `华东某市供电公司${String(Date.now() % 1_000_000)}`;
  const customerToken = await newCustomer(request, phone, '周明');

  // 客户管理: find the customer, 查看, 单位与产品.
  await tokenCookie(page.context(), await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/system/customer');
  await shellReady(page);
  await page.getByLabel('关键字').fill(phone);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: phone });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const detail = page.locator('.ant-drawer').filter({ hasText: '客户详情' });
  await expect(detail.locator('tr').filter({ hasText: '所属单位' })).toContainText('未关联');
  await detail.getByRole('button', { name: '单位与产品' }).click();

  const form = page.locator('.ant-modal').filter({ hasText: '设置单位与产品：周明' });
  await expect(form).toBeVisible();
  // A company nobody has yet: typed and created by its name.
  await form.getByRole('combobox', { name: '客户单位' }).fill(company);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: `新建单位“${company}”` })
    .click();
  await form.getByRole('button', { name: /添加产品/ }).click();
  await form.getByRole('combobox', { name: '产品 1', exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: PRODUCT }).first().click();
  // The version is picked from the product's known versions (issue 45.3): the product centre's and the seeded
  // company's. One it does not know is refused by the server's rule, or offered as new once it passes.
  const version = form.getByRole('combobox', { name: '产品 1 版本' });
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await version.click();
  // In order, newest first (a rerun on the same data also knows this test's V2.7.0 between them).
  await expect(dropdown.locator('.ant-select-item-option')).toContainText(['V4.1.2', 'V2.6.1']);
  await version.fill('V2.7<b>');
  await expect(dropdown.locator('.ant-select-item-empty')).toHaveText('产品版本只能包含文字、数字、空格和 . _ - + ( )');
  await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(0);
  await version.fill('V2.7.0');
  await dropdown.locator('.ant-select-item-option').filter({ hasText: '新增版本“V2.7.0”' }).click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(detail.locator('tr').filter({ hasText: '所属单位' })).toContainText(company);
  await expect(detail.locator('tr').filter({ hasText: '使用产品' })).toContainText(`${PRODUCT} V2.7.0`);
  // The open list shows it too, without 查询 being pressed.
  await expect(row).toContainText(company);

  // The customer signs in: the workbench names the company, the product and its version, the product's document first.
  const context = await browser.newContext();
  try {
    await tokenCookie(context, customerToken);
    const mine = await context.newPage();
    await mine.goto('/index');
    await shellReady(mine);
    const account = mine.locator('.workbench-account');
    await expect(account.locator('.ant-descriptions-item').filter({ hasText: '客户名称' })).toContainText(company);
    await expect(account.getByRole('link', { name: PRODUCT })).toBeVisible();
    await expect(account.locator('.ant-descriptions-item').filter({ hasText: '产品版本' })).toContainText('V2.7.0');
    await expect(account).not.toContainText('未关联客户单位');
    await expect(account).not.toContainText('暂未关联产品');
    const docs = mine.locator('.workbench-documents .ant-list-item');
    await expect(docs.first()).toBeVisible();
    await expect(docs.first().getByRole('link')).toHaveText(new RegExp(`^${PRODUCT}`));

    // 个人中心: company and product instead of 所属岗位.
    await mine.goto('/account/center');
    await shellReady(mine);
    await expect(mine.locator('.ant-descriptions-item').filter({ hasText: '客户单位' })).toContainText(company);
    await expect(mine.locator('.ant-descriptions-item').filter({ hasText: '使用产品' })).toContainText(`${PRODUCT} V2.7.0`);
    await expect(mine.getByText('所属岗位')).toHaveCount(0);
  } finally {
    await context.close();
  }

  // 留言板: the customer's message says it came from a customer account of that company.
  const title = `升级到 V2.7.0 后的巡检问题${String(Date.now() % 1_000_000)}`;
  const posted = await (
    await request.post(`${BASE}/system/message-board/mine`, {
      headers: { Authorization: `Bearer ${customerToken}` },
      data: { title, text: '升级后巡检报告缺少签名栏。' },
    })
  ).json();
  expect(posted.code, JSON.stringify(posted)).toBe(200);
  await page.goto('/admin/content/message-board');
  await shellReady(page);
  const search = page.locator('.message-search');
  await search.locator('#title').fill(title);
  await search.getByRole('button', { name: /查\s*询/ }).click();
  const message = page.locator('.ant-table-row').filter({ hasText: title });
  await expect(message).toHaveCount(1);
  await expect(message.locator('.message-customer')).toHaveText(`客户 · ${company}`);
});
