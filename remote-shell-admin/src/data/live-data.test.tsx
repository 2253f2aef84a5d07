import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import * as api from '@site/api-client';
import { App } from '@site/antd-kit';
import type { AdminArticle, RecycledArticle, TableDataInfo } from '@site/contract';
import { ContentArea } from '../layout/ContentArea';
import type { MenuEntry } from '../menu/routes';
import { useListPage } from '../list-page';
import { tabsStore } from '../store/tabs';
import { testQueryClient, WithQueries } from '../test/query-client';
import { keys } from './keys';
import { lists, roleOptionsQuery } from './queries';
import { useChanged, useShellQuery } from './shell-query';

jest.mock('@site/api-client', () => ({
  ...jest.requireActual('@site/api-client'),
  getAdminArticles: jest.fn(),
  getRecycledArticles: jest.fn(),
  listRoleOptions: jest.fn(),
}));
const m = api as jest.Mocked<typeof api>;
// Observers hear of each answer at once (not on the next timer tick), so a test sees what the page would show next.
notifyManager.setScheduler((run) => run());

/** The server: articles in 文章管理 and in 回收站, moved by delete and restore. */
let live: string[] = [];
let binned: string[] = [];
const page = <T,>(rows: T[]): TableDataInfo<T> => ({ code: 200, msg: '查询成功', total: rows.length, rows });
const article = (title: string, i: number) => ({ id: i + 1, title }) as AdminArticle;

beforeEach(() => {
  live = ['甲文章', '乙文章'];
  binned = [];
  m.getAdminArticles.mockImplementation(async () => page(live.map(article)));
  m.getRecycledArticles.mockImplementation(async () => page(binned.map((t, i) => article(t, i) as unknown as RecycledArticle)));
  tabsStore.reset();
});
afterEach(() => jest.clearAllMocks());

const move = (title: string, from: string[], to: string[]) => {
  from.splice(from.indexOf(title), 1);
  to.push(title);
};

/** 文章管理 in miniature: its rows and 删除 on the first one, through the list-page building block. */
function Articles() {
  const list = useListPage(lists.articles, 10);
  return (
    <section aria-label="文章管理">
      {list.rows.map((r) => (
        <p key={r.id}>文章：{r.title}</p>
      ))}
      <button onClick={() => void list.remove([1], async () => move(live[0], live, binned))}>删除第一篇</button>
    </section>
  );
}

/** 回收站 in miniature: its rows and 恢复 of the first one. */
function Recycle() {
  const list = useListPage(lists.recycle, 10);
  return (
    <section aria-label="回收站">
      {list.rows.length === 0 && <p>回收站是空的</p>}
      {list.rows.map((r) => (
        <p key={r.id}>回收：{r.title}</p>
      ))}
      <button onClick={() => void list.remove([1], async () => move(binned[0], binned, live), '恢复成功')}>恢复第一篇</button>
    </section>
  );
}

jest.mock('../pages/registry', () => ({
  pageFor: (c?: string) => ({ articles: ArticlesPage, recycle: RecyclePage })[c ?? ''] ?? null,
  isShellPage: () => false,
}));
function ArticlesPage() {
  return <Articles />;
}
function RecyclePage() {
  return <Recycle />;
}

const menu: MenuEntry[] = [
  { name: 'A', path: '/admin/content/article', hidden: false, title: '文章管理', component: 'articles', keepAlive: true },
  { name: 'R', path: '/admin/content/article-recycle', hidden: false, title: '回收站', component: 'recycle', keepAlive: true },
];

/** The tab bar in miniature: a button per tab that navigates to it (MultiTab does the same). */
function TabBar() {
  const navigate = useNavigate();
  return (
    <>
      {menu.map((e) => (
        <button key={e.path} onClick={() => navigate(e.path)}>
          去{e.title}
        </button>
      ))}
    </>
  );
}

function openTabs() {
  // Both pages open as keep-alive tabs, 回收站 in view first.
  for (const e of menu)
    tabsStore.set({
      ...tabsStore.get(),
      tabs: [...tabsStore.get().tabs, { key: e.path, title: e.title, keepAlive: true }],
      cachedViews: [...tabsStore.get().cachedViews, e.path],
    });
  render(
    <WithQueries>
      <App>
        <MemoryRouter initialEntries={['/admin/content/article-recycle']}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <TabBar />
                  <ContentArea menu={menu} menuReady />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </App>
    </WithQueries>,
  );
}
const view = (path: string) => document.querySelector(`[data-view="${path}"]`) as HTMLElement;

describe('live data in the admin shell (issue 34.1)', () => {
  it('[ISSUE-34.1] a tab shown again refetches: a delete in 文章管理 is in 回收站 when its tab is shown, without 查询', async () => {
    openTabs();
    expect(await screen.findByText('回收站是空的')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('去文章管理')));
    await screen.findByText('文章：甲文章');
    expect(view('/admin/content/article-recycle').style.display).toBe('none');

    const binCalls = m.getRecycledArticles.mock.calls.length;
    await act(async () => fireEvent.click(screen.getByText('删除第一篇')));
    await waitFor(() => expect(screen.queryByText('文章：甲文章')).toBeNull());
    // The hidden tab asks nothing while hidden…
    expect(m.getRecycledArticles.mock.calls.length).toBe(binCalls);

    // …and shows current data when it becomes active again.
    await act(async () => fireEvent.click(screen.getByText('去回收站')));
    expect(await screen.findByText('回收：甲文章')).toBeTruthy();
    expect(m.getRecycledArticles.mock.calls.length).toBe(binCalls + 1);

    // Restored there, it is back in the 文章管理 tab when that is shown again, without pressing anything.
    await act(async () => fireEvent.click(screen.getByText('恢复第一篇')));
    await screen.findByText('回收站是空的');
    await act(async () => fireEvent.click(screen.getByText('去文章管理')));
    await waitFor(() => expect(view('/admin/content/article').textContent).toContain('文章：甲文章'));
  });

  it('[ISSUE-34.1] a tab shown again refetches even when nothing was written in this browser (another person’s change)', async () => {
    openTabs();
    await screen.findByText('回收站是空的');
    await act(async () => fireEvent.click(screen.getByText('去文章管理')));
    await screen.findByText('文章：甲文章');
    binned.push('别人删的文章');
    await act(async () => fireEvent.click(screen.getByText('去回收站')));
    expect(await screen.findByText('回收：别人删的文章')).toBeTruthy();
  });

  it('[ISSUE-34.1] a delete invalidates the lists on screen that show the same rows: 回收站 beside 文章管理 refetches at once', async () => {
    render(
      <WithQueries>
        <App>
          <Articles />
          <Recycle />
        </App>
      </WithQueries>,
    );
    await screen.findByText('文章：甲文章');
    await screen.findByText('回收站是空的');
    await act(async () => fireEvent.click(screen.getByText('删除第一篇')));
    expect(await screen.findByText('回收：甲文章')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('恢复第一篇')));
    expect(await screen.findByText('文章：甲文章')).toBeTruthy();
  });

  it('[ISSUE-34.1] the list hook reads the query cache: one key per query, and an older answer never replaces a newer one', async () => {
    const client = testQueryClient();
    const answers: Record<number, (r: TableDataInfo<AdminArticle>) => void> = {};
    m.getAdminArticles.mockImplementation((q) => new Promise((resolve) => (answers[q.pageNum ?? 1] = resolve)));
    function Probe() {
      const list = useListPage(lists.articles, 1);
      const next = () => list.onTableChange({ current: 2 }, {}, [], { action: 'paginate', currentDataSource: [] });
      return (
        <>
          <p>{list.loading ? '加载中' : list.rows.map((r) => r.title).join(',')}</p>
          <button onClick={next}>下一页</button>
        </>
      );
    }
    render(
      <WithQueries client={client}>
        <App>
          <Probe />
        </App>
      </WithQueries>,
    );
    await waitFor(() => expect(answers[1]).toBeDefined());
    fireEvent.click(screen.getByText('下一页'));
    await waitFor(() => expect(answers[2]).toBeDefined());
    await act(async () => answers[2]({ ...page([article('第二页', 1)]), total: 2 }));
    expect(await screen.findByText('第二页')).toBeTruthy();
    // Page 1's answer comes last: it fills its own key, and the page on screen stays page 2.
    await act(async () => answers[1]({ ...page([article('第一页', 0)]), total: 2 }));
    await waitFor(() => expect(client.getQueryData(keys.articles.list({ pageNum: 1, pageSize: 1 }))).toMatchObject({ rows: [{ title: '第一页' }] }));
    expect(screen.getByText('第二页')).toBeTruthy();
    expect(screen.queryByText('第一页')).toBeNull();
    expect(client.getQueryData(keys.articles.list({ pageNum: 2, pageSize: 1 }))).toMatchObject({ rows: [{ title: '第二页' }] });
  });

  it('[ISSUE-34.1] creating a role invalidates the 角色 choices of 用户管理', async () => {
    m.listRoleOptions.mockResolvedValue({ code: 200, msg: '操作成功', data: [{ roleKey: 'editor', roleName: '编辑' }] } as never);
    function Choices() {
      const changed = useChanged();
      const roles = useShellQuery(roleOptionsQuery()).data ?? [];
      return (
        <>
          <p>{roles.map((r) => r.roleName).join('、') || '无角色'}</p>
          {/* what 角色管理's save does after the role is created */}
          <button onClick={() => void changed('role')}>角色已新增</button>
        </>
      );
    }
    render(
      <WithQueries>
        <Choices />
      </WithQueries>,
    );
    await screen.findByText('编辑');
    m.listRoleOptions.mockResolvedValue({
      code: 200,
      msg: '操作成功',
      data: [
        { roleKey: 'editor', roleName: '编辑' },
        { roleKey: 'writer', roleName: '撰稿人' },
      ],
    } as never);
    await act(async () => fireEvent.click(screen.getByText('角色已新增')));
    expect(await screen.findByText('编辑、撰稿人')).toBeTruthy();
  });
});
