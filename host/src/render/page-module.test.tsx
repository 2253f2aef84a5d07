import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { articleQuery, companyQuery, usePageTitle } from '@site/ui';
import { articleHead } from '@site/ui/render';
import type { ArticleDetail, BlockItem } from '@site/contract';
import { NavigationEffects } from '../app/RouteEffects';
import { NotFoundLocation, composePage, routeHead, type PageModule } from './page-module';

// The company call is the boundary: it answers when a test says so.
jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), getCompany: jest.fn(), getArticle: jest.fn() }));
const { getCompany, getArticle } = jest.requireMock('@site/api-client') as { getCompany: jest.Mock; getArticle: jest.Mock };

const company = (title: string) => [{ id: 1, blockId: 1, title } as BlockItem];

/** As SiteRoutes places them: the navigation effects first, the page after; the window at the router's location. */
function mount(client: QueryClient, module: PageModule, at: string, notFound: string | null = null) {
  window.history.replaceState(null, '', at);
  const { default: Page } = composePage(module, routeHead('管理后台'));
  return render(
    <QueryClientProvider client={client}>
      <NotFoundLocation.Provider value={notFound}>
        <MemoryRouter initialEntries={[at]}>
          <NavigationEffects />
          <Routes>
            <Route path="*" element={<Page />} />
          </Routes>
        </MemoryRouter>
      </NotFoundLocation.Provider>
    </QueryClientProvider>,
  );
}

/** An admin page titles itself with its menu title (the admin app has no head of its own). */
function MenuPage() {
  usePageTitle('用户管理');
  return null;
}

describe("the page module's head in the browser (TITLE-1)", () => {
  beforeEach(() => jest.clearAllMocks());

  it('[TITLE-1 deviation: a detail page is titled by its article, see contract README][issue 38.1] a detail page is titled by its head, from the article its loader loaded, with the company the page started with', async () => {
    const client = new QueryClient();
    client.setQueryData(companyQuery().queryKey, company('某某电力科技有限公司'));
    client.setQueryData(articleQuery(101).queryKey, { id: 101, title: '电网运行风险预警平台', description: '平台摘要' } as ArticleDetail);
    await act(async () => {
      mount(client, { default: () => <p>详情</p>, head: articleHead({ title: '产品详情', description: '产品' }) }, '/productDetail?id=101');
    });
    expect(document.title).toBe('电网运行风险预警平台 - 某某电力科技有限公司');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('平台摘要');
  });

  it('[TITLE-1 deviation: a detail page is titled by its article, see contract README] an article that arrives after the page is shown retitles it', async () => {
    const client = new QueryClient();
    client.setQueryData(companyQuery().queryKey, company('某某电力科技有限公司'));
    await act(async () => {
      mount(client, { default: () => <p>详情</p>, head: articleHead({ title: '新闻详情', description: '新闻' }) }, '/newsDetail?id=7');
    });
    expect(document.title).toBe('新闻详情 - 某某电力科技有限公司');
    await act(async () => {
      client.setQueryData(articleQuery(7).queryKey, { id: 7, title: '公司通过 CMMI 五级复评' } as ArticleDetail);
    });
    await waitFor(() => expect(document.title).toBe('公司通过 CMMI 五级复评 - 某某电力科技有限公司'));
  });

  it("[TITLE-1] a company title that arrives later keeps the title a page set for itself (the admin's menu title)", async () => {
    const client = new QueryClient();
    let answer: (items: BlockItem[]) => void = () => undefined;
    getCompany.mockReturnValue(new Promise<BlockItem[]>((r) => (answer = r)));
    await act(async () => {
      mount(client, { default: MenuPage }, '/admin/system/user');
    });
    await act(async () => {
      answer(company('另一家电力公司'));
    });
    // react-query tells its observers in a task of its own.
    await waitFor(() => expect(document.title).toBe('用户管理 - 另一家电力公司'));
  });

  it('[issue 34.9] where the origin answered 404 (the rendered not-found page), the page shows its not-found state until its data has been asked once, then the page itself', async () => {
    const client = new QueryClient();
    client.setQueryData(companyQuery().queryKey, company('某某电力科技有限公司'));
    // The article was published after the renderer's index said 404: the page's own loader finds it.
    let answer: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (answer = resolve));
    const loader = jest.fn(({ queryClient }: { queryClient: QueryClient }) =>
      queryClient.prefetchQuery({ queryKey: ['article', 999999], queryFn: () => asked.then(() => ({ id: 999999 })) }),
    );
    const Detail = () => <h1>新发布的文章</h1>;
    await act(async () => {
      mount(
        client,
        { default: Detail, loader, head: articleHead({ title: '新闻详情', description: '新闻' }), NotFound: () => <h1>内容不存在</h1> },
        '/newsDetail?id=999999',
        '/newsDetail?id=999999',
      );
    });
    expect(screen.getByRole('heading', { level: 1, name: '内容不存在' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(getArticle).not.toHaveBeenCalled();
    expect(document.title).toBe('新闻详情 - 某某电力科技有限公司');
    await act(async () => answer());
    expect(screen.getByRole('heading', { level: 1, name: '新发布的文章' })).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['its article is still not there (the call fails)', () => Promise.reject(Object.assign(new Error('内容不存在'), { status: 404 }))],
    ['the address names no article (nothing to ask)', null],
  ])(
    '[ROUTE-22][issue 42.4] where the origin answered 404 and %s, the not-found state stays the very elements the visitor may be pressing (not replaced by a copy)',
    async (_case, fetchArticle) => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(companyQuery().queryKey, company('某某电力科技有限公司'));
      // The loader asks once the test has taken the element the visitor sees.
      let ask: () => void = () => undefined;
      const asking = new Promise<void>((resolve) => (ask = resolve));
      const loader = jest.fn(async ({ queryClient }: { queryClient: QueryClient }) => {
        await asking;
        if (fetchArticle) await queryClient.prefetchQuery({ queryKey: ['article', 42], queryFn: fetchArticle });
      });
      // The page's own not-found state reads the same as the module's: its elements would be copies put in their place.
      const Detail = () => <h1 data-page-copy="">内容不存在</h1>;
      await act(async () => {
        mount(
          client,
          { default: Detail, loader, head: articleHead({ title: '方案详情', description: '方案' }), NotFound: () => <h1>内容不存在</h1> },
          '/solutionDetail?id=42',
          '/solutionDetail?id=42',
        );
      });
      const shown = screen.getByRole('heading', { level: 1, name: '内容不存在' });
      // The loader settles, and so does everything chained to it (microtasks all run before the next task).
      await act(async () => {
        ask();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(loader).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('heading', { level: 1, name: '内容不存在' })).toBe(shown);
      expect(shown.isConnected).toBe(true);
      expect(document.querySelector('[data-page-copy]')).toBeNull();
    },
  );
});
