/** Articles in the admin shell (issue 18.1), `/system/article*`: `services/api-server/src/routes/articles.ts`. */

import type { AuditLogEntry } from './audit';
import type { PageQuery, R, RData, TableDataInfo } from './common';

/** `POST /system/article/upload?kind=document|video`: the stored file (its type decided by its bytes). */
export interface ArticleUploadResponse extends R {
  url: string;
  /** The name the file had on the staff member's computer. */
  fileName: string;
  size: number;
}

/** A row of `GET /system/article/list` (perm content:article:query). */
export interface AdminArticle {
  id: number;
  channelId: number;
  channelName: string;
  title: string;
  /** ARTICLE_STATUS: 0 已发布, 1 草稿, 2 已下线. */
  status: number;
  top: boolean;
  sort: number;
  tags: string[];
  image: string | null;
  /** `YYYY-MM-DD HH:mm:ss`. */
  publishDate: string;
  updatedAt: string;
  updatedBy: string;
  /** Send it back with a save: a stale one is refused with STALE_WRITE_MSG (code 409). */
  version: number;
}

/** `GET /system/article/{id}` data (perm content:article:get). */
export interface AdminArticleDetail extends AdminArticle {
  subtitle: string | null;
  description: string | null;
  /** Sanitised HTML. */
  text: string;
  author: string | null;
  source: string | null;
  video: string | null;
  poster: string | null;
  file: string | null;
  fileName: string | null;
  fileLength: number | null;
  createdBy: string;
  createdAt: string;
}

/** Query of `GET /system/article/list`. Sort: `orderByColumn` publishDate | updatedAt | sort | title, `isAsc` asc | desc. */
export interface AdminArticleQuery extends PageQuery {
  title?: string;
  channelId?: number;
  status?: number;
  /** `YYYY-MM-DD`, inclusive. */
  beginTime?: string;
  endTime?: string;
  orderByColumn?: 'publishDate' | 'updatedAt' | 'sort' | 'title';
  isAsc?: 'asc' | 'desc';
}

/** Body of `POST /system/article` and `PUT /system/article/{id}` (the PUT also carries `version`). */
export interface ArticleForm {
  channelId: number;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  /** HTML; the server sanitises it before storing. */
  text: string;
  image?: string | null;
  tags?: string[];
  sort?: number;
  top?: boolean;
  status: number;
  /** ISO 8601 or `YYYY-MM-DD HH:mm:ss`; empty = now. */
  publishDate?: string | null;
  author?: string | null;
  source?: string | null;
  video?: string | null;
  poster?: string | null;
  file?: string | null;
  fileName?: string | null;
  fileLength?: number | null;
  version?: number;
}

/** `PUT /system/article/{id}/status` body. */
export interface ArticleStatusBody {
  status: number;
  version: number;
}

export type AdminArticleListResponse = TableDataInfo<AdminArticle>;

export type AdminArticleResponse = RData<AdminArticleDetail>;

/** `GET /system/article/{id}/history`: the article's audit trail, newest first. */
export type ArticleHistoryResponse = RData<AuditLogEntry[]>;
