import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
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

test('[NAV-4] a menu the visitor opened before the app ran (the HTML panel) becomes the open drawer when the app hydrates', async () => {
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
  expect(menu.open).toBe(false);
  expect(container.querySelector('summary')!.getAttribute('aria-expanded')).toBe('true');
  expect(container.querySelector('[data-testid="drawer"]')).not.toBeNull();
  // Once the app runs, the HTML panel is gone: one navigation and one account area in the header.
  expect(container.querySelector('.site-menu__panel')).toBeNull();
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
