import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, dehydrateRouteData, hydrateRouteData } from '../render/route-data';
import type { Query } from './queries';
import { useData } from './useData';

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const pageQuery = (load: (page: number) => Promise<string>, page: number): Query<string> => ({ queryKey: ['page', page], queryFn: () => load(page) });

/** Renders the hook's state as text so the tests read what a page would show. */
function Probe({ query }: { query: Query<string> | null }) {
  const { data, loading, error, reload } = useData(query);
  return (
    <>
      <output data-testid="state">{`${loading ? 'loading' : 'idle'}|${data ?? '-'}|${error ? (error as Error).message : '-'}`}</output>
      <button type="button" onClick={reload}>
        重试
      </button>
    </>
  );
}
const state = () => screen.getByTestId('state').textContent;
const withClient = (client: QueryClient, query: Query<string> | null) => (
  <QueryClientProvider client={client}>
    <Probe query={query} />
  </QueryClientProvider>
);

test('loads on mount: loading first, then the answer', async () => {
  const answer = deferred<string>();
  render(
    withClient(
      createQueryClient(),
      pageQuery(() => answer.promise, 1),
    ),
  );
  expect(state()).toBe('loading|-|-');
  await act(async () => answer.resolve('page 1'));
  await waitFor(() => expect(state()).toBe('idle|page 1|-'));
});

test('new parameters load again and keep the previous answer on screen meanwhile', async () => {
  const answers = [deferred<string>(), deferred<string>()];
  const load = jest.fn((page: number) => answers[page - 1].promise);
  const client = createQueryClient();
  const { rerender } = render(withClient(client, pageQuery(load, 1)));
  await act(async () => answers[0].resolve('page 1'));
  rerender(withClient(client, pageQuery(load, 2)));
  expect(load).toHaveBeenLastCalledWith(2);
  expect(state()).toBe('loading|page 1|-');
  await act(async () => answers[1].resolve('page 2'));
  await waitFor(() => expect(state()).toBe('idle|page 2|-'));
});

test('a failure shows the error state (not retried); 重试 asks again and shows the answer', async () => {
  const answers = [deferred<string>(), deferred<string>()];
  let call = 0;
  const load = jest.fn(() => answers[call++].promise);
  render(withClient(createQueryClient(), pageQuery(load, 1)));
  await act(async () => answers[0].reject(new Error('网络错误')));
  await waitFor(() => expect(state()).toBe('idle|-|网络错误'));
  expect(load).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: '重试' }));
  await waitFor(() => expect(state()).toBe('loading|-|-'));
  await act(async () => answers[1].resolve('page 1'));
  await waitFor(() => expect(state()).toBe('idle|page 1|-'));
});

test('null: nothing to load, not loading, and no query the renderer would count as missing', () => {
  const client = createQueryClient();
  render(withClient(client, null));
  expect(state()).toBe('idle|-|-');
  expect(dehydrateRouteData(client).errors).toEqual([]);
});

test('[ISSUE-25] a page starts from the route data its HTML carries and asks nothing more', async () => {
  // The renderer: the loader fills the cache, the page is dehydrated.
  const server = createQueryClient();
  await server.prefetchQuery(pageQuery(async () => 'rendered page 1', 1));
  const { state: carried, errors } = dehydrateRouteData(server);
  expect(errors).toEqual([]);
  // The browser, as bootstrap does it, even long after the render.
  const browser = createQueryClient();
  hydrateRouteData(browser, JSON.parse(JSON.stringify(carried)));
  const load = jest.fn(async () => 'fetched');
  render(withClient(browser, pageQuery(load, 1)));
  expect(state()).toBe('idle|rendered page 1|-');
  await act(async () => undefined);
  expect(load).not.toHaveBeenCalled();
});

test('[issue 36.9] the same answers rendered at two times carry the same bytes (no answer times in the page)', async () => {
  const rendered = async (at: number) => {
    jest.setSystemTime(at);
    const server = createQueryClient();
    await server.prefetchQuery(pageQuery(async () => 'rendered page 1', 1));
    return JSON.stringify(dehydrateRouteData(server).state);
  };
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    expect(await rendered(Date.UTC(2026, 10, 27, 8))).toBe(await rendered(Date.UTC(2026, 10, 27, 9)));
  } finally {
    jest.useRealTimers();
  }
});

test('[ISSUE-25] the renderer counts a failed query and one the page read without a loader as errors (the last good file stays)', async () => {
  const client = createQueryClient();
  await client.prefetchQuery({ queryKey: ['article', 7], queryFn: () => Promise.reject(Object.assign(new Error('内容不存在'), { code: 404 })) });
  client.getQueryCache().build(client, { queryKey: ['channel', 12] });
  const { state: carried, errors } = dehydrateRouteData(client);
  expect(errors).toEqual([
    { message: '["article",7]: 内容不存在', code: 404 },
    { message: '["channel",12]: read by the page but not loaded by its route\'s loader' },
  ]);
  expect(carried.queries).toEqual([]);
});
