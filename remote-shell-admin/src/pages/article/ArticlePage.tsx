import { useState } from 'react';
import { App, EditOutlined, HistoryOutlined, Tag, DeleteOutlined } from '@site/antd-kit';
import { usePermission } from '@site/app-runtime';
import { deleteArticles, setArticleStatus } from '@site/api-client';
import {
  ARTICLE_CHANNEL_IDS,
  ARTICLE_PUBLISH_PERMISSION,
  ARTICLE_STATUS,
  ARTICLE_STATUS_LABELS,
  type AdminArticle,
  type Channel,
} from '@site/contract';
import { articleReviewCountQuery, channelOptionsQuery, lists } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { addNew, deleteSelected, labelOptions, ListPage, useListDialog, useListPage } from '../../list-page';
import { ArticleEditor } from './ArticleEditor';
import { ArticleHistory } from './ArticleHistory';
import { STEP_DONE, statusSteps, type ChannelOption, type StatusStep } from './article-form';
import { ReturnDialog } from './ReturnDialog';
import './article-history.css';

const PAGE_SIZE = 10;
/** The route permission of this page: its buttons follow this id's actionList (the action directive). */
export const ARTICLE_PERMISSION_ID = 'content:article';
const NO_CHANNELS: ChannelOption[] = [];
const STATUS_COLORS = { 0: 'green', 1: 'default', 2: 'orange', 3: 'blue', 4: 'red' } as const;

function channelOptions(all: Channel[]): ChannelOption[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  return ARTICLE_CHANNEL_IDS.filter((id) => byId.has(id)).map((id) => {
    const c = byId.get(id)!;
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    return { value: id, label: parent ? `${parent.name} / ${c.name}` : c.name };
  });
}

/**
 * 文章管理 (content/article/index): the articles of every channel, written and published by staff. Publishing is its
 * own right: whoever holds it publishes, takes off the site and reviews (待审核 with its count, 通过并发布,
 * 退回 with a comment); a writer without it submits (提交审核) and reads a send-back's comment under the state.
 */
export default function ArticlePage() {
  const { message } = App.useApp();
  const list = useListPage(lists.articles, PAGE_SIZE);
  const { selected } = list;
  const channels = useShellQuery({ ...channelOptionsQuery(), select: channelOptions }).data ?? NO_CHANNELS;
  const editing = useListDialog<{ id: number | null }>(list);
  const [history, setHistory] = useState<number | null>(null);
  const returning = useListDialog<AdminArticle>(list);
  const canPublish = usePermission().hasPermi([ARTICLE_PUBLISH_PERMISSION]);
  // Under the articles' root: every article write (a submission, a send-back, a publish) updates it.
  const waiting = useShellQuery({ ...articleReviewCountQuery(), enabled: canPublish }).data ?? 0;
  const reviewing = list.query.status === ARTICLE_STATUS.pending;

  const changeStatus = async (a: AdminArticle, step: StatusStep) => {
    if (step.key === 'return') {
      returning.open(a);
      return;
    }
    try {
      await setArticleStatus(a.id, { status: step.status, version: a.version });
      void message.success(STEP_DONE[step.key]);
    } finally {
      await list.refresh();
    }
  };

  return (
    <ListPage
      list={list}
      title={reviewing ? '文章列表（待审核）' : '文章列表'}
      permissionId={ARTICLE_PERMISSION_ID}
      search={{
        fields: [
          { name: 'title', label: '标题', kind: 'text', placeholder: '请输入标题', maxLength: 100 },
          { name: 'channelId', label: '栏目', kind: 'select', width: 180, options: channels },
          { name: 'status', label: '状态', kind: 'select', width: 110, options: labelOptions(ARTICLE_STATUS_LABELS, true) },
          { name: 'range', label: '发布日期', kind: 'dates' },
        ],
      }}
      toolbar={{
        controls: [
          addNew(() => editing.open({ id: null })),
          deleteSelected(selected.length, '篇文章', () => list.remove(selected, deleteArticles)),
          canPublish && {
            key: 'review',
            label: reviewing ? '全部文章' : `待审核 ${waiting}`,
            action: 'publish',
            onClick: () => list.search(reviewing ? {} : { status: ARTICLE_STATUS.pending }),
          },
        ],
      }}
      selectable
      rowKey="id"
      scrollX={960}
      emptyText="暂无文章"
      columns={[
        {
          title: '标题',
          dataIndex: 'title',
          ellipsis: true,
          sorter: true,
          render: (v: string, r) => (
            <>
              {r.top && <Tag color="red">置顶</Tag>}
              {v}
            </>
          ),
        },
        { title: '栏目', dataIndex: 'channelName', width: 120 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 160,
          render: (v: keyof typeof ARTICLE_STATUS_LABELS, r) => (
            <>
              <Tag color={STATUS_COLORS[v]}>{ARTICLE_STATUS_LABELS[v]}</Tag>
              {v === ARTICLE_STATUS.returned && r.reviewComment && <div className="article-review-comment">退回意见：{r.reviewComment}</div>}
            </>
          ),
        },
        { title: '排序', dataIndex: 'sort', width: 80, sorter: true },
        { title: '发布时间', dataIndex: 'publishDate', width: 170, sorter: true },
        { title: '更新', dataIndex: 'updatedAt', width: 170, sorter: true, render: (v: string, r) => `${v} ${r.updatedBy}` },
      ]}
      rowActions={{
        width: 320,
        controls: (r) => [
          { key: 'edit', label: '修改', action: 'edit', icon: <EditOutlined />, onClick: () => editing.open({ id: r.id }) },
          ...statusSteps(r, canPublish).map((step) => ({
            key: step.key,
            label: step.label,
            action: step.action,
            onClick: () => changeStatus(r, step),
          })),
          { key: 'history', label: '记录', action: 'get', icon: <HistoryOutlined />, onClick: () => setHistory(r.id) },
          {
            key: 'delete',
            label: '删除',
            action: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            onClick: () => list.remove([r.id], deleteArticles),
            confirm: { title: `确定删除“${r.title}”吗？`, description: '删除后可在回收站恢复', okText: '删除', cancelText: '取消' },
          },
        ],
      }}
    >
      {editing.value && (
        <ArticleEditor
          key={editing.value.id ?? 'new'}
          id={editing.value.id}
          channels={channels}
          canPublish={canPublish}
          defaultChannel={list.query.channelId}
          onClose={editing.close}
          onSaved={() => editing.saved()}
        />
      )}
      {returning.value && (
        <ReturnDialog
          key={returning.value.id}
          article={returning.value}
          onClose={returning.close}
          onReturned={() => returning.saved(STEP_DONE.return)}
        />
      )}
      <ArticleHistory id={history} permissionId={ARTICLE_PERMISSION_ID} onClose={() => setHistory(null)} onRestored={() => void list.refresh()} />
    </ListPage>
  );
}
