/**
 * Drizzle table definitions. They mirror migrations/*.sql (the migrations are the source of truth for the
 * database; these definitions give typed queries on both drivers). test/schema-drift.test.ts fails when the two
 * disagree (tables, columns, types, nullability, defaults, primary keys, unique constraints, declared indexes).
 */
import { sql } from 'drizzle-orm';
import type { ContentChange, LoginMethod } from '@site/contract';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const channel = pgTable('channel', {
  /** Seeded ids are fixed (CHANNEL_IDS); channels added in the shell draw from channel_id_seq (1000 up, migration 005). */
  id: integer('id')
    .primaryKey()
    .default(sql`nextval('channel_id_seq')`),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 100 }).notNull(),
  alias: varchar('alias', { length: 100 }).notNull(),
  url: varchar('url', { length: 500 }).notNull().default(''),
  nav: boolean('nav').notNull().default(false),
  allowSearch: boolean('allow_search').notNull().default(false),
  targetBlank: boolean('target_blank').notNull().default(false),
  linkUrl: varchar('link_url', { length: 500 }),
  image: varchar('image', { length: 500 }),
  filePath: varchar('file_path', { length: 100 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Bumped by every edit; a save naming an older version is refused (migration 005). */
  version: integer('version').notNull().default(0),
  /** Banner line shown over the channel image (010). */
  subtitle: varchar('subtitle', { length: 200 }),
});

export const blockItem = pgTable('block_item', {
  id: serial('id').primaryKey(),
  blockId: integer('block_id').notNull(),
  title: varchar('title', { length: 200 }).notNull(),
  subtitle: varchar('subtitle', { length: 200 }),
  description: text('description'),
  url: varchar('url', { length: 500 }),
  linkUrl: varchar('link_url', { length: 500 }),
  image: varchar('image', { length: 500 }),
  targetBlank: boolean('target_blank').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** Bumped by every edit; a save naming an older version is refused (migration 005). */
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const article = pgTable('article', {
  id: serial('id').primaryKey(),
  channelId: integer('channel_id').notNull(),
  title: varchar('title', { length: 300 }).notNull(),
  subtitle: varchar('subtitle', { length: 300 }),
  description: text('description'),
  image: varchar('image', { length: 500 }),
  video: varchar('video', { length: 500 }),
  file: varchar('file', { length: 500 }),
  fileName: varchar('file_name', { length: 300 }),
  fileLength: integer('file_length'),
  author: varchar('author', { length: 100 }),
  source: varchar('source', { length: 100 }),
  publishDate: ts('publish_date').notNull().defaultNow(),
  text: text('text').notNull().default(''),
  searchText: text('search_text').notNull().default(''),
  customs: jsonb('customs').$type<Record<string, unknown>>().notNull().default({}),
  status: smallint('status').notNull().default(0),
  version: integer('version').notNull().default(1),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  top: boolean('top').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  poster: varchar('poster', { length: 500 }),
  createdBy: varchar('created_by', { length: 64 }).notNull().default(''),
  updatedBy: varchar('updated_by', { length: 64 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The page head's title and keywords (migration 021); null: the title and the tags. */
  seoTitle: varchar('seo_title', { length: 300 }),
  seoKeywords: varchar('seo_keywords', { length: 500 }),
  /** The last send-back's comment (退回, migration 027): null once it is submitted again or published. */
  reviewComment: varchar('review_comment', { length: 500 }),
});

/** Every version of an article, whole (migration 021, routes/articles.ts): what 记录 compares and restores. */
export const articleVersion = pgTable(
  'article_version',
  {
    articleId: integer('article_id').notNull(),
    version: integer('version').notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    title: varchar('title', { length: 300 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    userName: varchar('user_name', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** A send-back's comment (migration 027). */
    note: varchar('note', { length: 500 }),
  },
  (v) => [primaryKey({ columns: [v.articleId, v.version] })],
);

/** 回收站 (migration 021): a deleted article's row, whole, until it is restored or purged. */
export const articleRecycle = pgTable('article_recycle', {
  articleId: integer('article_id').primaryKey(),
  channelId: integer('channel_id').notNull(),
  title: varchar('title', { length: 300 }).notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  deletedBy: varchar('deleted_by', { length: 64 }).notNull().default(''),
  deletedAt: ts('deleted_at').notNull().defaultNow(),
});

export const messageBoard = pgTable('message_board', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  text: text('text').notNull(),
  nickname: varchar('nickname', { length: 50 }).notNull(),
  contact: varchar('contact', { length: 100 }),
  phone: varchar('phone', { length: 20 }),
  email: varchar('email', { length: 100 }),
  ip: varchar('ip', { length: 64 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  status: char('status', { length: 1 }).notNull().default('0'),
  reply: text('reply'),
  repliedAt: ts('replied_at'),
  repliedBy: varchar('replied_by', { length: 64 }),
  userId: integer('user_id'),
  /** MESSAGE_REPLY_SMS: what became of the SMS carrying the reply (020_message_reply_sms.sql). */
  replySms: varchar('reply_sms', { length: 16 }),
});

export const visit = pgTable('visit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: varchar('site_id', { length: 16 }).notNull(),
  url: varchar('url', { length: 2048 }).notNull(),
  entryUrl: varchar('entry_url', { length: 2048 }).notNull().default(''),
  referrer: varchar('referrer', { length: 2048 }).notNull().default(''),
  si: varchar('si', { length: 32 }).notNull(),
  uv: varchar('uv', { length: 32 }).notNull(),
  newVisitor: boolean('new_visitor').notNull().default(false),
  count: smallint('count').notNull(),
  duration: integer('duration').notNull().default(0),
  ip: varchar('ip', { length: 64 }),
  userAgent: varchar('user_agent', { length: 512 }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const customer = pgTable('customer', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  contactName: varchar('contact_name', { length: 50 }),
  phone: varchar('phone', { length: 20 }),
  tgCode: varchar('tg_code', { length: 32 }),
  industry: varchar('industry', { length: 50 }),
  level: varchar('level', { length: 20 }),
  address: varchar('address', { length: 200 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The product the customer runs (as the product centre names it) and its version (011_workbench.sql). */
  productName: varchar('product_name', { length: 100 }),
  productVersion: varchar('product_version', { length: 32 }),
});

/**
 * The products a company (customer) uses, articles of the product centre, with the version it runs (028):
 * set in 客户管理, shown on the workbench. customer.productName/productVersion keep the first.
 */
export const customerProduct = pgTable(
  'customer_product',
  {
    customerId: integer('customer_id').notNull(),
    articleId: integer('article_id').notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (p) => [primaryKey({ columns: [p.customerId, p.articleId] })],
);

export const sysRole = pgTable('sys_role', {
  roleKey: varchar('role_key', { length: 50 }).primaryKey(),
  roleName: varchar('role_name', { length: 50 }).notNull(),
  perms: jsonb('perms').$type<string[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  roleSort: integer('role_sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sysUser = pgTable('sys_user', {
  userId: serial('user_id').primaryKey(),
  userName: varchar('user_name', { length: 64 }).notNull().unique(),
  nickName: varchar('nick_name', { length: 64 }).notNull(),
  password: varchar('password', { length: 100 }),
  phonenumber: varchar('phonenumber', { length: 20 }).unique(),
  email: varchar('email', { length: 100 }).notNull().default(''),
  avatar: varchar('avatar', { length: 500 }).notNull().default(''),
  customerId: integer('customer_id'),
  deptId: integer('dept_id'),
  postIds: jsonb('post_ids').$type<number[]>().notNull().default([]),
  openid: varchar('openid', { length: 100 }).unique(),
  status: char('status', { length: 1 }).notNull().default('0'),
  createdAt: ts('created_at').notNull().defaultNow(),
  passwordInitial: boolean('password_initial').notNull().default(false),
  version: integer('version').notNull().default(1),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** Notices published before this count as read (029_notice_read_since): the account's creation, then 全部已读. */
  noticeReadSince: ts('notice_read_since').notNull().defaultNow(),
});

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id').notNull(),
    roleKey: varchar('role_key', { length: 50 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleKey] })],
);

export const sysMenu = pgTable('sys_menu', {
  menuId: integer('menu_id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  menuName: varchar('menu_name', { length: 50 }).notNull(),
  routeName: varchar('route_name', { length: 50 }).notNull(),
  path: varchar('path', { length: 200 }).notNull(),
  component: varchar('component', { length: 255 }),
  perms: varchar('perms', { length: 100 }),
  icon: varchar('icon', { length: 100 }).notNull().default('#'),
  menuType: char('menu_type', { length: 1 }).notNull(),
  isFrame: boolean('is_frame').notNull().default(false),
  visible: boolean('visible').notNull().default(true),
  noCache: boolean('no_cache').notNull().default(false),
  orderNum: integer('order_num').notNull().default(0),
});

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleKey: varchar('role_key', { length: 50 }).notNull(),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleKey, t.menuId] })],
);

export const sysToken = pgTable('sys_token', {
  tokenHash: char('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const captcha = pgTable('captcha', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  used: boolean('used').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Proof-of-work challenges (migration 034, lib/pow.ts): each signed with its own secret, used once. */
export const powChallenge = pgTable('pow_challenge', {
  id: uuid('id').primaryKey(),
  secret: varchar('secret', { length: 64 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  used: boolean('used').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const smsCode = pgTable('sms_code', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  codeHash: char('code_hash', { length: 64 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  used: boolean('used').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  phone: varchar('phone', { length: 20 }).notNull(),
  code: varchar('code', { length: 16 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
});

export const loginLock = pgTable('login_lock', {
  key: varchar('key', { length: 100 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
});

export const rateLimit = pgTable('rate_limit', {
  key: varchar('key', { length: 300 }).primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

export const sysNotice = pgTable('sys_notice', {
  noticeId: serial('notice_id').primaryKey(),
  noticeTitle: varchar('notice_title', { length: 100 }).notNull(),
  noticeType: char('notice_type', { length: 1 }).notNull(),
  noticeContent: text('notice_content').notNull().default(''),
  status: char('status', { length: 1 }).notNull().default('0'),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: ts('create_time').notNull().defaultNow(),
  audience: varchar('audience', { length: 10 }).notNull().default('all'),
});

/** Which notices a user has opened (019_notice_read): the bell counts the others as unread. */
export const sysNoticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: integer('notice_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.noticeId] })],
);

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  userName: varchar('user_name', { length: 64 }).notNull(),
  resource: varchar('resource', { length: 40 }).notNull(),
  action: varchar('action', { length: 20 }).notNull(),
  targetId: varchar('target_id', { length: 200 }),
  summary: varchar('summary', { length: 300 }).notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: varchar('ip', { length: 64 }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Per-area cache versions, bumped by triggers on every write to the cached tables (migration 015, context.ts). */
export const cacheVersion = pgTable('cache_version', {
  area: varchar('area', { length: 32 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Sessions whose entry record took a unit of the visit limit and whose exit record is still to come (lib/visits.ts). */
export const visitOpen = pgTable('visit_open', {
  session: varchar('session', { length: 80 }).primaryKey(),
  pending: integer('pending').notNull(),
  openedAt: ts('opened_at').notNull().defaultNow(),
});

/** 登录日志: each sign-in attempt (migrations/018_login_log.sql). */
export const loginLog = pgTable('login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  ip: varchar('ip', { length: 64 }),
  browser: varchar('browser', { length: 100 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
  status: char('status', { length: 1 }).notNull(),
  msg: varchar('msg', { length: 200 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** 登录方式 (migrations/039_login_log_method.sql): null on rows from before it was recorded. */
  method: varchar('method', { length: 16 }).$type<LoginMethod>(),
});

export const sysDictData = pgTable('sys_dict_data', {
  dictCode: serial('dict_code').primaryKey(),
  dictSort: integer('dict_sort').notNull().default(0),
  dictLabel: varchar('dict_label', { length: 100 }).notNull(),
  dictValue: varchar('dict_value', { length: 100 }).notNull(),
  dictType: varchar('dict_type', { length: 100 }).notNull(),
  cssClass: varchar('css_class', { length: 100 }).notNull().default(''),
  listClass: varchar('list_class', { length: 100 }).notNull().default(''),
  isDefault: char('is_default', { length: 1 }).notNull().default('N'),
  status: char('status', { length: 1 }).notNull().default('0'),
});

export const sysConfig = pgTable('sys_config', {
  configKey: varchar('config_key', { length: 100 }).primaryKey(),
  configName: varchar('config_name', { length: 100 }).notNull(),
  configValue: varchar('config_value', { length: 500 }).notNull(),
});

export const wxOauthState = pgTable('wx_oauth_state', {
  state: varchar('state', { length: 64 }).primaryKey(),
  expiresAt: ts('expires_at').notNull(),
  used: boolean('used').notNull().default(false),
});

export const wxOauthCode = pgTable('wx_oauth_code', {
  code: varchar('code', { length: 64 }).primaryKey(),
  openid: varchar('openid', { length: 100 }).notNull(),
  nickname: varchar('nickname', { length: 64 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  used: boolean('used').notNull().default(false),
});

export const uploadFile = pgTable('upload_file', {
  id: serial('id').primaryKey(),
  url: varchar('url', { length: 500 }).notNull(),
  originalName: varchar('original_name', { length: 255 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: integer('size').notNull(),
  userId: integer('user_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** `content` (offered by 媒体库) or `avatar` (migration 021). */
  purpose: varchar('purpose', { length: 20 }).notNull().default('content'),
});

/** The page renderer's change feed (migration 016, lib/render-outbox.ts): one row per change not yet rendered. */
export const renderOutbox = pgTable('render_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  change: jsonb('change').$type<ContentChange>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Which renderer may write the rendered pages, until when (migration 016). */
export const renderLease = pgTable('render_lease', {
  name: varchar('name', { length: 50 }).primaryKey(),
  holder: varchar('holder', { length: 200 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  token: bigint('token', { mode: 'number' }).notNull().default(1),
});

export const seedState = pgTable('seed_state', {
  name: varchar('name', { length: 100 }).primaryKey(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});

/**
 * Daily roll-ups of the visit records (migration 025, kept by a trigger on `visit` in the insert's transaction; read
 * by routes/visits.ts): per session and day, per page, visitor and day, the site's hosts per day; the zone of the days.
 */
export const visitRollupZone = pgTable('visit_rollup_zone', {
  id: boolean('id').primaryKey().default(true),
  zone: text('zone').notNull(),
});
export const visitSessionDay = pgTable(
  'visit_session_day',
  {
    day: date('day').notNull(),
    uv: varchar('uv', { length: 32 }).notNull(),
    si: varchar('si', { length: 32 }).notNull(),
    pv: integer('pv').notNull().default(0),
    newPv: integer('new_pv').notNull().default(0),
    exits: integer('exits').notNull().default(0),
    exitSum: bigint('exit_sum', { mode: 'number' }).notNull().default(0),
    firstAt: ts('first_at'),
    firstId: bigint('first_id', { mode: 'number' }),
    entryPath: text('entry_path'),
    entryId: text('entry_id'),
    entryCategory: text('entry_category'),
    entryHost: text('entry_host'),
    refHost: text('ref_host'),
  },
  (t) => [primaryKey({ columns: [t.day, t.uv, t.si] })],
);
/** A page as the visit roll-ups tell pages apart: its lower-cased path, article id and category ('' when none). */
const pageKey = {
  lpath: text('lpath').notNull(),
  id: text('id').notNull(),
  category: text('category').notNull(),
};
export const visitPageDay = pgTable(
  'visit_page_day',
  { day: date('day').notNull(), ...pageKey, uv: varchar('uv', { length: 32 }).notNull(), path: text('path').notNull(), pv: integer('pv').notNull() },
  (t) => [primaryKey({ columns: [t.day, t.lpath, t.id, t.category, t.uv] })],
);
export const visitHostDay = pgTable('visit_host_day', { day: date('day').notNull(), host: text('host').notNull() }, (t) => [
  primaryKey({ columns: [t.day, t.host] }),
]);

/**
 * 访问统计's closed days kept (migration 032, src/lib/visit-range.ts): the figures of a range's days before today,
 * under the generation of the roll-ups' closed days (`visit_range_gen`, moved on by a record for a closed day).
 */
export const visitRangeGen = pgTable('visit_range_gen', {
  id: boolean('id').primaryKey().default(true),
  gen: bigint('gen', { mode: 'number' }).notNull().default(0),
});
/** The key of a kept range: the zone its days are counted in and its first and last day. */
const rangeKey = {
  zone: text('zone').notNull(),
  fromDay: date('from_day').notNull(),
  toDay: date('to_day').notNull(),
};
export const visitRangeCache = pgTable(
  'visit_range_cache',
  {
    ...rangeKey,
    gen: bigint('gen', { mode: 'number' }).notNull(),
    days: jsonb('days').notNull(),
    totals: jsonb('totals').notNull(),
    refs: jsonb('refs').notNull(),
    hosts: jsonb('hosts').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.zone, t.fromDay, t.toDay] })],
);
/** Every page of a kept range, and every entry page (ranked by the indexes of migration 032). */
export const visitRangePage = pgTable(
  'visit_range_page',
  { ...rangeKey, ...pageKey, path: text('path').notNull(), pv: integer('pv').notNull(), uv: integer('uv').notNull() },
  (t) => [primaryKey({ columns: [t.zone, t.fromDay, t.toDay, t.lpath, t.id, t.category] })],
);
export const visitRangeEntry = pgTable(
  'visit_range_entry',
  { ...rangeKey, ...pageKey, path: text('path').notNull(), sessions: integer('sessions').notNull() },
  (t) => [primaryKey({ columns: [t.zone, t.fromDay, t.toDay, t.lpath, t.id, t.category] })],
);

/** Writes sent with an Idempotency-Key and their answers, kept 24 h (migration 023, lib/idempotency.ts). */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    scope: varchar('scope', { length: 100 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    fingerprint: char('fingerprint', { length: 64 }).notNull(),
    status: smallint('status'),
    contentType: varchar('content_type', { length: 200 }),
    body: text('body'),
    bodyBase64: boolean('body_base64').notNull().default(false),
    lockedUntil: ts('locked_until'),
    committedAt: ts('committed_at'),
    claimId: uuid('claim_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * The search index (migrations 024 and 026, src/lib/search.ts): an article's title, its summary/keywords/tags and
 * all its text (`doc`), lower case, and the words it was indexed with.
 */
export const articleSearch = pgTable('article_search', {
  articleId: integer('article_id').primaryKey(),
  title: text('title').notNull().default(''),
  meta: text('meta').notNull().default(''),
  doc: text('doc').notNull().default(''),
  terms: text('terms').notNull().default(''),
  rule: smallint('rule').notNull().default(0),
  /** The distinct character pairs and triples of `doc` (migration 031: search_grams), GIN-indexed. */
  grams: text('grams')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** The site's vocabulary for typo tolerance (migration 024): a term and how many articles hold it. */
export const searchTerm = pgTable('search_term', {
  term: varchar('term', { length: 64 }).primaryKey(),
  articles: integer('articles').notNull().default(0),
});

/**
 * Field figures (migration 030, lib/field.ts): the browsers' reports, kept raw 7 days, and their daily
 * roll-ups (views, a fixed-bucket histogram per metric, errors per remote version and message); the API's requests
 * per minute (lib/field-server.ts) and the renderer's lag per minute (a trigger on render_outbox).
 */
/** The remote versions the site serves, as the page renderer reports them (migration 041, lib/field.ts). */
export const releasedVersion = pgTable(
  'released_version',
  {
    remote: varchar('remote', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    firstSeen: ts('first_seen').notNull().defaultNow(),
    lastSeen: ts('last_seen').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] })],
);
/** The page views a field report may be sent for: one token each, used once (migration 037, lib/field.ts). */
export const fieldView = pgTable('field_view', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  ip: varchar('ip', { length: 64 }),
  route: varchar('route', { length: 100 }).notNull(),
  remote: varchar('remote', { length: 64 }).notNull(),
  versions: jsonb('versions').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export const fieldReport = pgTable('field_report', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
  day: date('day').notNull(),
  route: varchar('route', { length: 100 }).notNull(),
  remote: varchar('remote', { length: 64 }).notNull(),
  remoteVersion: varchar('remote_version', { length: 64 }).notNull(),
  hostVersion: varchar('host_version', { length: 64 }).notNull(),
  device: varchar('device', { length: 10 }).notNull(),
  lcp: real('lcp'),
  inp: real('inp'),
  cls: real('cls'),
  ttfb: real('ttfb'),
  errors: jsonb('errors').notNull().default([]),
  ip: varchar('ip', { length: 64 }),
});
const fieldKey = {
  day: date('day').notNull(),
  route: varchar('route', { length: 100 }).notNull(),
  remote: varchar('remote', { length: 64 }).notNull(),
  remoteVersion: varchar('remote_version', { length: 64 }).notNull(),
  device: varchar('device', { length: 10 }).notNull(),
};
export const fieldViewDay = pgTable(
  'field_view_day',
  { ...fieldKey, views: integer('views').notNull().default(0), errors: integer('errors').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.day, t.route, t.remote, t.remoteVersion, t.device] })],
);
export const fieldVitalDay = pgTable(
  'field_vital_day',
  { ...fieldKey, metric: varchar('metric', { length: 4 }).notNull(), bucket: smallint('bucket').notNull(), n: integer('n').notNull() },
  (t) => [primaryKey({ columns: [t.day, t.route, t.remote, t.remoteVersion, t.device, t.metric, t.bucket] })],
);
export const fieldErrorDay = pgTable(
  'field_error_day',
  {
    day: date('day').notNull(),
    remote: varchar('remote', { length: 64 }).notNull(),
    remoteVersion: varchar('remote_version', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    route: varchar('route', { length: 100 }).notNull(),
    message: varchar('message', { length: 300 }).notNull(),
    n: integer('n').notNull(),
    /** When last reported: the tie-break of 错误信息排行 (migration 038). */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.remote, t.remoteVersion, t.kind, t.route, t.message] })],
);
export const apiRequestMinute = pgTable('api_request_minute', {
  minute: ts('minute').primaryKey(),
  requests: integer('requests').notNull().default(0),
  errors5xx: integer('errors_5xx').notNull().default(0),
  sumMs: doublePrecision('sum_ms').notNull().default(0),
  buckets: jsonb('buckets').$type<Record<string, number>>().notNull().default({}),
});
export const renderLagMinute = pgTable(
  'render_lag_minute',
  {
    minute: ts('minute').notNull(),
    bucket: smallint('bucket').notNull(),
    n: integer('n').notNull(),
    sumMs: doublePrecision('sum_ms').notNull(),
    maxMs: doublePrecision('max_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.bucket] })],
);
