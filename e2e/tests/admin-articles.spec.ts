/**
 * Issue 18, "Done when": staff write the site's articles in the admin shell. An editor writes a news item with an
 * image in its text and a cover, publishes it, and finds it on /news, in the site search and on its detail page; the
 * administrator sees the write in the article's history; the editor cannot delete (no control, 403 from the server);
 * a second editor's stale save is refused and keeps what they typed.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, BASE, SEEDED, untilServed } from '../support/site';
import { twoChars } from './account-helpers';
import { choose, shellReady, tokenCookie, toast } from './admin-shell-helpers';

/** A real 1x1 PNG: the server checks uploads by their bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PAGE = '/admin/content/article';

let editorToken = '';
let adminToken = '';
test.beforeAll(async ({ request }) => {
  editorToken = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
});

async function openArticles(page: Page) {
  await page.goto(PAGE);
  await shellReady(page);
  await expect(page.locator('h1')).toHaveText('文章管理');
  // TITLE-1: admin pages are titled by their menu title.
  await expect(page).toHaveTitle(/^文章管理 - /);
}

async function findByTitle(request: APIRequestContext, title: string) {
  const res = await request.get(`${BASE}/system/article/list`, { params: { title }, headers: { Authorization: `Bearer ${adminToken}` } });
  return ((await res.json()).rows as { id: number; title: string; version: number }[])[0];
}

const editorDrawer = (page: Page) => page.getByRole('dialog').filter({ hasText: /新增文章|修改文章/ });

test('[ISSUE-18.1][ISSUE-18.7][PERM-9] an editor writes and publishes a news item with images; /news, search and detail show it; its history names the editor', async ({
  page,
  context,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const title = `智能配电运维平台上线 ${stamp}`;
  const word = `配电新词${stamp}`;
  await tokenCookie(context, editorToken);
  await openArticles(page);

  await page.getByRole('button', { name: '新增' }).click();
  const drawer = editorDrawer(page);
  await expect(drawer).toBeVisible();
  await choose(page, drawer, 'channelId', '新闻中心');
  await drawer.locator('#title').fill(title);
  await drawer.locator('#description').fill(`平台上线的摘要 ${word}`);
  const body = drawer.locator('.rte-content');
  await body.click();
  await page.keyboard.type(`正文第一段，${word}。`);
  await drawer.getByTestId('rte-image-input').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PNG });
  await expect(body.locator('img')).toHaveAttribute('src', /\/files\//);
  await drawer.locator('.ant-upload input[type=file]').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(drawer.getByRole('img', { name: '封面图预览' })).toBeVisible();
  await drawer.getByText('已发布', { exact: true }).click();
  await drawer.getByRole('button', { name: twoChars('预览') }).click();
  const preview = page.getByRole('dialog').filter({ hasText: '预览' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.locator('img[src*="/files/"]')).toHaveCount(2);
  await preview.locator('.ant-modal-close').click();
  await expect(preview).toBeHidden();
  await drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: title })).toContainText('已发布');

  const saved = await findByTitle(request, title);
  // The public site: the news list, the site search and the detail page, once they are rendered again.
  await untilServed(request, '/news', title);
  await page.goto('/news');
  await expect(page.getByText(title).first()).toBeVisible();
  // The modal is the app's: before hydration 搜索 submits its form to the /search page instead.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: '搜索' }).click();
  const search = page.getByRole('dialog');
  await search.getByRole('radio', { name: '新闻中心' }).check();
  await search.getByPlaceholder('请输入搜索内容').fill(word);
  await search.getByPlaceholder('请输入搜索内容').press('Enter');
  await expect(search.getByTestId('search-results')).toContainText(title);
  await page.keyboard.press('Escape');
  await page.goto(`/newsDetail?id=${saved.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} - 华电智控科技有限公司`); // TITLE-1: a detail page by its article
  await expect(page.locator('.rc-article-body')).toContainText(word);
  await expect(page.locator('.rc-article-body img')).toHaveAttribute('src', /\/files\//);

  // The administrator sees the editor's write in the article's history.
  await context.clearCookies();
  await tokenCookie(context, adminToken);
  await openArticles(page);
  await page.locator('#title').fill(title);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await row.getByRole('button', { name: '记录' }).click();
  // 记录 lists the article's versions (issue 27.3): the one version, made by the editor's 新增.
  const history = page.getByRole('dialog').filter({ hasText: '版本记录' });
  await expect(history.locator('.ant-table-row').first()).toContainText('新增');
  await expect(history.locator('.ant-table-row').first()).toContainText('editor');
  await history.locator('.ant-modal-close').click();

  // ... and in 操作日志, with the article's values after the write.
  await page.goto('/admin/system/audit');
  await shellReady(page);
  const audit = page.locator('.audit-search');
  await audit.locator('#targetId').fill(String(saved.id));
  await audit.getByRole('button', { name: /查\s*询/ }).click();
  // Other specs write too (channels, notices): the editor's write of this article.
  const entry = page.locator('.ant-table-row').filter({ hasText: '新增' }).filter({ hasText: title });
  await expect(entry).toContainText('editor');
  await expect(entry).toContainText(title);
  await entry.click();
  await expect(page.locator('.audit-diff')).toContainText(word);
});

test('[ISSUE-18][PERM-9][ERR-2] the editor has no delete control and a direct DELETE answers 403; the administrator may delete', async ({
  page,
  context,
  request,
}) => {
  const title = `待删除的新闻 ${Date.now().toString(36)}`;
  const created = await request.post(`${BASE}/system/article`, {
    headers: { Authorization: `Bearer ${editorToken}` },
    data: { channelId: 12, title, text: '<p>正文</p>', status: 1 },
  });
  const id = (await created.json()).data.id as number;
  await tokenCookie(context, editorToken);
  await openArticles(page);
  const row = page.locator('.ant-table-row').filter({ hasText: title });
  await expect(row.getByRole('button', { name: '修改' })).toBeVisible();
  await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  const refused = await request.delete(`${BASE}/system/article/${id}`, { headers: { Authorization: `Bearer ${editorToken}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ code: 403, msg: '当前操作没有权限' });

  await context.clearCookies();
  await tokenCookie(context, adminToken);
  await openArticles(page);
  const adminRow = page.locator('.ant-table-row').filter({ hasText: title });
  await adminRow.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: twoChars('删除') })
    .click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(adminRow).toHaveCount(0);
});

test('[ISSUE-18] two editors edit one article: the second, stale save is refused with 内容已被他人修改，请刷新后再试 and keeps what was typed', async ({
  browser,
  request,
}) => {
  const title = `两人同时修改 ${Date.now().toString(36)}`;
  await request.post(`${BASE}/system/article`, {
    headers: { Authorization: `Bearer ${editorToken}` },
    data: { channelId: 12, title, text: '<p>原文</p>', status: 1 },
  });
  const second = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  const open = async (token: string) => {
    const context = await browser.newContext();
    await tokenCookie(context, token);
    const page = await context.newPage();
    await openArticles(page);
    await page.locator('.ant-table-row').filter({ hasText: title }).getByRole('button', { name: '修改' }).click();
    const drawer = editorDrawer(page);
    await expect(drawer.locator('#title')).toHaveValue(title);
    return { context, page, drawer };
  };
  const a = await open(editorToken);
  const b = await open(second);
  await a.drawer.locator('#title').fill(`${title}（甲）`);
  await a.drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(a.page, '保存成功')).toBeVisible();

  await b.drawer.locator('#title').fill(`${title}（乙）`);
  await b.drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(b.page, '内容已被他人修改，请刷新后再试')).toBeVisible();
  await expect(b.drawer.locator('#title')).toHaveValue(`${title}（乙）`);
  expect((await findByTitle(request, title)).title).toBe(`${title}（甲）`);
  await a.context.close();
  await b.context.close();
});

test('[ISSUE-18.1][ROUTE-15] an editor uploads a PDF as a document: the document centre lists it with its size and 下载 saves its bytes', async ({
  page,
  context,
  request,
}) => {
  const title = `配电自动化运维手册 ${Date.now().toString(36)}`;
  // A small but real PDF: the server decides the type from the bytes.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n'), Buffer.alloc(3000, 0x20), Buffer.from('\n%%EOF\n')]);
  await tokenCookie(context, editorToken);
  await openArticles(page);
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = editorDrawer(page);
  await choose(page, drawer, 'channelId', '文档中心');
  await drawer.locator('#title').fill(title);
  // Not a document: refused by its bytes, and nothing is filled in.
  await drawer
    .getByRole('button', { name: '上传附件' })
    .locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]')
    .locator('input[type=file]')
    .setInputFiles({ name: '手册.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(
    page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: '只能上传 PDF/Word/Excel/PowerPoint/ZIP 文档' }),
  ).toBeVisible();
  await expect(drawer.locator('#file')).toHaveValue('');
  await drawer
    .getByRole('button', { name: '上传附件' })
    .locator('xpath=ancestor::*[contains(@class,"ant-upload")][1]')
    .locator('input[type=file]')
    .setInputFiles({ name: '运维手册.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(drawer.locator('#file')).toHaveValue(/^\/files\/upload\/.+\.pdf$/);
  await expect(drawer.locator('#fileName')).toHaveValue('运维手册.pdf');
  await drawer.getByText('已发布', { exact: true }).click();
  await drawer.getByRole('button', { name: twoChars('保存') }).click();
  await expect(toast(page, '保存成功')).toBeVisible();

  const { id } = await findByTitle(request, title);
  await untilServed(request, '/document', title);
  await page.goto('/document');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const row = page.getByTestId(`document-${id}`);
  await expect(row.getByRole('heading', { name: title })).toBeVisible();
  await expect(row).toContainText('KB');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `下载 ${title}` }).click()]);
  const saved = await download.path();
  expect((await import('node:fs')).readFileSync(saved).equals(pdf)).toBe(true);
});

test('[issue 45.3] 发布时间 in an English browser: antd’s picker speaks Chinese (placeholder, 此刻, 确定), and the time typed is the article’s publish time', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const title = `英文浏览器定时草稿 ${Date.now().toString(36)}`;
  try {
    await tokenCookie(context, editorToken);
    await openArticles(page);
    await page.getByRole('button', { name: '新增' }).click();
    const drawer = editorDrawer(page);
    await choose(page, drawer, 'channelId', '新闻中心');
    await drawer.locator('#title').fill(title);
    await drawer.locator('.rte-content').click();
    await page.keyboard.type('定时发布的草稿。');
    const field = drawer.locator('.ant-picker input#publishDate');
    await expect(field).toHaveAttribute('placeholder', '留空为保存时');
    await field.click();
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    await expect(panel.getByText('此刻')).toBeVisible();
    await field.fill('2026-01-15 09:30:00');
    await panel.getByRole('button', { name: /^确\s?定$/ }).click();
    await expect(field).toHaveValue('2026-01-15 09:30:00');
    await drawer.getByRole('button', { name: twoChars('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    const saved = await findByTitle(request, title);
    const detail = await request.get(`${BASE}/system/article/${saved.id}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect((await detail.json()).data.publishDate).toBe('2026-01-15 09:30:00');
  } finally {
    await context.close();
  }
});
