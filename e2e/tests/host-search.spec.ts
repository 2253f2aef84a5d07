/**
 * Issue 4: the search modal against the real server: texts, radio choices from the channel list, paging at 20,
 * 暂无相关内容, and every row of the result navigation table.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, BASE } from '../support/site';

interface Result {
  id: number;
  title: string;
  channel: { id: number };
}
interface SearchPage {
  content: Result[];
  totalElements: number;
}

async function search(request: APIRequestContext, channelId: number, text: string, page = 1): Promise<SearchPage> {
  const res = await request.get(`${API}/api/article/es/page`, { params: { channelId, text, page, pageSize: 20 } });
  return res.json();
}

async function openSearch(page: Page) {
  await page.getByRole('button', { name: '搜索' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function runSearch(page: Page, channelTitle: string, text: string) {
  const dialog = await openSearch(page);
  await dialog.getByRole('radio', { name: channelTitle }).check();
  const box = dialog.getByPlaceholder('请输入搜索内容');
  await box.fill(text);
  await box.press('Enter');
  return dialog;
}

const SEARCHABLE = [14, 10, 11, 12];

async function channelTitles(request: APIRequestContext): Promise<Record<number, string>> {
  const flat = (l: { id: number; name: string; children?: unknown[] }[]): { id: number; name: string }[] =>
    l.flatMap((c) => [c, ...flat((c.children ?? []) as { id: number; name: string }[])]);
  const list = flat(await (await request.get(`${API}/api/channel`, { params: { isNav: 'true' } })).json());
  return Object.fromEntries(SEARCHABLE.map((id) => [id, list.find((c) => c.id === id)!.name]));
}

test('[SRCH-1][SRCH-2][SRCH-4] radio choices of channels 14, 10, 11, 12 titled from the channel list; the placeholder', async ({ page, request }) => {
  const titles = await channelTitles(request);
  await page.goto('/');
  const dialog = await openSearch(page);
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  const labels = await dialog.locator('.ant-radio-wrapper').allInnerTexts();
  expect(labels.map((l) => l.trim())).toEqual(SEARCHABLE.map((id) => titles[id]));
  await expect(dialog.getByRole('radio', { name: titles[14] })).toBeChecked();
  await expect(dialog.getByPlaceholder('请输入搜索内容')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('[SRCH-3] a search without matches shows 暂无相关内容', async ({ page, request }) => {
  const titles = await channelTitles(request);
  await page.goto('/');
  const dialog = await runSearch(page, titles[12], `无此内容${Date.now()}`);
  await expect(dialog.getByText('暂无相关内容')).toBeVisible();
  await expect(dialog.getByTestId('search-results')).toHaveCount(0);
});

test('[SRCH-5][SRCH-6] results are paged 20 at a time', async ({ page, request }) => {
  const titles = await channelTitles(request);
  // A query with more than 20 hits in one of the searchable channels (the empty text matches everything).
  let pick: { channelId: number; first: SearchPage } | undefined;
  for (const channelId of SEARCHABLE) {
    const first = await search(request, channelId, '');
    if (first.totalElements > 20) {
      pick = { channelId, first };
      break;
    }
  }
  expect(pick, 'a searchable channel with more than 20 articles').toBeTruthy();
  const { channelId, first } = pick!;
  await page.goto('/');
  const calls: URL[] = [];
  page.on('request', (r) => r.url().includes('/api/article/es/page') && calls.push(new URL(r.url())));
  const dialog = await runSearch(page, titles[channelId], '');
  const items = dialog.getByTestId('search-results').locator('li');
  await expect(items).toHaveCount(20);
  await expect(items.first().locator('a')).toHaveText(first.content[0].title);
  const q = calls.at(-1)!.searchParams;
  expect([q.get('page'), q.get('pageSize'), q.get('channelId'), q.get('text')]).toEqual(['1', '20', String(channelId), '']);

  const second = await search(request, channelId, '', 2);
  await dialog.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(items.first().locator('a')).toHaveText(second.content[0].title);
  await expect(items).toHaveCount(Math.min(20, first.totalElements - 20));
  expect(calls.at(-1)!.searchParams.get('page')).toBe('2');
});

test.describe('[SRCH-7..12] choosing a result navigates by channel and closes the modal', () => {
  const rows: { name: string; searchChannel: number; resultChannel?: number; path: string }[] = [
    { name: '[SRCH-7] 14 -> /product', searchChannel: 14, path: '/product' },
    { name: '[SRCH-8] 10 -> /solutionDetail', searchChannel: 10, path: '/solutionDetail' },
    { name: '[SRCH-9] 12 -> /newsDetail', searchChannel: 12, path: '/newsDetail' },
    { name: '[SRCH-10] 11 documents -> /document', searchChannel: 11, resultChannel: 15, path: '/document' },
    { name: '[SRCH-11] 11 questions -> /question', searchChannel: 11, resultChannel: 16, path: '/question' },
    { name: '[SRCH-12] 11 videos -> /videoDetail', searchChannel: 11, resultChannel: 17, path: '/videoDetail' },
  ];
  for (const row of rows) {
    test(row.name, async ({ page, request }) => {
      const titles = await channelTitles(request);
      // Find a result of the wanted kind, then search for its exact title.
      let target: Result | undefined;
      for (let p = 1; !target && p <= 10; p++) {
        const res = await search(request, row.searchChannel, '', p);
        target = res.content.find((r) => row.resultChannel === undefined || r.channel.id === row.resultChannel);
        if (res.content.length < 20) break;
      }
      expect(target, `a result for ${row.name}`).toBeTruthy();
      await page.goto('/about');
      const dialog = await runSearch(page, titles[row.searchChannel], target!.title);
      const link = dialog.getByTestId('search-results').getByRole('link', { name: target!.title, exact: true });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${BASE}${row.path}?id=${target!.id}`);
      await expect(dialog).toBeHidden();
    });
  }
});
