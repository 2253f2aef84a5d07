import { act, render, screen } from '@testing-library/react';
import { RemotePage } from './RemotePage';
import { loadRemoteModule, RemoteUnavailableError } from './remotes';
import type { RemoteRoute } from './route-table';

// The federation runtime is the boundary: the remote is unreachable once, then back.
jest.mock('./remotes', () => {
  const actual = jest.requireActual('./remotes');
  return { ...actual, loadRemoteModule: jest.fn() };
});
jest.mock('../antd/with-antd', () => ({ withAntd: (load: () => Promise<unknown>) => load }));

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
