/**
 * RuoYi-style staff writes of content block items (articles: routes/articles.ts). Every call needs a
 * signed-in user holding the named permission (admin holds all); HTML is stored as written: the front end
 * renders it through its sanitiser (SafeHtml), and titles are rendered as text.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { requirePermi } from '../lib/auth.js';
import { notFound } from '../lib/errors.js';
import { intId, parse } from '../lib/validate.js';

const OK = '操作成功';

const blockItemBody = z
  .object({
    title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').max(200, '标题不能超过200个字符').optional(),
    url: z.string({ error: '链接格式不正确' }).trim().max(500, '链接不能超过500个字符').nullable().optional(),
  })
  .refine((b) => b.title !== undefined || b.url !== undefined, '没有要修改的内容');

export default async function cmsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  // ---- content block items (footer, company, ...)
  app.put('/system/block-item/:id', async (req) => {
    await requirePermi(db, req, 'cms:block:edit');
    const { id } = parse(z.object({ id: intId }), req.params);
    const b = parse(blockItemBody, req.body);
    const patch: Partial<typeof t.blockItem.$inferInsert> = {};
    if (b.title !== undefined) patch.title = b.title;
    if (b.url !== undefined) patch.url = b.url || null;
    const updated = await db.update(t.blockItem).set(patch).where(eq(t.blockItem.id, id)).returning({ id: t.blockItem.id });
    if (!updated.length) throw notFound('内容不存在');
    // Block answers (and the company call) are cached per block.
    ctx.cache.invalidate('block:');
    return { code: 200, msg: OK };
  });
}
