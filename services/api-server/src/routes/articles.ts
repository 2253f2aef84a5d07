/**
 * Articles written by staff (RuoYi /system/article): list with search, paging and sorting; get; add;
 * edit; delete; publish/withdraw; the article's history from the audit trail. The body HTML is sanitised here before
 * it is stored (and again by the front end when shown); a save carrying an old `version` is refused with
 * STALE_WRITE_MSG (409) instead of overwriting someone else's change. Every write is audited, moves the article
 * area's cache version (a trigger, migration 015), so every instance shows it on the next request, and records for
 * the page renderer, in the write's transaction, what it changed (lib/render-outbox.ts: the article and its channel;
 * a move names the old channel and the new). Each write also stores the version it made (lib/article-versions.ts),
 * and a delete keeps the article in the recycle bin (回收站); both are read, compared, restored and purged in
 * routes/article-history.ts.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_PUBLISH_PERMISSION,
  ARTICLE_REVIEW_COMMENT_MAX,
  ARTICLE_SEO_MAX,
  ARTICLE_STATUS,
  ARTICLE_STATUS_LABELS,
  ARTICLE_UPLOAD_MAX_BYTES,
  STALE_WRITE_MSG,
  type AdminArticle,
  type AdminArticleDetail,
  type ArticleVersionAction,
  type AuditAction,
} from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { pick, storeVersion, storeWrite, versionData } from '../lib/article-versions.js';
import { recordAudit, toAuditEntry } from '../lib/audit.js';
import { caller, hasPermi, needAnyPermi, needPermi, type CurrentUser } from '../lib/auth.js';
import { HttpError, notFound } from '../lib/errors.js';
import { permissionNames } from '../lib/people.js';
import { recordContentChange } from '../lib/render-outbox.js';
import { sanitizeHtml } from '../lib/sanitize.js';
import { indexArticles, unindexArticles } from '../lib/search.js';
import { formatDateTime, searchText } from '../lib/text.js';
import { saveUpload, type UploadRule } from '../lib/upload.js';
import { idsRoute, intId, linkField, pageParams } from '../lib/validate.js';
import { containing, dayParam, withinDays } from '../lib/filters.js';
import { loadChannels } from './content.js';
import { claimKey } from '../lib/idempotency.js';

const OK = '操作成功';

const MB = 1024 * 1024;
const UPLOAD_RULES: Record<'document' | 'video', UploadRule> = {
  document: {
    allowed: new Map([
      ['application/pdf', 'pdf'],
      ['application/zip', 'zip'],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
      ['application/x-cfb', 'doc'],
    ]),
    maxBytes: ARTICLE_UPLOAD_MAX_BYTES.document,
    sizeMsg: `文档大小限制 ${ARTICLE_UPLOAD_MAX_BYTES.document / MB}MB!`,
    typeMsg: '只能上传 PDF/Word/Excel/PowerPoint/ZIP 文档',
  },
  video: {
    allowed: new Map([
      ['video/mp4', 'mp4'],
      ['video/webm', 'webm'],
    ]),
    maxBytes: ARTICLE_UPLOAD_MAX_BYTES.video,
    sizeMsg: `视频大小限制 ${ARTICLE_UPLOAD_MAX_BYTES.video / MB}MB!`,
    typeMsg: '只能上传 MP4/WebM 视频',
  },
};
export type Row = typeof t.article.$inferSelect;

/** The longest article body, in characters (UTF-16 code units, what zod counts). */
export const ARTICLE_TEXT_MAX = 500_000;
/**
 * The request size limit of an article's add and edit: a code unit takes at most 3 bytes in UTF-8 (a Chinese
 * character is 3; JSON's escaped quote or backslash 2), plus room for the other fields (title 300, summary 1000, five
 * links of 500, tags; far less than 64 KB even all in Chinese). So a body at the maximum always fits, and one over it
 * is the 400 `正文不能超过500000个字符` rather than the server-wide 256 KB limit's 413.
 */
export const ARTICLE_BODY_LIMIT = ARTICLE_TEXT_MAX * 3 + 64 * 1024;

export const statusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: '状态只能为已发布、草稿、已下线、待审核或已退回',
});
/** The same rule as block links and images (lib/validate.ts): an in-site path (`/files/...`) or a clean http(s) URL. */
const link = (label: string) => linkField(label).optional();
const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullable()
    .optional();

/** The body of an add; an edit's is the same with the `version` it was read at (editBody). */
const addBody = z.object({
  channelId: z.coerce.number({ error: '请选择栏目' }).int('请选择栏目').min(1, '请选择栏目').max(2147483647, '请选择栏目'),
  title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').max(300, '标题不能超过300个字符'),
  subtitle: optText('副标题', 300),
  description: optText('摘要', 1000),
  text: z.string({ error: '正文格式不正确' }).max(ARTICLE_TEXT_MAX, `正文不能超过${ARTICLE_TEXT_MAX}个字符`).default(''),
  image: link('封面图'),
  tags: z
    .array(z.string().trim().min(1, '标签不能为空').max(20, '每个标签不能超过20个字符'), { error: '标签格式不正确' })
    .max(10, '标签不能超过10个')
    .default([]),
  sort: z.coerce.number({ error: '排序格式不正确' }).int('排序格式不正确').min(0, '排序不能小于0').max(99999, '排序不能超过99999').default(0),
  top: z.boolean({ error: '置顶格式不正确' }).default(false),
  status: statusSchema,
  publishDate: z
    .string({ error: '发布时间格式不正确' })
    .trim()
    .refine((s) => s === '' || !Number.isNaN(Date.parse(s.replace(' ', 'T'))), '发布时间格式不正确')
    .nullable()
    .optional(),
  author: optText('作者', 100),
  source: optText('来源', 100),
  video: link('视频'),
  poster: link('视频封面'),
  file: link('附件'),
  fileName: optText('附件名称', 300),
  fileLength: z.number({ error: '附件大小格式不正确' }).int().min(0).max(2147483647).nullable().optional(),
  seoTitle: optText('SEO 标题', ARTICLE_SEO_MAX.title),
  seoKeywords: optText('SEO 关键词', ARTICLE_SEO_MAX.keywords),
});
/** An edit names the version it was read at: a stale one is refused (lockFresh). */
export const versionField = z.number({ error: '版本号不能为空' }).int('版本号格式不正确').min(1, '版本号格式不正确');
const editBody = addBody.extend({ version: versionField });
type ArticleBody = z.output<typeof addBody>;

const listQuery = pageParams.extend({
  title: z.string().trim().max(100, '标题过长').optional(),
  channelId: intId.optional(),
  status: z.coerce.number().pipe(statusSchema).optional(),
  beginTime: dayParam('开始日期'),
  endTime: dayParam('结束日期'),
  orderByColumn: z.enum(['publishDate', 'updatedAt', 'sort', 'title'], { error: '排序字段不正确' }).optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending'], { error: '排序方向不正确' }).optional(),
});

const SORT_COLUMNS = { publishDate: t.article.publishDate, updatedAt: t.article.updatedAt, sort: t.article.sort, title: t.article.title };

export type ChannelNames = Map<number, string>;
export const channelNames = async (ctx: AppContext): Promise<ChannelNames> => new Map((await loadChannels(ctx)).map((c) => [c.id, c.name]));

/**
 * `names` is read before a write's transaction: inside it, a cold channel cache would query through the pool while the
 * transaction holds the only connection of the embedded database, and both would wait for ever.
 */
export async function toAdmin(ctx: AppContext, rows: Row[], names?: ChannelNames): Promise<AdminArticleDetail[]> {
  const channels = names ?? (await channelNames(ctx));
  return rows.map((r) => ({
    id: r.id,
    ...versionData(r),
    channelName: channels.get(r.channelId) ?? '',
    publishDate: formatDateTime(r.publishDate),
    updatedAt: formatDateTime(r.updatedAt),
    updatedBy: r.updatedBy,
    version: r.version,
    createdBy: r.createdBy,
    createdAt: formatDateTime(r.createdAt),
    reviewComment: r.reviewComment ?? null,
  }));
}

/** The list rows carry no body: these are the fields of AdminArticle, named once. */
const LIST_FIELDS = [
  'id',
  'channelId',
  'channelName',
  'title',
  'status',
  'top',
  'sort',
  'tags',
  'image',
  'publishDate',
  'updatedAt',
  'updatedBy',
  'version',
  'reviewComment',
] as const satisfies readonly (keyof AdminArticle)[];

/** Typed as AdminArticle, so a field added there and not to LIST_FIELDS fails to compile. */
const listRow = (a: AdminArticleDetail): AdminArticle => pick(a, LIST_FIELDS);

/** The written fields but the state and publish time (a restore keeps those). */
export type ArticleContent = Omit<ArticleBody, 'status' | 'publishDate'>;

/**
 * The columns a save writes of the content (routes/article-history.ts restores a version through it too): the HTML
 * sanitised, the search text rebuilt, empty texts stored as null, a file's name and size only with a file.
 */
export function contentColumns(c: ArticleContent, userName: string) {
  const text = sanitizeHtml(c.text);
  return {
    channelId: c.channelId,
    title: c.title,
    subtitle: c.subtitle || null,
    description: c.description || null,
    text,
    searchText: searchText(c.description, text),
    image: c.image ?? null,
    tags: c.tags,
    sort: c.sort,
    top: c.top,
    author: c.author || null,
    source: c.source || null,
    video: c.video ?? null,
    poster: c.poster ?? null,
    file: c.file ?? null,
    fileName: c.file ? c.fileName || null : null,
    fileLength: c.file ? (c.fileLength ?? null) : null,
    seoTitle: c.seoTitle || null,
    seoKeywords: c.seoKeywords || null,
    updatedBy: userName,
    updatedAt: new Date(),
  };
}

/** The columns an add or an edit writes: the content's, its state and its publish time (none given: now). */
function columns(b: ArticleBody, userName: string) {
  return {
    ...contentColumns(b, userName),
    status: b.status,
    publishDate: b.publishDate ? new Date(b.publishDate.replace(' ', 'T') + (/[zZ+]|-\d\d:?\d\d$/.test(b.publishDate) ? '' : '+08:00')) : new Date(),
  };
}

export async function checkChannel(ctx: AppContext, channelId: number) {
  if (!(await loadChannels(ctx)).some((c) => c.id === channelId)) throw new HttpError(400, '栏目不存在', 'channelId');
}

/** The row, locked for the write, or 404; a `version` that is not the row's answers 409 STALE_WRITE_MSG. */
export async function lockFresh(tx: Db, id: number, version: number | undefined): Promise<Row> {
  const [row] = await tx.select().from(t.article).where(eq(t.article.id, id)).for('update');
  if (!row) throw notFound('文章不存在');
  if (version !== undefined && version !== row.version) throw new HttpError(409, STALE_WRITE_MSG);
  return row;
}

/**
 * Writes the content `set` over the locked row `before`, one version later, with what such a write (an edit, a
 * version restored) does in its transaction: the versions stored, the audit entry (the article before and after),
 * and the page renderer told of both channels (a move changes the old channel's pages too; the same change twice is
 * recorded once). Answers the article as written.
 */
export async function updateArticle(
  ctx: AppContext,
  tx: Db,
  req: FastifyRequest,
  w: {
    before: Row;
    set: ReturnType<typeof contentColumns> & Partial<Pick<Row, 'status' | 'publishDate' | 'reviewComment'>>;
    action: 'edit' | 'restore' | 'submit' | 'approve';
    summary?: string;
    names: ChannelNames;
  },
): Promise<AdminArticleDetail> {
  const u = caller(req);
  const { before, names } = w;
  const [row] = await tx
    .update(t.article)
    .set({ ...w.set, version: before.version + 1 })
    .where(eq(t.article.id, before.id))
    .returning();
  await indexArticles(tx, [row]);
  await storeWrite(tx, before, row, w.action, u.userName);
  const [beforeAdmin, after] = await toAdmin(ctx, [before, row], names);
  await recordAudit(tx, req, u, {
    resource: 'article',
    action: w.action,
    targetId: row.id,
    summary: w.summary ?? row.title,
    before: beforeAdmin,
    after,
  });
  await recordContentChange(
    ctx,
    tx,
    { kind: 'article', id: row.id, channelId: before.channelId },
    { kind: 'article', id: row.id, channelId: row.channelId },
  );
  return after;
}

// ---- The review step: publishing is its own right (文章管理·发布/下线, content:article:publish).
//
// Whoever lacks it writes and submits (待审核); only a holder changes what the public site shows: publishes, takes an
// article off the site (下线, or back to 草稿/待审核 from 已发布), edits a published article's content, or sends a
// submitted one back (已退回) with a comment. A refusal is a 403 naming the right as the role form does, written to
// 操作日志 (action `refused`) before the answer goes out, outside the write's transaction (which never happens).

const { published, draft, offline, pending, returned } = ARTICLE_STATUS;
const statusLabel = (s: number) => ARTICLE_STATUS_LABELS[s as keyof typeof ARTICLE_STATUS_LABELS] ?? String(s);

/** Whether going from `before` (null: a new article) to `after` changes what the public site shows, or sends one back. */
export function needsPublishRight(before: number | null, after: number): boolean {
  if (after === returned) return before !== returned;
  if (before === published) return true; // taken off the site, or its live content changed
  return (after === published || after === offline) && after !== before;
}

/** What a write that leaves the article in `after` is called in 记录 and 操作日志 (`fallback` when its state stays). */
export function stateAction<A extends ArticleVersionAction>(before: number | null, after: number, fallback: A): A | 'submit' | 'approve' | 'publish' {
  if (after === before) return fallback;
  if (after === pending) return 'submit';
  if (after === published) return before === pending ? 'approve' : 'publish';
  return fallback;
}

/** A delete of a published article, as a refusal names it. */
const DELETE_PUBLISHED = '删除已发布的文章';

/** The caller may publish and take articles off the site. */
export const canPublish = (u: CurrentUser) => hasPermi(u, ARTICLE_PUBLISH_PERMISSION);

/** Refuses (403, in 操作日志) a change of the public site by whoever lacks the publish right. */
export async function guardPublish(
  db: Db,
  req: FastifyRequest,
  article: { id: number | null; title: string; status: number | null },
  after: number,
  /** What the refused write is called, when not a change of state (a delete of a published article). */
  named?: string,
): Promise<void> {
  const u = caller(req);
  if (canPublish(u) || !needsPublishRight(article.status, after)) return;
  const right = (await permissionNames(db))(ARTICLE_PUBLISH_PERMISSION);
  const attempt =
    named ??
    (after === returned
      ? '退回文章'
      : article.status === published && after === published
        ? '修改已发布的文章'
        : after === published
          ? '发布文章'
          : article.status === published
            ? `将已发布的文章改为${statusLabel(after)}`
            : '下线文章');
  const msg = `您没有“${right}”权限，不能${attempt}${after === published && article.status !== published ? '，请提交审核' : ''}`;
  await recordAudit(db, req, u, {
    resource: 'article',
    action: 'refused',
    targetId: article.id,
    summary: `${attempt}：${article.title}`,
    after: { attempt, status: statusLabel(after), result: '已拒绝', reason: msg },
  });
  throw new HttpError(403, msg);
}

/** The comment of a send-back: required, in Chinese. */
const commentField = z
  .string({ error: '请填写退回意见' })
  .trim()
  .max(ARTICLE_REVIEW_COMMENT_MAX, `退回意见不能超过${ARTICLE_REVIEW_COMMENT_MAX}个字符`)
  .optional();

export default async function articleRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const one = async (row: Row, names?: ChannelNames) => (await toAdmin(ctx, [row], names))[0];
  const idParams = z.object({ id: intId });

  app.get('/system/article/list', { onRequest: needPermi(db, 'content:article:query'), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const where: SQL | undefined = and(
      q.title ? ilike(t.article.title, containing(q.title)) : undefined,
      q.channelId ? eq(t.article.channelId, q.channelId) : undefined,
      q.status !== undefined ? eq(t.article.status, q.status) : undefined,
      ...withinDays(t.article.publishDate, q.beginTime, q.endTime),
    );
    const column = SORT_COLUMNS[q.orderByColumn ?? 'publishDate'];
    const dir = q.isAsc === 'asc' || q.isAsc === 'ascending' ? asc : desc;
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.article)
      .where(where);
    const rows = await db
      .select()
      .from(t.article)
      .where(where)
      .orderBy(dir(column), desc(t.article.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { code: 200, msg: '查询成功', total: Number(count), rows: (await toAdmin(ctx, rows)).map(listRow) };
  });

  // How many articles wait for review (待审核): the count on 文章管理's 待审核 filter.
  app.get('/system/article/review/count', { onRequest: needPermi(db, 'content:article:query') }, async () => {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.article)
      .where(eq(t.article.status, pending));
    return { code: 200, msg: OK, data: Number(count) };
  });

  app.get('/system/article/:id', { onRequest: needPermi(db, 'content:article:get'), schema: { params: idParams } }, async (req) => {
    const [row] = await db.select().from(t.article).where(eq(t.article.id, req.params.id));
    if (!row) throw notFound('文章不存在');
    return { code: 200, msg: OK, data: await one(row) };
  });

  app.get('/system/article/:id/history', { onRequest: needPermi(db, 'content:article:get'), schema: { params: idParams } }, async (req) => {
    const rows = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.resource, 'article'), eq(t.auditLog.targetId, String(req.params.id))))
      .orderBy(desc(t.auditLog.id))
      .limit(200);
    return { code: 200, msg: OK, data: rows.map(toAuditEntry) };
  });

  app.post(
    '/system/article',
    { onRequest: needPermi(db, 'content:article:add'), bodyLimit: ARTICLE_BODY_LIMIT, schema: { body: addBody } },
    async (req) => {
      const u = caller(req);
      if (req.body.status === returned) throw new HttpError(400, '新文章不能设为已退回', 'status');
      await guardPublish(db, req, { id: null, title: req.body.title, status: null }, req.body.status);
      await checkChannel(ctx, req.body.channelId);
      const names = await channelNames(ctx);
      // A writer's save for publication is a submission (待审核): 记录 says 提交审核.
      const action = req.body.status === pending ? 'submit' : 'add';
      const data = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const [row] = await tx
          .insert(t.article)
          .values({ ...columns(req.body, u.userName), createdBy: u.userName })
          .returning();
        await indexArticles(tx, [row]);
        const after = await one(row, names);
        await storeVersion(tx, row, action, u.userName);
        await recordAudit(tx, req, u, { resource: 'article', action, targetId: row.id, summary: row.title, after });
        await recordContentChange(ctx, tx, { kind: 'article', id: row.id, channelId: row.channelId });
        return after;
      });
      return { code: 200, msg: OK, data };
    },
  );

  app.put(
    '/system/article/:id',
    {
      onRequest: needPermi(db, 'content:article:edit'),
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: { params: idParams, body: editBody },
    },
    async (req) => {
      const u = caller(req);
      const status = req.body.status;
      // Read first (the version named must be this one, else the transaction answers 409): the rights rule refuses
      // before any write, and its 操作日志 row is not rolled back with it.
      const [current] = await db.select().from(t.article).where(eq(t.article.id, req.params.id));
      if (current && current.version === req.body.version) {
        if (status === returned && current.status !== returned) throw new HttpError(400, '退回请使用“退回”并填写退回意见', 'status');
        await guardPublish(db, req, current, status);
      }
      await checkChannel(ctx, req.body.channelId);
      const names = await channelNames(ctx);
      const data = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const before = await lockFresh(tx, req.params.id, req.body.version);
        if (status === returned && before.status !== returned) throw new HttpError(400, '退回请使用“退回”并填写退回意见', 'status');
        if (!canPublish(u) && needsPublishRight(before.status, status)) throw new HttpError(409, STALE_WRITE_MSG);
        const action = stateAction(before.status, status, 'edit');
        const set = {
          ...columns(req.body, u.userName),
          // Submitted again or published: the send-back's comment has been dealt with.
          ...(status === pending || status === published ? { reviewComment: null } : {}),
        };
        return updateArticle(ctx, tx, req, { before, set, action: action === 'publish' ? 'edit' : action, names });
      });
      return { code: 200, msg: OK, data };
    },
  );

  const statusBody = z.object({ status: statusSchema, version: versionField, comment: commentField });
  app.put(
    '/system/article/:id/status',
    { onRequest: needPermi(db, 'content:article:edit'), schema: { params: idParams, body: statusBody } },
    async (req) => {
      const u = caller(req);
      const { status, version } = req.body;
      const comment = req.body.comment ?? '';
      if (status === returned && !comment) throw new HttpError(400, '请填写退回意见', 'comment');
      const [current] = await db.select().from(t.article).where(eq(t.article.id, req.params.id));
      if (current && current.version === version) await guardPublish(db, req, current, status);
      const names = await channelNames(ctx);
      const data = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const before = await lockFresh(tx, req.params.id, version);
        if (!canPublish(u) && needsPublishRight(before.status, status)) throw new HttpError(409, STALE_WRITE_MSG);
        if (status === returned && before.status !== pending) throw new HttpError(400, '只能退回待审核的文章');
        if (status === pending && before.status === pending) throw new HttpError(400, '文章已提交审核，请等待审核');
        const publishing = status === published && before.status !== published;
        const neverShown = before.status === draft || before.status === pending || before.status === returned;
        const [row] = await tx
          .update(t.article)
          // Publishing an article never shown whose time has not been set in the future publishes it now.
          .set({
            status,
            version: before.version + 1,
            updatedBy: u.userName,
            updatedAt: new Date(),
            ...(publishing && neverShown && before.publishDate < new Date() ? { publishDate: new Date() } : {}),
            // A send-back's comment stays for the writer until the article is submitted again or published.
            ...(status === returned ? { reviewComment: comment } : status === pending || status === published ? { reviewComment: null } : {}),
          })
          .where(eq(t.article.id, before.id))
          .returning();
        // Named as staff chose it: 发布, 下线, 转为草稿 — not 启用/停用; and the review's steps (issue
        // 34.3): 提交审核, 审核通过并发布, 退回 (with its comment).
        const action: ArticleVersionAction & AuditAction =
          status === returned
            ? 'return'
            : status === offline
              ? 'offline'
              : status === draft
                ? 'draft'
                : stateAction(before.status, status, 'publish');
        const note = status === returned ? comment : null;
        await storeWrite(tx, before, row, action, u.userName, note);
        await recordAudit(tx, req, u, {
          resource: 'article',
          action,
          targetId: row.id,
          summary: note ? `${row.title}（退回意见：${note}）` : row.title,
          before: { status: before.status },
          after: note ? { status: row.status, comment: note } : { status: row.status },
        });
        await recordContentChange(ctx, tx, { kind: 'article', id: row.id, channelId: row.channelId });
        return one(row, names);
      });
      return { code: 200, msg: OK, data };
    },
  );

  app.delete('/system/article/:ids', idsRoute(db, 'content:article:delete'), async (req) => {
    const u = caller(req);
    const names = await channelNames(ctx);
    // Deleting a published article takes it off the site: the publish right's, as 下线 is (refused and audited
    // before the write; checked again inside it, should one have been published meanwhile).
    const listed = await db
      .select({ id: t.article.id, title: t.article.title, status: t.article.status })
      .from(t.article)
      .where(inArray(t.article.id, req.params.ids));
    for (const a of listed) if (a.status === published) await guardPublish(db, req, a, offline, DELETE_PUBLISHED);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await unindexArticles(tx, req.params.ids);
      const rows = await tx.delete(t.article).where(inArray(t.article.id, req.params.ids)).returning();
      if (!canPublish(u) && rows.some((r) => r.status === published)) throw new HttpError(403, `您没有发布权限，不能${DELETE_PUBLISHED}`);
      for (const row of rows) {
        // Into the recycle bin, whole, with its versions kept (the last one stored if it was not yet): restoring
        // brings it back as it was, under its own id and address.
        await storeVersion(tx, row, 'baseline', row.updatedBy);
        await tx
          .insert(t.articleRecycle)
          .values({ articleId: row.id, channelId: row.channelId, title: row.title, data: { ...row }, deletedBy: u.userName })
          .onConflictDoUpdate({
            target: t.articleRecycle.articleId,
            set: { channelId: row.channelId, title: row.title, data: { ...row }, deletedBy: u.userName, deletedAt: new Date() },
          });
        await recordAudit(tx, req, u, {
          resource: 'article',
          action: 'delete',
          targetId: row.id,
          summary: row.title,
          before: await one(row, names),
        });
      }
      await recordContentChange(ctx, tx, ...rows.map((row) => ({ kind: 'article' as const, id: row.id, channelId: row.channelId })));
    });
    return { code: 200, msg: OK };
  });

  // Documents (PDF, Office, ZIP) of the document centre and tutorial videos (MP4, WebM): the bytes decide the type,
  // never the declared type or name; each kind has its own size limit. For staff who may write articles.
  app.post(
    '/system/article/upload',
    {
      onRequest: needAnyPermi(db, ['content:article:add', 'content:article:edit']),
      schema: { querystring: z.object({ kind: z.enum(['document', 'video'], { error: '上传类型只能为文档或视频' }) }) },
    },
    async (req) => {
      const u = caller(req);
      const saved = await saveUpload(ctx, req, u.userId, UPLOAD_RULES[req.query.kind]);
      return { code: 200, msg: OK, url: saved.url, fileName: saved.originalFilename, size: saved.size };
    },
  );
}
