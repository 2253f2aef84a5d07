/**
 * Issue 27.9 and 27.10, as a new customer and a staff member meet them: the workbench of a customer who just
 * registered holds what their account holds (no company, product, version or documents borrowed from the site) in a
 * frame without the staff's tools; 我要留言 files a message under the account; staff answer it in 留言板, the answer
 * goes out by SMS to the message's phone (the outbox on one machine) and shows in the customer's workbench.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, apiLogin, BASE, captchaAnswer, SEEDED, sendCodeByApi, smsCode } from '../support/site';
import { newPhone } from './account-helpers';
import { shellReady, toast, tokenCookie } from './admin-shell-helpers';

/** A customer registered through the API; the registration signs them in (issue 27.8): their token. */
async function newCustomer(request: APIRequestContext, phone: string, name: string): Promise<string> {
  const sent = await sendCodeByApi(request, phone, 'register');
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const created = await (await request.post(`${BASE}/bus/customer/create`, { params: { phone, name, code: await smsCode(request, phone) } })).json();
  expect(created.code, JSON.stringify(created)).toBe(200);
  return created.token as string;
}

/** The latest answer to a message sent by SMS to a phone, as the dev outbox keeps it. */
async function replySms(request: APIRequestContext, phone: string) {
  const r = await (await request.get(`${API}/dev/sms-outbox`, { params: { phone, purpose: 'reply' } })).json();
  return r.code === 200 ? (r.data.content as string) : null;
}

test('[ISSUE-19 customer][issue 27.9] a new customer’s workbench shows what the account holds, in a frame without the staff tools', async ({
  page,
  context,
  request,
}) => {
  await tokenCookie(context, await newCustomer(request, newPhone(), '周明'));
  await page.goto('/index');
  await shellReady(page);

  const account = page.locator('.workbench-account');
  await expect(account).toContainText('周明');
  // The registration asked for the person's name: it is not shown as the company.
  await expect(account.locator('.ant-descriptions-item').filter({ hasText: '客户名称' })).toContainText('未关联客户单位');
  await expect(account.locator('.ant-descriptions-item').filter({ hasText: '使用产品' })).toContainText('暂未关联产品');
  await expect(account.locator('.ant-descriptions-item').filter({ hasText: '产品版本' })).toContainText('暂无');
  await expect(account).not.toContainText('V3.2.0');
  const docs = page.locator('.workbench-documents');
  await expect(docs).toContainText('您的账户尚未关联产品，暂无产品文档，可在文档中心查看公开文档');
  await expect(docs.getByRole('link')).toHaveCount(0);
  await expect(page.locator('.workbench-messages')).toContainText('您还没有留言，点击“我要留言”向我们提问');

  // The customer's frame: their pages, help, the bell and their menu; none of the staff's tools.
  await expect(page.locator('.customer-layout')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /工作台/ })).toBeVisible();
  await expect(page.locator('.admin-multi-tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '页面设置' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '语言' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /全屏/ })).toHaveCount(0);
  await expect(page.locator('.admin-sider')).toHaveCount(0);
});

test('[ISSUE-19 customer][issue 27.9] a customer with a product sees that product’s documents first, and staff keep their frame', async ({
  page,
  context,
  request,
}) => {
  await tokenCookie(context, await apiLogin(request, '13800138000', 'customer123'));
  await page.goto('/index');
  await shellReady(page);
  const first = page.locator('.workbench-documents .ant-list-item').first();
  await expect(first).toContainText('配电网故障智能诊断系统用户手册');
  await expect(page.locator('.workbench-account')).toContainText('V2.6.1');

  await context.clearCookies();
  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/index');
  await shellReady(page);
  await expect(page.getByRole('button', { name: '页面设置' })).toBeVisible();
  await expect(page.locator('.admin-multi-tab')).toBeVisible();
  await expect(page.locator('.customer-layout')).toHaveCount(0);
});

test('[API-30][issue 27.10] 我要留言 files a message under the account; the staff’s answer goes out by SMS and shows in the workbench', async ({
  page,
  context,
  request,
}) => {
  const phone = newPhone();
  const customerToken = await newCustomer(request, phone, '吴昊');
  const title = `巡检时间 ${Date.now().toString(36)}`;

  // The customer writes from their workbench: no name, phone or captcha to type, the account says who they are.
  await tokenCookie(context, customerToken);
  await page.goto('/index');
  await shellReady(page);
  await page.getByRole('button', { name: /我要留言/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: '我要留言' });
  await expect(form).toContainText(`回复将显示在“我的留言”中，并以短信发送至 ${phone.slice(0, 3)}****${phone.slice(7)}。`);
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('留言内容').fill('下周的远程巡检能否改到周五？');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '留言成功')).toBeVisible();
  const mine = page.locator('.workbench-message').filter({ hasText: title });
  await expect(mine).toContainText('未处理');
  await expect(mine).toContainText('尚未回复，我们会尽快处理。');

  // Staff answer it in 留言板: told where the SMS goes, then that it went.
  await context.clearCookies();
  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/content/message-board');
  await shellReady(page);
  await page.locator('.message-search #title').fill(title);
  await page
    .locator('.message-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('吴昊');
  await expect(rows.first()).toContainText(phone);
  await rows
    .first()
    .getByRole('button', { name: /处\s*理/ })
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '处理留言' });
  await expect(dialog).toContainText(`新的回复将以短信发送至 ${phone}。`);
  await dialog.locator('#reply').fill('可以，已改到周五上午。');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功，回复已通过短信发送')).toBeVisible();
  expect(await replySms(request, phone)).toBe(`【华电智控】您的留言“${title}”已有回复：可以，已改到周五上午。`);

  // The customer reads the answer in their workbench.
  await context.clearCookies();
  await tokenCookie(context, customerToken);
  await page.goto('/index');
  await shellReady(page);
  await expect(mine).toContainText('已处理');
  await expect(mine.locator('.workbench-message-reply')).toContainText('可以，已改到周五上午。');
});

test('[API-30][issue 27.10] a visitor’s message without a phone: staff are told the answer was not sent by SMS, and why', async ({
  page,
  context,
  request,
}) => {
  const title = `无手机留言 ${Date.now().toString(36)}`;
  const c = await (await request.get(`${BASE}/captchaImage`)).json();
  const sent = await request.post(`${BASE}/api/message-board`, {
    data: { title, text: '请邮件回复。', nickname: '赵先生', email: 'zhao@example.com', captcha: await captchaAnswer(request, c.uuid), uuid: c.uuid },
  });
  expect((await sent.json()).code).toBe(200);

  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/content/message-board');
  await shellReady(page);
  await page.locator('.message-search #title').fill(title);
  await page
    .locator('.message-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: /处\s*理/ })
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '处理留言' });
  await expect(dialog).toContainText('该留言未留手机号，回复不会发送短信。');
  await dialog.locator('#reply').fill('已通过邮件回复您。');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功；留言未留手机号，回复未发短信')).toBeVisible();
  // The expanded row keeps saying it.
  await rows.first().locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.message-reply-sms')).toHaveText('（留言未留手机号，回复未发短信）');
});
