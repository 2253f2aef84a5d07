import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '@site/antd-kit';
import { authStore } from '@site/app-runtime';
import * as api from '@site/api-client';
import { ARTICLE_STATUS, type AdminArticle } from '@site/contract';
import { testQueryClient, WithQueries } from '../../test/query-client';
import ArticlePage from './ArticlePage';
import { statusOptions, statusSteps } from './article-form';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getAdminArticles: jest.fn(),
  getChannels: jest.fn(),
  getArticleReviewCount: jest.fn(),
  setArticleStatus: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;

const { published, draft, pending, returned } = ARTICLE_STATUS;
const row = (id: number, title: string, status: number, over: Partial<AdminArticle> = {}): AdminArticle => ({
  id,
  channelId: 12,
  channelName: '新闻动态',
  title,
  status,
  top: false,
  sort: 0,
  tags: [],
  image: null,
  publishDate: '2026-11-20 10:00:00',
  updatedAt: '2026-11-20 10:00:00',
  updatedBy: 'writer',
  version: 3,
  reviewComment: null,
  ...over,
});
const rows = [
  row(1, '待审的稿子', pending),
  row(2, '退回的稿子', returned, { reviewComment: '请补充发布会日期' }),
  row(3, '一篇草稿', draft),
  row(4, '已发布的', published),
];

const ARTICLE = ['query', 'get', 'add', 'edit', 'delete'].map((a) => `content:article:${a}`);
function signIn(permissions: string[]) {
  authStore.setInfo({ user: { userId: 9, userName: 'u', nickName: 'u', avatar: '' } as never, roles: ['x'], permissions });
}

beforeEach(() => {
  m.getAdminArticles.mockResolvedValue({ code: 200, msg: '查询成功', total: rows.length, rows });
  m.getChannels.mockResolvedValue([]);
  m.getArticleReviewCount.mockResolvedValue({ code: 200, msg: '操作成功', data: 1 });
  m.setArticleStatus.mockResolvedValue({ code: 200, msg: '操作成功', data: {} as never });
});
afterEach(() => {
  jest.clearAllMocks();
  authStore.clear();
});

async function open() {
  render(
    <WithQueries client={testQueryClient()}>
      <App>
        <ArticlePage />
      </App>
    </WithQueries>,
  );
  await screen.findByText('待审的稿子');
}
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;
// By text (antd spaces two-character labels: 退 回).
const buttonIn = (scope: HTMLElement, label: string) =>
  within(scope)
    .queryAllByText(new RegExp(`^${[...label].join('\\s?')}$`))
    .map((e) => e.closest('button'))
    .find((b): b is HTMLButtonElement => !!b);

describe('文章管理 review (issue 34.3)', () => {
  test('[issue 34.3] the form offers a writer 草稿 and 提交审核 only; a holder of 发布/下线 every state; the present state stays offered', () => {
    expect(statusOptions(false).map((o) => o.label)).toEqual(['草稿', '提交审核']);
    expect(statusOptions(false, returned).map((o) => o.label)).toEqual(['草稿', '提交审核', '已退回']);
    expect(statusOptions(true).map((o) => o.label)).toEqual(['已发布', '草稿', '已下线', '待审核']);
    expect(statusSteps({ status: pending }, true).map((s) => s.label)).toEqual(['通过并发布', '退回']);
    expect(statusSteps({ status: published }, true).map((s) => s.label)).toEqual(['下线']);
    expect(statusSteps({ status: published }, false)).toEqual([]);
    expect(statusSteps({ status: returned }, false).map((s) => [s.label, s.status, s.action])).toEqual([['提交审核', pending, 'edit']]);
  });

  test('[issue 34.3] a reviewer sees the 待审核 count, filters by it, and sends an article back only with a comment; the list and the count are asked again', async () => {
    signIn([...ARTICLE, 'content:article:publish']);
    await open();
    const filter = await screen.findByText(/^待审核 1$/);
    expect(buttonIn(rowOf('待审的稿子'), '通过并发布')).toBeTruthy();
    expect(buttonIn(rowOf('已发布的'), '下线')).toBeTruthy();
    expect(buttonIn(rowOf('一篇草稿'), '提交审核')).toBeUndefined();

    await act(async () => fireEvent.click(filter.closest('button')!));
    await waitFor(() => expect(m.getAdminArticles).toHaveBeenLastCalledWith(expect.objectContaining({ status: pending, pageNum: 1 })));
    await screen.findByText('文章列表（待审核）');

    await act(async () => fireEvent.click(buttonIn(rowOf('待审的稿子'), '退回')!));
    const dialog = (await screen.findByText('退回“待审的稿子”')).closest('.ant-modal') as HTMLElement;
    await act(async () => fireEvent.click(buttonIn(dialog, '保存')!));
    expect(await within(dialog).findByText('请填写退回意见')).toBeTruthy();
    expect(m.setArticleStatus).not.toHaveBeenCalled();

    const lists = m.getAdminArticles.mock.calls.length;
    const counts = m.getArticleReviewCount.mock.calls.length;
    fireEvent.change(within(dialog).getByLabelText('退回意见'), { target: { value: '  标题请写明日期 ' } });
    await act(async () => fireEvent.click(buttonIn(dialog, '保存')!));
    await waitFor(() => expect(m.setArticleStatus).toHaveBeenCalledWith(1, { status: returned, version: 3, comment: '标题请写明日期' }));
    await waitFor(() => expect(m.getAdminArticles.mock.calls.length).toBeGreaterThan(lists));
    await waitFor(() => expect(m.getArticleReviewCount.mock.calls.length).toBeGreaterThan(counts));
  });

  test('[issue 34.3] a writer without 发布/下线 submits (提交审核), reads a send-back’s comment, and is offered no 发布, 下线 or 待审核', async () => {
    signIn(ARTICLE);
    await open();
    expect(screen.getByText('退回意见：请补充发布会日期')).toBeTruthy();
    expect(screen.queryByText(/^待审核 \d+$/)).toBeNull();
    expect(m.getArticleReviewCount).not.toHaveBeenCalled();
    expect(buttonIn(rowOf('已发布的'), '下线')).toBeUndefined();
    expect(buttonIn(rowOf('一篇草稿'), '发布')).toBeUndefined();
    expect(buttonIn(rowOf('待审的稿子'), '退回')).toBeUndefined();

    await act(async () => fireEvent.click(buttonIn(rowOf('退回的稿子'), '提交审核')!));
    await waitFor(() => expect(m.setArticleStatus).toHaveBeenCalledWith(2, { status: pending, version: 3 }));
    expect(await screen.findByText('已提交审核')).toBeTruthy();
  });
});
