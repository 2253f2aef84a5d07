import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { usePageParam } from './usePageParam';

/** Shows what a list page gets from the hook, plus the router's location. */
function Probe() {
  const { page, href, goTo } = usePageParam();
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="page">{page}</output>
      <output data-testid="where">{pathname + search}</output>
      <a data-testid="first" href={href(1)}>
        1
      </a>
      <a data-testid="second" href={href(2)}>
        2
      </a>
      <button type="button" onClick={() => goTo(3)}>
        3
      </button>
      <button type="button" onClick={() => goTo(1)}>
        1
      </button>
    </>
  );
}
const renderAt = (url: string, basename?: string) =>
  render(
    <MemoryRouter initialEntries={[url]} basename={basename}>
      <Probe />
    </MemoryRouter>,
  );
const text = (id: string) => screen.getByTestId(id).textContent;
const hrefOf = (id: string) => screen.getByTestId(id).getAttribute('href');

test('the page comes from ?page=, page 1 when absent', () => {
  renderAt('/news?page=4');
  expect(text('page')).toBe('4');
});

test('[ROUTE-22] page links are relative query links; page 1 drops ?page= (the bare path when no query is left)', () => {
  renderAt('/news?page=4');
  expect(hrefOf('second')).toBe('?page=2');
  expect(hrefOf('first')).toBe('/news');
});

test('other query parameters (?id=, ?categoryId=) are kept', () => {
  renderAt('/document?id=402');
  expect(text('page')).toBe('1');
  expect(hrefOf('second')).toBe('?id=402&page=2');
  expect(hrefOf('first')).toBe('?id=402');
});

test('the bare path carries the router basename (a plain <a href> is not resolved by the router)', () => {
  renderAt('/site/news?page=2', '/site');
  expect(hrefOf('first')).toBe('/site/news');
});

test('goTo changes the page in the app, keeping the other parameters', () => {
  renderAt('/product?categoryId=20');
  fireEvent.click(screen.getByRole('button', { name: '3' }));
  expect(text('where')).toBe('/product?categoryId=20&page=3');
  expect(text('page')).toBe('3');
  fireEvent.click(screen.getByRole('button', { name: '1' }));
  expect(text('where')).toBe('/product?categoryId=20');
  expect(text('page')).toBe('1');
});
