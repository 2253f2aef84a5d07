import { CHANNEL_IDS, type Article } from '@site/contract';
import { renderRoutes } from '../../render-routes';

jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), getAllArticles: jest.fn() }));
const api = jest.requireMock('@site/api-client') as Record<'getAllArticles', jest.Mock>;

test('[issue 36.10] the FAQ pages are rendered ahead: /question, /question?page=2.., and each question at its own address', async () => {
  const questions = Array.from({ length: 45 }, (_, i) => ({ id: 100 + i, publishDate: '2024-01-01 00:00:00' }) as Article);
  api.getAllArticles.mockImplementation(async (channelId: number) => (channelId === CHANNEL_IDS.question ? questions : []));
  const urls = (await renderRoutes()).map((r) => r.url);
  expect(urls.filter((u) => u.startsWith('/question'))).toEqual([
    '/question',
    '/question?page=2',
    '/question?page=3',
    ...questions.map((q) => `/question?id=${q.id}`),
  ]);
});
