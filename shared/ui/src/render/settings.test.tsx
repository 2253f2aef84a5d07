import { act } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { articleQuery, channelsQuery, companyQuery } from '../data/queries';
import { SafeHtml } from '../components/SafeHtml';
import { createQueryClient, dehydrateRouteData, renderSettingsOf } from './route-data';

jest.mock('@site/api-client', () => ({
  getArticle: jest.fn(async (id: number) => ({ id, title: '一篇文章' })),
  getCompany: jest.fn(async () => [{ title: '某公司' }]),
  getChannels: jest.fn(async () => []),
}));
const api = jest.requireMock('@site/api-client') as Record<'getArticle' | 'getCompany' | 'getChannels', jest.Mock>;

jest.mock('../utils/sanitize', () => ({ sanitizeHtml: jest.fn((html: string) => `净化后:${html}`) }));
const { sanitizeHtml } = jest.requireMock('../utils/sanitize') as { sanitizeHtml: jest.Mock };

const API = 'http://127.0.0.1:18080';
const serverWindow = { name: '渲染器的窗口' };

beforeEach(() => jest.clearAllMocks());

test("[issue 38.1] a render's queries call the API at the origin its render call named, through its query client", async () => {
  const client = createQueryClient({ apiOrigin: API, sanitizeWindow: serverWindow });
  await Promise.all([
    client.prefetchQuery(articleQuery(3)),
    client.prefetchQuery(companyQuery()),
    client.prefetchQuery(channelsQuery({ isNav: true })),
  ]);
  expect(api.getArticle).toHaveBeenCalledWith(3, { apiOrigin: API });
  expect(api.getCompany).toHaveBeenCalledWith({ apiOrigin: API });
  expect(api.getChannels).toHaveBeenCalledWith({ isNav: true }, { apiOrigin: API });
  // Two renders at once, each with its own settings: nothing process-wide to overwrite.
  const other = createQueryClient({ apiOrigin: 'http://127.0.0.1:28080', sanitizeWindow: serverWindow });
  await other.prefetchQuery(articleQuery(4));
  expect(api.getArticle).toHaveBeenLastCalledWith(4, { apiOrigin: 'http://127.0.0.1:28080' });
  expect(renderSettingsOf(client)?.apiOrigin).toBe(API);
});

test('[issue 38.1] the settings are never in the data the page carries (its HTML)', async () => {
  const client = createQueryClient({ apiOrigin: API, sanitizeWindow: serverWindow });
  await client.prefetchQuery(articleQuery(3));
  const { state } = dehydrateRouteData(client);
  expect(JSON.stringify(state)).not.toContain('127.0.0.1');
  expect(JSON.stringify(state)).toContain('一篇文章');
});

test('[issue 38.1] in the browser there are no settings: calls are relative to the page', async () => {
  const client = createQueryClient();
  await client.prefetchQuery(articleQuery(3));
  expect(api.getArticle).toHaveBeenCalledWith(3);
  expect(renderSettingsOf(client)).toBeNull();
});

test("[issue 38.1] SafeHtml sanitises with the window of its render (its query client's), the page's own elsewhere", async () => {
  let view!: ReturnType<typeof render>;
  // The renderer waits for the sanitiser's module (a render suspends until it is there).
  await act(async () => {
    view = render(
      <QueryClientProvider client={createQueryClient({ apiOrigin: API, sanitizeWindow: serverWindow })}>
        <SafeHtml html="<p>正文</p>" />
      </QueryClientProvider>,
    );
  });
  expect(sanitizeHtml).toHaveBeenCalledWith('<p>正文</p>', serverWindow);
  expect(view.container.innerHTML).toBe('<div>净化后:<p>正文</p></div>');
  await act(async () => {
    render(<SafeHtml html="<p>别处</p>" />);
  });
  expect(sanitizeHtml).toHaveBeenLastCalledWith('<p>别处</p>');
});
