import { useEffect, useState } from 'react';
import { Alert, Typography } from '@site/ui-kit';
import { getMessageBoardList } from '@site/api';
import { type MessageBoardEntry } from '@site/contract';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';

const PAGE_SIZE = 10;

/** 留言板 (content/message-board/index): the visitors' messages, rendered as plain text (React escapes them). */
export default function MessageBoard() {
  const [pageNum, setPageNum] = useState(1);
  const [data, setData] = useState<{ rows: MessageBoardEntry[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The page whose answer is shown: another page is loading until its own answer arrives.
  const [settledPage, setSettledPage] = useState<number | null>(null);
  const loading = settledPage !== pageNum;
  useEffect(() => {
    let alive = true;
    getMessageBoardList({ pageNum, pageSize: PAGE_SIZE })
      .then((r) => alive && (setData({ rows: r.rows ?? [], total: r.total ?? 0 }), setError(null)))
      .catch((e: Error) => alive && setError(e.message))
      .finally(() => alive && setSettledPage(pageNum));
    return () => {
      alive = false;
    };
  }, [pageNum]);
  return (
    <PageSection title="留言列表">
      {error && <Alert type="error" showIcon title="留言加载失败" description={error} style={{ marginBottom: 12 }} />}
      <ShellTable<MessageBoardEntry>
        rowKey="id"
        loading={loading}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: '暂无留言' }}
        scroll={{ x: 720 }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPageNum, showTotal: (t) => `共 ${t} 条` }}
        expandable={{ expandedRowRender: (r) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.text}</Typography.Paragraph> }}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '留言人', dataIndex: 'nickname', width: 120 },
          { title: '联系方式', key: 'contact', width: 180, render: (_, r) => [r.phone, r.email, r.contact].filter(Boolean).join(' / ') || '—' },
          { title: '时间', dataIndex: 'createTime', width: 170 },
        ]}
      />
    </PageSection>
  );
}
