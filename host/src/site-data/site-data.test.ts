import type { BlockItem, Channel } from '@site/contract';
import { createQueryClient, type RenderRun } from '@site/ui/render';
import { buildNavEntries, buildSearchChannels, loadShellData, toCompany } from './site-data';
import { companyQuery } from '@site/ui';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getCompany: jest.fn(),
  getChannels: jest.fn(),
  getBlocks: jest.fn(),
}));
const api = jest.requireMock('@site/api-client') as { getCompany: jest.Mock; getChannels: jest.Mock; getBlocks: jest.Mock };

const ch = (id: number, title: string, filePath: string, children: Channel[] = []) =>
  ({ id, title, name: title, customs: { filePath }, children }) as unknown as Channel;

describe('navigation entries [NAV-1][NAV-2][NAV-3]', () => {
  it('orders by TOP_NAV and takes titles from the channel matched by customs.filePath', () => {
    const channels = [
      ch(12, '新闻动态', 'news/index'),
      ch(1, '网站首页', 'home/index'),
      ch(2, '走进我们', 'about/index', [ch(3, '联络方式', 'about/contact')]),
      ch(14, '产品', 'product/index'),
    ];
    expect(buildNavEntries(channels)).toEqual([
      { path: '/', filePath: 'home/index', title: '网站首页' },
      { path: '/product', filePath: 'product/index', title: '产品' },
      { path: '/solution', filePath: 'solution/index', title: '解决方案' },
      { path: '/support', filePath: 'support/index', title: '服务支持' },
      { path: '/about', filePath: 'about/index', title: '走进我们' },
      { path: '/news', filePath: 'news/index', title: '新闻动态' },
      { path: '/contact', filePath: 'about/contact', title: '联络方式' },
    ]);
  });
  it('falls back to plain labels when the call failed', () => {
    expect(buildNavEntries(null).map((e) => e.title)).toEqual(['首页', '产品中心', '解决方案', '服务支持', '关于我们', '新闻中心', '联系我们']);
  });
  it('[SRCH-2] searchable channels 14, 10, 11, 12 with server titles', () => {
    expect(buildSearchChannels([ch(10, '方案', 'solution/index'), ch(14, '产品', 'product/index')])).toEqual([
      { id: 14, title: '产品' },
      { id: 10, title: '方案' },
      { id: 11, title: '服务支持' },
      { id: 12, title: '新闻中心' },
    ]);
  });
});

describe('the shell data of a render run', () => {
  const settings = (run?: RenderRun) => ({ apiOrigin: 'http://api.invalid', sanitizeWindow: {}, run });
  const calls = () => api.getCompany.mock.calls.length + api.getChannels.mock.calls.length + api.getBlocks.mock.calls.length;
  beforeEach(() => {
    jest.resetAllMocks();
    api.getCompany.mockResolvedValue([{ id: 1, blockId: 1, title: '某电力科技' } as BlockItem]);
    api.getChannels.mockResolvedValue([]);
    api.getBlocks.mockResolvedValue([{ id: 2, blockId: 4, title: '产品' } as BlockItem]);
  });

  it('is read by the first page of a run and given to the others: three calls for a whole run', async () => {
    const run: RenderRun = {};
    for (let page = 0; page < 3; page++) {
      const client = createQueryClient(settings(run));
      await loadShellData(client);
      expect(toCompany(client.getQueryData(companyQuery().queryKey)).title).toBe('某电力科技');
    }
    expect(calls()).toBe(3);
  });

  it('without a run (the /search page) each render reads its own', async () => {
    for (let page = 0; page < 2; page++) await loadShellData(createQueryClient(settings()));
    expect(calls()).toBe(6);
  });

  it('a failed call is never kept: the next page asks again', async () => {
    const run: RenderRun = {};
    api.getCompany.mockRejectedValueOnce(new Error('API down'));
    await loadShellData(createQueryClient(settings(run)));
    expect(run.shell).toBeUndefined();
    api.getBlocks.mockRejectedValueOnce(new Error('API down'));
    await loadShellData(createQueryClient(settings(run)));
    expect(run.shell).toBeUndefined();
    await loadShellData(createQueryClient(settings(run)));
    expect(run.shell).toBeDefined();
    await loadShellData(createQueryClient(settings(run)));
    expect(calls()).toBe(9);
  });
});
