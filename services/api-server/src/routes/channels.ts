/**
 * 栏目管理: the channel tree staff edit in the admin shell. Permissions content:channel:list (the tree),
 * :query (searching it), :get, :add, :edit, :delete. Every write is audited (resource 'channel'), refuses a stale
 * version, moves the channel area's cache version (a trigger, migration 015) so every instance shows the change at
 * once, and records for the page renderer, in the write's transaction, what changed (lib/render-outbox.ts: the
 * channel, and for a change to the tree the parent whose children changed).
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHANNEL_IDS, type ChannelAdmin } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { recordAudit } from '../lib/audit.js';
import { caller, needPermi, requirePermi } from '../lib/auth.js';
import { badRequest, BizError, notFound } from '../lib/errors.js';
import { recordContentChange } from '../lib/render-outbox.js';
import { intId, isSiteOrWebUrl, linkField } from '../lib/validate.js';
import { claimKey } from '../lib/idempotency.js';
import { countBy, lockForEdit, nextSort, storeOrder } from '../lib/rows.js';

const OK = '操作成功';
type ChannelRow = typeof t.channel.$inferSelect;

const BUILT_IN = new Set<number>(Object.values(CHANNEL_IDS));
export const CHANNEL_HAS_CHILDREN = '存在下级栏目，不允许删除';
export const CHANNEL_HAS_ARTICLES = '栏目下存在文章，不允许删除';
export const CHANNEL_BUILT_IN = '站点内置栏目不允许删除';

const parentField = z
  .number({ error: '上级栏目格式不正确' })
  .int('上级栏目格式不正确')
  .min(1, '上级栏目格式不正确')
  .max(2147483647, '上级栏目格式不正确')
  .nullable();
/** The fields of a channel, none with a default: the add route fills them, an edit changes only what it names. */
const fields = {
  parentId: parentField,
  name: z.string({ error: '栏目名称不能为空' }).trim().min(1, '栏目名称不能为空').max(50, '栏目名称不能超过50个字符'),
  alias: z
    .string({ error: '栏目别名不能为空' })
    .trim()
    .min(1, '栏目别名不能为空')
    .max(50, '栏目别名不能超过50个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '栏目别名须以字母开头，只能包含字母、数字、下划线和短横线'),
  url: z
    .string({ error: '栏目地址格式不正确' })
    .trim()
    .max(500, '栏目地址不能超过500个字符')
    .refine((v) => v === '' || isSiteOrWebUrl(v), '栏目地址只能是站内路径（以 / 开头）或 http(s) 网址'),
  nav: z.boolean({ error: '导航标记只能为是或否' }),
  allowSearch: z.boolean({ error: '搜索标记只能为是或否' }),
  targetBlank: z.boolean({ error: '新窗口打开只能为是或否' }),
  linkUrl: linkField('转向链接'),
  image: linkField('栏目图片'),
  filePath: z
    .string({ error: '页面路径格式不正确' })
    .trim()
    .max(100, '页面路径不能超过100个字符')
    .regex(/^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/, '页面路径只能包含字母、数字、下划线、短横线和 /'),
};
const addBody = z.object({ ...fields, parentId: parentField.default(null) }).partial({
  url: true,
  nav: true,
  allowSearch: true,
  targetBlank: true,
  linkUrl: true,
  image: true,
  filePath: true,
});
const version = z.number({ error: '版本号不能为空' }).int('版本号格式不正确').min(0, '版本号格式不正确');
const editBody = z.object(fields).partial().extend({ version });
const idParams = z.object({ id: intId });
const sortBody = z.object({
  parentId: parentField,
  ids: z.array(intId, { error: '排序列表格式不正确' }).min(1, '排序列表不能为空').max(500, '排序列表过长'),
});
const listQuery = z.object({ name: z.string().trim().max(50, '栏目名称过长').optional() });

export function toChannelAdmin(r: ChannelRow, counts: Map<number, number> = new Map()): ChannelAdmin {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    alias: r.alias,
    url: r.url,
    nav: r.nav,
    allowSearch: r.allowSearch,
    targetBlank: r.targetBlank,
    linkUrl: r.linkUrl,
    image: r.image,
    filePath: r.filePath,
    sort: r.sort,
    version: r.version,
    articleCount: counts.get(r.id) ?? 0,
    children: [],
  };
}
/** The audited image of a row: what staff edit, without the derived count and children. */
const audited = ({ articleCount: _c, children: _ch, ...rest }: ChannelAdmin) => rest;

/** A channel's add, edit or delete in the audit trail: named by the channel, as the admin API shows it before and after. */
function auditChannel(
  tx: Db,
  req: FastifyRequest,
  action: 'add' | 'edit' | 'delete',
  { before, after }: { before?: ChannelRow; after?: ChannelRow },
) {
  const named = after ?? before;
  return recordAudit(tx, req, caller(req), {
    resource: 'channel',
    action,
    targetId: named?.id,
    summary: named?.name,
    before: before && audited(toChannelAdmin(before)),
    after: after && audited(toChannelAdmin(after)),
  });
}

/** The tree in sibling order; with a name filter, the matching channels and the ancestors that lead to them. */
export function channelTree(rows: ChannelRow[], counts: Map<number, number>, name?: string): ChannelAdmin[] {
  const byId = new Map(rows.map((r) => [r.id, toChannelAdmin(r, counts)]));
  let keep: Set<number> | null = null;
  if (name) {
    keep = new Set();
    for (const r of rows)
      if (r.name.includes(name))
        for (let c: ChannelRow | undefined = r; c && !keep.has(c.id); c = rows.find((p) => p.id === c!.parentId)) keep.add(c.id);
  }
  const roots: ChannelAdmin[] = [];
  for (const r of rows) {
    if (keep && !keep.has(r.id)) continue;
    const node = byId.get(r.id)!;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const siblingsOf = (parentId: number | null) => (parentId === null ? isNull(t.channel.parentId) : eq(t.channel.parentId, parentId));

async function articleCount(db: Db, channelId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.article)
    .where(eq(t.article.channelId, channelId));
  return Number(n);
}

export default async function channelRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  /** In the write's transaction: the channels (and parents) whose pages change, for the page renderer. */
  const record = (tx: Db, ...ids: (number | null)[]) =>
    recordContentChange(ctx, tx, ...ids.filter((id) => id !== null).map((id) => ({ kind: 'channel' as const, id })));

  /** A parent must exist and may not be the channel itself or one of its descendants. */
  async function checkParent(tx: Db, parentId: number | null, self?: number) {
    if (parentId === null) return;
    const all = await tx.select({ id: t.channel.id, parentId: t.channel.parentId }).from(t.channel);
    if (!all.some((c) => c.id === parentId)) throw badRequest('上级栏目不存在', 'parentId');
    if (self === undefined) return;
    for (let at: number | null = parentId; at !== null; at = all.find((c) => c.id === at)?.parentId ?? null)
      if (at === self) throw badRequest('上级栏目不能是本栏目或其下级栏目', 'parentId');
  }
  async function checkAlias(tx: Db, alias: string, self?: number) {
    const [dup] = await tx
      .select({ id: t.channel.id })
      .from(t.channel)
      .where(sql`lower(${t.channel.alias}) = lower(${alias})`);
    if (dup && dup.id !== self) throw badRequest('栏目别名已存在', 'alias');
  }

  app.get('/system/channel/list', { onRequest: needPermi(db, 'content:channel:list'), schema: { querystring: listQuery } }, async (req) => {
    if (req.query.name) await requirePermi(db, req, 'content:channel:query');
    const rows = await db.select().from(t.channel).orderBy(asc(t.channel.sort), asc(t.channel.id));
    const counts = await countBy(db, t.article.channelId);
    return { code: 200, msg: '查询成功', total: rows.length, rows: channelTree(rows, counts, req.query.name) };
  });

  app.get('/system/channel/:id', { onRequest: needPermi(db, 'content:channel:get'), schema: { params: idParams } }, async (req) => {
    const [row] = await db.select().from(t.channel).where(eq(t.channel.id, req.params.id));
    if (!row) throw notFound('栏目不存在');
    return { code: 200, msg: OK, data: toChannelAdmin(row, new Map([[row.id, await articleCount(db, row.id)]])) };
  });

  app.post('/system/channel', { onRequest: needPermi(db, 'content:channel:add'), schema: { body: addBody } }, async (req) => {
    const b = req.body;
    const id = await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await checkParent(tx, b.parentId);
      await checkAlias(tx, b.alias);
      const [row] = await tx
        .insert(t.channel)
        .values({
          parentId: b.parentId,
          name: b.name,
          alias: b.alias,
          url: b.url ?? '',
          nav: b.nav ?? false,
          allowSearch: b.allowSearch ?? false,
          targetBlank: b.targetBlank ?? false,
          linkUrl: b.linkUrl ?? null,
          image: b.image ?? null,
          filePath: b.filePath ?? '',
          sort: await nextSort(tx, t.channel.sort, siblingsOf(b.parentId)),
        })
        .returning();
      await auditChannel(tx, req, 'add', { after: row });
      await record(tx, row.id, b.parentId);
      return row.id;
    });
    return { code: 200, msg: OK, data: { id } };
  });

  /** Static path: registered before `/system/channel/:id`'s PUT would match it (find-my-way prefers it anyway). */
  app.put('/system/channel/sort', { onRequest: needPermi(db, 'content:channel:edit'), schema: { body: sortBody } }, async (req) => {
    const u = caller(req);
    const { parentId, ids } = req.body;
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const siblings = await tx.select().from(t.channel).where(siblingsOf(parentId)).orderBy(asc(t.channel.sort), asc(t.channel.id)).for('update');
      await storeOrder(tx, req, u, 'channel', { list: '栏目', rows: siblings, ids, name: (s) => s.name }, (id, sort) =>
        tx.update(t.channel).set({ sort, updatedAt: new Date() }).where(eq(t.channel.id, id)),
      );
      await record(tx, ...ids, parentId);
    });
    return { code: 200, msg: OK };
  });

  app.put('/system/channel/:id', { onRequest: needPermi(db, 'content:channel:edit'), schema: { params: idParams, body: editBody } }, async (req) => {
    const { version: read, ...patch } = req.body;
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const before = await lockForEdit(tx, t.channel, req.params.id, read, '栏目不存在');
      const set: Partial<typeof t.channel.$inferInsert> = { ...patch, version: before.version + 1, updatedAt: new Date() };
      if (patch.parentId !== undefined && patch.parentId !== before.parentId) {
        await checkParent(tx, patch.parentId, before.id);
        set.sort = await nextSort(tx, t.channel.sort, siblingsOf(patch.parentId));
      }
      if (patch.alias !== undefined && patch.alias !== before.alias) await checkAlias(tx, patch.alias, before.id);
      const [after] = await tx.update(t.channel).set(set).where(eq(t.channel.id, before.id)).returning();
      await auditChannel(tx, req, 'edit', { before, after });
      // Moved: the old parent's children and the new parent's changed.
      await record(tx, after.id, ...(before.parentId === after.parentId ? [] : [before.parentId, after.parentId]));
    });
    return { code: 200, msg: OK };
  });

  app.delete('/system/channel/:id', { onRequest: needPermi(db, 'content:channel:delete'), schema: { params: idParams } }, async (req) => {
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const [row] = await tx.select().from(t.channel).where(eq(t.channel.id, req.params.id)).for('update');
      if (!row) throw notFound('栏目不存在');
      const [child] = await tx.select({ id: t.channel.id }).from(t.channel).where(eq(t.channel.parentId, row.id)).limit(1);
      if (child) throw new BizError(CHANNEL_HAS_CHILDREN);
      if ((await articleCount(tx, row.id)) > 0) throw new BizError(CHANNEL_HAS_ARTICLES);
      if (BUILT_IN.has(row.id)) throw new BizError(CHANNEL_BUILT_IN);
      await tx.delete(t.channel).where(eq(t.channel.id, row.id));
      await auditChannel(tx, req, 'delete', { before: row });
      await record(tx, row.id, row.parentId);
    });
    return { code: 200, msg: OK };
  });
}
