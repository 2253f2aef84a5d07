/** Articles in the admin shell, `/system/article*`: `services/api-server/src/routes/articles.ts`. */

import type { ArticleField, ArticleVersionAction } from '../constants';
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
  /** ARTICLE_STATUS: 0 已发布, 1 草稿, 2 已下线, 3 待审核, 4 已退回. */
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
  /** The reviewer's comment of the last send-back (退回); null once it is submitted again or published. */
  reviewComment?: string | null;
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
  /** The page head's title and keywords; null: the title, and the tags as keywords. Optional: a server before them does not send them. */
  seoTitle?: string | null;
  seoKeywords?: string | null;
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
  /** At most ARTICLE_SEO_MAX.title and .keywords characters; keywords comma separated. */
  seoTitle?: string | null;
  seoKeywords?: string | null;
  version?: number;
}

/** `PUT /system/article/{id}/status` body. */
export interface ArticleStatusBody {
  status: number;
  version: number;
  /** Required with status 4 (已退回, a send-back): what the writer should change. */
  comment?: string;
}

/** `GET /system/article/review/count` data (perm content:article:query): how many articles wait for review (待审核). */
export type ArticleReviewCountResponse = RData<number>;

export type AdminArticleListResponse = TableDataInfo<AdminArticle>;

export type AdminArticleResponse = RData<AdminArticleDetail>;

/** `GET /system/article/{id}/history`: the article's audit trail, newest first. */
export type ArticleHistoryResponse = RData<AuditLogEntry[]>;

/** One version of an article, `GET /system/article/{id}/versions` (perm content:article:get), newest first. */
export interface ArticleVersion {
  version: number;
  action: ArticleVersionAction;
  title: string;
  userName: string;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
  /** The article's present state. */
  current: boolean;
  /** A send-back's comment (退回). */
  note?: string | null;
}

export type ArticleVersionsResponse = RData<ArticleVersion[]>;

/** A changed field between two versions; values as a person reads them (channel name, state label, tags joined). */
export interface ArticleFieldChange {
  field: ArticleField;
  label: string;
  before: string;
  after: string;
}

/** A run of the body's text: unchanged, only in the later version (`added`) or only in the earlier (`removed`). */
export interface TextChange {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** `GET /system/article/{id}/versions/diff?from=&to=` data: what changed from version `from` to version `to`. */
export interface ArticleVersionDiff {
  from: number;
  to: number;
  /** Every field that differs, the body included when its HTML differs (a link's target, a table). */
  fields: ArticleFieldChange[];
  /** The body's visible text, word by word. */
  text: TextChange[];
}

export type ArticleVersionDiffResponse = RData<ArticleVersionDiff>;

/**
 * `POST /system/article/{id}/versions/{version}/restore` body (perm content:article:edit): the article's present
 * `version` (a stale one is STALE_WRITE_MSG, 409). The content of that version becomes a new version; the state and
 * publish time stay as they are.
 */
export interface ArticleRestoreBody {
  version: number;
}

/** A row of 回收站, `GET /system/article-recycle/list` (perm content:recycle:query). */
export interface RecycledArticle {
  id: number;
  channelId: number;
  channelName: string;
  title: string;
  deletedBy: string;
  /** `YYYY-MM-DD HH:mm:ss`. */
  deletedAt: string;
}

/** Query of `GET /system/article-recycle/list`. */
export interface RecycledArticleQuery extends PageQuery {
  title?: string;
}

export type RecycledArticleListResponse = TableDataInfo<RecycledArticle>;

/** An image of 媒体库, `GET /system/article/media` (perm content:article:add or edit), newest first. */
export interface MediaImage {
  id: number;
  /** In-site path (`/files/upload/...`). */
  url: string;
  /** The name it had on the uploader's computer. */
  name: string;
  size: number;
  createTime: string;
}

/** Query of `GET /system/article/media`. */
export interface MediaQuery extends PageQuery {
  name?: string;
}

export type MediaListResponse = TableDataInfo<MediaImage>;
