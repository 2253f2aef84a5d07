/**
 * 访问统计 (issue 18.5): public pages visited in a browser reach the admin's analytics page by their title, with
 * the charts drawn by ECharts (loaded only by that page), and the export downloads a CSV of the same figures.
 */
import fs from 'fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, BASE, SEEDED } from '../support/site';
import { shellReady, tokenCookie } from './admin-shell-helpers';

const NEWS_CHANNEL = 12;
const echartsRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/echarts|visit-charts/.test(r.url())) seen.push(r.url());
  });
  return seen;
};

test('[ISSUE-18.5] pages a visitor opened are listed by title, charted, and exported; ECharts loads only with this page', async ({
  browser,
  request,
}) => {
  // The oldest news item: the page other specs are least likely to push out of the ranking.
  const news = (await (await request.get(`${BASE}/api/article`, { params: { channelId: NEWS_CHANNEL, limit: 100 } })).json()) as {
    id: number;
    title: string;
  }[];
  const article = news[news.length - 1];
  const channel = (await (await request.get(`${BASE}/api/channel/${NEWS_CHANNEL}`)).json()) as { name: string };

  // A visitor opens the article (twice), the news list and the about page: a full page load each, one record each.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  for (const path of [`/newsDetail?id=${article.id}`, `/newsDetail?id=${article.id}`, '/news', '/about']) {
    const recorded = v.waitForResponse((r) => new URL(r.url()).pathname === '/api/visit/1' && r.request().method() === 'POST');
    await v.goto(path);
    expect((await recorded).status()).toBe(200);
  }
  await visitor.close();

  const admin = await browser.newContext({ acceptDownloads: true });
  await tokenCookie(admin, await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password));
  const page = await admin.newPage();
  const loaded = echartsRequests(page);

  // The dashboard (and its visit card) does not download the charting library.
  await page.goto('/index');
  await shellReady(page);
  await expect(page.getByText('热门页面')).toBeVisible();
  expect(loaded).toEqual([]);

  await page.goto('/admin/content/visits');
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('访问统计');
  const top = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '热门页面' }) });
  await expect(top.getByText(article.title, { exact: true })).toBeVisible();
  await expect(top.getByText(channel.name, { exact: true })).toBeVisible();
  await expect(top.getByText('关于我们', { exact: true })).toBeVisible();
  await expect(top.getByText(`/newsDetail?id=${article.id}`)).toHaveCount(0); // titles, not raw addresses
  const entries = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '入口页面' }) });
  await expect(entries.getByText(article.title, { exact: true })).toBeVisible();
  const sources = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '来源' }) });
  await expect(sources.getByText('直接访问', { exact: true })).toBeVisible();

  // The two charts are drawn (SVG renderer), with the series of today in them.
  const lines = page.getByRole('img', { name: /^每日浏览量与访客数，/ });
  await expect(lines.locator('svg path').first()).toBeAttached();
  await expect(lines.locator('svg')).toContainText('浏览量');
  await expect(page.getByRole('img', { name: /^新老访客，/ }).locator('svg')).toContainText('新访客');
  // ECharts comes inside the charts' own chunk (a page's chunk holds what it uses, issue 25).
  expect(loaded.some((u) => /\/visit-charts\.[0-9a-f]+\.js$/.test(u))).toBe(true);

  // Another range: the 30-day preset asks the server again and keeps the page's titles.
  const asked = page.waitForRequest((r) => r.url().includes('/system/visit/analytics'));
  await page.getByText('近 30 天').click();
  const range = new URL((await asked).url()).searchParams;
  expect(Number(new Date(range.get('endDate')!)) - Number(new Date(range.get('beginDate')!))).toBe(29 * 86_400_000);
  await expect(top.getByText(article.title, { exact: true })).toBeVisible();

  // Export: a CSV of the same range, with the pages by title.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`访问统计_${range.get('beginDate')}_${range.get('endDate')}.csv`);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF访问统计,')).toBe(true);
  expect(csv).toContain(`\r\n${article.title},/newsDetail?id=${article.id},`);
  await admin.close();
});

test('[ISSUE-18.5][ISSUE-18.6] the editor reads the figures without the export button; the server refuses the export', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  const context = await browser.newContext();
  await tokenCookie(context, token);
  const page = await context.newPage();
  await page.goto('/admin/content/visits');
  await shellReady(page);
  await expect(page.getByText('浏览量 PV', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^每日浏览量与访客数/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /导\s*出/ })).toHaveCount(0);
  const refused = await request.post(`${BASE}/system/visit/export`, {
    headers: { Authorization: `Bearer ${token}` },
    form: { beginDate: '2024-01-01', endDate: '2024-01-07' },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});
