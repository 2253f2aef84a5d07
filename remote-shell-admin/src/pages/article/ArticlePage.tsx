import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  App,
  Button,
  DeleteOutlined,
  EditOutlined,
  Form,
  HistoryOutlined,
  Input,
  PlusOutlined,
  Popconfirm,
  SearchOutlined,
  Select,
  Space,
  Tag,
  type TableProps,
} from '@site/antd-kit';
import { DateRangeInput } from '../../components/DateInputs';
import { deleteArticles, getAdminArticles, getChannels, setArticleStatus } from '@site/api-client';
import { ARTICLE_CHANNEL_IDS, ARTICLE_STATUS, ARTICLE_STATUS_LABELS, type AdminArticle, type AdminArticleQuery, type Channel } from '@site/contract';
import { Action } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { ArticleEditor, type ChannelOption } from './ArticleEditor';
import { ArticleHistory } from './ArticleHistory';

const PAGE_SIZE = 10;
/** The route permission of this page: its buttons follow this id's actionList (the action directive). */
export const ARTICLE_PERMISSION_ID = 'content:article';
const STATUS_COLORS = { 0: 'green', 1: 'default', 2: 'orange' } as const;

interface SearchValues {
  title?: string;
  channelId?: number;
  status?: number;
  range?: [Dayjs, Dayjs] | null;
}

function channelOptions(all: Channel[]): ChannelOption[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  return ARTICLE_CHANNEL_IDS.filter((id) => byId.has(id)).map((id) => {
    const c = byId.get(id)!;
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    return { value: id, label: parent ? `${parent.name} / ${c.name}` : c.name };
  });
}

/** 文章管理 (content/article/index): the articles of every channel, written and published by staff. */
export default function ArticlePage() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<AdminArticleQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [data, setData] = useState<{ rows: AdminArticle[]; total: number }>({ rows: [], total: 0 });
  const [settled, setSettled] = useState<AdminArticleQuery | null>(null);
  const [reload, setReload] = useState(0);
  const [channels, setChannels] = useState<ChannelOption[]>([]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const loading = settled !== query;

  useEffect(() => {
    getChannels().then(
      (all) => setChannels(channelOptions(all)),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    let alive = true;
    getAdminArticles(query)
      .then(
        (r) => alive && setData({ rows: r.rows ?? [], total: r.total ?? 0 }),
        () => undefined,
      )
      .finally(() => alive && setSettled(query));
    return () => {
      alive = false;
    };
  }, [query, reload]);

  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const closeEditor = useCallback(() => setEditing(null), []);

  const changeStatus = async (a: AdminArticle, status: number) => {
    try {
      await setArticleStatus(a.id, { status, version: a.version });
      message.success(status === ARTICLE_STATUS.published ? '已发布' : '已下线');
    } finally {
      refresh();
    }
  };
  const remove = async (ids: number[]) => {
    await deleteArticles(ids).then(
      () => message.success('删除成功'),
      () => undefined,
    );
    setSelected([]);
    refresh();
  };

  const search = (v: SearchValues) =>
    setQuery({
      ...query,
      pageNum: 1,
      title: v.title?.trim() || undefined,
      channelId: v.channelId,
      status: v.status,
      beginTime: v.range?.[0]?.format('YYYY-MM-DD'),
      endTime: v.range?.[1]?.format('YYYY-MM-DD'),
    });

  const onTableChange: TableProps<AdminArticle>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery({
      ...query,
      pageNum: pagination.current ?? 1,
      orderByColumn: s?.order ? (s.field as AdminArticleQuery['orderByColumn']) : undefined,
      isAsc: s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined,
    });
  };

  const columns = useMemo<TableProps<AdminArticle>['columns']>(
    () => [
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
        width: 90,
        render: (v: 0 | 1 | 2) => <Tag color={STATUS_COLORS[v]}>{ARTICLE_STATUS_LABELS[v]}</Tag>,
      },
      { title: '排序', dataIndex: 'sort', width: 80, sorter: true },
      { title: '发布时间', dataIndex: 'publishDate', width: 170, sorter: true },
      { title: '更新', dataIndex: 'updatedAt', width: 170, sorter: true, render: (v: string, r) => `${v} ${r.updatedBy}` },
      {
        title: '操作',
        key: 'op',
        width: 260,
        render: (_, r) => (
          <Space size={0} wrap>
            <Action permissionId={ARTICLE_PERMISSION_ID} action="edit">
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ id: r.id })}>
                修改
              </Button>
            </Action>
            <Action permissionId={ARTICLE_PERMISSION_ID} action="edit">
              {r.status === ARTICLE_STATUS.published ? (
                <Button type="link" size="small" onClick={() => void changeStatus(r, ARTICLE_STATUS.offline)}>
                  下线
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => void changeStatus(r, ARTICLE_STATUS.published)}>
                  发布
                </Button>
              )}
            </Action>
            <Action permissionId={ARTICLE_PERMISSION_ID} action="get">
              <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(r.id)}>
                记录
              </Button>
            </Action>
            <Action permissionId={ARTICLE_PERMISSION_ID} action="delete">
              <Popconfirm title={`确定删除“${r.title}”吗？`} okText="删除" cancelText="取消" onConfirm={() => remove([r.id])}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Popconfirm>
            </Action>
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read the latest state when clicked
    [],
  );

  return (
    <PageSection title="文章列表">
      <Form layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="title" label="标题">
          <Input allowClear placeholder="请输入标题" maxLength={100} />
        </Form.Item>
        <Form.Item name="channelId" label="栏目">
          <Select allowClear placeholder="全部" style={{ width: 180 }} options={channels} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={Object.entries(ARTICLE_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }))}
          />
        </Form.Item>
        <Form.Item name="range" label="发布日期">
          <DateRangeInput />
        </Form.Item>
        <Action permissionId={ARTICLE_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Action permissionId={ARTICLE_PERMISSION_ID} action="add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            新增
          </Button>
        </Action>
        <Action permissionId={ARTICLE_PERMISSION_ID} action="delete">
          <Popconfirm
            title={`确定删除选中的 ${selected.length} 篇文章吗？`}
            okText="删除"
            cancelText="取消"
            disabled={!selected.length}
            onConfirm={() => remove(selected)}
          >
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length}>
              删除
            </Button>
          </Popconfirm>
        </Action>
      </Space>
      <ShellTable<AdminArticle>
        rowKey="id"
        loading={loading}
        dataSource={data.rows}
        columns={columns}
        scroll={{ x: 960 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: '暂无文章' }}
        onChange={onTableChange}
        pagination={{ current: query.pageNum, pageSize: PAGE_SIZE, total: data.total, showTotal: (t) => `共 ${t} 条` }}
      />
      {editing && (
        <ArticleEditor
          key={editing.id ?? 'new'}
          id={editing.id}
          channels={channels}
          defaultChannel={query.channelId}
          onClose={closeEditor}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ArticleHistory id={history} onClose={() => setHistory(null)} />
    </PageSection>
  );
}
