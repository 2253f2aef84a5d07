import { Suspense, startTransition, useState } from 'react';
import { act, render as renderUi, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { companyQuery } from '@site/ui';
import { RemotePage } from './RemotePage';
import { loadRemoteModule, RemoteUnavailableError } from '../federation/remotes';
import type { RemoteRoute } from '../federation/route-table';

// The federation runtime is the boundary: the remote is unreachable once, then back.
jest.mock('../federation/remotes', () => {
  const actual = jest.requireActual('../federation/remotes');
  return { ...actual, loadRemoteModule: jest.fn() };
});
jest.mock('../antd/with-antd', () => ({ withAntd: (load: () => Promise<unknown>) => load }));

/** As in the app: a page (its head, its not-found state) lives under the router and the page's query cache. */
function render(ui: ReactElement) {
  const client = new QueryClient();
  client.setQueryData(companyQuery().queryKey, [{ title: '某公司' }]);
  return renderUi(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/question']}>{children}</MemoryRouter>
      </QueryClientProvider>
    ),
  });
}

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
// Each test mounts its own module: RemotePage keeps loaded pages for the whole session.
const routeFor = (module: string): RemoteRoute => ({ path: '/question', remote: 'remote_support', module, title: '常见问题', layout: 'public' });
const page = { default: () => <h1>常见问题</h1> };

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function mount(route: RemoteRoute) {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(<RemotePage route={route} />);
  });
  return view!;
}

describe('RemotePage after a failed load', () => {
  it('loads the page afresh when it is mounted again (a failure is not cached)', async () => {
    const route = routeFor('./Question');
    load.mockRejectedValueOnce(new RemoteUnavailableError('remote_support', './Question', '无法加载'));
    const first = await mount(route);
    expect(await screen.findByText('“常见问题”暂时无法访问')).toBeTruthy();
    first.unmount();

    load.mockResolvedValueOnce(page);
    await mount(route);
    expect(await screen.findByRole('heading', { level: 1, name: '常见问题' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('重试 loads it again in place', async () => {
    const route = routeFor('./Video');
    load.mockRejectedValueOnce(new RemoteUnavailableError('remote_support', './Video', '加载超时'));
    await mount(route);
    load.mockResolvedValueOnce(page);
    await act(async () => screen.getByRole('button', { name: '重试' }).click());
    expect(await screen.findByRole('heading', { level: 1, name: '常见问题' })).toBeTruthy();
  });
});

describe("RemotePage under the layout's Suspense (ownSuspense={false})", () => {
  // The layout's boundary sits above the page's key; a page that suspends there is not committed, so React renders
  // it anew when its load settles. A failure must then reach the error boundary, not start another load.
  const inLayout = (route: RemoteRoute) => (
    <Suspense fallback={<p>加载中</p>}>
      <RemotePage route={route} ownSuspense={false} />
    </Suspense>
  );

  it('[ROUTE-4] a failed first load shows the fallback after one load, and a later visit loads afresh', async () => {
    const route = routeFor('./Download');
    load.mockRejectedValueOnce(new RemoteUnavailableError('remote_support', './Download', '无法加载'));
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(inLayout(route));
    });
    expect(await screen.findByText('“常见问题”暂时无法访问')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    view!.unmount();

    load.mockResolvedValueOnce(page);
    await act(async () => {
      render(inLayout(route));
    });
    expect(await screen.findByRole('heading', { level: 1, name: '常见问题' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('[ROUTE-4] a navigation to a failing page keeps the previous page, then shows the fallback (one load)', async () => {
    const route = routeFor('./Search');
    load.mockRejectedValueOnce(new RemoteUnavailableError('remote_support', './Search', '无法加载'));
    let go: () => void = () => undefined;
    function Nav() {
      const [to, setTo] = useState<'before' | 'page'>('before');
      go = () => startTransition(() => setTo('page'));
      return (
        <Suspense fallback={<p>加载中</p>}>
          {to === 'before' ? <h1>上一页面</h1> : <RemotePage key="page" route={route} ownSuspense={false} />}
        </Suspense>
      );
    }
    await act(async () => {
      render(<Nav />);
    });
    await act(async () => go());
    expect(await screen.findByText('“常见问题”暂时无法访问')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
