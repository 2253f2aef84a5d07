/**
 * Issue 18.4: staff handle the 留言板 in the admin shell. A visitor leaves a message; staff find it by search, reply
 * and mark it 已处理, export the filtered rows as a spreadsheet, and delete it.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin, BASE, captchaAnswer, SEEDED } from '../support/site';
import { shellReady, toast, tokenCookie } from './admin-shell-helpers';

test('[ISSUE-18.4] a visitor’s message is found by search, answered and marked 已处理, exported and deleted', async ({ page, context, request }) => {
  const title = `合作咨询 ${Date.now().toString(36)}`;
  const c = await (await request.get(`${BASE}/captchaImage`)).json();
  const sent = await request.post(`${BASE}/api/message-board`, {
    data: {
      title,
      text: '希望了解风险管控平台的报价。',
      nickname: '李女士',
      phone: '13912345678',
      captcha: await captchaAnswer(request, c.uuid),
      uuid: c.uuid,
    },
  });
  expect((await sent.json()).code).toBe(200);

  await tokenCookie(context, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  await page.goto('/admin/content/message-board');
  await shellReady(page);
  const form = page.locator('.message-search');
  await form.locator('#title').fill(title);
  await form.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('未处理');

  await rows
    .first()
    .getByRole('button', { name: /处\s*理/ })
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '处理留言' });
  await dialog.locator('#reply').fill('您好，销售经理将在一个工作日内与您联系。');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(rows.first()).toContainText('已处理');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator('.message-actions')
      .getByRole('button', { name: /导\s*出/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^留言板_\d{8}\.csv$/);
  const csv = await fs.promises.readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"${title}","希望了解风险管控平台的报价。","李女士"`);
  expect(lines[1]).toContain('"已处理","您好，销售经理将在一个工作日内与您联系。","admin"');

  await rows.first().locator('.ant-checkbox-input').check();
  await page
    .locator('.message-actions')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByText('暂无留言')).toBeVisible();
});
