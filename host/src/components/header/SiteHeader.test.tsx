import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SiteHeader } from './SiteHeader';

// The header's content calls never answer here: what is tested is the menu, not the entries.
jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(() => new Promise(() => {})),
  getChannels: jest.fn(() => new Promise(() => {})),
}));
// The drawer's own code (antd) is not what this tests: it shows whether it is open.
jest.mock('../../antd/with-antd', () => ({
  withAntd: () => async () => ({ default: ({ open }: { open: boolean }) => (open ? <nav data-testid="drawer" aria-label="移动端导航" /> : null) }),
}));

const ui = () => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter initialEntries={['/news']}>
      <SiteHeader />
    </MemoryRouter>
  </QueryClientProvider>
);

test('[NAV-4][issue 42.4] a menu the visitor opened before the app ran (the HTML panel) stays that open panel when the app hydrates, until 菜单 closes it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui());
  document.body.append(container);
  const menu = container.querySelector('details.site-menu') as HTMLDetailsElement;
  const toggled = new Promise((resolve) => menu.addEventListener('toggle', resolve, { once: true }));
  menu.open = true;
  await toggled;
  await act(async () => {
    hydrateRoot(container, ui());
  });
  // Nothing moved: the same menu, open, with its entries; the button says it is open. No drawer loads meanwhile.
  expect(menu.open).toBe(true);
  const summary = container.querySelector('summary')!;
  expect(summary.getAttribute('aria-expanded')).toBe('true');
  expect(container.querySelector('.site-menu__panel nav[aria-label="移动端导航"] ul')).not.toBeNull();
  expect(container.querySelector('[data-testid="drawer"]')).toBeNull();
  // 菜单 closes it; the HTML panel is gone then (one navigation and one account area), and 菜单 opens the drawer next.
  await act(async () => summary.click());
  expect(menu.open).toBe(false);
  expect(summary.getAttribute('aria-expanded')).toBe('false');
  expect(container.querySelector('.site-menu__panel')).toBeNull();
  await act(async () => summary.click());
  expect(container.querySelector('[data-testid="drawer"]')).not.toBeNull();
  container.remove();
});

test('[NAV-4][issue 34.9] the HTML menu (before the app runs) holds the entries and 登录 / 注册', () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui());
  const panel = container.querySelector('details.site-menu .site-menu__panel')!;
  expect(panel.querySelector('nav[aria-label="移动端导航"] ul')).not.toBeNull();
  const links = [...panel.querySelectorAll('.site-menu__user a')].map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['登录', '/user/login'],
    ['注册', '/user/register'],
  ]);
});

test('[issue 36.5][issue 42.4] the HTML 搜索 is a GET form to /search with the route’s text field and 全部; out of sight once the app runs, kept to take what is typed while the modal loads', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui());
  document.body.append(container);
  const form = container.querySelector('form.site-search-form') as HTMLFormElement;
  expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search', 'get']);
  const field = form.querySelector('input[name="text"]') as HTMLInputElement;
  expect([field.type, field.getAttribute('aria-label'), field.maxLength, field.placeholder]).toEqual(['search', '站内搜索', 100, '请输入搜索内容']);
  expect((form.querySelector('input[name="channel"]') as HTMLInputElement).value).toBe('all');
  expect(form.querySelector('button[type="submit"]')!.getAttribute('aria-label')).toBe('搜索');
  // What the browser sends without the app: the route's own address.
  expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe('text=&channel=all');

  await act(async () => {
    hydrateRoot(container, ui());
  });
  // Untouched before the app ran: out of sight and out of the tab order; 搜索 opens the modal, and meanwhile the
  // field has the focus and is shown (what is typed before the modal's box exists lands there).
  const idle = container.querySelector('input[name="text"]') as HTMLInputElement;
  expect([idle.className, idle.tabIndex, idle.getAttribute('aria-hidden')]).toEqual([
    'site-search-form__text site-search-form__text--idle',
    -1,
    'true',
  ]);
  await act(async () => (form.querySelector('button[type="submit"]') as HTMLButtonElement).click());
  expect(document.activeElement).toBe(idle);
  expect([idle.className, idle.getAttribute('aria-hidden')]).toEqual(['site-search-form__text', null]);
  container.remove();
});

test('[issue 36.5] a text typed in the HTML field before the app ran stays, and 搜索 then opens its /search page', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui());
  document.body.append(container);
  (container.querySelector('input[name="text"]') as HTMLInputElement).value = '配电网 故障';
  await act(async () => {
    hydrateRoot(
      container,
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/news']}>
          <SiteHeader />
          <Routes>
            <Route path="/search" element={<Where />} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  const field = container.querySelector('input[name="text"]') as HTMLInputElement;
  expect(field.value).toBe('配电网 故障');
  await act(async () => {
    (container.querySelector('form.site-search-form button[type="submit"]') as HTMLButtonElement).click();
  });
  expect(container.querySelector('[data-testid="where"]')!.textContent).toBe(
    '/search?text=%E9%85%8D%E7%94%B5%E7%BD%91+%E6%95%85%E9%9A%9C&channel=all',
  );
  container.remove();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
