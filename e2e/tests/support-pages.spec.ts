/**
 * Issue 5, remote-support: service support, document centre, FAQ, video tutorials and video detail on the
 * composed production build against the real API server. Expected texts are read from the API first.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'fs';
import type { Article, ArticleDetail, ArticlePage, Channel } from '@site/contract';
import { BASE, remoteOrigin, siteDay } from '../support/site';

const CH = { support: 11, document: 15, question: 16, video: 17 };
const UNKNOWN_ID = 987654321;

async function api<T>(request: APIRequestContext, path: string, params?: Record<string, string | number>): Promise<T> {
  const res = await request.get(`${BASE}${path}`, { params });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}
const firstPage = (request: APIRequestContext, channelId: number, pageSize: number) =>
  api<ArticlePage>(request, '/api/article/page', { channelId, page: 1, pageSize });
const plainText = (html: string) => html.replace(/<[^>]+>/g, '').trim();

function scriptOrigins(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') origins.add(new URL(r.url()).origin);
  });
  return origins;
}

test.describe('remote-support pages', () => {
  test('[ROUTE-12] 服务支持 shows the support channel, its three entries and their latest items', async ({ page, request }) => {
    const support = await api<Channel>(request, `/api/channel/${CH.support}`);
    const origins = scriptOrigins(page);
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(support.name);
    for (const channelId of [CH.document, CH.question, CH.video]) {
      const name = support.children.find((c) => c.id === channelId)!.name;
      const entry = page.locator('section.rs-entry', { has: page.getByRole('heading', { level: 2, name }) });
      const [latest] = await api<Article[]>(request, '/api/article', { channelId, limit: 4 });
      await expect(entry.getByRole('link', { name: latest.title, exact: true })).toBeVisible();
    }
    // Only this page's remote is fetched (issue 5, item 6); the list is in the rendered HTML, so only a hydrated app
    // has asked the remotes anything (issue 34.12).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect([...origins]).toContain(remoteOrigin('remote_support'));
    for (const other of ['remote_content', 'remote_account', 'remote_shell_admin'] as const) {
      expect([...origins], `${other} was fetched`).not.toContain(remoteOrigin(other));
    }
  });

  test('[ROUTE-12][ROUTE-15][ROUTE-17] support, documents and videos download no antd (issue 8)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // Each page is in its rendered HTML before any script runs: only the hydrated app can show it asked for no antd.
    const hydrated = () => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await hydrated();
    await page.goto('/document');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('文档中心');
    await hydrated();
    await page.goto('/video');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await hydrated();
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((u) => /antd|ant-design/.test(u)),
      scripts.join(', '),
    ).toEqual([]);
  });

  test('[ROUTE-15] 文档中心 lists the documents with date, size and type', async ({ page, request }) => {
    const { content } = await firstPage(request, CH.document, 10);
    await page.goto('/document');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('文档中心');
    for (const doc of content.slice(0, 3)) {
      const row = page.getByTestId(`document-${doc.id}`);
      await expect(row.getByRole('heading', { name: doc.title })).toBeVisible();
      await expect(row).toContainText(siteDay(doc.publishDate));
      await expect(row).toContainText('KB');
      // [ISSUE-19.docs] one download control per row (the title opens the document's card)
      await expect(row.getByRole('button')).toHaveCount(1);
      await expect(row.getByRole('button', { name: `下载 ${doc.title}` })).toBeVisible();
      await expect(row.getByRole('link')).toHaveCount(1);
    }
  });

  test('[HTTP-9][ERR-10][API-31] 下载 saves the real file with its bytes and shows 下载成功', async ({ page, request }) => {
    const { content } = await firstPage(request, CH.document, 10);
    const doc = content.find((d) => d.file)!;
    const expected = await (await request.get(`${BASE}${doc.file}`)).body();
    expect(expected.length).toBeGreaterThan(0);

    // Hold the answer until the persistent notice has been seen, so its check does not race the download.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/download', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/document');
    // The app's download (its notices) takes over the form once the page has hydrated.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: `下载 ${doc.title}` }).click();
    await expect(page.getByText('正在下载数据，请稍候')).toBeVisible();
    release();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(doc.fileName);
    const saved = fs.readFileSync((await download.path())!);
    expect(Buffer.compare(saved, expected)).toBe(0);
    await expect(page.getByText('下载成功')).toBeVisible();
    await expect(page.getByText('正在下载数据，请稍候')).toBeHidden();
  });

  test('[ERR-11][issue 27.15] a download the real API answers with HTTP 404 {code:404,msg:文件不存在} shows 文件不存在 alone', async ({
    page,
    request,
  }) => {
    const { content } = await firstPage(request, CH.document, 10);
    const doc = content.find((d) => d.file)!;
    // The document went away after the list was shown: the real API is asked for an id it does not have.
    await page.route('**/api/download', (route) => route.continue({ postData: `id=${UNKNOWN_ID}` }));
    await page.goto('/document');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/download'));
    await page.getByRole('button', { name: `下载 ${doc.title}` }).click();
    const answer = await answered;
    expect([answer.status(), await answer.json()]).toEqual([404, { code: 404, msg: '文件不存在' }]);
    const notices = page.locator('.ant-notification-notice');
    await expect(notices.filter({ hasText: '文件不存在' })).toBeVisible();
    await expect(page.getByText('正在下载数据，请稍候')).toBeHidden();
    // One notice, the body's own message: no 系统接口404异常, no 下载文件出现错误.
    await expect(notices).toHaveCount(1);
    await expect(page.getByText('系统接口404异常')).toHaveCount(0);
    await expect(page.getByText('下载文件出现错误，请联系管理员！')).toHaveCount(0);
  });

  test('[SRCH-10] /document?id= opens that document; an unknown id says 未找到该文档', async ({ page, request }) => {
    const { content } = await firstPage(request, CH.document, 100);
    const doc = content[content.length - 1];
    await page.goto(`/document?id=${doc.id}`);
    const card = page.getByTestId('document-card');
    await expect(card.getByRole('heading', { name: doc.title })).toBeVisible();
    await expect(card.getByRole('button', { name: `下载 ${doc.title}` })).toBeVisible();
    await expect(card).toBeInViewport();

    await page.goto(`/document?id=${UNKNOWN_ID}`);
    await expect(page.getByText('未找到该文档')).toBeVisible();
    await expect(page.getByTestId(`document-${content[0].id}`)).toBeVisible();
  });

  test('[ROUTE-16] 常见问题 lists the questions and expands an answer on click', async ({ page, request }) => {
    const { content } = await firstPage(request, CH.question, 100);
    await page.goto('/question');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('常见问题');
    for (const q of content) await expect(page.getByText(q.title, { exact: true })).toBeAttached();
    const q = content[1];
    const detail = await api<ArticleDetail>(request, `/api/article/${q.id}`);
    await page.getByText(q.title, { exact: true }).click();
    await expect(page.getByText(plainText(detail.text), { exact: true })).toBeVisible();
  });

  test('[SRCH-11] /question?id= expands and scrolls to that question', async ({ page, request }) => {
    const { content } = await firstPage(request, CH.question, 100);
    const q = content[content.length - 1];
    const detail = await api<ArticleDetail>(request, `/api/article/${q.id}`);
    await page.goto(`/question?id=${q.id}`);
    const answer = page.getByText(plainText(detail.text), { exact: true });
    await expect(answer).toBeVisible();
    await expect(answer).toBeInViewport();
    await expect(page.getByRole('button', { name: q.title })).toHaveAttribute('aria-expanded', 'true');
    // Only the asked-for question is open.
    await expect(page.locator('.rs-faq [aria-expanded="true"]')).toHaveCount(1);
    if (content.length > 1) await expect(page.getByRole('button', { name: content[0].title, exact: true })).toHaveAttribute('aria-expanded', 'false');
  });

  test('[ROUTE-17][ROUTE-18][ROUTE-23] 视频教程 shows covers; a card opens its video detail', async ({ page, request }) => {
    const { content } = await firstPage(request, CH.video, 12);
    await page.goto('/video');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('视频教程');
    for (const v of content) {
      const card = page.getByTestId(`video-${v.id}`);
      await expect(card.getByRole('heading', { name: v.title })).toBeAttached();
      await expect(card.getByRole('img', { name: v.title })).toHaveAttribute('src', v.image!);
    }
    const cover = page.getByTestId(`video-${content[0].id}`).getByRole('img');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId(`video-${content[content.length - 1].id}`).getByRole('img')).toHaveAttribute('loading', 'lazy');

    const v = content[1];
    await page.getByTestId(`video-${v.id}`).click();
    await expect(page).toHaveURL(`${BASE}/videoDetail?id=${v.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(v.title);
    await expect(page.locator('video')).toHaveAttribute('poster', v.image!);
  });

  test('[ROUTE-18][ROUTE-23] /videoDetail?id= plays the seeded video with the browser player', async ({ page, request }) => {
    const [v] = (await firstPage(request, CH.video, 1)).content;
    const detail = await api<ArticleDetail>(request, `/api/article/${v.id}`);
    await page.goto(`/videoDetail?id=${v.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.title);
    await expect(page.locator('article.rs-article')).toContainText(plainText(detail.text.split('</p>')[0]));
    const video = page.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video.locator('source').first()).toHaveAttribute('src', detail.video!);
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  test('[ROUTE-23] an unknown or missing video id shows 未找到该视频 with a way back', async ({ page }) => {
    await page.goto(`/videoDetail?id=${UNKNOWN_ID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('未找到该视频');
    await page.getByRole('link', { name: '返回视频教程' }).click();
    await expect(page).toHaveURL(`${BASE}/video`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('视频教程');

    await page.goto('/videoDetail');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('未找到该视频');
  });

  test('[ROUTE-17] 视频教程 at 390 px: one column, nothing wider than the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { content } = await firstPage(request, CH.video, 12);
    await page.goto('/video');
    const first = page.getByTestId(`video-${content[0].id}`);
    await expect(first.getByRole('heading', { name: content[0].title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await first.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (content.length > 1) {
      const second = (await page.getByTestId(`video-${content[1].id}`).boundingBox())!;
      expect(second.y).toBeGreaterThan(box.y + box.height - 1);
    }
  });
});
