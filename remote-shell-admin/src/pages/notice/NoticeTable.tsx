import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  DeleteOutlined,
  EditOutlined,
  ExportOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@site/ui-kit';
import { getNoticeList } from '@site/api';
import { NOTICE, type Notice, type NoticeListQuery } from '@site/contract';
import { Action, Auth, useAuth } from '@site/runtime';
import { SafeHtml } from '@site/ui';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';

const PAGE_SIZE = 10;
/** The route permission of this page: its actions are checked against this id's actionList (PERM-9). */
export const NOTICE_PERMISSION_ID = 'system:notice';
const NOT_OPEN = '本站点未开放公告维护接口';

/** 通知公告 (system/notice/index): the notices with the permission-guarded actions. */
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
  }, [query]);

  const notOpen = () => void message.info(NOT_OPEN);

  return (
    <PageSection title="公告列表">
      <Form
        layout="inline"
        onFinish={(v: { noticeTitle?: string; noticeType?: string }) => setQuery({ ...query, ...v, pageNum: 1 })}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="noticeTitle" label="公告标题">
          <Input allowClear placeholder="请输入公告标题" maxLength={50} />
        </Form.Item>
        <Form.Item name="noticeType" label="公告类型">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={types.map((t) => ({ value: t.dictValue, label: t.dictLabel }))} />
        </Form.Item>
        <Action permissionId={NOTICE_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap className="notice-actions">
        <Action permissionId={NOTICE_PERMISSION_ID} action="add">
          <Button icon={<PlusOutlined />} onClick={notOpen}>
            新增
          </Button>
        </Action>
        <Action permissionId={NOTICE_PERMISSION_ID} action="edit">
          <Button icon={<EditOutlined />} onClick={notOpen}>
            修改
          </Button>
        </Action>
        <Action permissionId={NOTICE_PERMISSION_ID} action="delete">
          <Button danger icon={<DeleteOutlined />} onClick={notOpen}>
            删除
          </Button>
        </Action>
        <Action permissionId={NOTICE_PERMISSION_ID} action="export">
          <Button icon={<ExportOutlined />} onClick={notOpen}>
            导出
          </Button>
        </Action>
      </Space>
      <ShellTable<Notice>
        rowKey="noticeId"
        loading={loading}
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
          { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => (v === '0' ? <Tag color="green">正常</Tag> : <Tag>关闭</Tag>) },
          { title: '创建者', dataIndex: 'createBy', width: 90 },
          { title: '创建时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, r) => (
              <Auth permi={['system:notice:query']}>
                <Button type="link" size="small" onClick={() => setDetail(r)}>
                  查看
                </Button>
              </Auth>
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
    </PageSection>
  );
}
