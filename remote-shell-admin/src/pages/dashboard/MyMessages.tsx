import { useState } from 'react';
import { App, Button, EditOutlined, Empty, Form, Input, List, Space, Tag, Typography } from '@site/antd-kit';
import { postMyMessage } from '@site/api-client';
import { myMessagesQuery } from '../../data/queries';
import { useChanged, useShellQuery } from '../../data/shell-query';
import { useAuth } from '@site/app-runtime';
import {
  MESSAGE_STATUS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TEXT_MAX,
  MESSAGE_TITLE_MAX,
  type MessageBoardEntry,
  type MyMessageBody,
} from '@site/contract';
import { PageSection } from '../../components/PageSection';
import { filled } from '../../components/form-fields';
import { FormDialog } from '../../list-page';

const PAGE_SIZE = 5;

/** 138****8000: enough for the customer to recognise their number on screen. */
export const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

/**
 * How the answer comes, said by the form before sending and again by the 留言成功 notice after it (the customer who
 * did not read the form's line learns it there).
 */
export const answerNote = (phone: string) =>
  phone ? `回复将显示在“我的留言”中，并以短信发送至 ${maskPhone(phone)}。` : '回复将显示在“我的留言”中。';
/** Seconds the 留言成功 notice stays: a sentence to read, not a bare 留言成功 (antd's default is 3). */
const SAVED_NOTICE_SECONDS = 6;

/**
 * The customer's own messages (written while signed in), newest first, with the staff's answers; 我要留言 opens a
 * form that files a new one under their account (the server takes the author from the session).
 */
export function MyMessages() {
  const changed = useChanged();
  const [pageNum, setPageNum] = useState(1);
  const [writing, setWriting] = useState(false);
  const q = useShellQuery({ ...myMessagesQuery({ pageNum, pageSize: PAGE_SIZE }), placeholderData: (previous) => previous });
  const failed = q.isError;
  const rows: MessageBoardEntry[] | null = failed ? [] : (q.data?.rows ?? null);
  const total = q.data?.total ?? 0;
  return (
    <PageSection
      title="我的留言"
      extra={
        <Button type="link" icon={<EditOutlined />} onClick={() => setWriting(true)}>
          我要留言
        </Button>
      }
    >
      {writing && (
        <NewMessage
          onClose={() => setWriting(false)}
          onSaved={() => {
            setWriting(false);
            // Read again from its first page (the staff's 留言板 too).
            setPageNum(1);
            void changed('message');
          }}
        />
      )}
      <List<MessageBoardEntry>
        className="workbench-messages"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, size: 'small' } : false}
        locale={{ emptyText: <Empty description={failed ? '留言加载失败，请稍后刷新' : '您还没有留言，点击“我要留言”向我们提问'} /> }}
        renderItem={(m) => (
          <List.Item key={m.id} className="workbench-message">
            <div style={{ width: '100%' }}>
              <Space wrap>
                <Typography.Text strong>{m.title}</Typography.Text>
                <Tag color={m.status === MESSAGE_STATUS.done ? 'success' : 'default'}>
                  {(MESSAGE_STATUS_LABELS as Record<string, string>)[m.status] ?? m.status}
                </Tag>
                <Typography.Text type="secondary">{m.createTime}</Typography.Text>
              </Space>
              <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>{m.text}</Typography.Paragraph>
              {m.reply ? (
                <div
                  className="workbench-message-reply"
                  style={{ marginTop: 8, padding: '8px 12px', background: 'var(--ant-color-fill-quaternary)', borderRadius: 6 }}
                >
                  <Typography.Text type="secondary">客服回复{m.repliedAt ? `（${m.repliedAt}）` : ''}：</Typography.Text>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{m.reply}</Typography.Paragraph>
                </div>
              ) : (
                <Typography.Text type="secondary">尚未回复，我们会尽快处理。</Typography.Text>
              )}
            </div>
          </List.Item>
        )}
      />
    </PageSection>
  );
}

/** 我要留言: title and text; the name and phone are the account's, so the answer reaches this list and the phone. */
function NewMessage({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const { user } = useAuth();
  const [form] = Form.useForm<MyMessageBody>();
  const phone = user?.phonenumber ?? '';
  const submit = async (v: MyMessageBody) => {
    await postMyMessage({ title: v.title.trim(), text: v.text.trim() });
    void message.success({ content: `留言成功。${answerNote(phone)}`, duration: SAVED_NOTICE_SECONDS });
    onSaved();
  };
  return (
    <FormDialog form={form} name="my-message" className="workbench-new-message" title="我要留言" submit={submit} onClose={onClose}>
      <Form.Item name="title" label="标题" rules={[filled('标题')]}>
        <Input maxLength={MESSAGE_TITLE_MAX} placeholder="请输入留言标题" />
      </Form.Item>
      <Form.Item name="text" label="留言内容" rules={[filled('留言内容')]}>
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} maxLength={MESSAGE_TEXT_MAX} showCount placeholder="请描述您的问题或需求" />
      </Form.Item>
      <Typography.Text type="secondary" className="workbench-new-message-note">
        {answerNote(phone)}
      </Typography.Text>
    </FormDialog>
  );
}
