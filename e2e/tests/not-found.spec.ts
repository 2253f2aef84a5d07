/**
 * Issue 34.9: the 404 page and an unknown article's page, as the page renderer wrote them ahead and the origin answers
 * them (status 404): the 404 page is titled 页面不存在 - <company> and has the site's footer; an unknown article's
 * page shows 内容不存在 from its HTML and the app never asks the API for the article the origin found missing.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, BASE } from '../support/site';

const UNKNOWN_ID = 987654322;

async function companyTitle(request: APIRequestContext): Promise<string> {
  const list = await (await request.get(`${API}/api/company`)).json();
  return list[0].title as string;
}

/** The app has hydrated the page (bootstrap.tsx, HydratedMark): from here on, a call it would make has been made. */
const hydrated = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

test('[issue 34.9][ROUTE-19 deviation: the 404 page shows the footer, see contract README] an unknown path is answered 404 with the rendered 404 page: its title names the company, the footer is there, before and after the app runs', async ({
  page,
  request,
}) => {
  const company = await companyTitle(request);
  // As the origin sends it, before any script: the title, the message and the footer are in the HTML.
  const raw = await request.get(`${BASE}/no/such/page?x=1`);
  expect(raw.status()).toBe(404);
  const html = await raw.text();
  expect(html).toContain(`<title>页面不存在 - ${company}</title>`);
  expect(html).toContain('抱歉，您访问的页面不存在');
  expect(html).toMatch(/<footer class="site-footer"/);

  const response = await page.goto('/no/such/page?x=1');
  expect(response!.status()).toBe(404);
  await hydrated(page);
  await expect(page).toHaveURL(`${BASE}/404`);
  await expect(page).toHaveTitle(`页面不存在 - ${company}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('抱歉，您访问的页面不存在');
  // Outside the layout (ROUTE-19: no header, no navigation), with the footer's columns to go on from.
  await expect(page.locator('header')).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  await expect(footer.getByRole('heading', { name: '产品中心' })).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page).toHaveTitle(company);
});

test('[issue 34.9] /404 asked for directly shows the same page, title and footer', async ({ page, request }) => {
  const company = await companyTitle(request);
  const direct = await page.goto('/404');
  expect(direct!.status()).toBe(200);
  await hydrated(page);
  await expect(page).toHaveTitle(`页面不存在 - ${company}`);
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('[issue 34.9][ROUTE-20] 返回首页 on the 404 page leads to / itself (a link, not a form that would add ?)', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response!.status()).toBe(404);
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  });
});

test('[issue 34.9] an unknown article: status 404, 内容不存在 from the HTML; the app asks the API for that article only (one published since the index would show) and keeps 内容不存在', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname, search } = new URL(r.url());
    if (pathname.startsWith('/api/article')) asked.push(pathname + search);
  });
  for (const [url, list] of [
    [`/newsDetail?id=${UNKNOWN_ID}`, '/news'],
    [`/productDetail?id=${UNKNOWN_ID}`, '/product'],
    [`/product?id=${UNKNOWN_ID}`, '/product'],
    [`/solutionDetail?id=${UNKNOWN_ID}`, '/solution'],
    [`/videoDetail?id=${UNKNOWN_ID}`, '/video'],
  ]) {
    asked.length = 0;
    const response = await page.goto(url);
    expect(response!.status(), url).toBe(404);
    const html = await response!.text();
    expect(html, `${url}: the not-found state is in the HTML`).toMatch(/内容不存在|未找到该视频/);
    await hydrated(page);
    await expect(page).toHaveURL(`${BASE}${url}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(list === '/video' ? '未找到该视频' : '内容不存在');
    // Everything the page would ask for has been asked by now: the article of the address and nothing else (the
    // rendered 404 is what the renderer's index knew; an article published since exists already).
    await page.waitForLoadState('networkidle');
    expect(asked.length, `${url}: the article asked once more`).toBeGreaterThan(0);
    expect(
      asked.filter((u) => !u.includes(String(UNKNOWN_ID))),
      `${url}: no other call`,
    ).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(list === '/video' ? '未找到该视频' : '内容不存在');
    // The way back reaches the list, which asks for its page of articles: awaited here, so that call (made after the
    // address changed) is not counted against the next URL.
    const listAsked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/article/page');
    await page.getByRole('link', { name: list === '/video' ? '返回视频教程' : '返回列表' }).click();
    await expect(page).toHaveURL(`${BASE}${list}`);
    await listAsked;
  }
});
