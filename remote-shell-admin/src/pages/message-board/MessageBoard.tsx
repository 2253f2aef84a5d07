import { App, ExportOutlined, Form, Input, Radio, Tag, Typography } from '@site/antd-kit';
import { deleteMessages, exportMessages, handleMessage } from '@site/api-client';
import { MESSAGE_REPLY_SMS, MESSAGE_REPLY_SMS_LABELS, MESSAGE_STATUS, MESSAGE_STATUS_LABELS, type MessageBoardEntry } from '@site/contract';
import { lists } from '../../data/queries';
import { atMost } from '../../components/form-fields';
import { deleteSelected, FormDialog, labelOptions, ListPage, useListDialog, useListPage } from '../../list-page';

const PAGE_SIZE = 10;
/** The route permission of this page: its buttons follow this id's actionList (the action directive). */
export const MESSAGE_PERMISSION_ID = 'content:message';

/** 留言板 (content/message-board/index): visitors' messages (plain text: React escapes them), handled by staff. */
export default function MessageBoard() {
  const list = useListPage(lists.messages, PAGE_SIZE);
  const { query, selected } = list;
  const handling = useListDialog<MessageBoardEntry>(list);

  return (
    <ListPage
      list={list}
      title="留言列表"
      permissionId={MESSAGE_PERMISSION_ID}
      loadErrorTitle="留言加载失败"
      search={{
        className: 'message-search',
        anyone: true,
        fields: [
          { name: 'title', label: '标题', kind: 'text', maxLength: 100 },
          { name: 'nickname', label: '留言人', kind: 'text', maxLength: 50, width: 120 },
          { name: 'contact', label: '联系方式', kind: 'text', maxLength: 100, width: 150 },
          { name: 'status', label: '状态', kind: 'select', width: 100, options: labelOptions(MESSAGE_STATUS_LABELS) },
          { name: 'range', label: '留言日期', kind: 'dates' },
        ],
      }}
      toolbar={{
        className: 'message-actions',
        controls: [
          deleteSelected(selected.length, '条留言', () => list.remove(selected, deleteMessages)),
          {
            key: 'export',
            label: '导出',
            action: 'export',
            icon: <ExportOutlined />,
            onClick: () =>
              exportMessages({
                title: query.title,
                nickname: query.nickname,
                contact: query.contact,
                status: query.status,
                beginTime: query.beginTime,
                endTime: query.endTime,
              }),
          },
        ],
      }}
      selectable
      rowKey="id"
      scrollX={1100}
      emptyText="暂无留言"
      table={{
        expandable: {
          expandedRowRender: (r) => (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.text}</Typography.Paragraph>
              {r.reply && (
                <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  回复（{r.repliedBy} {r.repliedAt}）：{r.reply}
                  {r.replySms && <span className="message-reply-sms">（{MESSAGE_REPLY_SMS_LABELS[r.replySms]}）</span>}
                </Typography.Paragraph>
              )}
            </>
          ),
        },
      }}
      columns={[
        { title: '标题', dataIndex: 'title', ellipsis: true },
        { title: '留言人', dataIndex: 'nickname', width: 110 },
        { title: '来源', key: 'source', width: 200, render: (_, r) => messageSource(r) },
        { title: '联系方式', key: 'contact', width: 180, render: (_, r) => [r.phone, r.email, r.contact].filter(Boolean).join(' / ') || '—' },
        { title: '时间', dataIndex: 'createTime', width: 170 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (v: '0' | '1') => <Tag color={v === MESSAGE_STATUS.done ? 'green' : 'orange'}>{MESSAGE_STATUS_LABELS[v]}</Tag>,
        },
      ]}
      rowActions={{ width: 90, controls: (r) => [{ key: 'handle', label: '处理', action: 'edit', onClick: () => handling.open(r) }] }}
    >
      {handling.value && <HandleMessage key={handling.value.id} entry={handling.value} onClose={handling.close} onSaved={() => handling.saved()} />}
    </ListPage>
  );
}

/**
 * Which messages came from a customer account: 客户 · <单位> (the company it belongs to, 未关联单位 when
 * none); a visitor's message or a staff member's own shows —.
 */
export function messageSource(r: MessageBoardEntry) {
  if (!r.customer) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tag color="blue" className="message-customer">
      客户 · {r.customer.companyName || '未关联单位'}
    </Tag>
  );
}

/**
 * Mark a message 已处理 (or back) with a reply note: the server sends a new reply by SMS to the message's phone, and
 * the signed-in author reads it in their workbench. The toast says whether the SMS went out, or why not.
 */
function HandleMessage({ entry, onClose, onSaved }: { entry: MessageBoardEntry; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ status: string; reply: string }>();
  const submit = async (v: { status: string; reply: string }) => {
    const reply = v.reply?.trim() || null;
    const r = await handleMessage(entry.id, { status: v.status, reply });
    const sms = reply && reply !== entry.reply ? r.data?.replySms : null;
    if (!sms) void message.success('保存成功');
    else if (sms === MESSAGE_REPLY_SMS.sent) void message.success(`保存成功，${MESSAGE_REPLY_SMS_LABELS[sms]}`);
    else void message.warning(`保存成功；${MESSAGE_REPLY_SMS_LABELS[sms]}`);
    onSaved();
  };
  return (
    <FormDialog
      form={form}
      title={`处理留言：${entry.title}`}
      initialValues={{ status: MESSAGE_STATUS.done, reply: entry.reply ?? '' }}
      submit={submit}
      onClose={onClose}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{entry.text}</Typography.Paragraph>
      <Form.Item name="status" label="状态">
        <Radio.Group options={labelOptions(MESSAGE_STATUS_LABELS)} />
      </Form.Item>
      <Form.Item name="reply" label="回复" rules={[atMost('回复', 2000)]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount placeholder="登录后留言的客户可在工作台看到回复" />
      </Form.Item>
      <Typography.Text type="secondary" className="message-sms-note">
        {entry.phone ? `新的回复将以短信发送至 ${entry.phone}。` : '该留言未留手机号，回复不会发送短信。'}
      </Typography.Text>
    </FormDialog>
  );
}
