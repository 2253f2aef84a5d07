import { act, fireEvent, render, screen } from '@testing-library/react';
import { useAsync } from './useAsync';

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

/** Renders the hook's state as text so the tests read what a page would show. */
function Probe({ load, dep }: { load: (dep: number) => Promise<string>; dep: number }) {
  const { data, loading, error, reload } = useAsync(() => load(dep), [dep]);
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

afterEach(() => jest.restoreAllMocks());

test('loads on mount: loading first, then the answer', async () => {
  const answer = deferred<string>();
  render(<Probe load={() => answer.promise} dep={1} />);
  expect(state()).toBe('loading|-|-');
  await act(async () => answer.resolve('page 1'));
  expect(state()).toBe('idle|page 1|-');
});

test('a dep change loads again and keeps the previous answer on screen meanwhile', async () => {
  const answers = [deferred<string>(), deferred<string>()];
  const load = jest.fn((dep: number) => answers[dep - 1].promise);
  const { rerender } = render(<Probe load={load} dep={1} />);
  await act(async () => answers[0].resolve('page 1'));
  rerender(<Probe load={load} dep={2} />);
  expect(load).toHaveBeenLastCalledWith(2);
  expect(state()).toBe('loading|page 1|-');
  await act(async () => answers[1].resolve('page 2'));
  expect(state()).toBe('idle|page 2|-');
});

test('an answer that arrives after the deps moved on is dropped (a slow page 1 never overwrites page 2)', async () => {
  const answers = [deferred<string>(), deferred<string>()];
  const load = (dep: number) => answers[dep - 1].promise;
  const { rerender } = render(<Probe load={load} dep={1} />);
  rerender(<Probe load={load} dep={2} />);
  await act(async () => answers[1].resolve('page 2'));
  await act(async () => answers[0].resolve('page 1'));
  expect(state()).toBe('idle|page 2|-');
  // A late failure of the old request is dropped too.
  const more = [deferred<string>(), deferred<string>()];
  rerender(<Probe load={(dep) => more[dep - 3].promise} dep={3} />);
  rerender(<Probe load={(dep) => more[dep - 3].promise} dep={4} />);
  await act(async () => more[1].resolve('page 4'));
  await act(async () => more[0].reject(new Error('page 3 failed')));
  expect(state()).toBe('idle|page 4|-');
});

test('answers are rendered as transitions, and nothing is applied after unmount', async () => {
  // The hook's own `react` module object (a namespace import would be a copy).
  const transition = jest.spyOn(jest.requireActual<typeof import('react')>('react'), 'startTransition');
  const first = deferred<string>();
  const { unmount } = render(<Probe load={() => first.promise} dep={1} />);
  await act(async () => first.resolve('page 1'));
  expect(transition).toHaveBeenCalledTimes(1);

  const late = deferred<string>();
  const again = render(<Probe load={() => late.promise} dep={1} />);
  again.unmount();
  unmount();
  await act(async () => late.resolve('too late'));
  expect(transition).toHaveBeenCalledTimes(1);
});

test('a failed load shows the error state without data; a bare rejection still counts as an error', async () => {
  const failing = deferred<string>();
  const { rerender } = render(<Probe load={() => failing.promise} dep={1} />);
  await act(async () => failing.reject(new Error('请求失败')));
  expect(state()).toBe('idle|-|请求失败');

  const bare = deferred<string>();
  rerender(<Probe load={() => bare.promise} dep={2} />);
  expect(state()).toBe('loading|-|-');
  await act(async () => bare.reject());
  expect(state()).toBe('idle|-|load failed');
});

test('reload runs the same load again: the error clears while it runs, then the new answer shows', async () => {
  const answers = [deferred<string>(), deferred<string>()];
  let call = 0;
  const load = jest.fn(() => answers[call++].promise);
  render(<Probe load={load} dep={1} />);
  await act(async () => answers[0].reject(new Error('网络异常')));
  expect(state()).toBe('idle|-|网络异常');

  fireEvent.click(screen.getByRole('button', { name: '重试' }));
  expect(load).toHaveBeenCalledTimes(2);
  expect(load).toHaveBeenLastCalledWith(1);
  expect(state()).toBe('loading|-|-');
  await act(async () => answers[1].resolve('page 1'));
  expect(state()).toBe('idle|page 1|-');
});

test('reload keeps its identity across renders (safe in effect deps)', async () => {
  const seen = new Set<() => void>();
  function Spy({ dep }: { dep: number }) {
    seen.add(useAsync(() => Promise.resolve(dep), [dep]).reload);
    return null;
  }
  const { rerender } = render(<Spy dep={1} />);
  rerender(<Spy dep={2} />);
  await act(async () => {});
  expect(seen.size).toBe(1);
});
