/** Content (UJCMS-style) calls under `/api`, no token: `services/api-server/src/routes/content.ts`. */

import type { R, SpringPage } from './common';

/** Channel customs (free-form extra fields). */
export interface ChannelCustoms {
  /** Route key of the channel's page, e.g. `home/index`, `product/index`, `about/contact`. */
  filePath: string;
  [key: string]: unknown;
}

/** What the site's channel and the admin shell's channel share (`Channel` here, `ChannelAdmin` in api/channels). */
export interface ChannelFields {
  id: number;
  parentId: number | null;
  /** Display name: the title shown in the navigation. */
  name: string;
  alias: string;
  /** In-site url of the channel's page, e.g. `/product`. */
  url: string;
  /** Shown in the top navigation. */
  nav: boolean;
  /** Offered as a search channel. */
  allowSearch: boolean;
  targetBlank: boolean;
  /** An in-site path or an http(s) URL the channel links to instead of its page, or null. */
  linkUrl: string | null;
  image: string | null;
}

/** `GET /api/channel`, `GET /api/channel/{id}`. */
export interface Channel extends ChannelFields {
  /** Same as `name` (the spec reads `title`). */
  title: string;
  /** Banner line shown as text over `image` (the image carries no text), or null. */
  subtitle: string | null;
  customs: ChannelCustoms;
  /** Sub-channels (present when `isIncludeChildren` is true, else empty array). */
  children: Channel[];
}

/** Query of `GET /api/channel`. */
export interface ChannelQuery {
  /** `true` = top-navigation channels only, `false` = non-nav only; absent = all. */
  isNav?: boolean | 'true' | 'false';
  /** Only the direct children of this channel (`0` = top level). */
  parentId?: number;
  /** Nest sub-channels in `children`. Default false. */
  isIncludeChildren?: boolean | 'true' | 'false';
}

/** What the site's block item and the admin shell's block item share (`BlockItem` here, `BlockItemAdmin` in api/blocks). */
export interface BlockItemFields {
  id: number;
  /** Block id, see `BLOCK_IDS` in constants. */
  blockId: number;
  title: string;
  subtitle: string | null;
  description: string | null;
  /** An in-site route, a full url, or a tel:/mailto: link (contact details). */
  url: string | null;
  /** Image url (under `/files/...`) or null. */
  image: string | null;
  targetBlank: boolean;
  enabled: boolean;
  order: number;
}

/** `GET /api/block-item?blockId=` item (enabled only, ordered by `order`). */
export interface BlockItem extends BlockItemFields {
  linkUrl: string | null;
}

/** Query of `GET /api/block-item`: one block, or several (`blockIds=1,2,3`, at most 20). */
export type BlockItemQuery = { blockId: number; limit?: number } | { blockIds: string; limit?: number };

/** `GET /api/company`: bare array of the company block's items; the first has `title` (company name) and `image` (logo). */
export type CompanyResponse = BlockItem[];

/** Short channel reference on an article. */
export interface ArticleChannelRef {
  id: number;
  name: string;
  alias: string;
}

/** Free-form article extras. Products carry e.g. `features: string[]`, `version`; videos `duration`; documents `fileType`. */
export interface ArticleCustoms {
  [key: string]: unknown;
}

/** Article in lists and pages (no `text`). */
export interface Article {
  id: number;
  title: string;
  subtitle: string | null;
  description: string | null;
  /** Cover image url or null. */
  image: string | null;
  /** Video url (videos channel) or null. */
  video: string | null;
  /** Downloadable file url (`/files/docs/...`) or null. */
  file: string | null;
  fileName: string | null;
  /** File size in bytes, or null. */
  fileLength: number | null;
  author: string | null;
  source: string | null;
  /** ISO 8601 string. */
  publishDate: string;
  /** The article's own channel (e.g. 15 for a document, 20 for a product category). */
  channelId: number;
  channel: ArticleChannelRef;
  customs: ArticleCustoms;
}

/** `GET /api/article/{id}`: article with its HTML body. */
export interface ArticleDetail extends Article {
  text: string;
  /**
   * The page head's `<title>` and keywords staff set; null when not set: the title, and the tags as
   * keywords. The description stays `description` (the summary). Optional: a server before them does not send them.
   */
  seoTitle?: string | null;
  seoKeywords?: string | null;
  tags?: string[];
}

/** Query of `GET /api/article` (bare array, newest first). `channelId` includes sub-channels. */
export interface ArticleListQuery {
  channelId?: number;
  /** Max rows, default 20, at most 100. */
  limit?: number;
}

/** Query of `GET /api/article/page` (1-based `page`). `channelId` includes sub-channels. */
export interface ArticlePageQuery {
  channelId?: number;
  /** 1-based. Default 1. */
  page?: number;
  /** Default 20, at most 100. */
  pageSize?: number;
  /**
   * true: each row carries its HTML body `text`, as `GET /api/article/{id}` answers it (the FAQ: a page shows every
   * answer, in its HTML and in the app alike). Not for the search.
   */
  withText?: boolean;
}

/**
 * Query of `GET /api/article/es/page`: the content search (the text's words, each of them in the title,
 * summary, SEO keywords, tags or body; ranked; a query finding nothing is tried with the site's closest terms). Without
 * `channelId` it searches every searchable channel (SEARCHABLE_CHANNEL_IDS and their sub-channels).
 */
export interface ArticleSearchQuery extends Omit<ArticlePageQuery, 'withText'> {
  /** Search text, optional, at most 100 characters. */
  text?: string;
  /** true: the text as typed, never replaced by the closest terms when it finds nothing. */
  exact?: boolean;
}

export type ArticlePage = SpringPage<Article>;

/** A row of `GET /api/article/page?withText=true`: the article with its HTML body. */
export type ArticleWithText = Article & Pick<ArticleDetail, 'text'>;
export type ArticleTextPage = SpringPage<ArticleWithText>;

/** A stretch of a text, as UTF-16 offsets `[start, end)`: where a search term was found. */
export type TextRange = [start: number, end: number];

/** One result of the content search: an article and the searchable channel (14, 10, 11 or 12) it lies under. */
export interface ArticleSearchResult extends Article {
  /** Which of SEARCHABLE_CHANNEL_IDS the article's channel is or lies under (decides the page a result opens); null if none. */
  searchChannelId: number | null;
  /**
   * Plain text (never HTML: show it as text) around the first match in the summary, else the body, `…` where it was
   * cut. Absent without a search text, or from a server older than partial matches.
   */
  excerpt?: string;
  /** Where the search's terms are in `excerpt`, in order, not overlapping. */
  excerptMatches?: TextRange[];
  /** Where the search's terms are in `title`. */
  titleMatches?: TextRange[];
}

/** `GET /api/article/es/page` answer. */
export interface ArticleSearchPage extends SpringPage<ArticleSearchResult> {
  /**
   * The text whose results these are: the text asked for, or, when that found nothing, the same text with
   * its unknown terms replaced by the closest terms of the site's vocabulary (`corrected`). Absent without a text.
   */
  searchedText?: string;
  /** True when `searchedText` is not the text asked for: the page says 已为您显示“…”的结果. */
  corrected?: boolean;
  /** The terms searched (every result holds each of them). */
  terms?: string[];
  /**
   * The terms of the text that no result holds, when no article holds them all (白皮书 下载): the results are the best
   * partial matches, holding `terms`, and the page says so.
   */
  missingTerms?: string[];
}

/** `GET /api/article/prev?id=` / `next?id=`: neighbour in the same channel, or `null` (HTTP 200) when none. */
export type ArticleNeighbour = Article | null;

/** `POST /api/download` (form-encoded) body. Answer: the file bytes (blob); unknown id -> 404 `ApiErrorBody` (文件不存在). */
export interface DownloadForm {
  id: number | string;
}

/** `POST /api/message-board` JSON body. Answer `R` `{code:200,msg:'留言成功'}`. */
export interface MessageBoardForm {
  /** 1–100 characters. */
  title: string;
  /** 1–2000 characters. */
  text: string;
  /** 1–50 characters. */
  nickname: string;
  /** Free contact text, at most 100 characters. */
  contact?: string;
  /** Mainland mobile `^1[3-9]\d{9}$`. */
  phone?: string;
  email?: string;
  /** Captcha answer from `GET /captchaImage`. */
  captcha: string;
  /** `uuid` from `GET /captchaImage`. */
  uuid: string;
}

/** `POST /api/visit/{siteId}` record (JSON body, query string, or text/plain JSON from sendBeacon). Answer `VisitAnswer`. */
export interface VisitRecord {
  /** Always "1". */
  siteId: string;
  url: string;
  entryUrl: string;
  referrer: string;
  /** Numeric session id. */
  si: number | string;
  /** Numeric visitor id (15–16 digits). */
  uv: number | string;
  newVisitor: boolean | 'true' | 'false';
  /** 1 on entry, 0 on exit. */
  count: 0 | 1 | '0' | '1';
  /** Seconds. */
  duration: number | string;
  /**
   * Field figures: on the entry record the versions the page runs (`FieldView`), which the answer
   * returns a token for (`VisitAnswer.fieldToken`); on the exit record the page view's report with that token.
   */
  field?: import('./field').FieldReport | import('./field').FieldView;
}

/** The answer to a visit record: `R`, and for an entry record with `field` the page view's report token. */
export interface VisitAnswer extends R {
  fieldToken?: string;
}
