import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { companyQuery, usePageTitle } from '@site/ui';
import type { BlockItem } from '@site/contract';
import { NavigationEffects } from './RouteEffects';

// The company call is the boundary: it answers when a test says so.
jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), getCompany: jest.fn() }));
const { getCompany } = jest.requireMock('@site/api-client') as { getCompany: jest.Mock };

const company = (title: string) => [{ id: 1, blockId: 1, title } as BlockItem];

function DetailPage() {
  usePageTitle('电网运行风险预警平台');
  return null;
}

/** As SiteRoutes places them: the navigation effects first, the page after; the window at the router's location. */
function mount(client: QueryClient) {
  window.history.replaceState(null, '', '/productDetail?id=101');
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/productDetail?id=101']}>
        <NavigationEffects />
        <DetailPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('NavigationEffects and the page title (TITLE-1)', () => {
  it('[TITLE-1 deviation: a detail page is titled by its article, see contract README] a detail page refines the title with the company from the data the page started with', async () => {
    const client = new QueryClient();
    client.setQueryData(companyQuery().queryKey, company('某某电力科技有限公司'));
    await act(async () => {
      mount(client);
    });
    expect(document.title).toBe('电网运行风险预警平台 - 某某电力科技有限公司');
  });

  it('[TITLE-1 deviation: a detail page is titled by its article, see contract README] a company title that arrives later keeps the refined part', async () => {
    const client = new QueryClient();
    let answer: (items: BlockItem[]) => void = () => undefined;
    getCompany.mockReturnValue(new Promise<BlockItem[]>((r) => (answer = r)));
    await act(async () => {
      mount(client);
    });
    await act(async () => {
      answer(company('另一家电力公司'));
    });
    // react-query tells its observers in a task of its own.
    await waitFor(() => expect(document.title).toBe('电网运行风险预警平台 - 另一家电力公司'));
  });
});
