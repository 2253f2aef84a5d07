import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllNoticesRead, markNoticeRead } from '@site/api-client';
import type { Notice, NoticeUnreadResponse } from '@site/contract';
import { keys } from '../data/keys';
import { useChanged } from '../data/shell-query';

/** A notice the reader has not read: the list rows of `/system/notice/list` say `read: false`. */
export const isUnread = (n: Pick<Notice, 'read'>) => n.read === false;

/** The dot before an unread notice's title, named 未读 for screen readers (the title beside it is bold). */
export function UnreadDot() {
  return (
    <span
      className="notice-unread-dot"
      role="img"
      aria-label="未读"
      title="未读"
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 6,
        height: 6,
        borderRadius: '50%',
        marginRight: 6,
        background: 'var(--ant-color-error, #ff4d4f)',
      }}
    />
  );
}

/**
 * Reading notices: opening one marks it read, 全部已读 marks every one read. The server answers
 * the new count, which the bell's count key takes; the bell's pages (and the workbench's notices, read under the
 * same keys) are asked again for their read marks. A failed write asks the count again too.
 */
export function useNoticeReading() {
  const client = useQueryClient();
  const changed = useChanged();
  const onSuccess = (res: NoticeUnreadResponse) => {
    if (typeof res.data?.unread === 'number') {
      client.setQueryData(keys.bell.unread(), res.data.unread);
      void client.invalidateQueries({ queryKey: keys.bell.pages() });
    } else void changed('noticeRead');
  };
  // the HTTP client already told the user; the count and pages are asked again
  const onError = () => void changed('noticeRead');
  const one = useMutation({ mutationFn: (noticeId: number) => markNoticeRead(noticeId), onSuccess, onError });
  const all = useMutation({ mutationFn: () => markAllNoticesRead(), onSuccess, onError });
  return { markRead: one.mutate, markAllRead: all.mutateAsync, markingAll: all.isPending };
}
