import { fireEvent, screen, waitFor } from '@testing-library/react';
import { article, pageOf, renderAt } from '../../test-utils';
import Question from './Question';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getArticleTextPage: jest.fn(),
  getArticle: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as Record<'getArticleTextPage' | 'getArticle', jest.Mock>;

const answer = (id: number) => `<p>答案正文 ${id}</p><img src=x onerror="alert(1)">`;
const q1 = article({ id: 501, channelId: 16, title: '系统支持哪些操作系统与数据库？', description: '支持麒麟等操作系统。', text: answer(501) });
const q2 = article({ id: 502, channelId: 16, title: '如何申请产品试用？', description: '请在联系我们页面留言。', text: answer(502) });

beforeEach(() => {
  jest.clearAllMocks();
  api.getArticleTextPage.mockResolvedValue(pageOf([q1, q2]));
  api.getArticle.mockImplementation(async (id: number) => (id === 502 ? q2 : q1));
});

/** The <details> holding a text: the answer is in the page, open or not (the browser shows it when open). */
const detailsOf = (text: string) => screen.getByText(text).closest('details')!;

test('[ROUTE-16] 常见问题 lists the questions with answers closed', async () => {
  renderAt(<Question />, '/question');
  expect(await screen.findByText('如何申请产品试用？')).toBeTruthy();
  expect(api.getArticleTextPage).toHaveBeenCalledWith(expect.objectContaining({ channelId: 16 }));
  expect(detailsOf('答案正文 502').open).toBe(false);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  for (const q of [q1, q2]) expect(screen.getByRole('button', { name: q.title }).getAttribute('aria-expanded')).toBe('false');
  expect(api.getArticle).not.toHaveBeenCalled();
});

test('[ROUTE-16][issue 34.9] a click on a question expands its answer (the page carries it: no fetch) and a second click closes it', async () => {
  renderAt(<Question />, '/question');
  const button = await screen.findByRole('button', { name: '如何申请产品试用？' });
  // The browser opens the <details> and then fires its toggle event, a task later.
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
  expect(await screen.findByText('答案正文 502')).toBeTruthy();
  expect(panel.contains(screen.getByText('答案正文 502'))).toBe(true);
  expect(panel.closest('details')!.open).toBe(true);
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  expect(panel.closest('details')!.open).toBe(false);
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  expect(api.getArticle).not.toHaveBeenCalled();
});

test("[issue 34.9] an answer is the question's sanitised body; a question without one shows its short answer", async () => {
  api.getArticleTextPage.mockResolvedValue(pageOf([q1, { ...q2, text: '' }]));
  renderAt(<Question />, '/question');
  expect((await screen.findByText('答案正文 501')).closest('.rs-faq-a')!.innerHTML).toBe('<p>答案正文 501</p><img src="x">');
  expect(screen.getByText('请在联系我们页面留言。').closest('details')!.querySelector('.rs-faq-panel')!.textContent).toBe('请在联系我们页面留言。');
});

test('[SRCH-11] ?id= opens that question and shows its sanitised answer', async () => {
  renderAt(<Question />, '/question?id=502');
  expect(await screen.findByText('答案正文 502')).toBeTruthy();
  expect(api.getArticle).toHaveBeenCalledWith(502);
  expect(detailsOf('答案正文 501').open).toBe(false);
  expect(detailsOf('答案正文 502').open).toBe(true);
  expect(document.querySelector('[onerror]')).toBeNull();
  expect(screen.getByRole('button', { name: '如何申请产品试用？' }).getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('button', { name: '系统支持哪些操作系统与数据库？' }).getAttribute('aria-expanded')).toBe('false');
});

test('an unknown ?id= shows 未找到该问题 and the list', async () => {
  renderAt(<Question />, '/question?id=777');
  expect(await screen.findByText('未找到该问题')).toBeTruthy();
  expect(screen.getByText('如何申请产品试用？')).toBeTruthy();
  expect(screen.getByRole('link', { name: '查看全部问题' }).getAttribute('href')).toBe('/question');
});

describe('[issue 36.10] a FAQ page carries its page of questions and the one asked for, not every question', () => {
  const many = Array.from({ length: 45 }, (_, i) =>
    article({ id: 1000 + i, channelId: 16, title: `问题 ${i + 1}`, description: `简答 ${i + 1}`, text: `<p>完整解答 ${1000 + i}</p>` }),
  );
  beforeEach(() => {
    api.getArticleTextPage.mockImplementation(async ({ page, pageSize }: { page: number; pageSize: number }) => ({
      ...pageOf(many.slice((page - 1) * pageSize, page * pageSize)),
      totalElements: many.length,
      totalPages: Math.ceil(many.length / pageSize),
      number: page - 1,
      size: pageSize,
    }));
    api.getArticle.mockImplementation(async (id: number) => {
      const q = many.find((x) => x.id === id) ?? (id === 9 ? article({ id: 9, channelId: 12, title: '一条新闻' }) : undefined);
      if (!q) throw new Error('文章不存在');
      return q;
    });
  });

  test('20 questions a page, with real page links (?page=N) that work without JavaScript', async () => {
    renderAt(<Question />, '/question');
    expect(await screen.findByText('问题 1')).toBeTruthy();
    expect(api.getArticleTextPage).toHaveBeenCalledWith({ channelId: 16, page: 1, pageSize: 20 });
    expect(screen.getAllByRole('button', { expanded: false }).filter((b) => b.closest('.rs-faq'))).toHaveLength(20);
    expect(screen.queryByText('问题 21')).toBeNull();
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav.querySelector('a[title="2"]')!.getAttribute('href')).toBe('/question?page=2');
    expect(nav.querySelector('a[title="3"]')!.getAttribute('href')).toBe('/question?page=3');
    expect(nav.querySelector('a[title="1"]')!.getAttribute('href')).toBe('/question');
    expect(api.getArticle).not.toHaveBeenCalled();
  });

  test('?page=3 shows the third page', async () => {
    renderAt(<Question />, '/question?page=3');
    expect(await screen.findByText('问题 41')).toBeTruthy();
    expect(api.getArticleTextPage).toHaveBeenCalledWith({ channelId: 16, page: 3, pageSize: 20 });
    expect(screen.queryByText('问题 1')).toBeNull();
    expect(document.querySelectorAll('.rs-faq > li')).toHaveLength(5);
  });

  test('?id= of a question on another page: the first page and that question, first and open with its full answer', async () => {
    renderAt(<Question />, '/question?id=1030');
    expect(await screen.findByText('完整解答 1030')).toBeTruthy();
    const items = [...document.querySelectorAll('.rs-faq > li')];
    expect(items).toHaveLength(21);
    expect(items[0].textContent).toContain('问题 31');
    expect(screen.getByRole('button', { name: '问题 31' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: '问题 1' }).getAttribute('aria-expanded')).toBe('false');
    expect(api.getArticleTextPage).toHaveBeenCalledTimes(1);
    // The page links lead to the list's pages, without the question asked for.
    fireEvent.click(screen.getByRole('navigation', { name: '分页' }).querySelector('a[title="2"]')!);
    expect(await screen.findByText('问题 21')).toBeTruthy();
    // (Page 2 holds 问题 21..40: the question asked for is in its place there, no longer first.)
    await waitFor(() => expect(document.querySelectorAll('.rs-faq > li')[0].textContent).toContain('问题 21'));
    expect(document.querySelectorAll('.rs-faq > li')).toHaveLength(20);
    expect(document.querySelectorAll('.rs-faq > li')[10].textContent).toContain('问题 31');
  });

  test('?id= of a question on the page shows it in its place; an article of another channel is no question', async () => {
    renderAt(<Question />, '/question?id=1003');
    expect(await screen.findByText('完整解答 1003')).toBeTruthy();
    expect(document.querySelectorAll('.rs-faq > li')).toHaveLength(20);
    expect(document.querySelectorAll('.rs-faq > li')[3].textContent).toContain('问题 4');
  });

  test('an article of another channel by ?id= is no question: 未找到该问题 and the first page', async () => {
    renderAt(<Question />, '/question?id=9');
    expect(await screen.findByText('未找到该问题')).toBeTruthy();
    expect(screen.queryByText('一条新闻')).toBeNull();
    expect(document.querySelectorAll('.rs-faq > li')).toHaveLength(20);
  });
});
