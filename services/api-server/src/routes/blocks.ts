/**
 * 区块管理: the content blocks the site shows (footer columns, contact details, logos, home banners, ...;
 * BLOCKS in the contract) and their items. Permissions content:block:list (the blocks), :query (a block's items),
 * :get, :add, :edit, :delete. Every write is audited (resource 'block'), refuses a stale version, moves the
 * block area's cache version (a trigger, migration 015) so every instance shows the change at once, and records for
 * the page renderer which block changed, in the write's transaction (lib/render-outbox.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLOCKS, type BlockItemAdmin } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { recordAudit, recordDeletes } from '../lib/audit.js';
import { blockItemFields } from '../lib/block-items.js';
import { caller, needPermi } from '../lib/auth.js';
import { notFound } from '../lib/errors.js';
import { recordContentChange } from '../lib/render-outbox.js';
import { idsRoute, intId, linkField } from '../lib/validate.js';
import { claimKey } from '../lib/idempotency.js';
import { countBy, lockForEdit, nextSort, storeOrder } from '../lib/rows.js';

const OK = '操作成功';
type ItemRow = typeof t.blockItem.$inferSelect;

const BLOCK_NAMES = new Map(BLOCKS.map((b) => [b.id, b.name]));
const blockId = z.coerce
  .number({ error: '区块不存在' })
  .int('区块不存在')
  .refine((id) => BLOCK_NAMES.has(id), '区块不存在');
/** tel: and mailto: links are the contact block's (the footer's phone and e-mail). */
const CONTACT_LINK = /^(tel:\+?[\d-]{3,30}|mailto:[^\s@<>"\\]+@[^\s@<>"\\]+)$/;
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullable()
    .transform((v) => v || null);
/** The fields of an item, none with a default: the add route fills them, an edit changes only what it names. */
const fields = {
  title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').max(200, '标题不能超过200个字符'),
  subtitle: text('副标题', 200),
  description: text('描述', 2000),
  url: linkField('链接', (v) => CONTACT_LINK.test(v)),
  image: linkField('图片'),
  targetBlank: z.boolean({ error: '新窗口打开只能为是或否' }),
  enabled: z.boolean({ error: '启用状态只能为是或否' }),
};
const addBody = z
  .object({ blockId, ...fields })
  .partial({ subtitle: true, description: true, url: true, image: true, targetBlank: true, enabled: true });
const editBody = z
  .object(fields)
  .partial()
  .extend({ version: z.number({ error: '版本号不能为空' }).int('版本号格式不正确').min(0, '版本号格式不正确') });
const sortBody = z.object({ ids: z.array(intId, { error: '排序列表格式不正确' }).min(1, '排序列表不能为空').max(500, '排序列表过长') });

export function toBlockItemAdmin(r: ItemRow): BlockItemAdmin {
  return { ...blockItemFields(r), version: r.version };
}
const summary = (r: ItemRow) => `${BLOCK_NAMES.get(r.blockId) ?? r.blockId}：${r.title}`;

export default async function blockRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  /** In the write's transaction: the blocks whose pages change, for the page renderer. */
  const record = (tx: Db, ...blockIds: number[]) => recordContentChange(ctx, tx, ...blockIds.map((blockId) => ({ kind: 'block' as const, blockId })));

  app.get('/system/block/list', { onRequest: needPermi(db, 'content:block:list') }, async () => {
    const counts = await countBy(db, t.blockItem.blockId);
    const rows = BLOCKS.map((b) => ({ blockId: b.id, name: b.name, hint: b.hint, itemCount: counts.get(b.id) ?? 0 }));
    return { code: 200, msg: '查询成功', total: rows.length, rows };
  });

  app.get(
    '/system/block/:blockId/items',
    { onRequest: needPermi(db, 'content:block:query'), schema: { params: z.object({ blockId }) } },
    async (req) => {
      const rows = await db
        .select()
        .from(t.blockItem)
        .where(eq(t.blockItem.blockId, req.params.blockId))
        .orderBy(asc(t.blockItem.sort), asc(t.blockItem.id));
      return { code: 200, msg: '查询成功', total: rows.length, rows: rows.map(toBlockItemAdmin) };
    },
  );

  app.get('/system/block-item/:id', { onRequest: needPermi(db, 'content:block:get'), schema: { params: z.object({ id: intId }) } }, async (req) => {
    const [row] = await db.select().from(t.blockItem).where(eq(t.blockItem.id, req.params.id));
    if (!row) throw notFound('区块内容不存在');
    return { code: 200, msg: OK, data: toBlockItemAdmin(row) };
  });

  app.post('/system/block-item', { onRequest: needPermi(db, 'content:block:add'), schema: { body: addBody } }, async (req) => {
    const u = caller(req);
    const b = req.body;
    const id = await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const sort = await nextSort(tx, t.blockItem.sort, eq(t.blockItem.blockId, b.blockId));
      const [row] = await tx
        .insert(t.blockItem)
        .values({
          blockId: b.blockId,
          title: b.title,
          subtitle: b.subtitle ?? null,
          description: b.description ?? null,
          url: b.url ?? null,
          image: b.image ?? null,
          targetBlank: b.targetBlank ?? false,
          enabled: b.enabled ?? true,
          sort,
        })
        .returning();
      await recordAudit(tx, req, u, { resource: 'block', action: 'add', targetId: row.id, summary: summary(row), after: toBlockItemAdmin(row) });
      await record(tx, row.blockId);
      return row.id;
    });
    return { code: 200, msg: OK, data: { id } };
  });

  const editSchema = { params: z.object({ id: intId }), body: editBody };
  app.put('/system/block-item/:id', { onRequest: needPermi(db, 'content:block:edit'), schema: editSchema }, async (req) => {
    const u = caller(req);
    const { version: read, ...patch } = req.body;
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const before = await lockForEdit(tx, t.blockItem, req.params.id, read, '区块内容不存在');
      const [after] = await tx
        .update(t.blockItem)
        .set({ ...patch, version: before.version + 1, updatedAt: new Date() })
        .where(eq(t.blockItem.id, before.id))
        .returning();
      const action = before.enabled === after.enabled ? 'edit' : after.enabled ? 'enable' : 'disable';
      await recordAudit(tx, req, u, {
        resource: 'block',
        action,
        targetId: after.id,
        summary: summary(after),
        before: toBlockItemAdmin(before),
        after: toBlockItemAdmin(after),
      });
      await record(tx, after.blockId);
    });
    return { code: 200, msg: OK };
  });

  /** RuoYi's `{ids}`: one id or several, comma separated. */
  app.delete('/system/block-item/:ids', idsRoute(db, 'content:block:delete'), async (req) => {
    const u = caller(req);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const rows = await tx.delete(t.blockItem).where(inArray(t.blockItem.id, req.params.ids)).returning();
      if (!rows.length) throw notFound('区块内容不存在');
      await recordDeletes(tx, req, u, 'block', rows, { id: (g) => g.id, name: summary, view: toBlockItemAdmin });
      await record(tx, ...rows.map((g) => g.blockId));
    });
    return { code: 200, msg: OK };
  });

  /** The new order of a whole block in one call: `ids` must name every item of the block once. */
  app.put(
    '/system/block/:blockId/sort',
    { onRequest: needPermi(db, 'content:block:edit'), schema: { params: z.object({ blockId }), body: sortBody } },
    async (req) => {
      const u = caller(req);
      const { ids } = req.body;
      await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const items = await tx
          .select()
          .from(t.blockItem)
          .where(eq(t.blockItem.blockId, req.params.blockId))
          .orderBy(asc(t.blockItem.sort), asc(t.blockItem.id))
          .for('update');
        const label = BLOCK_NAMES.get(req.params.blockId);
        await storeOrder(tx, req, u, 'block', { list: '区块内容', rows: items, ids, name: (i) => i.title, label }, (id, sort) =>
          tx.update(t.blockItem).set({ sort }).where(eq(t.blockItem.id, id)),
        );
        await record(tx, req.params.blockId);
      });
      return { code: 200, msg: OK };
    },
  );
}
