/**
 * The back office fresh across browser tabs (issue 45.3): a write in one tab is invalidated in the other (the
 * tabs tell each other on a BroadcastChannel), and a tab's lists are asked again when it regains the focus.
 * Two "tabs" here are two trees with a query cache each, as two pages of the site have; their channels are
 * Node's BroadcastChannel, the same API the browser has.
 */
import { BroadcastChannel as NodeChannel } from 'node:worker_threads';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { focusManager, notifyManager } from '@tanstack/react-query';
import * as api from '@site/api-client';
import { App } from '@site/antd-kit';
import type { AdminArticle, TableDataInfo } from '@site/contract';
import { useListPage } from '../list-page';
import { testQueryClient, WithQueries } from '../test/query-client';
import { lists } from './queries';
import { CHANGES_CHANNEL, ChangesFromOtherTabs, setChangesSenderForTests } from './shell-query';

jest.mock('@site/api-client', () => ({ ...jest.requireActual('@site/api-client'), getAdminArticles: jest.fn() }));
const m = api as jest.Mocked<typeof api>;
notifyManager.setScheduler((run) => run());

let live: string[] = [];
const page = <T,>(rows: T[]): TableDataInfo<T> => ({ code: 200, msg: '查询成功', total: rows.length, rows });
const open: NodeChannel[] = [];
const channel = () => {
  const c = new NodeChannel(CHANGES_CHANNEL);
  open.push(c);
  return c as unknown as BroadcastChannel;
};

beforeEach(() => {
  live = ['甲文章', '乙文章'];
  m.getAdminArticles.mockImplementation(async () => page(live.map((title, i) => ({ id: i + 1, title }) as AdminArticle)));
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
  setChangesSenderForTests(undefined);
});

function Articles() {
  const list = useListPage(lists.articles, 10);
  return (
    <>
      {list.rows.map((r) => (
        <p key={r.id}>文章：{r.title}</p>
      ))}
      <button onClick={() => void list.remove([1], async () => void live.shift())}>删除第一篇</button>
    </>
  );
}

function tab(name: string) {
  return (
    <section aria-label={name}>
      <WithQueries client={testQueryClient()}>
        <App>
          <ChangesFromOtherTabs open={channel} />
          <Articles />
        </App>
      </WithQueries>
    </section>
  );
}

describe('[issue 45.3] the back office across browser tabs', () => {
  it('an article deleted in one tab leaves the other tab’s list without a reload', async () => {
    setChangesSenderForTests(channel());
    render(
      <>
        {tab('甲标签页')}
        {tab('乙标签页')}
      </>,
    );
    const a = screen.getByRole('region', { name: '甲标签页' });
    const b = screen.getByRole('region', { name: '乙标签页' });
    await within(a).findByText('文章：甲文章');
    await within(b).findByText('文章：甲文章');
    await act(async () => fireEvent.click(within(a).getByText('删除第一篇')));
    await within(a).findByText('文章：乙文章');
    // The other tab hears of it and asks again.
    await within(b).findByText((_, el) => el?.textContent === '文章：乙文章' && !within(b).queryByText('文章：甲文章'));
    expect(within(b).queryByText('文章：甲文章')).toBeNull();
  });

  it('a tab that regains the focus asks again what it shows', async () => {
    render(tab('甲标签页'));
    await screen.findByText('文章：甲文章');
    live = ['丙文章'];
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await screen.findByText('文章：丙文章');
    focusManager.setFocused(undefined);
  });
});
