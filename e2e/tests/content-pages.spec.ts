/**
 * Issue 5, remote-content: home, product centre and detail, solutions and detail, news centre and detail,
 * about us and contact us on the composed production build against the real API server.
 * Every expected text is read from the API first, so the tests follow whatever the database holds.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Article, ArticleDetail, ArticleNeighbour, ArticlePage, BlockItem, Channel, CompanyResponse } from '@site/contract';
import { BASE, remoteOrigin, siteDay } from '../support/site';

const CH = { about: 2, contact: 3, solution: 10, news: 12, product: 14 };
const BLOCK = { homeBanner: 11, homeIntro: 13 };
const UNKNOWN_ID = 987654321;

async function api<T>(request: APIRequestContext, path: string, params?: Record<string, string | number>): Promise<T> {
  const res = await request.get(`${BASE}${path}`, { params });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}
const articlePage = (request: APIRequestContext, channelId: number, page: number, pageSize: number) =>
  api<ArticlePage>(request, '/api/article/page', { channelId, page, pageSize });
const articleOf = (request: APIRequestContext, id: number) => api<ArticleDetail>(request, `/api/article/${id}`);
/** Some plain text of an HTML body (the first paragraph's words), to find it on the page. */
const textSample = (html: string) =>
  html
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((s) => s.trim())
    .find((s) => s.length >= 4)!;
/** YYYY-MM-DD in the site's time zone (the browser's too), as the pages format dates. */
const ymd = siteDay;
/** This remote's content area (the host owns header, footer and <main>). */
const content = (page: Page): Locator => page.locator('.rc-page');

/** The card link of an article in a grid (its name also holds the image alt and summary). */
const cardLink = (scope: Locator, title: string): Locator =>
  scope.locator('a.rc-card', { has: scope.page().getByRole('heading', { name: title, exact: true }) });
const sectionOf = (scope: Locator, heading: string): Locator =>
  scope.locator('section', { has: scope.page().getByRole('heading', { level: 2, name: heading, exact: true }) });

async function expectNotFound(page: Page, listPath: string) {
  await expect(content(page).getByRole('heading', { level: 1, name: '内容不存在' })).toBeVisible();
  await content(page).getByRole('link', { name: '返回列表' }).click();
  await expect(page).toHaveURL(`${BASE}${listPath}`);
}

async function expectNoHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page is wider than the 390 px viewport').toBeLessThanOrEqual(390);
}

test.describe('remote-content pages', () => {
  test('[ROUTE-5][TITLE-3] 首页: company name, banner, product and solution highlights, latest news, company introduction', async ({
    page,
    request,
  }) => {
    const [company, banner, intro] = await Promise.all([
      api<CompanyResponse>(request, '/api/company'),
      api<BlockItem[]>(request, '/api/block-item', { blockId: BLOCK.homeBanner }),
      api<BlockItem[]>(request, '/api/block-item', { blockId: BLOCK.homeIntro }),
    ]);
    const [products, solutions, news] = await Promise.all([
      api<Article[]>(request, '/api/article', { channelId: CH.product, limit: 4 }),
      api<Article[]>(request, '/api/article', { channelId: CH.solution, limit: 3 }),
      api<Article[]>(request, '/api/article', { channelId: CH.news, limit: 6 }),
    ]);
    await page.goto('/');
    const home = content(page);
    await expect(home.getByRole('heading', { level: 1 })).toHaveText(company[0].title);
    await expect(home.getByRole('heading', { level: 1 })).toHaveCount(1);

    // Banner: one slide per banner item, the first shown and eager, the others hidden and lazy; a dot per slide.
    const banner1 = home.getByRole('region', { name: '首页横幅' });
    const slides = banner1.locator('.rc-banner-item img');
    await expect(slides).toHaveCount(banner.filter((b) => b.image).length);
    const first = slides.first();
    await expect(first).toBeVisible();
    // Issue 27.16: the picture is decorative; the slide's title and subtitle are text over it.
    await expect(first).toHaveAttribute('alt', '');
    await expect(banner1.getByRole('link', { name: banner[0].title })).toBeVisible();
    await expect(banner1.locator('.rc-banner-caption strong').first()).toHaveText(banner[0].title);
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('src', banner[0].image!);
    for (const img of (await slides.all()).slice(1)) await expect(img).toHaveAttribute('loading', 'lazy');
    if (banner.length > 1) {
      // The slide buttons are the app's (no HTML fallback): the rendered page has to be hydrated first.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await banner1.getByRole('button', { name: `第 2 张：${banner[1].title}` }).click();
      await expect(banner1.getByRole('link', { name: banner[1].title })).toBeVisible();
      await expect(first).toBeHidden();
    }

    await expect(cardLink(sectionOf(home, '产品中心'), products[0].title)).toHaveAttribute('href', `/productDetail?id=${products[0].id}`);
    await expect(cardLink(sectionOf(home, '解决方案'), solutions[0].title)).toHaveAttribute('href', `/solutionDetail?id=${solutions[0].id}`);
    const newsSection = sectionOf(home, '新闻中心');
    await expect(newsSection.getByRole('link', { name: news[0].title })).toHaveAttribute('href', `/newsDetail?id=${news[0].id}`);
    await expect(newsSection).toContainText(ymd(news[0].publishDate));

    await expect(home.getByRole('heading', { level: 2, name: intro[0].title })).toBeVisible();
    await expect(home).toContainText(intro[0].description!);
    await expect(home).toContainText(intro[1].title);
  });

  test('[ROUTE-6][ROUTE-7][ROUTE-22] 产品中心 lists products by category; a click opens the detail', async ({ page, request }) => {
    const [channel, categories, all] = await Promise.all([
      api<Channel>(request, `/api/channel/${CH.product}`),
      api<Channel[]>(request, '/api/channel', { parentId: CH.product }),
      articlePage(request, CH.product, 1, 9),
    ]);
    await page.goto('/product');
    const list = content(page);
    await expect(list.getByRole('heading', { level: 1 })).toHaveText(channel.name);
    for (const a of all.content.slice(0, 3)) await expect(cardLink(list, a.title)).toBeVisible();

    const category = categories[categories.length - 1];
    const inCategory = await articlePage(request, category.id, 1, 9);
    // The tabs are the app's buttons: the rendered page has to be hydrated first.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await list.getByRole('tab', { name: category.name }).click();
    await expect(page).toHaveURL(`${BASE}/product?categoryId=${category.id}`);
    await expect(cardLink(list, inCategory.content[0].title)).toBeVisible();

    const chosen = inCategory.content[0];
    const detail = await articleOf(request, chosen.id);
    await cardLink(list, chosen.title).click();
    await expect(page).toHaveURL(`${BASE}/productDetail?id=${chosen.id}`);
    await expect(list.getByRole('heading', { level: 1 })).toHaveText(chosen.title);
    await expect(list.locator('.rc-article-body')).toContainText(textSample(detail.text));
  });

  test('[ROUTE-7][ROUTE-22][SRCH-7] a product opens from a direct /productDetail?id= and from /product?id=', async ({ page, request }) => {
    const { content: products } = await articlePage(request, CH.product, 1, 9);
    const detail = await articleOf(request, products[1].id);
    const features = (detail.customs.features as { title: string }[] | undefined) ?? [];
    for (const url of [`/productDetail?id=${detail.id}`, `/product?id=${detail.id}`]) {
      await page.goto(url);
      await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(detail.title);
      await expect(content(page).getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(content(page).locator('.rc-article-body')).toContainText(textSample(detail.text));
      // The features are shown once: as their own list, or in the body when it lists them already (issue 19).
      if (features[0]) await expect(content(page).getByText(features[0].title, { exact: true })).toHaveCount(1);
    }
  });

  test('[ROUTE-8][ROUTE-9][ROUTE-22] 解决方案 lists solutions; detail from a click and from a direct URL', async ({ page, request }) => {
    const [channel, { content: solutions }] = await Promise.all([
      api<Channel>(request, `/api/channel/${CH.solution}`),
      articlePage(request, CH.solution, 1, 9),
    ]);
    const chosen = solutions[solutions.length - 1];
    const detail = await articleOf(request, chosen.id);
    await page.goto('/solution');
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(channel.name);
    await cardLink(content(page), chosen.title).click();
    await expect(page).toHaveURL(`${BASE}/solutionDetail?id=${chosen.id}`);
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(chosen.title);
    await expect(content(page).locator('.rc-article-body')).toContainText(textSample(detail.text));

    await page.goto(`/solutionDetail?id=${solutions[0].id}`);
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(solutions[0].title);
  });

  test('[ROUTE-10][ROUTE-11][ROUTE-22] 新闻中心 pages newest first with dates; detail shows date, source and body', async ({ page, request }) => {
    const [channel, first, second] = await Promise.all([
      api<Channel>(request, `/api/channel/${CH.news}`),
      articlePage(request, CH.news, 1, 10),
      articlePage(request, CH.news, 2, 10),
    ]);
    await page.goto('/news');
    const list = content(page);
    await expect(list.getByRole('heading', { level: 1 })).toHaveText(channel.name);
    // Item titles are h2 under the page's h1 (no skipped heading level).
    const titles = list.locator('.rc-news-item h2');
    await expect(titles).toHaveText(first.content.map((a) => a.title));
    await expect(list.locator('.rc-news-item').first()).toContainText(ymd(first.content[0].publishDate));
    const dates = first.content.map((a) => Date.parse(a.publishDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    // Page links carry a real href (crawlable), while a click stays in the app.
    await expect(list.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('href', '?page=2');
    await list.getByRole('navigation', { name: '分页' }).getByTitle('2', { exact: true }).click();
    await expect(page).toHaveURL(`${BASE}/news?page=2`);
    await expect(titles.first()).toHaveText(second.content[0].title);

    const chosen = second.content[0];
    const detail = await articleOf(request, chosen.id);
    await list.getByRole('link', { name: chosen.title }).click();
    await expect(page).toHaveURL(`${BASE}/newsDetail?id=${chosen.id}`);
    await expect(list.getByRole('heading', { level: 1 })).toHaveText(chosen.title);
    await expect(list.locator('.rc-detail-meta')).toContainText(`发布时间：${ymd(chosen.publishDate)}`);
    if (detail.source) await expect(list.locator('.rc-detail-meta')).toContainText(`来源：${detail.source}`);
    await expect(list.locator('.rc-article-body')).toContainText(textSample(detail.text));

    await page.goto(`/newsDetail?id=${first.content[1].id}`);
    await expect(list.getByRole('heading', { level: 1 })).toHaveText(first.content[1].title);
  });

  test('[ROUTE-11][API-28][API-29] news detail links to the previous and next article, 没有了 at the end', async ({ page, request }) => {
    const { content: news } = await articlePage(request, CH.news, 1, 10);
    const middle = news[1];
    const [prev, next] = await Promise.all([
      api<ArticleNeighbour>(request, '/api/article/prev', { id: middle.id }),
      api<ArticleNeighbour>(request, '/api/article/next', { id: middle.id }),
    ]);
    expect(prev && next, 'the second newest article has both neighbours').toBeTruthy();
    await page.goto(`/newsDetail?id=${middle.id}`);
    const nav = content(page).getByRole('navigation', { name: '上一篇和下一篇' });
    await expect(nav).toContainText(`上一篇：${prev!.title}`);
    await expect(nav).toContainText(`下一篇：${next!.title}`);
    await nav.getByRole('link', { name: next!.title }).click();
    await expect(page).toHaveURL(`${BASE}/newsDetail?id=${next!.id}`);
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(next!.title);
    await content(page).getByRole('navigation', { name: '上一篇和下一篇' }).getByRole('link', { name: middle.title }).click();
    await expect(page).toHaveURL(`${BASE}/newsDetail?id=${middle.id}`);
    await nav.getByRole('link', { name: prev!.title }).click();
    await expect(page).toHaveURL(`${BASE}/newsDetail?id=${prev!.id}`);

    // The end of the chain (whichever side the server says has no neighbour) reads 没有了.
    const newest = news[0];
    const [newestPrev, newestNext] = await Promise.all([
      api<ArticleNeighbour>(request, '/api/article/prev', { id: newest.id }),
      api<ArticleNeighbour>(request, '/api/article/next', { id: newest.id }),
    ]);
    await page.goto(`/newsDetail?id=${newest.id}`);
    await expect(nav).toContainText(newestPrev ? `上一篇：${newestPrev.title}` : '上一篇：没有了');
    await expect(nav).toContainText(newestNext ? `下一篇：${newestNext.title}` : '下一篇：没有了');
    expect(newestPrev === null || newestNext === null, 'the newest article is at one end').toBe(true);
  });

  test('[ROUTE-22] an unknown or missing id shows 内容不存在 with 返回列表', async ({ page }) => {
    for (const [url, list] of [
      [`/productDetail?id=${UNKNOWN_ID}`, '/product'],
      [`/product?id=${UNKNOWN_ID}`, '/product'],
      [`/solutionDetail?id=${UNKNOWN_ID}`, '/solution'],
      [`/newsDetail?id=${UNKNOWN_ID}`, '/news'],
      ['/newsDetail', '/news'],
      ['/solutionDetail?id=abc', '/solution'],
    ]) {
      await page.goto(url);
      await expectNotFound(page, list);
    }
  });

  test('[issue 27.14][HTTP-8 deviation: a missing article’s 404 brings no notice, its page says 内容不存在, see contract README] a missing article is quiet: the not-found page alone, no 错误 notice for its failed calls', async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/article') && r.status() === 404) failed.push(u.pathname + u.search);
    });
    for (const [url, list] of [
      [`/newsDetail?id=${UNKNOWN_ID}`, '/news'],
      [`/productDetail?id=${UNKNOWN_ID}`, '/product'],
      [`/solutionDetail?id=${UNKNOWN_ID}`, '/solution'],
    ]) {
      failed.length = 0;
      const response = await page.goto(url);
      expect(response!.status()).toBe(404);
      await expect(content(page).getByRole('heading', { level: 1, name: '内容不存在' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      // Everything the page asked for has come (a notice would have loaded its code and shown by then). The page asks
      // the API once about the article the origin answered 404 for (its index may lag a new article: not-found.spec.ts),
      // and each failed call is about that article alone.
      await page.waitForLoadState('networkidle');
      expect(failed.filter((p) => !p.includes(String(UNKNOWN_ID)))).toEqual([]);
      await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
      await expect(page.getByText('访问资源不存在')).toHaveCount(0);
      await expect(page.getByText('文章不存在')).toHaveCount(0);
      await content(page).getByRole('link', { name: '返回列表' }).click();
      await expect(page).toHaveURL(`${BASE}${list}`);
    }
  });

  test('[ROUTE-13] 关于我们 shows the about channel articles', async ({ page, request }) => {
    const [channel, articles] = await Promise.all([
      api<Channel>(request, `/api/channel/${CH.about}`),
      api<Article[]>(request, '/api/article', { channelId: CH.about }),
    ]);
    const firstDetail = await articleOf(request, articles[0].id);
    await page.goto('/about');
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(channel.name);
    for (const a of articles) await expect(content(page).getByRole('heading', { level: 2, name: a.title })).toBeVisible();
    await expect(content(page)).toContainText(textSample(firstDetail.text));
  });

  test('[ROUTE-14] 联系我们 shows the contact details from the server and the message board', async ({ page, request }) => {
    const [channel, articles] = await Promise.all([
      api<Channel>(request, `/api/channel/${CH.contact}`),
      api<Article[]>(request, '/api/article', { channelId: CH.contact }),
    ]);
    const detail = await articleOf(request, articles[0].id);
    await page.goto('/contact');
    await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(channel.name);
    await expect(content(page).getByRole('heading', { level: 2, name: detail.title })).toBeVisible();
    await expect(content(page)).toContainText(textSample(detail.text));
    await expect(content(page).getByRole('heading', { level: 2, name: '在线留言' })).toBeVisible();
  });

  test('[ROUTE-10][issue 34.12] /news downloads nothing of the other remotes', async ({ page }) => {
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.goto('/news');
    // The list is in the rendered HTML and scripts start after paint: only a hydrated app has asked the remotes.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect([...origins]).toContain(remoteOrigin('remote_content'));
    for (const other of ['remote_support', 'remote_account', 'remote_shell_admin'] as const) {
      expect([...origins], `${other} was fetched`).not.toContain(remoteOrigin(other));
    }
  });

  test('[ROUTE-5][ROUTE-10][ROUTE-6][ROUTE-14][ISSUE-25] home, news, products and the contact form download no antd (issues 8, 25)', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    const antd = () => scripts.filter((u) => /antd|ui-kit/.test(u));
    // Each page is in its rendered HTML before any script runs: only the hydrated app can show it asked for no antd.
    const hydrated = () => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.goto('/');
    await expect(content(page).getByRole('heading', { level: 1 })).toBeVisible();
    await hydrated();
    await page.goto('/news');
    await expect(content(page).locator('.rc-news-item').first()).toBeVisible();
    await hydrated();
    await page.goto('/product');
    await expect(content(page).getByRole('tab').first()).toBeVisible();
    await hydrated();
    await page.waitForLoadState('networkidle');
    expect(antd(), scripts.join(', ')).toEqual([]);
    // Client-side to the message board, then a cold view of it: plain form elements, validated in Chinese, no antd.
    await page.evaluate(() => window.postMessage({ type: 'skipPage', url: '/contact' }, window.location.origin));
    await expect(page.locator('form#messageBoard').getByLabel('标题')).toBeVisible();
    await page.goto('/contact');
    const form = page.locator('form#messageBoard');
    await form.getByLabel('联系电话').fill('12345');
    await expect(form.getByText('请输入正确的手机号码', { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: '提交留言' })).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await page.waitForLoadState('networkidle');
    expect(antd(), scripts.join(', ')).toEqual([]);
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('[ROUTE-5][ROUTE-11][ROUTE-7] home and a news detail fit a 390 px phone without horizontal scrolling', async ({ page, request }) => {
      const { content: news } = await articlePage(request, CH.news, 1, 1);
      await page.goto('/');
      await expect(content(page).locator('.rc-news-list li').first()).toBeVisible();
      await expect(content(page).locator('.rc-banner img').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.goto(`/newsDetail?id=${news[0].id}`);
      await expect(content(page).getByRole('heading', { level: 1 })).toHaveText(news[0].title);
      await expect(content(page).getByRole('navigation', { name: '上一篇和下一篇' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.goto(`/productDetail?id=${(await articlePage(request, CH.product, 1, 1)).content[0].id}`);
      await expect(content(page).locator('.rc-article-body')).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  });
});
