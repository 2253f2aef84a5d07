/**
 * API types: the request and response shapes of every call the API server (`@site/api-server`) answers.
 * Both the server and the front ends import these. Types only, no runtime code.
 *
 * Two answer families:
 * - content calls (`/api/*`, UJCMS style): bare JSON (arrays, objects, Spring pages), no `code`;
 *   except `POST /api/message-board` and `POST /api/visit/{siteId}` which answer `R` (`{code, msg}`).
 * - RuoYi-style calls (`/login`, `/getInfo`, `/system/*`, `/common/*`, `/bus/*`, `/dev/*`): `{code: 200, msg: '操作成功', ...}`.
 * Errors of every call: HTTP status = code, body `ApiErrorBody` with a Chinese `msg`.
 * Business failures of RuoYi-style calls (wrong password, captcha, SMS code, duplicate registration)
 * answer HTTP 200 with body `{code: 500, msg}`.
 */

import type { AUDIT_ACTIONS, AUDIT_RESOURCES, NOTICE_AUDIENCES } from './constants';

// ---------------------------------------------------------------------------------------------
// Common envelopes
// ---------------------------------------------------------------------------------------------

/** Error body (any call) and the base of RuoYi answers. */
export interface ApiErrorBody {
  code: number;
  msg: string;
  /**
   * A 400 caused by one input field: its name as the request spelled it (`title`, `items.0.url`), so a form can
   * show `msg` beside that field and keep what was typed.
   */
  field?: string;
}

/** RuoYi plain answer `{code, msg}`. */
export interface R {
  code: number;
  msg: string;
}

/** RuoYi answer with `data`. */
export interface RData<T> extends R {
  data: T;
}

/** RuoYi TableDataInfo `{code, msg, total, rows}`. */
export interface TableDataInfo<T> extends R {
  total: number;
  rows: T[];
}

/** RuoYi paging query (1-based `pageNum`). */
export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
}

/** Spring Data page (UJCMS style). `number` is 0-based; the request's `page` is 1-based. */
export interface SpringPage<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  /** 0-based page index. */
  number: number;
  size: number;
  first: boolean;
  last: boolean;
  numberOfElements: number;
  empty: boolean;
}

/** CRM-style answer (`code` 0 = success). */
export interface CrmResult<T> {
  code: number;
  msg: string;
  data: T;
}

// ---------------------------------------------------------------------------------------------
// Content (UJCMS-style) calls under /api
// ---------------------------------------------------------------------------------------------

/** Channel customs (free-form extra fields). */
export interface ChannelCustoms {
  /** Route key of the channel's page, e.g. `home/index`, `product/index`, `about/contact`. */
  filePath: string;
  [key: string]: unknown;
}

/** `GET /api/channel`, `GET /api/channel/{id}`. */
export interface Channel {
  id: number;
  /** Display name. */
  name: string;
  /** Same as `name` (the spec reads `title`). */
  title: string;
  alias: string;
  /** In-site url of the channel, e.g. `/product`. */
  url: string;
  /** Shown in the top navigation. */
  nav: boolean;
  /** Offered as a search channel. */
  allowSearch: boolean;
  targetBlank: boolean;
  /** External link of the channel, or null. */
  linkUrl: string | null;
  image: string | null;
  /** Banner line shown as text over `image` (the image carries no text), or null. */
  subtitle: string | null;
  customs: ChannelCustoms;
  parentId: number | null;
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

/** `GET /api/block-item?blockId=` item (enabled only, ordered by `order`). */
export interface BlockItem {
  id: number;
  /** Block id, see `BLOCK_IDS` in constants. */
  blockId: number;
  title: string;
  subtitle: string | null;
  description: string | null;
  /** In-site route or full url. */
  url: string | null;
  linkUrl: string | null;
  /** Image url (under `/files/...`) or null. */
  image: string | null;
  targetBlank: boolean;
  enabled: boolean;
  order: number;
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
}

/** Query of `GET /api/article/es/page`: the content search (title and text, Chinese substrings match). */
export interface ArticleSearchQuery extends ArticlePageQuery {
  /** Search text, optional, at most 100 characters. */
  text?: string;
}

export type ArticlePage = SpringPage<Article>;

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

/** `POST /api/visit/{siteId}` record (JSON body, query string, or text/plain JSON from sendBeacon). Answer `R`. */
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
}

// ---------------------------------------------------------------------------------------------
// RuoYi-style account and system calls
// ---------------------------------------------------------------------------------------------

/** `GET /captchaImage`. `img` is base64 of an SVG: show `'data:image/svg+xml;base64,' + img`. Single-use, 2-minute expiry. */
export interface CaptchaResponse extends R {
  captchaEnabled: boolean;
  uuid: string;
  img: string;
}

/** `POST /login` JSON body. */
export interface LoginBody {
  username: string;
  password: string;
  code: string;
  uuid: string;
}

/** `POST /loginNoPassword` JSON body (SMS code from `/bus/customer/sendCode`). */
export interface LoginNoPasswordBody {
  phone: string;
  code: string;
}

/** `POST /login`, `POST /loginNoPassword`. */
export interface LoginResponse extends R {
  token: string;
}

/** User of `GET /getInfo` and `GET /system/user/profile`. */
export interface UserInfo {
  userId: number;
  userName: string;
  nickName: string;
  /** Avatar url or '' */
  avatar: string;
  customerId: number | null;
  deptId: number | null;
  postIds: number[];
  phonenumber: string;
  email: string;
}

/** Permission grouped for the action directive: `system:notice:list` -> `{permissionId:'system:notice', actionList:['list']}`. */
export interface PermissionEntry {
  permissionId: string;
  actionList: string[];
}

/** `GET /getInfo`. `roles` may be empty for customers (front end uses ROLE_DEFAULT). Admin has `['*:*:*']`. */
export interface GetInfoResponse extends R {
  user: UserInfo;
  roles: string[];
  /** RuoYi permission strings, e.g. `system:notice:query`. */
  permissions: string[];
  /** The same permissions grouped with `permissionId` and `actionList` (for the action directive). */
  permissionList: PermissionEntry[];
  /** true: the account still has its initial or a reset password and must change it before anything else. */
  isDefaultModifyPwd: boolean;
}

/** RuoYi route meta. */
export interface RouteMeta {
  title: string;
  icon: string;
  noCache: boolean;
  /** External link (http/https) or null. */
  link: string | null;
}

/** RuoYi router of `GET /getRouters`. */
export interface RouterVo {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  alwaysShow?: boolean;
  /** Permission string guarding the entry, if any (extra, informational). */
  perms?: string;
  meta: RouteMeta;
  children?: RouterVo[];
}

export type GetRoutersResponse = RData<RouterVo[]>;

/** `DELETE /logout` answers `R` `{code:200,msg:'退出成功'}`. */
export type LogoutResponse = R;

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

/** `GET /system/dict/data/type/{type}` item. */
export interface DictData {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  listClass: string;
  cssClass: string;
  /** 'Y' | 'N' */
  isDefault: string;
  /** '0' normal */
  status: string;
}

export type DictDataResponse = RData<DictData[]>;

/** `GET /system/config/configKey/{key}`: `data` is the value string ('' for an unknown key, like RuoYi). */
export type ConfigResponse = RData<string>;

/** `POST /common/upload` (multipart field `file`, bearer token). */
export interface UploadResponse extends R {
  url: string;
  fileName: string;
  /** Stored file name. */
  newFileName?: string;
  originalFilename?: string;
}

/** `GET /system/user/profile`. */
export interface ProfileResponse extends RData<UserInfo> {
  roleGroup: string;
  postGroup: string;
}

/** `PUT /system/user/profile` JSON body. Answers `R`. */
export interface ProfileUpdateBody {
  nickName: string;
  phonenumber?: string;
  email?: string;
  /** SMS code sent with purpose `phone` to the new number; required when `phonenumber` changes. */
  code?: string;
}

/** `POST /system/user/profile/avatar` (multipart field `avatarfile` or `file`). */
export interface AvatarResponse extends R {
  imgUrl: string;
}

/** Message-board entry for staff: `GET /system/message-board/list` (perm content:message:list). */
export interface MessageBoardEntry {
  id: number;
  title: string;
  /** Stored as given (plain text); escape when rendering. */
  text: string;
  nickname: string;
  contact: string | null;
  phone: string | null;
  email: string | null;
  ip: string | null;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
  /** MESSAGE_STATUS: '0' 未处理, '1' 已处理. */
  status: string;
  /** Staff's reply note (plain text), shown to the author when signed in. */
  reply: string | null;
  /** `YYYY-MM-DD HH:mm:ss` or null. */
  repliedAt: string | null;
  repliedBy: string | null;
}

/** Query of `GET /system/message-board/list` (also the form fields of `POST /system/message-board/export`). */
export interface MessageBoardQuery extends PageQuery {
  title?: string;
  nickname?: string;
  /** Matches phone, email or the free contact field. */
  contact?: string;
  /** MESSAGE_STATUS. */
  status?: string;
  /** `YYYY-MM-DD`, inclusive. */
  beginTime?: string;
  endTime?: string;
}

/** Body of `PUT /system/message-board/{id}` (perm content:message:edit). */
export interface MessageHandleBody {
  status: string;
  reply?: string | null;
}

export type MessageBoardListResponse = TableDataInfo<MessageBoardEntry>;

/** `GET /system/visit/stats?days=7` data (perm content:visit:list). */
export interface VisitStats {
  pv: number;
  uv: number;
  /** Average duration in seconds of exit records (count 0). */
  avgDuration: number;
  /** `url`: the page's path (with `?id=` / `?categoryId=`), `title`: its page title (see VisitPageRow). */
  topPages: { url: string; title: string; pv: number }[];
  /** One row per day (YYYY-MM-DD), oldest first. */
  daily: { date: string; pv: number; uv: number }[];
}

export type VisitStatsResponse = RData<VisitStats>;

/**
 * Visit analytics over a date range (issue 18.5). `GET /system/visit/analytics?beginDate=&endDate=` (perm
 * content:visit:query) answers `RData<VisitAnalytics>`; `POST /system/visit/export` (form body, perm
 * content:visit:export) answers the same figures as a CSV file. Dates are `YYYY-MM-DD` in the server's time zone,
 * both included, at most VISIT_RANGE.maxDays days; without them the last VISIT_RANGE.defaultDays days.
 */
export interface VisitRangeQuery {
  beginDate?: string;
  endDate?: string;
}

export interface VisitDay {
  date: string;
  /** Page views: entry records (count 1). */
  pv: number;
  /** Distinct visitors (uv) with a page view that day. */
  uv: number;
  /** Visitors whose records that day carry the new-visitor flag; returning = uv - newVisitors. */
  newVisitors: number;
  returningVisitors: number;
  /** Distinct sessions (uv + si). */
  sessions: number;
}

/** A page, named by its title: an article's title for a detail URL (`?id=`), a channel's name for a list route. */
export interface VisitPageRow {
  /** The page's path with the query parameters that choose its content (`/newsDetail?id=5`). */
  page: string;
  title: string;
  pv: number;
  uv: number;
}

/** The first page of the sessions that started in the range. */
export interface VisitEntryRow {
  page: string;
  title: string;
  sessions: number;
}

/** Where sessions came from, grouped by the referrer's host. */
export interface VisitReferrerRow {
  /** The referrer's host; '' for direct visits (no referrer) and for links within the site (`internal`). */
  host: string;
  /** What to show: the host, 直接访问 or 站内跳转. */
  label: string;
  kind: 'direct' | 'internal' | 'external';
  sessions: number;
}

export interface VisitAnalytics {
  beginDate: string;
  endDate: string;
  pv: number;
  uv: number;
  sessions: number;
  newVisitors: number;
  returningVisitors: number;
  /** Average seconds on a page (exit records). */
  avgDuration: number;
  /** Average seconds of a visit: the exit durations of a session added up, averaged over sessions with an exit. */
  avgSessionDuration: number;
  /** One row per day of the range, oldest first (days without records are 0). */
  daily: VisitDay[];
  /** The rankings: the first 50 rows each. */
  topPages: VisitPageRow[];
  entryPages: VisitEntryRow[];
  referrers: VisitReferrerRow[];
}

export type VisitAnalyticsResponse = RData<VisitAnalytics>;

// ---------------------------------------------------------------------------------------------
// Customers and account calls (query-string payloads, no token)
// ---------------------------------------------------------------------------------------------

/** `GET /bus/customer/{id}` data. */
export interface Customer {
  id: number;
  name: string;
  contactName: string | null;
  phone: string | null;
  /** Referral code the customer registered with. */
  tgCode: string | null;
  createTime: string;
}

export type CustomerResponse = RData<Customer>;

/** `GET /admin-api/crm/customer/get?id=` data (`code` 0 = success). */
export interface CrmCustomer {
  id: number;
  name: string;
  contactName: string | null;
  mobile: string | null;
  industry: string | null;
  level: string | null;
  address: string | null;
  createTime: number;
}

export type CrmCustomerResponse = CrmResult<CrmCustomer>;

/** `GET /system/workbench/account`: the signed-in user's customer, product and support address (issue 19). */
export interface WorkbenchAccount {
  /** The customer the account belongs to (null for an account without one). */
  customer: { id: number; name: string; contactName: string | null } | null;
  /** The product the customer runs, as the product centre names it ('' when unknown). */
  productName: string;
  /** The customer's product version, else the site's (config site.productVersion); '' when neither is known. */
  productVersion: string;
  /** The product centre's article of that product (for /productDetail?id=), when there is one. */
  productArticleId: number | null;
  /** The configured customer-service page ('' = none: the support link is not shown). */
  supportUrl: string;
}
export type WorkbenchAccountResponse = RData<WorkbenchAccount>;

/** One row of `GET /system/workbench/documents`: a published document-centre file for the customer's product. */
export interface WorkbenchDocument {
  id: number;
  title: string;
  fileName: string | null;
  /** 用户手册, 部署指南, … (the document's customs.docType; '' when it has none). */
  docType: string;
  publishDate: string;
}
export type WorkbenchDocumentsResponse = RData<WorkbenchDocument[]>;

/**
 * What an SMS code is for: the server accepts a code only for the purpose it was sent for (a registration code does
 * not sign in), and a phone change sends it to the new number.
 */
export type SmsPurpose = 'login' | 'register' | 'reset' | 'phone';

/** `POST /bus/customer/sendCode?phone=&purpose=`. Answers `R` `{code:200,msg:'验证码已发送'}`. */
export interface SendCodeQuery {
  phone: string;
  purpose: SmsPurpose;
}

/** `PUT /system/user/profile/updatePwd` body (RuoYi). */
export interface UpdatePwdBody {
  oldPassword: string;
  newPassword: string;
}

/** `POST /bus/customer/create?phone&name&code&tgCode`. Answers `R` `{code:200,msg:'注册成功'}`; duplicate `{code:500,msg:'该手机号已注册'}`. */
export interface RegisterQuery {
  phone: string;
  name: string;
  code: string;
  tgCode?: string;
}

/** `POST /bus/customer/resetUserPassword?phone&password&code` (password 6–20 chars). Answers `R` `{code:200,msg:'密码重置成功'}`. */
export interface ResetPasswordQuery {
  phone: string;
  password: string;
  code: string;
}

// ---------------------------------------------------------------------------------------------
// Dev-only helpers (404 when NODE_ENV=production)
// ---------------------------------------------------------------------------------------------

/** `GET /dev/sms-outbox?phone=`: the latest code sent to a phone. */
export type DevSmsOutboxResponse = RData<{ phone: string; code: string; createdAt: string }>;

/** `GET /dev/captcha/{uuid}`: the answer of a captcha. */
export type DevCaptchaResponse = RData<{ answer: string }>;

/** `GET /health`. */
export interface HealthResponse {
  status: 'ok';
  db: 'pglite' | 'postgres';
}

// ---------------------------------------------------------------------------------------------
// Audit trail (issue 18.7)
// ---------------------------------------------------------------------------------------------

export type AuditResource = (typeof AUDIT_RESOURCES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Query of `GET /system/audit/list` (perm system:audit:list). */
export interface AuditLogQuery extends PageQuery {
  userName?: string;
  resource?: AuditResource;
  action?: AuditAction;
  targetId?: string;
  /** `YYYY-MM-DD`, inclusive. */
  beginTime?: string;
  endTime?: string;
}

export type AuditLogListResponse = TableDataInfo<AuditLogEntry>;

/** One write by staff: `GET /system/audit/list` rows, `GET /system/audit/{resource}/{id}` (a row's history). */
export interface AuditLogEntry {
  id: number;
  userName: string;
  resource: AuditResource;
  action: AuditAction;
  targetId: string | null;
  summary: string;
  /** The row before (null for add) and after (null for delete), as the API spells it. */
  before: unknown;
  after: unknown;
  ip: string | null;
  /** `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
}

// ---------------------------------------------------------------------------------------------
// People: staff users, roles, customers (issue 18.6) and the audit trail search (issue 18.7)
// ---------------------------------------------------------------------------------------------

export type UserStatus = '0' | '1';

/** `GET /system/user/list` row, `GET /system/user/{id}` data: a staff user (holds at least one role). */
export interface StaffUser {
  userId: number;
  userName: string;
  nickName: string;
  phonenumber: string;
  email: string;
  status: UserStatus;
  /** Role keys held, and their Chinese names in the same order. */
  roles: string[];
  roleNames: string[];
  remark: string;
  /** The password was set by an administrator and must be changed at the next sign-in. */
  passwordInitial: boolean;
  createTime: string;
  version: number;
}

export interface StaffUserQuery extends PageQuery {
  /** Part of the user name or nickname. */
  userName?: string;
  phonenumber?: string;
  status?: UserStatus;
  roleKey?: string;
}

/** `POST /system/user`: without a password the server makes one (answered once in `data.password`). */
export interface StaffUserCreateBody {
  userName: string;
  nickName: string;
  password?: string;
  phonenumber?: string;
  email?: string;
  roles: string[];
  remark?: string;
}

/** `PUT /system/user/{id}`: `version` is the one read; a stale one is refused with STALE_WRITE_MSG. */
export interface StaffUserUpdateBody {
  nickName: string;
  phonenumber?: string;
  email?: string;
  roles: string[];
  remark?: string;
  version: number;
}

/** `PUT /system/user/{id}/status`, `PUT /system/customer/{id}/status`. */
export interface UserStatusBody {
  status: UserStatus;
}

/** `PUT /system/user/{id}/resetPwd`: the password to set, or none for a random one. */
export interface ResetPasswordBody {
  password?: string;
}

/** `POST /system/user` and `PUT /system/user/{id}/resetPwd`: the id and the initial password, shown once. */
/** `GET /system/user/roleOptions`: the roles a user may be given. */
export interface RoleOption {
  roleKey: string;
  roleName: string;
}
export type RoleOptionsResponse = RData<RoleOption[]>;

export type InitialPasswordResponse = RData<{ userId: number; password: string }>;
export type StaffUserListResponse = TableDataInfo<StaffUser>;
export type StaffUserResponse = RData<StaffUser>;

/** `GET /system/role/list` row, `GET /system/role/{key}` data. */
export interface SysRole {
  roleKey: string;
  roleName: string;
  /** Permission strings `<module>:<resource>:<action>` (`*:*:*` for 超级管理员). */
  perms: string[];
  menuIds: number[];
  remark: string;
  roleSort: number;
  /** 超级管理员: cannot be deleted and keeps every permission. */
  builtIn: boolean;
  userCount: number;
  createTime: string;
  version: number;
}

export interface SysRoleQuery extends PageQuery {
  /** Part of the role name or key. */
  roleName?: string;
}

/** `POST /system/role` (all fields) and `PUT /system/role/{key}` (without roleKey, with version). */
export interface SysRoleBody {
  roleKey?: string;
  roleName: string;
  menuIds: number[];
  perms: string[];
  remark?: string;
  roleSort?: number;
  version?: number;
}

/** `GET /system/role/menus`: every menu as a flat list (the role form builds its tree). */
export interface SysMenuNode {
  menuId: number;
  parentId: number;
  menuName: string;
  /** `M` directory, `C` page. */
  menuType: string;
  /** The page's list permission (`system:user:list`); its actions are `system:user:<action>`. */
  perms: string | null;
  orderNum: number;
}

export type SysRoleListResponse = TableDataInfo<SysRole>;
export type SysRoleResponse = RData<SysRole>;
export type SysMenuListResponse = RData<SysMenuNode[]>;

/** `GET /system/customer/list` row, `GET /system/customer/{id}` data: a person registered on the site (no role). */
export interface SiteCustomer {
  userId: number;
  userName: string;
  nickName: string;
  phonenumber: string;
  email: string;
  status: UserStatus;
  customerId: number | null;
  /** The company of `customer` the account belongs to, or ''. */
  customerName: string;
  /** Signed in with the messaging app at least once. */
  wxBound: boolean;
  createTime: string;
}

export interface SiteCustomerQuery extends PageQuery {
  /** Part of the user name, nickname, phone number or company. */
  keyword?: string;
  status?: UserStatus;
}

export type SiteCustomerListResponse = TableDataInfo<SiteCustomer>;
export type SiteCustomerResponse = RData<SiteCustomer>;

// ---------------------------------------------------------------------------------------------
// Articles in the admin shell (issue 18.1): /system/article*
// ---------------------------------------------------------------------------------------------

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
// Channels and content blocks in the admin shell (issue 18.2; perms content:channel:*, content:block:*)
// ---------------------------------------------------------------------------------------------

/** A channel as staff edit it: `GET /system/channel/list` rows (a tree), `GET /system/channel/{id}`. */
export interface ChannelAdmin {
  id: number;
  parentId: number | null;
  /** The title shown in the navigation. */
  name: string;
  alias: string;
  /** In-site path of the channel's page, e.g. `/product`. */
  url: string;
  nav: boolean;
  allowSearch: boolean;
  targetBlank: boolean;
  /** An in-site path or an http(s) URL the channel links to instead of its page, or null. */
  linkUrl: string | null;
  image: string | null;
  /** customs.filePath: the route key of the channel's page, e.g. `product/index`. */
  filePath: string;
  sort: number;
  version: number;
  /** Articles filed directly in this channel (a channel holding any cannot be deleted). */
  articleCount: number;
  /** Sub-channels, in order (in the list only; empty in `GET /system/channel/{id}`). */
  children: ChannelAdmin[];
}

/** `POST /system/channel` body (new channels go last among their siblings). Answers `RData<{ id }>`. */
export interface ChannelBody {
  parentId: number | null;
  name: string;
  alias: string;
  url?: string;
  nav?: boolean;
  allowSearch?: boolean;
  targetBlank?: boolean;
  linkUrl?: string | null;
  image?: string | null;
  filePath?: string;
}

/** `PUT /system/channel/{id}` body: the fields to change and the version read (a stale one is refused). */
export type ChannelEditBody = Partial<ChannelBody> & { version: number };

/** `PUT /system/channel/sort`: every child of `parentId` (null = the top level), in the new order. */
export interface ChannelSortBody {
  parentId: number | null;
  ids: number[];
}

export type ChannelTreeResponse = TableDataInfo<ChannelAdmin>;
export type ChannelAdminResponse = RData<ChannelAdmin>;

/** A content block (ids and names in BLOCKS of the constants): `GET /system/block/list` rows. */
export interface BlockInfo {
  blockId: number;
  name: string;
  /** Where the site shows the block and which fields it reads. */
  hint: string;
  /** Items in the block, disabled ones included. */
  itemCount: number;
}

/** A block item as staff edit it: `GET /system/block/{blockId}/items` rows (disabled ones included), `GET /system/block-item/{id}`. */
export interface BlockItemAdmin {
  id: number;
  blockId: number;
  title: string;
  subtitle: string | null;
  description: string | null;
  /** An in-site path, an http(s) URL, or a tel:/mailto: link (contact details). */
  url: string | null;
  image: string | null;
  targetBlank: boolean;
  enabled: boolean;
  order: number;
  version: number;
}

/** `POST /system/block-item` body (the item goes last in its block). Answers `RData<{ id }>`. */
export interface BlockItemBody {
  blockId: number;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  url?: string | null;
  image?: string | null;
  targetBlank?: boolean;
  enabled?: boolean;
}

/** `PUT /system/block-item/{id}` body: the fields to change and the version read. */
export type BlockItemEditBody = Partial<Omit<BlockItemBody, 'blockId'>> & { version: number };

/** `PUT /system/block/{blockId}/sort`: every item of the block, in the new order. */
export interface BlockSortBody {
  ids: number[];
}

export type BlockListResponse = TableDataInfo<BlockInfo>;
export type BlockItemListResponse = TableDataInfo<BlockItemAdmin>;
export type BlockItemAdminResponse = RData<BlockItemAdmin>;

// ---------------------------------------------------------------------------------------------
// Render feed: the API server records what published content changed; the page renderer drains it
// ---------------------------------------------------------------------------------------------

/**
 * One change the page renderer hears of: a row of the API's render outbox, written in the same transaction as the
 * content write (so a change that is committed is always in the feed, and a write that fails leaves none). The server
 * records what was written, whatever the visibility (a draft saved is an `article` change too); the renderer decides
 * which pages to render again.
 */
export type ContentChange =
  /**
   * An article created, edited, deleted, published, withdrawn, pinned or reordered. `channelId` is the channel it is
   * in (a deleted one: the channel it was in); an edit that moves it records two changes, the old channel and the new.
   */
  | { kind: 'article'; id: number; channelId: number | null }
  /**
   * A channel created, edited (name, nav flag, ...), deleted or reordered. A change to the tree (create, delete, move,
   * reorder) also names the parent channel whose children changed.
   */
  | { kind: 'channel'; id: number }
  /** An item of a content block changed (footer, banners, company info, ...): `blockId` is the block's id (BLOCK_IDS). */
  | { kind: 'block'; blockId: number }
  /** Anything else that changes every page (site configuration shown on the public pages). */
  | { kind: 'site' };

/*
 * The API's internal render routes (never proxied by the host origin; each needs the header `x-render-token` with
 * SITE_RENDER_HOOK_TOKEN, and they exist only when it is set):
 * - `POST /internal/render/lease` RenderLeaseBody -> 200 RenderLease (taken or renewed) | 409 RenderLease (another
 *   renderer holds it until `expiresAt`);
 * - `POST /internal/render/release` RenderLeaseBody -> 200 `{ released: boolean }`;
 * - `GET /internal/render/changes?after=<id>&wait=<seconds>&limit=<n>` -> 200 RenderChanges (held up to `wait` seconds
 *   until a change after `after` exists);
 * - `POST /internal/render/ack` RenderAckBody -> 200 `{ acked: number }` | 409 when the caller does not hold the lease.
 */

/** Who asks for (or gives up) the render lease: a renderer's id, stable for its process. */
export interface RenderLeaseBody {
  holder: string;
}

/** The render lease: who holds it and until when; `leaseMs` is how long a take or renewal lasts. */
export interface RenderLease {
  holder: string;
  expiresAt: string;
  leaseMs: number;
}

/** One change not yet rendered, `id` in the order the writes committed their rows. */
export interface RenderOutboxEntry {
  id: number;
  change: ContentChange;
  createdAt: string;
}

/** The pending changes after `after`, oldest first; `more`: there are more than `limit`. */
export interface RenderChanges {
  changes: RenderOutboxEntry[];
  more: boolean;
}

/** The changes whose pages are written: their rows are deleted. */
export interface RenderAckBody {
  holder: string;
  ids: number[];
}
