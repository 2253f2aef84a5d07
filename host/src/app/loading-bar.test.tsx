import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import NProgress from 'nprogress';
import { PageLoading, RemotePage } from './RemotePage';
import { loadRemoteModule } from '../federation/remotes';
import type { RemoteRoute } from '../federation/route-table';
import { companyQuery } from '@site/ui';
import { useLoadingBar } from './loading-bar';

// The federation runtime is the boundary: a remote's module comes when a test says so.
jest.mock('../federation/remotes', () => ({ ...jest.requireActual('../federation/remotes'), loadRemoteModule: jest.fn() }));
jest.mock('../antd/with-antd', () => ({ withAntd: (load: () => Promise<unknown>) => load }));
const loadModule = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

/** An answer a test gives when it says so. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Bar() {
  const { pathname, search } = useLocation();
  useLoadingBar(pathname + search);
  return null;
}

/** A page reading its content through the page's query cache, as every public page does (useData). */
function NewsPage({ answer }: { answer: Promise<string> }) {
  const { data } = useQuery({ queryKey: ['news'], queryFn: () => answer });
  return <p>{data ?? '加载中'}</p>;
}

function site(routes: ReactNode) {
  // The shell's data is in before any navigation, as on a served page (a composed page reads the company for its title).
  const client = new QueryClient();
  client.setQueryData(companyQuery().queryKey, [{ title: '某公司' }]);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Bar />
        <Link to="/news">新闻资讯</Link>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<p>首页</p>} />
            {routes}
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const barRunning = () => NProgress.isStarted();

afterEach(() => {
  jest.restoreAllMocks();
  NProgress.done();
});

describe('the loading bar follows the navigation state, not the page (ROUTE-3)', () => {
  it('[ROUTE-3][issue 38.4] after a navigation it runs while the page loads its data and ends when the data is in', async () => {
    const news = deferred<string>();
    render(site(<Route path="/news" element={<NewsPage answer={news.promise} />} />));
    expect(barRunning()).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '新闻资讯' })));
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(barRunning()).toBe(true);
    await act(async () => news.resolve('配电网数字化转型白皮书发布'));
    expect(await screen.findByText('配电网数字化转型白皮书发布')).toBeTruthy();
    await waitFor(() => expect(barRunning()).toBe(false));
  });

  it('[ROUTE-3][issue 38.4] a page whose code is on its way keeps the bar through its code and then its data', async () => {
    const code = deferred<{ default: () => ReactNode }>();
    const news = deferred<string>();
    const LazyNews = lazy(() => code.promise);
    // As a layout met for the first time: its own Suspense shows the loading state (PageLoading) at once.
    render(
      site(
        <Route
          path="/news"
          element={
            <Suspense fallback={<PageLoading />}>
              <LazyNews />
            </Suspense>
          }
        />,
      ),
    );
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '新闻资讯' })));
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(barRunning()).toBe(true);
    // The code arrives: the loading state leaves as the page mounts and asks for its data, in one commit; the bar
    // goes on (read at the loading state's leaving, before the page's effects, it would have looked idle).
    await act(async () => code.resolve({ default: () => <NewsPage answer={news.promise} /> }));
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(barRunning()).toBe(true);
    await act(async () => news.resolve('配电网数字化转型白皮书发布'));
    expect(await screen.findByText('配电网数字化转型白皮书发布')).toBeTruthy();
    await waitFor(() => expect(barRunning()).toBe(false));
  });

  it('[ROUTE-3][issue 38.4] a remote page reached in a transition (the previous page stays) keeps one bar from its code to its data', async () => {
    const code = deferred<unknown>();
    const news = deferred<string>();
    loadModule.mockReturnValue(code.promise);
    const route: RemoteRoute = { path: '/news', remote: 'remote_content', module: './News', title: '新闻中心', layout: 'public' };
    render(site(<Route path="/news" element={<RemotePage route={route} ownSuspense={false} />} />));
    const done = jest.spyOn(NProgress, 'done');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '新闻资讯' })));
    // The router renders the next page in a transition: the home page stays while the code comes.
    expect(screen.getByText('首页')).toBeTruthy();
    expect(barRunning()).toBe(true);
    await act(async () => code.resolve({ default: () => <NewsPage answer={news.promise} /> }));
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(barRunning()).toBe(true);
    // Never ended between the code's arrival and the page asking for its data (it would flash and start again).
    expect(done).not.toHaveBeenCalled();
    await act(async () => news.resolve('配电网数字化转型白皮书发布'));
    await waitFor(() => expect(barRunning()).toBe(false));
  });

  it('[ROUTE-3] the page the browser loaded runs no bar while it loads its data (the browser shows its own)', async () => {
    const news = deferred<string>();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/news']}>
          <Bar />
          <NewsPage answer={news.promise} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByText('加载中')).toBeTruthy();
    expect(barRunning()).toBe(false);
    await act(async () => news.resolve('配电网数字化转型白皮书发布'));
  });
});
