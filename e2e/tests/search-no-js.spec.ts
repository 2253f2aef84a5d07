/**
 * Issue 36.5: search without JavaScript and before the app runs. The header's HTML-only 搜索 is a form with a text
 * field; /search?text=… is answered by the server (the page renderer, through the host origin) with the results
 * inside the site's shell; the app adopts that page without asking the API again.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, BASE } from '../support/site';

interface SearchAnswer {
  content: { id: number; title: string }[];
  totalElements: number;
}

async function apiSearch(request: APIRequestContext, text: string, page = 1): Promise<SearchAnswer> {
  const res = await request.get(`${API}/api/article/es/page`, { params: { text, page, pageSize: 20 } });
  expect(res.ok()).toBe(true);
  return res.json();
}

const address = (text: string, extra: Record<string, string> = {}) => `/search?${new URLSearchParams({ text, channel: 'all', ...extra })}`;

test.describe('[issue 36.5] without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('[issue 36.5][SRCH-7] the header form searches: results with the shell, their count, channel, marked excerpt and the product first', async ({
    page,
    request,
  }) => {
    const expected = await apiSearch(request, '风险预警平台');
    await page.goto('/news');
    const header = page.locator('header.site-header');
    await header.getByRole('searchbox', { name: '站内搜索' }).fill('风险预警平台');
    await header.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(`${BASE}${address('风险预警平台')}`);

    await expect(page.getByRole('heading', { level: 1, name: '站内搜索' })).toBeVisible();
    await expect(page.locator('header.site-header').getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByText(`共 ${expected.totalElements} 条结果`)).toBeVisible();
    const results = page.getByTestId('search-results');
    const first = results.locator('li').first();
    await expect(first.getByRole('link')).toHaveAttribute('href', '/product?id=101');
    await expect(first.getByRole('link')).toHaveText('电网运行风险预警平台');
    await expect(first.locator('.search-results__channel')).not.toBeEmpty();
    await expect(results.locator('mark').first()).toBeVisible();
    await expect(page.getByLabel('搜索内容', { exact: true })).toHaveValue('风险预警平台');
  });

  test('[issue 36.5][SRCH-5] paging links work without JavaScript, and the page form searches again', async ({ page, request }) => {
    const text = '电网';
    const [one, two] = await Promise.all([apiSearch(request, text), apiSearch(request, text, 2)]);
    expect(one.totalElements).toBeGreaterThan(20);
    await page.goto(address(text));
    await expect(page.getByTestId('search-results').locator('li')).toHaveCount(20);
    await page.locator('.search-modal__pagination').getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(`${BASE}${address(text, { page: '2' })}`);
    await expect(page.getByTestId('search-results').locator('li').first().getByRole('link')).toHaveText(two.content[0].title);

    const box = page.getByLabel('搜索内容', { exact: true });
    await box.fill('配电网 故障');
    await box.press('Enter');
    await expect(page).toHaveURL(/[?&]text=%E9%85%8D%E7%94%B5%E7%BD%91\+%E6%95%85%E9%9A%9C(&|$)/);
    const expected = await apiSearch(request, '配电网 故障');
    expect(expected.totalElements).toBeGreaterThan(0);
    await expect(page.getByText(`共 ${expected.totalElements} 条结果`)).toBeVisible();
  });

  test('[issue 36.5][issue 36.3] the typo notice and its link to the text as typed; an empty 搜索 shows the form; typed markup stays text', async ({
    page,
  }) => {
    await page.goto(address('风险预井平台'));
    const corrected = page.getByTestId('search-corrected');
    await expect(corrected).toContainText('已为您显示“风险预警平台”的结果');
    await expect(corrected.getByRole('link', { name: '仍然搜索“风险预井平台”' })).toHaveAttribute('href', address('风险预井平台', { exact: '1' }));

    await page.goto('/news');
    await page.locator('header.site-header').getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(`${BASE}${address('')}`);
    await expect(page.getByText('请输入要搜索的内容')).toBeVisible();
    await expect(page.getByLabel('搜索内容', { exact: true })).toBeVisible();
    await expect(page.getByTestId('search-results')).toHaveCount(0);

    const markup = '<img src=x onerror=alert(1)>';
    await page.goto(address(markup));
    await expect(page.getByLabel('搜索内容', { exact: true })).toHaveValue(markup);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test('[issue 36.5] the server answer: HTML with the results in it, the page policy, a minute in a CDN; the API down is another test (page-renderer)', async ({
  request,
}) => {
  const res = await request.get(`${BASE}${address('风险预警平台')}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers()['cache-control']).toBe('public, max-age=30, s-maxage=60');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await res.text();
  expect(html).toContain('data-testid="search-results"');
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).not.toContain('请启用 JavaScript');
});

test('[issue 36.5] with JavaScript the app adopts the server page: same results, no second search call; paging is then the app’s', async ({
  page,
  request,
}) => {
  const expected = await apiSearch(request, '风险预警平台');
  const searches: string[] = [];
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/article/es/page') searches.push(u.search);
  });
  await page.goto(address('风险预警平台'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  const results = page.getByTestId('search-results');
  await expect(results.locator('li').first().getByRole('link')).toHaveText(expected.content[0].title);
  await expect(page.getByText(`共 ${expected.totalElements} 条结果`)).toBeVisible();
  expect(searches).toEqual([]);
  // Hydrated as it is: React met the markup it renders itself (a mismatch is a console error, issue 25).
  expect(problems).toEqual([]);

  // The app runs the page: another page of results is one call, without leaving the page.
  const text = '电网';
  await page.goto(address(text));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
  const two = await apiSearch(request, text, 2);
  await page.locator('.search-modal__pagination').getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}${address(text, { page: '2' })}`);
  await expect(results.locator('li').first().getByRole('link')).toHaveText(two.content[0].title);
  expect(searches).toHaveLength(1);
  expect(new URLSearchParams(searches[0]).get('page')).toBe('2');
});
