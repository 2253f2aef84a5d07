/** Content calls (UJCMS-style front-end API): bare JSON answers. */
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { ARTICLE_STATUS, BLOCK_IDS, CHANNEL_IDS, htmlToText, SEARCHABLE_CHANNEL_IDS } from '@site/contract';
import { verifyCaptcha } from '../lib/captcha.js';
import { configValue } from '../lib/config.js';
import { BizError, HttpError, notFound } from '../lib/errors.js';
import { FILE_NOT_FOUND, fileKey, sendFile } from '../lib/files.js';
import { hit } from '../lib/ratelimit.js';
import { bearer, loadUserByToken } from '../lib/auth.js';
import { boolish, hasNul, intId, NUL_MSG, pageNumber, pageSizeOf, PHONE_RE, queryAndBody } from '../lib/validate.js';
import { visitFields } from '../lib/visits.js';
import { blockItemFields } from '../lib/block-items.js';
import { bestPartial, corrections, excerptOf, findArticles, matchRanges, normalizeText, queryTerms } from '../lib/search.js';
import { issueVisitField, recordVisitField } from './field.js';
import type { Article, ArticleDetail, ArticleSearchPage, ArticleWithText, BlockItem, Channel, SpringPage } from '@site/contract';
import { claimKey } from '../lib/idempotency.js';

type ChannelRow = typeof t.channel.$inferSelect;

export const VISIT_LIMIT_MSG = '访问记录过于频繁，请稍后再试';
type ArticleRow = typeof t.article.$inferSelect;

export async function loadChannels(ctx: AppContext): Promise<ChannelRow[]> {
  return ctx.cache.get(['channel'], 'channels', () => ctx.db.select().from(t.channel).orderBy(asc(t.channel.sort), asc(t.channel.id)));
}

/** The channel and all its descendants. */
export function channelWithDescendants(all: ChannelRow[], id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const c of all) if (c.parentId === out[i]) out.push(c.id);
  return out;
}

/** The searchable channel (SEARCHABLE_CHANNEL_IDS) a channel is or lies under; null when it is under none. */
export function searchableAncestor(all: ChannelRow[], id: number): number | null {
  const byId = new Map(all.map((c) => [c.id, c]));
  const searchable = new Set<number>(SEARCHABLE_CHANNEL_IDS);
  const seen = new Set<number>();
  for (let cur = byId.get(id); cur && !seen.has(cur.id); cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) {
    if (searchable.has(cur.id)) return cur.id;
    seen.add(cur.id);
  }
  return null;
}

function toChannel(row: ChannelRow, all: ChannelRow[], withChildren: boolean): Channel {
  return {
    id: row.id,
    name: row.name,
    title: row.name,
    alias: row.alias,
    url: row.url,
    nav: row.nav,
    allowSearch: row.allowSearch,
    targetBlank: row.targetBlank,
    linkUrl: row.linkUrl,
    image: row.image,
    subtitle: row.subtitle ?? null,
    customs: { filePath: row.filePath },
    parentId: row.parentId,
    children: withChildren ? all.filter((c) => c.parentId === row.id).map((c) => toChannel(c, all, true)) : [],
  };
}

async function toArticles(ctx: AppContext, rows: ArticleRow[]): Promise<Article[]> {
  const all = await loadChannels(ctx);
  const byId = new Map(all.map((c) => [c.id, c]));
  return rows.map((r) => {
    const ch = byId.get(r.channelId);
    return {
      id: r.id,
      title: r.title,
      subtitle: r.subtitle,
      description: r.description,
      image: r.image,
      video: r.video,
      file: r.file,
      fileName: r.fileName,
      fileLength: r.fileLength,
      author: r.author,
      source: r.source,
      publishDate: new Date(r.publishDate).toISOString(),
      channelId: r.channelId,
      channel: { id: r.channelId, name: ch?.name ?? '', alias: ch?.alias ?? '' },
      customs: r.customs ?? {},
    };
  });
}

const listColumns = {
  id: t.article.id,
  channelId: t.article.channelId,
  title: t.article.title,
  subtitle: t.article.subtitle,
  description: t.article.description,
  image: t.article.image,
  video: t.article.video,
  file: t.article.file,
  fileName: t.article.fileName,
  fileLength: t.article.fileLength,
  author: t.article.author,
  source: t.article.source,
  publishDate: t.article.publishDate,
  customs: t.article.customs,
  status: t.article.status,
};

/** What the public sees: published articles whose publish time has come (drafts and withdrawn ones never). */
/** Published and its publish time come: what the public site (and a customer's workbench) shows. */
export const isPublic = and(eq(t.article.status, ARTICLE_STATUS.published), lte(t.article.publishDate, sql`now()`));

const pageQuery = z.object({ channelId: intId.optional(), page: pageNumber, pageSize: pageSizeOf(20) });
// The FAQ's pages show every answer: its rows carry their bodies. Not the search's.
const articlePageQuery = pageQuery.extend({ withText: boolish.optional() });
// Schemas are built once: zod 4 compiles a schema when it is created, which per request cost the read routes
// about two thirds of their throughput.
const idInput = z.object({ id: intId });
const channelQuery = z.object({
  isNav: boolish.optional(),
  parentId: z.coerce.number({ error: '上级栏目ID格式不正确' }).int('上级栏目ID格式不正确').min(0, '上级栏目ID格式不正确').max(2147483647).optional(),
  isIncludeChildren: boolish.optional(),
});
const blockIdSchema = z.coerce
  .number({ error: '区块ID不能为空' })
  .int('区块ID格式不正确')
  .min(1, '区块ID格式不正确')
  .max(2147483647, '区块ID格式不正确');
/** Most blocks one `blockIds` call may name (the footer needs seven). */
export const BLOCK_IDS_MAX = 20;
/**
 * `blockId` (one block), or `blockIds=1,2,3` (several blocks in one call, items in the order of the ids, each item
 * naming its blockId): a page's shell needs seven blocks, which were seven requests.
 */
const blockQuery = z
  .object({
    blockId: blockIdSchema.optional(),
    blockIds: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10})*$/, '区块ID格式不正确')
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .pipe(
        z
          .array(z.number().int().min(1, '区块ID格式不正确').max(2147483647, '区块ID格式不正确'))
          .max(BLOCK_IDS_MAX, `区块ID不能超过${BLOCK_IDS_MAX}个`),
      )
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine((q) => q.blockId !== undefined || q.blockIds !== undefined, { message: '区块ID不能为空', path: ['blockId'] });
const articleListQuery = z.object({
  channelId: intId.optional(),
  limit: z.coerce.number({ error: '条数格式不正确' }).int('条数格式不正确').min(1, '条数必须大于0').max(100, '条数不能超过100').default(20),
});
const searchQuery = pageQuery.extend({
  text: z.string().trim().max(100, '搜索内容不能超过100个字符').optional(),
  /** The text as typed, never corrected (the 搜索原文 link under 已为您显示“…”的结果). */
  exact: boolish.optional(),
});

const optional = (s: z.ZodString) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());
const messageBody = z.object({
  title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').max(100, '标题不能超过100个字符'),
  text: z.string({ error: '留言内容不能为空' }).trim().min(1, '留言内容不能为空').max(2000, '留言内容不能超过2000个字符'),
  nickname: z.string({ error: '昵称不能为空' }).trim().min(1, '昵称不能为空').max(50, '昵称不能超过50个字符'),
  contact: optional(z.string().trim().max(100, '联系方式不能超过100个字符')),
  phone: optional(z.string().trim().regex(PHONE_RE, '手机号格式不正确')),
  email: optional(z.string().trim().max(100, '邮箱不能超过100个字符').email('邮箱格式不正确')),
  captcha: z.string({ error: '验证码不能为空' }).trim().min(1, '验证码不能为空').max(10, '验证码格式不正确'),
  uuid: z.string({ error: '验证码已失效' }).trim().min(1, '验证码已失效').max(64, '验证码已失效'),
});

const numeric = (label: string) =>
  z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,20}$/)], { error: `${label}格式不正确` }).transform(String);
const visitSchema = z.object({
  siteId: z
    .union([z.string(), z.number()], { error: '站点ID格式不正确' })
    .transform(String)
    .refine((v) => v === '1', '站点ID格式不正确')
    .optional(),
  url: z.string({ error: '页面地址不能为空' }).min(1, '页面地址不能为空').max(2048, '页面地址过长'),
  entryUrl: z.string({ error: '入口地址格式不正确' }).max(2048, '入口地址过长').default(''),
  referrer: z.string({ error: '来源地址格式不正确' }).max(2048, '来源地址过长').default(''),
  si: numeric('会话ID'),
  uv: numeric('访客ID'),
  newVisitor: z.union([z.boolean(), z.enum(['true', 'false'])], { error: '新访客标记格式不正确' }).transform((v) => v === true || v === 'true'),
  count: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '计数只能为0或1' }).transform(Number),
  duration: z
    .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)], { error: '停留时长格式不正确' })
    .transform(Number)
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 31 * 86400, '停留时长格式不正确')
    .transform(Math.round)
    .default(0),
  /** The page view's field report: validated apart by routes/field.ts, so a bad one never loses the visit. */
  field: z.unknown().optional(),
});
const VISIT_FORMAT_MSG = '访问记录格式不正确';

/**
 * preValidation of a visit record: the only site is 1 (else 404), and the record comes as a JSON or form body, as
 * text/plain JSON or form text (navigator.sendBeacon), or in the query string when the body is empty; whichever it
 * is becomes `req.body`, which the route's schema validates.
 */
async function visitInput(req: FastifyRequest): Promise<void> {
  if ((req.params as { siteId?: string }).siteId !== '1') throw notFound('站点不存在');
  let input: unknown = req.body;
  if (typeof input === 'string') {
    const s = input.trim();
    if (s.startsWith('{')) {
      try {
        input = JSON.parse(s);
      } catch {
        throw new HttpError(400, VISIT_FORMAT_MSG);
      }
    } else if (s) {
      input = Object.fromEntries(new URLSearchParams(s));
    } else input = undefined;
  }
  if (!input || (typeof input === 'object' && Object.keys(input as object).length === 0)) input = req.query;
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new HttpError(400, VISIT_FORMAT_MSG);
  // A beacon's JSON text can spell NUL as an escape, which only its parsing above turns into the character.
  if (hasNul(input)) throw new HttpError(400, NUL_MSG);
  req.body = input;
}

export default async function contentRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  // ---- channels
  app.get('/api/channel', { schema: { querystring: channelQuery } }, async (req) => {
    const q = req.query;
    const all = await loadChannels(ctx);
    let list: ChannelRow[];
    if (q.parentId !== undefined) list = all.filter((c) => (q.parentId === 0 ? c.parentId === null : c.parentId === q.parentId));
    else if (q.isIncludeChildren) list = all.filter((c) => c.parentId === null);
    else {
      // all channels: top level first (by sort), then children
      list = [...all.filter((c) => c.parentId === null), ...all.filter((c) => c.parentId !== null)];
    }
    if (q.isNav !== undefined) list = list.filter((c) => c.nav === q.isNav);
    return list.map((c) => toChannel(c, all, !!q.isIncludeChildren));
  });

  app.get('/api/channel/:id', { schema: { params: idInput } }, async (req) => {
    const { id } = req.params;
    const all = await loadChannels(ctx);
    const row = all.find((c) => c.id === id);
    if (!row) throw notFound('栏目不存在');
    return toChannel(row, all, true);
  });

  // ---- blocks
  const blockItems = (blockId: number) =>
    ctx.cache.get(['block'], `block:${blockId}`, async (): Promise<BlockItem[]> => {
      const rows = await db
        .select()
        .from(t.blockItem)
        .where(and(eq(t.blockItem.blockId, blockId), eq(t.blockItem.enabled, true)))
        .orderBy(asc(t.blockItem.sort), asc(t.blockItem.id));
      return rows.map((r) => ({ ...blockItemFields(r), linkUrl: r.linkUrl }));
    });

  app.get('/api/block-item', { schema: { querystring: blockQuery } }, async (req) => {
    const q = req.query;
    const limited = (items: BlockItem[]) => (q.limit ? items.slice(0, q.limit) : items);
    if (q.blockIds) return (await Promise.all(q.blockIds.map(blockItems))).flatMap(limited);
    return limited(await blockItems(q.blockId!));
  });

  app.get('/api/company', async () => blockItems(BLOCK_IDS.company));

  // ---- articles
  /** Article lists carry channel names and filter by channel trees. */
  const ARTICLE_AREAS = ['article', 'channel'] as const;
  /**
   * When the next published article scheduled for later goes public (ms), read before the list so that a cached
   * list ends at that moment rather than when an unrelated write comes.
   */
  const nextScheduled = async (): Promise<number | undefined> => {
    const [row] = await db
      .select({ at: sql<Date | string | null>`min(${t.article.publishDate})` })
      .from(t.article)
      .where(and(eq(t.article.status, ARTICLE_STATUS.published), gt(t.article.publishDate, sql`now()`)));
    return row?.at ? new Date(row.at).getTime() : undefined;
  };
  const channelFilter = async (channelId: number | undefined): Promise<SQL | undefined> => {
    if (channelId === undefined) return undefined;
    const all = await loadChannels(ctx);
    return inArray(t.article.channelId, channelWithDescendants(all, channelId));
  };

  app.get('/api/article', { schema: { querystring: articleListQuery } }, async (req) => {
    const q = req.query;
    return ctx.cache.getUntil(ARTICLE_AREAS, `articles:list:${q.channelId ?? ''}:${q.limit}`, async () => {
      const expiresAt = await nextScheduled();
      const rows = await db
        .select(listColumns)
        .from(t.article)
        .where(and(isPublic, await channelFilter(q.channelId)))
        .orderBy(desc(t.article.top), desc(t.article.publishDate), desc(t.article.id))
        .limit(q.limit);
      return { value: await toArticles(ctx, rows as ArticleRow[]), expiresAt };
    });
  });

  const page = async (where: SQL | undefined, pageNo: number, size: number, withText = false): Promise<SpringPage<Article | ArticleWithText>> => {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.article)
      .where(where);
    const rows = await db
      .select({ ...listColumns, text: withText ? t.article.text : sql<null>`null` })
      .from(t.article)
      .where(where)
      .orderBy(desc(t.article.top), desc(t.article.publishDate), desc(t.article.id))
      .limit(size)
      .offset((pageNo - 1) * size);
    const articles = await toArticles(ctx, rows as ArticleRow[]);
    // The body as GET /api/article/{id} answers it: the FAQ's HTML and its app show the same answer.
    const content = withText ? articles.map((a, i) => ({ ...a, text: rows[i].text ?? '' })) : articles;
    const totalElements = Number(count);
    const totalPages = Math.ceil(totalElements / size);
    return {
      content,
      totalElements,
      totalPages,
      number: pageNo - 1,
      size,
      first: pageNo === 1,
      last: pageNo >= totalPages,
      numberOfElements: content.length,
      empty: content.length === 0,
    };
  };

  app.get('/api/article/page', { schema: { querystring: articlePageQuery } }, async (req) => {
    const q = req.query;
    // Public list pages are read far more than written: cached until an article or channel changes (or a scheduled
    // article's time comes).
    const withText = q.withText === true;
    return ctx.cache.getUntil(ARTICLE_AREAS, `articles:page:${q.channelId ?? ''}:${q.page}:${q.pageSize}:${withText}`, async () => {
      const expiresAt = await nextScheduled();
      return { value: await page(and(isPublic, await channelFilter(q.channelId)), q.page, q.pageSize, withText), expiresAt };
    });
  });

  /**
   * Content search (lib/search.ts; the rule is in the README, _Search_): the text's terms, each in the
   * title, summary, SEO keywords, tags or body; ranked; when nothing is found, the text with its unknown terms replaced
   * by the closest terms of the site's vocabulary. Without a channelId it searches every searchable channel (the search
   * modal's 全部), never the about or contact pages' own articles. Each result says which searchable channel it
   * belongs to, so a search over all of them can still open the right page, and carries a plain-text excerpt with the
   * matched terms as ranges. No text: every article in scope, newest first, as before; a text of no words: nothing.
   */
  app.get('/api/article/es/page', { schema: { querystring: searchQuery } }, async (req): Promise<ArticleSearchPage> => {
    const q = req.query;
    const all = await loadChannels(ctx);
    const channelIds =
      q.channelId === undefined ? SEARCHABLE_CHANNEL_IDS.flatMap((id) => channelWithDescendants(all, id)) : channelWithDescendants(all, q.channelId);
    const withSearchChannel = (found: SpringPage<Article>) =>
      found.content.map((a) => ({ ...a, searchChannelId: searchableAncestor(all, a.channelId) }));
    const terms = q.text ? queryTerms(q.text) : [];
    if (!q.text) {
      const found = await page(and(isPublic, inArray(t.article.channelId, channelIds)), q.page, q.pageSize);
      return { ...found, content: withSearchChannel(found) };
    }
    const scope = {
      channelIds,
      leadChannelIds: [CHANNEL_IDS.product, CHANNEL_IDS.solution].flatMap((id) => channelWithDescendants(all, id)),
    };
    let searchedText = normalizeText(q.text);
    let used = terms;
    // A text of no words (punctuation, `%_%`) finds nothing.
    let found = terms.length ? await findArticles(db, terms, scope, q.page, q.pageSize) : { total: 0, hits: [] };
    let corrected = false;
    if (found.total === 0 && !q.exact) {
      // Nothing: the closest texts of the site's vocabulary, the first that finds something.
      for (const text of (await corrections(db, searchedText)).slice(0, 3)) {
        const again = queryTerms(text);
        const res = await findArticles(db, again, scope, q.page, q.pageSize);
        if (res.total > 0) {
          [found, used, searchedText, corrected] = [res, again, text, true];
          break;
        }
      }
    }
    // Still nothing with every word: the best partial matches (those holding the most of the words typed), said so
    // with the words left out.
    let missingTerms: string[] | undefined;
    if (found.total === 0) {
      const partial = await bestPartial(db, q.text, scope, q.page, q.pageSize);
      if (partial) [found, missingTerms, used, searchedText] = [partial.found, partial.missing, partial.terms, normalizeText(q.text)];
    }
    const ids = found.hits.map((h) => h.id);
    const byId = new Map(
      ids.length
        ? (await toArticles(ctx, (await db.select(listColumns).from(t.article).where(inArray(t.article.id, ids))) as ArticleRow[])).map((a) => [
            a.id,
            a,
          ])
        : [],
    );
    // The excerpt is cut from the article's own text (the index keeps it lower case).
    const bodies = new Map(
      ids.length
        ? (await db.select({ id: t.article.id, text: t.article.text }).from(t.article).where(inArray(t.article.id, ids))).map((r) => [
            r.id,
            htmlToText(r.text),
          ])
        : [],
    );
    const content = ids.flatMap((id) => {
      const a = byId.get(id);
      if (!a) return [];
      const { excerpt, matches } = excerptOf([a.description ?? '', bodies.get(id) ?? ''], used);
      return [
        {
          ...a,
          searchChannelId: searchableAncestor(all, a.channelId),
          excerpt,
          excerptMatches: matches,
          titleMatches: matchRanges(a.title, used),
        },
      ];
    });
    const totalPages = Math.ceil(found.total / q.pageSize);
    return {
      content,
      totalElements: found.total,
      totalPages,
      number: q.page - 1,
      size: q.pageSize,
      first: q.page === 1,
      last: q.page >= totalPages,
      numberOfElements: content.length,
      empty: content.length === 0,
      searchedText,
      corrected,
      terms: used,
      ...(missingTerms ? { missingTerms } : {}),
    };
  });

  /**
   * prev = the neighbour published just after (the one above in a newest-first list); next = just before. null when none.
   * The neighbour is sought with a row comparison against the article's own (publish_date, id), read in the same
   * statement: the channel's index (channel_id, publish_date, id) is entered at that row, not read from the channel's
   * first or last article on (57 ms at 10,000 articles), and the time keeps PostgreSQL's microseconds (a JS
   * Date holds milliseconds).
   */
  const neighbour = async (id: number, dir: 'prev' | 'next') => {
    const [cur] = await db
      .select({ channelId: t.article.channelId })
      .from(t.article)
      .where(and(eq(t.article.id, id), isPublic));
    if (!cur) throw notFound('文章不存在');
    const self = sql`(SELECT publish_date, id FROM article WHERE id = ${id})`;
    const pair = sql`(${t.article.publishDate}, ${t.article.id})`;
    const rows = await db
      .select(listColumns)
      .from(t.article)
      .where(and(isPublic, eq(t.article.channelId, cur.channelId), dir === 'prev' ? sql`${pair} > ${self}` : sql`${pair} < ${self}`))
      .orderBy(...(dir === 'prev' ? [asc(t.article.publishDate), asc(t.article.id)] : [desc(t.article.publishDate), desc(t.article.id)]))
      .limit(1);
    if (!rows.length) return null;
    return (await toArticles(ctx, rows as ArticleRow[]))[0];
  };
  app.get('/api/article/prev', { schema: { querystring: idInput } }, async (req, reply) => {
    const { id } = req.query;
    const a = await neighbour(id, 'prev');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(a));
  });
  app.get('/api/article/next', { schema: { querystring: idInput } }, async (req, reply) => {
    const { id } = req.query;
    const a = await neighbour(id, 'next');
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(a));
  });

  app.get('/api/article/:id', { schema: { params: idInput } }, async (req): Promise<ArticleDetail> => {
    const { id } = req.params;
    const [row] = await db
      .select()
      .from(t.article)
      .where(and(eq(t.article.id, id), isPublic));
    if (!row) throw notFound('文章不存在');
    const [a] = await toArticles(ctx, [row]);
    // The page head's title and keywords; the tags stand in for keywords not set.
    return { ...a, text: row.text, seoTitle: row.seoTitle ?? null, seoKeywords: row.seoKeywords ?? null, tags: row.tags ?? [] };
  });

  // ---- generic POST download (form-encoded id, or in the query string; the body wins)
  app.post('/api/download', { preValidation: queryAndBody('body'), schema: { body: idInput } }, async (req, reply) => {
    const { id } = req.body;
    const [row] = await db
      .select({ file: t.article.file, fileName: t.article.fileName })
      .from(t.article)
      .where(and(eq(t.article.id, id), isPublic));
    if (!row?.file || !row.file.startsWith('/files/')) throw notFound(FILE_NOT_FOUND);
    const key = fileKey(row.file.slice('/files/'.length));
    return sendFile(req, reply, ctx.storage, key, { downloadName: row.fileName || key.split('/').pop() });
  });

  // ---- message board
  app.post('/api/message-board', { schema: { body: messageBody } }, async (req) => {
    const b = req.body;
    const lim = ctx.config.rateLimits.messageBoard;
    await hit(db, `msg:${req.ip}`, lim.limit, lim.windowMs);
    if ((await configValue(ctx, 'sys.account.captchaEnabled')) !== 'false') await verifyCaptcha(db, b.uuid, b.captcha);
    // A signed-in author finds the message, and the staff's reply, in their own workbench. The reply's SMS (which
    // carries the author's title and a link) goes only to the account's own, proven phone, never to a number typed
    // here: filed under the account, a message with someone else's number would send them the account's answer.
    const token = bearer(req);
    const author = token ? await loadUserByToken(db, token) : null;
    const [account] = author ? await db.select({ phone: t.sysUser.phonenumber }).from(t.sysUser).where(eq(t.sysUser.userId, author.userId)) : [];
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await tx.insert(t.messageBoard).values({
        userId: author?.userId ?? null,
        title: b.title,
        text: b.text,
        nickname: b.nickname,
        contact: b.contact ?? null,
        phone: author ? account?.phone || null : (b.phone ?? null),
        email: b.email ?? null,
        ip: req.ip.slice(0, 64),
      });
    });
    return { code: 200, msg: '留言成功' };
  });

  // ---- visit records (JSON body, query string, or text/plain JSON from navigator.sendBeacon: visitInput above)
  app.post(
    '/api/visit/:siteId',
    { preValidation: visitInput, schema: { params: z.object({ siteId: z.literal('1') }), body: visitSchema } },
    async (req) => {
      const { siteId } = req.params;
      const v = req.body;
      // Answered once the record is committed (lib/visits.ts): no record that was acknowledged lives only in memory.
      const stored = await ctx.visits.record({
        siteId,
        ...visitFields(v),
        ip: req.ip.slice(0, 64),
        userAgent: String(req.headers['user-agent'] ?? '')
          .replace(/\0/g, '')
          .slice(0, 512),
      });
      if (!stored) throw new HttpError(429, VISIT_LIMIT_MSG);
      if (v.field === undefined) return { code: 200, msg: '操作成功' };
      // An entry's field names the versions the page runs and gets the token its exit record's report must bring; the
      // report rides the exit record (one beacon per page view). Stored apart, never failing the visit.
      if (v.count === 1) {
        const fieldToken = await issueVisitField(ctx, { url: v.url, field: v.field }, req.ip).catch(() => null);
        return fieldToken ? { code: 200, msg: '操作成功', fieldToken } : { code: 200, msg: '操作成功' };
      }
      await recordVisitField(ctx, v.field, req.ip);
      return { code: 200, msg: '操作成功' };
    },
  );

  void BizError;
}
