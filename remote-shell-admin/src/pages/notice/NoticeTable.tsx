import { useCallback, useEffect, useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@site/antd-kit';
import { deleteNotices, exportNotices, getNoticeList, updateNotice } from '@site/api-client';
import { NOTICE, NOTICE_AUDIENCE_LABELS, type Notice, type NoticeListQuery } from '@site/contract';
import { Action, Auth, useAuth } from '@site/app-runtime';
import { SafeHtml } from '@site/ui';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { NoticeForm } from './NoticeForm';

const PAGE_SIZE = 10;
/** The route permission of this page: its actions are checked against this id's actionList (PERM-9). */
export const NOTICE_PERMISSION_ID = 'system:notice';

/** 通知公告 (system/notice/index): the notices, written, closed, deleted and exported by staff holding the action. */
export default function NoticeTable() {
  const { dicts } = useAuth();
  const { message } = App.useApp();
  const types = dicts[NOTICE.dictType] ?? [];
  const [query, setQuery] = useState<NoticeListQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [data, setData] = useState<{ rows: Notice[]; total: number }>({ rows: [], total: 0 });
  // The query whose answer is shown: a newer query is loading until its own answer arrives.
  const [settled, setSettled] = useState<NoticeListQuery | null>(null);
  const loading = settled !== query;
  const [detail, setDetail] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [reload, setReload] = useState(0);
  const refresh = useCallback(() => setReload((n) => n + 1), []);
  const closeForm = useCallback(() => setEditing(null), []);

  useEffect(() => {
    let alive = true;
    getNoticeList(query)
      .then(
        (r) => alive && setData({ rows: r.rows ?? [], total: r.total ?? 0 }),
        () => {
          /* already notified */
        },
      )
      .finally(() => alive && setSettled(query));
    return () => {
      alive = false;
    };
  }, [query, reload]);

  const remove = async (ids: number[]) => {
    await deleteNotices(ids).then(
      () => message.success('删除成功'),
      () => undefined,
    );
    setSelected([]);
    refresh();
  };
  const toggle = async (n: Notice) => {
    const status = n.status === '0' ? '1' : '0';
    await updateNotice(n.noticeId, { ...n, status }).then(
      () => message.success(status === '0' ? '已开启' : '已关闭'),
      () => undefined,
    );
    refresh();
  };
  const editSelected = () => {
    if (selected.length !== 1) return void message.warning('请选择一条公告进行修改');
    setEditing({ id: selected[0] });
  };

  return (
    <PageSection title="公告列表">
      <Form
        layout="inline"
        onFinish={(v: { noticeTitle?: string; noticeType?: string; audience?: Notice['audience'] }) => setQuery({ ...query, ...v, pageNum: 1 })}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="noticeTitle" label="公告标题">
          <Input allowClear placeholder="请输入公告标题" maxLength={50} />
        </Form.Item>
        <Form.Item name="noticeType" label="公告类型">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={types.map((t) => ({ value: t.dictValue, label: t.dictLabel }))} />
        </Form.Item>
        <Form.Item name="audience" label="公告对象">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={Object.entries(NOTICE_AUDIENCE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Action permissionId={NOTICE_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap className="notice-actions">
        <Action permissionId={NOTICE_PERMISSION_ID} action="add">
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            新增
          </Button>
        </Action>
        <Action permissionId={NOTICE_PERMISSION_ID} action="edit">
          <Button icon={<EditOutlined />} disabled={selected.length !== 1} onClick={editSelected}>
            修改
          </Button>
        </Action>
        <Action permissionId={NOTICE_PERMISSION_ID} action="delete">
          <Popconfirm
            title={`确定删除选中的 ${selected.length} 条公告吗？`}
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
        <Action permissionId={NOTICE_PERMISSION_ID} action="export">
          <Button
            icon={<ExportOutlined />}
            onClick={() =>
              void exportNotices({ noticeTitle: query.noticeTitle, noticeType: query.noticeType, audience: query.audience, status: query.status })
            }
          >
            导出
          </Button>
        </Action>
      </Space>
      <ShellTable<Notice>
        rowKey="noticeId"
        loading={loading}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        dataSource={data.rows}
        scroll={{ x: 640 }}
        locale={{ emptyText: '暂无公告' }}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total: data.total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '公告标题', dataIndex: 'noticeTitle', ellipsis: true },
          {
            title: '类型',
            dataIndex: 'noticeType',
            width: 90,
            render: (v: string) => <Tag>{types.find((t) => t.dictValue === v)?.dictLabel ?? v}</Tag>,
          },
          {
            title: '对象',
            dataIndex: 'audience',
            width: 80,
            render: (v: Notice['audience']) => NOTICE_AUDIENCE_LABELS[v] ?? v,
          },
          { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => (v === '0' ? <Tag color="green">正常</Tag> : <Tag>关闭</Tag>) },
          { title: '创建者', dataIndex: 'createBy', width: 90 },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Auth permi={['system:notice:query']}>
                  <Button type="link" size="small" onClick={() => setDetail(r)}>
                    查看
                  </Button>
                </Auth>
                <Action permissionId={NOTICE_PERMISSION_ID} action="edit">
                  <Button type="link" size="small" onClick={() => setEditing({ id: r.noticeId })}>
                    编辑
                  </Button>
                  <Button type="link" size="small" onClick={() => void toggle(r)}>
                    {r.status === '0' ? '关闭' : '开启'}
                  </Button>
                </Action>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!detail}
        title={detail?.noticeTitle}
        width={NOTICE.detailModalWidth}
        footer={null}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && <SafeHtml html={detail.noticeContent} />}
      </Modal>
      {editing && (
        <NoticeForm
          key={editing.id ?? 'new'}
          id={editing.id}
          types={types}
          onClose={closeForm}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </PageSection>
  );
}
