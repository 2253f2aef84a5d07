import { useEffect, useState } from 'react';
import { Empty, List, Space, Tag, Typography } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { getMyMessages } from '@site/api-client';
import { MESSAGE_STATUS, MESSAGE_STATUS_LABELS, type MessageBoardEntry } from '@site/contract';
import { PageSection } from '../../components/PageSection';

const PAGE_SIZE = 5;
/** Where a new message is written: the 在线留言 form of 联系我们. */
export const NEW_MESSAGE_PATH = '/contact#rc-message-board';

/** The customer's own messages (written while signed in), newest first, with the staff's answers. */
export function MyMessages() {
  const [rows, setRows] = useState<MessageBoardEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    getMyMessages({ pageNum, pageSize: PAGE_SIZE })
      .then((r) => {
        if (!alive) return;
        setRows(r.rows ?? []);
        setTotal(r.total ?? 0);
        setFailed(false);
      })
      .catch(() => {
        if (!alive) return;
        setRows([]);
        setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [pageNum]);
  return (
    <PageSection title="我的留言" extra={<Link to={NEW_MESSAGE_PATH}>我要留言</Link>}>
      <List<MessageBoardEntry>
        className="workbench-messages"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, size: 'small' } : false}
        locale={{ emptyText: <Empty description={failed ? '留言加载失败，请稍后刷新' : '暂无留言'} /> }}
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
