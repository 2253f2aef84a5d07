import { fireEvent, screen, waitFor } from '@testing-library/react';
import { article, pageOf, renderAt } from '../../test-utils';
import Question from './Question';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getArticlePage: jest.fn(),
  getArticle: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as Record<'getArticlePage' | 'getArticle', jest.Mock>;

const q1 = article({ id: 501, channelId: 16, title: '系统支持哪些操作系统与数据库？', description: '支持麒麟等操作系统。' });
const q2 = article({ id: 502, channelId: 16, title: '如何申请产品试用？', description: '请在联系我们页面留言。' });

beforeEach(() => {
  jest.clearAllMocks();
  api.getArticlePage.mockResolvedValue(pageOf([q1, q2]));
  api.getArticle.mockImplementation(async (id: number) => ({
    ...(id === 502 ? q2 : q1),
    text: `<p>答案正文 ${id}</p><img src=x onerror="alert(1)">`,
  }));
});

test('[ROUTE-16] 常见问题 lists the questions with answers closed', async () => {
  renderAt(<Question />, '/question');
  expect(await screen.findByText('如何申请产品试用？')).toBeTruthy();
  expect(api.getArticlePage).toHaveBeenCalledWith(expect.objectContaining({ channelId: 16 }));
  expect(screen.queryByText('答案正文 502')).toBeNull();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  for (const q of [q1, q2]) expect(screen.getByRole('button', { name: q.title }).getAttribute('aria-expanded')).toBe('false');
  expect(api.getArticle).not.toHaveBeenCalled();
});

test('[ROUTE-16] a click on a question expands its answer (fetched once) and a second click closes it', async () => {
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
  expect(api.getArticle).toHaveBeenCalledTimes(1);
});

test('[SRCH-11] ?id= opens that question and shows its sanitised answer', async () => {
  renderAt(<Question />, '/question?id=502');
  expect(await screen.findByText('答案正文 502')).toBeTruthy();
  expect(api.getArticle).toHaveBeenCalledWith(502);
  expect(screen.queryByText('答案正文 501')).toBeNull();
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
