/**
 * RuoYi-style staff writes of content: article title/text, content block items. Every call needs a
 * signed-in user holding the named permission (admin holds all); HTML is stored as written: the front end
 * renders it through its sanitiser (SafeHtml), and titles are rendered as text.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ARTICLE_CACHE, type AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { requirePermi } from '../lib/auth.js';
import { notFound } from '../lib/errors.js';
import { htmlToText } from '../lib/text.js';
import { intId, parse } from '../lib/validate.js';

const OK = '操作成功';

const articleBody = z
  .object({
    title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').max(300, '标题不能超过300个字符').optional(),
    text: z.string({ error: '内容格式不正确' }).max(200000, '内容不能超过200000个字符').optional(),
  })
  .refine((b) => b.title !== undefined || b.text !== undefined, '没有要修改的内容');

export default async function cmsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  // ---- articles
  app.put('/system/article/:id', async (req) => {
    await requirePermi(db, req, 'cms:article:edit');
    const { id } = parse(z.object({ id: intId }), req.params);
    const b = parse(articleBody, req.body);
    const [row] = await db.select({ description: t.article.description }).from(t.article).where(eq(t.article.id, id));
    if (!row) throw notFound('文章不存在');
    const patch: Partial<typeof t.article.$inferInsert> = {};
    if (b.title !== undefined) patch.title = b.title;
    if (b.text !== undefined) {
      patch.text = b.text;
      // The search index holds the description and the text without tags, as the seed writes it.
      patch.searchText = `${row.description ?? ''}\n${htmlToText(b.text)}`;
    }
    await db.update(t.article).set(patch).where(eq(t.article.id, id));
    ctx.cache.invalidate(ARTICLE_CACHE); // the public lists carry titles
    return { code: 200, msg: OK };
  });

  // Content block items: routes/blocks.ts.
}
