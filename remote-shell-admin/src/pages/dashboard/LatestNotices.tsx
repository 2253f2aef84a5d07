import { useState } from 'react';
import { Empty, List, Space, Tag, Typography } from '@site/antd-kit';
import { NOTICE, type Notice } from '@site/contract';
import { formatDate } from '@site/ui';
import { bellPageQuery, dictQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { NoticeDetailModal } from '../../components/NoticeDetailModal';
import { PageSection } from '../../components/PageSection';
import { noticeTitle } from '../../components/notice-paging';
import { isUnread, UnreadDot, useNoticeReading } from '../../components/notice-unread';

/**
 * The newest open notices meant for the reader (the server answers staff 'all' + 'staff', customers 'all' +
 * 'customer'), titles cut at 32 characters (NOTICE-14), the full text in a dialog. Unread ones are bold with a dot
 * named 未读, and opening one marks it read as the bell does.
 */
export function LatestNotices({ title }: { title: string }) {
  const types = useShellQuery(dictQuery(NOTICE.dictType)).data;
  // The same published notices as the bell's pages: a notice written in 通知公告 shows here too.
  const latest = useShellQuery(bellPageQuery({ pageNum: 1, pageSize: 5, status: NOTICE.status }));
  const notices = latest.isError ? [] : (latest.data?.rows ?? null);
  const [detail, setDetail] = useState<Notice | null>(null);
  const { markRead } = useNoticeReading();
  const typeLabel = (v: string) => types?.find((d) => d.dictValue === v)?.dictLabel ?? v;

  return (
    <PageSection title={title}>
      <List<Notice>
        className="dashboard-notices"
        loading={notices === null}
        dataSource={notices ?? []}
        locale={{ emptyText: <Empty description="暂无通知" /> }}
        renderItem={(n) => (
          <List.Item key={n.noticeId} extra={<Typography.Text type="secondary">{formatDate(n.createTime, 'YYYY-MM-DD')}</Typography.Text>}>
            <Space>
              <Tag>{typeLabel(n.noticeType)}</Tag>
              <span style={{ display: 'inline-flex', alignItems: 'center' }}>
                {isUnread(n) && <UnreadDot />}
                <Typography.Link
                  onClick={() => {
                    setDetail(n);
                    if (isUnread(n)) markRead(n.noticeId);
                  }}
                  title={n.noticeTitle}
                  strong={isUnread(n)}
                >
                  {noticeTitle(n.noticeTitle)}
                </Typography.Link>
              </span>
            </Space>
          </List.Item>
        )}
      />
      <NoticeDetailModal notice={detail} onClose={() => setDetail(null)} />
    </PageSection>
  );
}
