import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Spin, Tabs, Typography, BellOutlined } from '@site/antd-kit';
import { NOTICE, type Notice } from '@site/contract';
import { NoticeDetailModal } from '../components/NoticeDetailModal';
import { bellPageQuery, dictQuery, unreadQuery } from '../data/queries';
import { useShellQuery } from '../data/shell-query';
import { changeTab, hasMore, initialPaging, nextPage, noticeQuery, noticeTitle, receivePage, type NoticePaging } from '../components/notice-paging';
import { isUnread, UnreadDot, useNoticeReading } from '../components/notice-unread';

/** The notice types of the tabs: the sys_notice_type dictionary (NOTICE-2). */
function useNoticeTypes() {
  return useShellQuery(dictQuery(NOTICE.dictType)).data ?? [];
}

/** New notices reach the badge within this time without a reload (the browser tab in view; none while it is hidden). */
export const UNREAD_REFETCH_MS = 60_000;

/**
 * The unread count on the bell: a query, asked when the shell starts, each time the popover opens
 * and every minute; a write that changes notices (通知公告) invalidates it. Opening a notice marks it read for the user,
 * 全部已读 marks them all: the server's answer is the new count (notice-unread.ts).
 */
function useUnreadCount() {
  const count = useShellQuery({ ...unreadQuery(), refetchInterval: UNREAD_REFETCH_MS });
  const unread = count.data ?? 0;
  const { refetch } = count;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { unread, refresh };
}

/**
 * NOTICE-1..14: the bell, its popover with a tab per type, the paged list and the detail modal. An unread notice is
 * bold with a dot named 未读; 全部已读 marks them all read.
 */
export function NoticeBell() {
  const client = useQueryClient();
  const types = useNoticeTypes();
  const { unread, refresh } = useUnreadCount();
  const { markRead, markAllRead, markingAll } = useNoticeReading();
  const [open, setOpen] = useState(false);
  const [paging, setPaging] = useState<NoticePaging>(() => initialPaging());
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<Notice | null>(null);
  // Answers of an older tab or page must not land in the current list.
  const requestId = useRef(0);

  const load = useCallback(
    async (p: NoticePaging) => {
      const id = ++requestId.current;
      setLoading(true);
      try {
        // Asked afresh on each open, tab change and 查看更多, under the bell's key (keys.ts).
        const res = await client.fetchQuery({ ...bellPageQuery(noticeQuery(p)), staleTime: 0 });
        if (id !== requestId.current) return;
        setPaging((cur) => receivePage({ ...cur, noticeType: p.noticeType }, p.pageNum, res.rows ?? [], res.total ?? 0));
      } catch {
        /* the HTTP client already told the user */
      } finally {
        if (id === requestId.current) setLoading(false);
      }
    },
    [client],
  );

  // Opening (again) shows a fresh first page of the tab in view; loading on the event, not after the render. The
  // popover may report the same state twice (the bell's click and its own open change): a second "open" would
  // reload page 1 after the visitor already asked for page 2, and the page-2 answer would then be dropped.
  // The popover can also report close-and-open in quick succession after the visitor has changed tab: the reload
  // then reads the tab in view now (a ref), not the one of the render whose handler the popover kept.
  const openRef = useRef(false);
  const tabRef = useRef(paging.noticeType);
  const onOpenChange = (next: boolean) => {
    if (next === openRef.current) return;
    openRef.current = next;
    setOpen(next);
    if (next) {
      void load(initialPaging(tabRef.current));
      refresh();
    }
  };

  const onTabChange = (key: string) => {
    tabRef.current = key;
    const reset = changeTab(paging, key);
    setPaging(reset);
    void load(reset);
  };

  const onMore = () => void load(nextPage(paging));

  /** The rows shown take the read mark at once (the server's pages are asked again on the next open). */
  const showRead = (noticeId?: number) =>
    setPaging((cur) => ({ ...cur, rows: cur.rows.map((r) => (noticeId === undefined || r.noticeId === noticeId ? { ...r, read: true } : r)) }));

  const onReadAll = async () => {
    try {
      await markAllRead();
      showRead();
    } catch {
      /* the HTTP client already told the user */
    }
  };

  const list = (
    <div className="notice-list" style={{ maxHeight: NOTICE.listMaxHeight, overflow: 'auto' }} data-testid="notice-list">
      <List<Notice>
        size="small"
        loading={loading && paging.rows.length === 0}
        dataSource={paging.rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" /> }}
        renderItem={(n) => (
          <List.Item key={n.noticeId} style={{ padding: '6px 4px' }} className={isUnread(n) ? 'notice-row notice-row-unread' : 'notice-row'}>
            <span style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
              {isUnread(n) && <UnreadDot />}
              <Typography.Link
                onClick={() => {
                  setDetail(n);
                  markRead(n.noticeId);
                  showRead(n.noticeId);
                  onOpenChange(false);
                }}
                title={n.noticeTitle}
                className="notice-item"
                strong={isUnread(n)}
              >
                {noticeTitle(n.noticeTitle)}
              </Typography.Link>
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap', marginLeft: 8 }}>
              {n.createTime?.slice(0, 10)}
            </Typography.Text>
          </List.Item>
        )}
      />
      {hasMore(paging) && (
        <div style={{ textAlign: 'center', padding: 8 }}>
          {/* disabled, not antd's `loading`: the Button keeps its own loading state, switched off in an effect after
              the rows have rendered, and silently ignores a click until then; a disabled button says so at once. */}
          <Button size="small" onClick={onMore} disabled={loading}>
            查看更多
          </Button>
        </div>
      )}
    </div>
  );

  const content = (
    <div style={{ width: NOTICE.popoverWidth }} className="notice-popover" data-testid="notice-popover">
      {types.length === 0 ? (
        <Spin />
      ) : (
        <Tabs
          size="small"
          tabBarExtraContent={
            <Button type="link" size="small" onClick={() => void onReadAll()} disabled={unread === 0 || markingAll} className="notice-read-all">
              全部已读
            </Button>
          }
          activeKey={paging.noticeType}
          onChange={onTabChange}
          items={types.map((t) => ({ key: t.dictValue, label: t.dictLabel, children: t.dictValue === paging.noticeType ? list : null }))}
        />
      )}
    </div>
  );

  return (
    <>
      <Popover content={content} trigger="click" open={open} onOpenChange={onOpenChange} placement="bottomRight" arrow={false}>
        <Button
          type="text"
          aria-label={unread ? `通知公告，${unread}条未读` : '通知公告'}
          icon={
            <Badge count={unread} size="small" overflowCount={99}>
              <BellOutlined style={{ fontSize: 16 }} />
            </Badge>
          }
        />
      </Popover>
      <NoticeDetailModal notice={detail} onClose={() => setDetail(null)} dated />
    </>
  );
}
