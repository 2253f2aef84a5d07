/**
 * Issue 27.3 and 27.5 in the admin shell: an article's 记录 compares two versions and restores one (the public page
 * shows the restored text); 回收站 restores a deleted article and purges another for good, for those who may delete
 * articles only; the editor's link dialog (新窗口打开, only in-site or http(s) addresses), tables, 媒体库 and the
 * SEO title and keywords reach the stored article.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, BASE, SEEDED } from '../support/site';
import { twoChars } from './account-helpers';
import { choose, shellReady, tokenCookie, toast } from './admin-shell-helpers';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const NEWS = 12;
const ARTICLES = '/admin/content/article';
const RECYCLE = '/admin/content/article-recycle';

let adminToken = '';
let editorToken = '';
test.beforeAll(async ({ request }) => {
  adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
  editorToken = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
async function createArticle(request: APIRequestContext, title: string, text: string) {
  const r = await request.post(`${BASE}/system/article`, { headers: auth(adminToken), data: { channelId: NEWS, title, text, status: 0 } });
  return (await r.json()).data as { id: number; version: number };
}
async function articleRow(page: Page, title: string) {
  await page.goto(ARTICLES);
  await shellReady(page);
  await page.locator('#title').fill(title);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}
const confirmWith = (page: Page, label: string | RegExp) => page.getByRole('tooltip').getByRole('button', { name: label }).click();

test('[ISSUE-27.3] 记录: two versions compared word by word, and 恢复此版本 brings the first back as a new version the public page shows', async ({
  page,
  context,
  request,
}) => {
  const title = `版本比较 ${Date.now().toString(36)}`;
  const a = await createArticle(request, title, '<p>公司发布了新产品，性能提升明显。</p>');
  const edited = await request.put(`${BASE}/system/article/${a.id}`, {
    headers: auth(adminToken),
    data: { channelId: NEWS, title, text: '<p>公司今天发布了两款新产品，性能提升明显。</p>', status: 0, version: a.version },
  });
  expect((await edited.json()).code).toBe(200);

  await tokenCookie(context, adminToken);
  const row = await articleRow(page, title);
  await row.getByRole('button', { name: '记录' }).click();
  const history = page.getByRole('dialog').filter({ hasText: '版本记录' });
  const rows = history.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('v2');
  await expect(rows.nth(0)).toContainText('当前');
  await expect(rows.nth(1)).toContainText('新增');

  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(0).getByRole('checkbox').check();
  await history.getByRole('button', { name: '比较所选版本' }).click();
  const diff = history.getByRole('region', { name: '版本 1 与版本 2 的差异' });
  await expect(diff.locator('ins')).toHaveText(['今天', '两款']);
  await expect(diff.locator('del')).toHaveCount(0);

  await rows.nth(1).getByRole('button', { name: '恢复此版本' }).click();
  await confirmWith(page, twoChars('恢复'));
  await expect(toast(page, '已恢复到版本 1')).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('v3');
  await expect(rows.nth(0)).toContainText('恢复版本');
  await expect(rows.nth(0)).toContainText('当前');

  // The restore is a write like any other: its page is rendered again within seconds (a visitor before that gets the
  // previous file, as from a CDN). The served HTML is awaited, then the page the browser shows.
  await expect
    .poll(async () => (await request.get(`${BASE}/newsDetail?id=${a.id}`)).text(), { timeout: 30_000 })
    .toContain('公司发布了新产品，性能提升明显。');
  await page.goto(`/newsDetail?id=${a.id}`);
  await expect(page.locator('.rc-article-body')).toHaveText('公司发布了新产品，性能提升明显。');
});

test('[ISSUE-27.3] 回收站: a deleted article is listed and restored under its own address; another is purged for good', async ({
  page,
  context,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const kept = `回收后恢复 ${stamp}`;
  const gone = `彻底删除 ${stamp}`;
  const a = await createArticle(request, kept, '<p>会被恢复的正文</p>');
  const b = await createArticle(request, gone, '<p>会被彻底删除的正文</p>');
  await tokenCookie(context, adminToken);

  const row = await articleRow(page, kept);
  await row.getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('tooltip')).toContainText('删除后可在回收站恢复');
  await confirmWith(page, twoChars('删除'));
  await expect(toast(page, '删除成功')).toBeVisible();
  expect((await request.delete(`${BASE}/system/article/${b.id}`, { headers: auth(adminToken) })).status()).toBe(200);

  await page.goto(RECYCLE);
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('回收站');
  const keptRow = page.locator('.ant-table-row').filter({ hasText: kept });
  const goneRow = page.locator('.ant-table-row').filter({ hasText: gone });
  await expect(keptRow).toContainText('新闻中心');
  await expect(keptRow).toContainText('admin');
  await keptRow.getByRole('button', { name: '恢复' }).click();
  await confirmWith(page, twoChars('恢复'));
  await expect(toast(page, '恢复成功')).toBeVisible();
  await expect(keptRow).toHaveCount(0);

  await goneRow.getByRole('button', { name: '彻底删除' }).click();
  await expect(page.getByRole('tooltip')).toContainText('彻底删除后无法恢复');
  await confirmWith(page, '彻底删除');
  await expect(toast(page, '已彻底删除')).toBeVisible();
  await expect(goneRow).toHaveCount(0);
  const again = await request.put(`${BASE}/system/article-recycle/${b.id}/restore`, { headers: auth(adminToken) });
  expect(await again.json()).toEqual({ code: 404, msg: '回收站中没有这篇文章' });

  // Back under its own address.
  await page.goto(`/newsDetail?id=${a.id}`);
  await expect(page.getByRole('heading', { level: 1, name: kept })).toBeVisible();
});

test('[ISSUE-27.3] the editor, who may not delete articles, has no 回收站 and its address says 当前操作没有权限', async ({
  page,
  context,
  request,
}) => {
  // The shell builds its menu from /getRouters: the administrator's has 回收站, the editor's not.
  const menu = async (token: string) => JSON.stringify((await (await request.get(`${BASE}/getRouters`, { headers: auth(token) })).json()).data);
  expect(await menu(adminToken)).toContain('回收站');
  const editorMenu = await menu(editorToken);
  expect(editorMenu).toContain('文章管理');
  expect(editorMenu).not.toContain('回收站');
  await tokenCookie(context, editorToken);
  await page.goto(RECYCLE);
  await expect(page.getByText('当前操作没有权限', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}${RECYCLE}`);
});

test('[ISSUE-27.5] the editor links through a dialog (新窗口打开; javascript: refused), inserts a table and a 媒体库 image, sets the SEO title and keywords', async ({
  page,
  context,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const title = `编辑器功能 ${stamp}`;
  const imageName = `媒体库图片${stamp}.png`;
  const uploaded = await request.post(`${BASE}/common/upload`, {
    headers: auth(editorToken),
    multipart: { file: { name: imageName, mimeType: 'image/png', buffer: PNG } },
  });
  const imageUrl = (await uploaded.json()).url as string;

  await tokenCookie(context, editorToken);
  await page.goto(ARTICLES);
  await shellReady(page);
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '新增文章' });
  await choose(page, drawer, 'channelId', '新闻中心');
  await drawer.locator('#title').fill(title);
  await drawer.locator('#seoTitle').fill(`SEO 标题 ${stamp}`);
  await drawer.locator('#seoKeywords').fill('配电，运维  平台');

  const body = drawer.locator('.rte-content');
  await body.click();
  await page.keyboard.type('访问官网');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Shift+ArrowLeft');
  await drawer.getByRole('button', { name: '链接', exact: true }).click();
  const link = page.getByRole('dialog').filter({ hasText: '插入链接' });
  await link.getByLabel('链接地址').fill('javascript:alert(1)');
  await link.getByRole('button', { name: twoChars('确定') }).click();
  await expect(link).toContainText('链接只能是站内路径（以 / 开头）或 http(s) 网址');
  await link.getByLabel('链接地址').fill('https://www.nea.gov.cn/');
  await link.getByLabel('新窗口打开').check();
  await link.getByRole('button', { name: twoChars('确定') }).click();
  await expect(link).toBeHidden();
  await expect(body.locator('a')).toHaveText('官网');
  await expect(body.locator('a')).toHaveAttribute('target', '_blank');

  await page.keyboard.press('End');
  await drawer.getByRole('button', { name: '插入表格' }).click();
  await expect(body.locator('table tr')).toHaveCount(3);
  await page.keyboard.type('型号');
  await drawer.getByRole('button', { name: '加一行' }).click();
  await expect(body.locator('table tr')).toHaveCount(4);

  await drawer.getByRole('button', { name: '媒体库', exact: true }).click();
  const library = page.getByRole('dialog').filter({ hasText: '媒体库' });
  await library
    .getByRole('option')
    .filter({ has: page.getByRole('img', { name: imageName }) })
    .getByRole('button')
    .click();
  await library.getByRole('button', { name: '使用所选图片' }).click();
  await expect(body.locator(`img[src="${imageUrl}"]`)).toHaveCount(1);
  // The cover image too comes from 媒体库.
  await drawer.getByRole('button', { name: '从媒体库选择封面图' }).click();
  const coverLibrary = page.getByRole('dialog').filter({ hasText: '媒体库' });
  await coverLibrary
    .getByRole('option')
    .filter({ has: page.getByRole('img', { name: imageName }) })
    .getByRole('button')
    .click();
  await coverLibrary.getByRole('button', { name: '使用所选图片' }).click();
  await expect(drawer.getByRole('img', { name: '封面图预览' })).toHaveAttribute('src', imageUrl);

  await drawer.getByText('已发布', { exact: true }).click();
  await drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  const found = await request.get(`${BASE}/system/article/list`, { params: { title }, headers: auth(editorToken) });
  const id = (await found.json()).rows[0].id as number;
  const stored = (await (await request.get(`${BASE}/system/article/${id}`, { headers: auth(editorToken) })).json()).data;
  expect([stored.seoTitle, stored.seoKeywords, stored.image]).toEqual([`SEO 标题 ${stamp}`, '配电,运维,平台', imageUrl]);
  expect(stored.text).toMatch(/<a [^>]*href="https:\/\/www\.nea\.gov\.cn\/"[^>]*>官网<\/a>/);
  expect(stored.text).toMatch(/<a [^>]*target="_blank"/);
  expect(stored.text).toMatch(/<a [^>]*rel="noopener noreferrer"/);
  expect(stored.text).toMatch(/<table[^>]*>.*<th[^>]*>.*型号.*<\/th>.*<\/table>/s);
  expect(stored.text).toContain(`src="${imageUrl}"`);
  const pub = await (await request.get(`${BASE}/api/article/${id}`)).json();
  expect([pub.seoTitle, pub.seoKeywords]).toEqual([`SEO 标题 ${stamp}`, '配电,运维,平台']);
  // Gone again, for good: other specs read the newest news item of the public site.
  expect((await request.delete(`${BASE}/system/article/${id}`, { headers: auth(adminToken) })).status()).toBe(200);
  expect((await request.delete(`${BASE}/system/article-recycle/${id}`, { headers: auth(adminToken) })).status()).toBe(200);
});
