import { useCallback, useEffect, useState } from 'react';
import type { Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  DeleteOutlined,
  ExportOutlined,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  SearchOutlined,
  Select,
  Space,
  Tag,
  Typography,
} from '@site/antd-kit';
import { DateRangeInput } from '../../components/DateInputs';
import { deleteMessages, exportMessages, getMessageBoardList, handleMessage } from '@site/api-client';
import { MESSAGE_STATUS, MESSAGE_STATUS_LABELS, type MessageBoardEntry, type MessageBoardQuery } from '@site/contract';
import { Action } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { showServerFieldError } from '../../components/server-field-error';

const PAGE_SIZE = 10;
/** The route permission of this page: its buttons follow this id's actionList (the action directive). */
export const MESSAGE_PERMISSION_ID = 'content:message';

interface SearchValues {
  title?: string;
  nickname?: string;
  contact?: string;
  status?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** 留言板 (content/message-board/index): visitors' messages (plain text: React escapes them), handled by staff. */
export default function MessageBoard() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<MessageBoardQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [data, setData] = useState<{ rows: MessageBoardEntry[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The query whose answer is shown: a newer one is loading until its own answer arrives.
  const [settled, setSettled] = useState<MessageBoardQuery | null>(null);
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<MessageBoardEntry | null>(null);
  const loading = settled !== query;
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    getMessageBoardList(query)
      .then((r) => alive && (setData({ rows: r.rows ?? [], total: r.total ?? 0 }), setError(null)))
      .catch((e: Error) => alive && setError(e.message))
      .finally(() => alive && setSettled(query));
    return () => {
      alive = false;
    };
  }, [query, reload]);

  const filters = (q: MessageBoardQuery) => ({
    title: q.title,
    nickname: q.nickname,
    contact: q.contact,
    status: q.status,
    beginTime: q.beginTime,
    endTime: q.endTime,
  });
  const search = (v: SearchValues) =>
    setQuery({
      pageNum: 1,
      pageSize: PAGE_SIZE,
      title: v.title?.trim() || undefined,
      nickname: v.nickname?.trim() || undefined,
      contact: v.contact?.trim() || undefined,
      status: v.status,
      beginTime: v.range?.[0]?.format('YYYY-MM-DD'),
      endTime: v.range?.[1]?.format('YYYY-MM-DD'),
    });
  const remove = async (ids: number[]) => {
    await deleteMessages(ids).then(
      () => message.success('删除成功'),
      () => undefined,
    );
    setSelected([]);
    refresh();
  };

  return (
    <PageSection title="留言列表">
      {error && <Alert type="error" showIcon title="留言加载失败" description={error} style={{ marginBottom: 12 }} />}
      <Form layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }} className="message-search">
        <Form.Item name="title" label="标题">
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="nickname" label="留言人">
          <Input allowClear maxLength={50} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="contact" label="联系方式">
          <Input allowClear maxLength={100} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={Object.entries(MESSAGE_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="range" label="留言日期">
          <DateRangeInput />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap className="message-actions">
        <Action permissionId={MESSAGE_PERMISSION_ID} action="delete">
          <Popconfirm
            title={`确定删除选中的 ${selected.length} 条留言吗？`}
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
        <Action permissionId={MESSAGE_PERMISSION_ID} action="export">
          <Button icon={<ExportOutlined />} onClick={() => void exportMessages(filters(query))}>
            导出
          </Button>
        </Action>
      </Space>
      <ShellTable<MessageBoardEntry>
        rowKey="id"
        loading={loading}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: '暂无留言' }}
        scroll={{ x: 900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        expandable={{
          expandedRowRender: (r) => (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.text}</Typography.Paragraph>
              {r.reply && (
                <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  回复（{r.repliedBy} {r.repliedAt}）：{r.reply}
                </Typography.Paragraph>
              )}
            </>
          ),
        }}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '留言人', dataIndex: 'nickname', width: 110 },
          { title: '联系方式', key: 'contact', width: 180, render: (_, r) => [r.phone, r.email, r.contact].filter(Boolean).join(' / ') || '—' },
          { title: '时间', dataIndex: 'createTime', width: 170 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: '0' | '1') => <Tag color={v === MESSAGE_STATUS.done ? 'green' : 'orange'}>{MESSAGE_STATUS_LABELS[v]}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, r) => (
              <Action permissionId={MESSAGE_PERMISSION_ID} action="edit">
                <Button type="link" size="small" onClick={() => setHandling(r)}>
                  处理
                </Button>
              </Action>
            ),
          },
        ]}
      />
      {handling && (
        <HandleMessage
          key={handling.id}
          entry={handling}
          onClose={() => setHandling(null)}
          onSaved={() => {
            setHandling(null);
            refresh();
          }}
        />
      )}
    </PageSection>
  );
}

/** Mark a message 已处理 (or back) with a reply note the signed-in author reads in their workbench. */
function HandleMessage({ entry, onClose, onSaved }: { entry: MessageBoardEntry; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ status: string; reply: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await handleMessage(entry.id, { status: v.status, reply: v.reply?.trim() || null });
      message.success('保存成功');
      onSaved();
    } catch (err) {
      showServerFieldError(form, err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`处理留言：${entry.title}`} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="保存" destroyOnHidden>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{entry.text}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ status: MESSAGE_STATUS.done, reply: entry.reply ?? '' }}>
        <Form.Item name="status" label="状态">
          <Radio.Group options={Object.entries(MESSAGE_STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="reply" label="回复" rules={[{ max: 2000, message: '回复不能超过2000个字符' }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount placeholder="登录后留言的客户可在工作台看到回复" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
