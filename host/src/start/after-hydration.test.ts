import { afterHydration } from './after-hydration';

afterEach(() => {
  document.documentElement.removeAttribute('data-hydrated');
  document.body.innerHTML = '';
});

test('[issue 42.2] on a rendered page the work waits for the hydration mark, then runs once', async () => {
  document.body.innerHTML = '<script type="application/json" id="site-render">{}</script>';
  const work = jest.fn();
  afterHydration(work);
  await Promise.resolve();
  expect(work).not.toHaveBeenCalled();
  document.documentElement.dataset.hydrated = 'true';
  await new Promise((r) => setTimeout(r, 0));
  expect(work).toHaveBeenCalledTimes(1);
  document.documentElement.dataset.hydrated = 'again';
  await new Promise((r) => setTimeout(r, 0));
  expect(work).toHaveBeenCalledTimes(1);
});

test('[issue 42.2] a page the browser renders itself (no render state), or one already hydrated, runs it at once', () => {
  const work = jest.fn();
  afterHydration(work);
  expect(work).toHaveBeenCalledTimes(1);
  document.body.innerHTML = '<script type="application/json" id="site-render">{}</script>';
  document.documentElement.dataset.hydrated = 'true';
  afterHydration(work);
  expect(work).toHaveBeenCalledTimes(2);
});
