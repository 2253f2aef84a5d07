/** Notices, `/system/notice*`: `services/api-server/src/routes/notices.ts`. */

import type { NOTICE_AUDIENCES } from '../constants';
import type { PageQuery, RData, TableDataInfo } from './common';

/** Notice (`sys_notice`). */
export interface Notice {
  noticeId: number;
  noticeTitle: string;
  /** Dictionary value of `sys_notice_type`: '1' 通知, '2' 公告, '3' 活动. */
  noticeType: string;
  /** HTML (sanitise before rendering). */
  noticeContent: string;
  /** '0' normal, '1' closed. */
  status: string;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
  createBy: string;
  /** Who it is for (NOTICE_AUDIENCES): 'all', 'staff' or 'customer'. */
  audience: NoticeAudience;
  /**
   * In `GET /system/notice/list` rows only: whether the caller has read it. Unread: an open notice meant
   * for the caller, published after the caller's account was created (or after the caller's last 全部已读) and not
   * opened since. The bell and the workbench mark the unread ones.
   */
  read?: boolean;
}

export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** Body of `POST /system/notice` and `PUT /system/notice/{id}` (perms system:notice:add / :edit). */
export interface NoticeForm {
  noticeTitle: string;
  noticeType: string;
  /** HTML; sanitised when shown. */
  noticeContent: string;
  /** '0' normal, '1' closed. */
  status: string;
  audience: NoticeAudience;
}

/** Query of `GET /system/notice/list` (also the form fields of `POST /system/notice/export`). */
export interface NoticeListQuery extends PageQuery {
  audience?: NoticeAudience;
  status?: string;
  noticeType?: string;
  noticeTitle?: string;
}

export type NoticeListResponse = TableDataInfo<Notice>;

export type NoticeResponse = RData<Notice>;

/**
 * Answer of `GET /system/notice/unread` and of `PUT /system/notice/{id}/read` (any signed-in user): how
 * many of the open notices meant for the caller (the bell's audience rule) the caller has not opened yet.
 */
export interface NoticeUnread {
  unread: number;
}

export type NoticeUnreadResponse = RData<NoticeUnread>;

/*
 * `PUT /system/notice/readAll` (any signed-in user), 全部已读: every notice published until now counts as
 * read for the caller; answers NoticeUnreadResponse (the new count, 0 unless a notice came in meanwhile).
 */
