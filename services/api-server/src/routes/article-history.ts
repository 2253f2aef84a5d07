/**
 * What this file adds to articles: their versions (记录: list, the difference between two, 恢复此版本) and the
 * recycle bin (回收站: list, restore, purge for good); and the image library (媒体库). Every write is
 * audited, stores its version, and records its change for the page renderer in its own transaction, as the article
 * writes of routes/articles.ts do.
 */
import { and, desc, eq, ilike, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_STATUS,
  RECYCLE_CHANNEL_GONE_MSG,
  type ArticleVersion,
  type ArticleVersionAction,
  type ArticleVersionDiff,
  type MediaImage,
  type RecycledArticle,
} from '@site/contract';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { fieldChanges, storeVersion, textDiff, versionData, type VersionData } from '../lib/article-versions.js';
import { recordAudit } from '../lib/audit.js';
import { caller, needAnyPermi, needPermi } from '../lib/auth.js';
import { HttpError, notFound } from '../lib/errors.js';
import { containing } from '../lib/filters.js';
import { pageOf } from '../lib/paging.js';
import { recordContentChange } from '../lib/render-outbox.js';
import { formatDateTime } from '../lib/text.js';
import { idsRoute, intId, pageParams } from '../lib/validate.js';
import {
  canPublish,
  channelNames,
  checkChannel,
  contentColumns,
  guardPublish,
  lockFresh,
  toAdmin,
  updateArticle,
  versionField,
  type Row,
} from './articles.js';
import { loadChannels } from './content.js';
import { indexArticles } from '../lib/search.js';
import { claimKey } from '../lib/idempotency.js';

const OK = '操作成功';
const SAME_VERSION_MSG = '已是当前版本';
const VERSION_NOT_FOUND = '版本不存在';

const versionNumber = z.coerce
  .number({ error: '版本号格式不正确' })
  .int('版本号格式不正确')
  .min(1, '版本号格式不正确')
  .max(2147483647, '版本号格式不正确');
const idParams = z.object({ id: intId });
const versionParams = z.object({ id: intId, version: versionNumber });
const diffQuery = z.object({ from: versionNumber, to: versionNumber });
const recycleQuery = pageParams.extend({ title: z.string().trim().max(100, '标题过长').optional() });
const mediaQuery = pageParams.extend({ name: z.string().trim().max(100, '名称过长').optional() });

/** A stored row as it went into the recycle bin (JSON: its dates are strings there). */
const rowOf = (data: Record<string, unknown>): Row => {
  const r = data as unknown as Row;
  return { ...r, publishDate: new Date(r.publishDate), createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) };
};

export default async function articleHistoryRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const articleRow = async (id: number): Promise<Row> => {
    const [row] = await db.select().from(t.article).where(eq(t.article.id, id));
    if (!row) throw notFound('文章不存在');
    return row;
  };
  /** A version's content: stored, or the article's present state when that one is not stored yet. */
  const versionOf = async (row: Row, version: number): Promise<VersionData> => {
    const [stored] = await db
      .select({ data: t.articleVersion.data })
      .from(t.articleVersion)
      .where(and(eq(t.articleVersion.articleId, row.id), eq(t.articleVersion.version, version)));
    if (stored) return stored.data as unknown as VersionData;
    if (version === row.version) return versionData(row);
    throw notFound(VERSION_NOT_FOUND);
  };

  // ---- 记录: versions, newest first; the present state is always the first, stored or not.
  app.get('/system/article/:id/versions', { onRequest: needPermi(db, 'content:article:get'), schema: { params: idParams } }, async (req) => {
    const row = await articleRow(req.params.id);
    const stored = await db
      .select({
        version: t.articleVersion.version,
        action: t.articleVersion.action,
        title: t.articleVersion.title,
        userName: t.articleVersion.userName,
        createdAt: t.articleVersion.createdAt,
        note: t.articleVersion.note,
      })
      .from(t.articleVersion)
      .where(eq(t.articleVersion.articleId, row.id))
      .orderBy(desc(t.articleVersion.version))
      .limit(200);
    const data: ArticleVersion[] = stored.map((v) => ({
      version: v.version,
      action: v.action as ArticleVersionAction,
      title: v.title,
      userName: v.userName,
      createTime: formatDateTime(v.createdAt),
      current: v.version === row.version,
      note: v.note,
    }));
    if (!stored.some((v) => v.version === row.version)) {
      data.unshift({
        version: row.version,
        action: 'baseline',
        title: row.title,
        userName: row.updatedBy,
        createTime: formatDateTime(row.updatedAt),
        current: true,
      });
    }
    return { code: 200, msg: OK, data };
  });

  app.get(
    '/system/article/:id/versions/diff',
    { onRequest: needPermi(db, 'content:article:get'), schema: { params: idParams, querystring: diffQuery } },
    async (req) => {
      const row = await articleRow(req.params.id);
      const before = await versionOf(row, req.query.from);
      const after = await versionOf(row, req.query.to);
      const names = await channelNames(ctx);
      const data: ArticleVersionDiff = {
        from: req.query.from,
        to: req.query.to,
        fields: fieldChanges(before, after, (id) => names.get(id) ?? `栏目 ${id}`),
        text: await textDiff(before.text, after.text),
      };
      return { code: 200, msg: OK, data };
    },
  );

  // 恢复此版本: that version's content becomes a new version; the state and publish time stay (发布 and 下线 decide them).
  app.post(
    '/system/article/:id/versions/:version/restore',
    { onRequest: needPermi(db, 'content:article:edit'), schema: { params: versionParams, body: z.object({ version: versionField }) } },
    async (req) => {
      const u = caller(req);
      const present = await articleRow(req.params.id);
      // A published article's content is what the site shows: only a holder of the publish right changes it.
      if (present.version === req.body.version) await guardPublish(db, req, present, present.status);
      const target = await versionOf(present, req.params.version);
      await checkChannel(ctx, target.channelId);
      const names = await channelNames(ctx);
      const data = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        const before = await lockFresh(tx, req.params.id, req.body.version);
        if (req.params.version === before.version) throw new HttpError(400, SAME_VERSION_MSG);
        const set = contentColumns(target, u.userName);
        return updateArticle(ctx, tx, req, { before, set, action: 'restore', summary: `${set.title}（恢复到版本 ${req.params.version}）`, names });
      });
      return { code: 200, msg: OK, data };
    },
  );

  // ---- 回收站
  app.get(
    '/system/article-recycle/list',
    { onRequest: needPermi(db, 'content:recycle:query'), schema: { querystring: recycleQuery } },
    async (req) => {
      const q = req.query;
      const { total, rows } = await pageOf(
        db,
        t.articleRecycle,
        q.title ? ilike(t.articleRecycle.title, containing(q.title)) : undefined,
        [desc(t.articleRecycle.deletedAt), desc(t.articleRecycle.articleId)],
        q,
      );
      const names = await channelNames(ctx);
      const list: RecycledArticle[] = rows.map((r) => ({
        id: r.articleId,
        channelId: r.channelId,
        channelName: names.get(r.channelId) ?? '',
        title: r.title,
        deletedBy: r.deletedBy,
        deletedAt: formatDateTime(r.deletedAt),
      }));
      return { code: 200, msg: '查询成功', total, rows: list };
    },
  );

  /** The recycled rows of `ids`, locked for the write; 404 when none of them is there. */
  const takeRecycled = async (tx: typeof db, ids: number[]) => {
    const rows = await tx.select().from(t.articleRecycle).where(inArray(t.articleRecycle.articleId, ids)).for('update');
    if (!rows.length) throw notFound('回收站中没有这篇文章');
    return rows;
  };

  // Restored under its own id (its old address works again), as it was, one version later; its channel must still be there.
  app.put('/system/article-recycle/:ids/restore', idsRoute(db, 'content:recycle:edit'), async (req) => {
    const u = caller(req);
    const channels = new Set((await loadChannels(ctx)).map((c) => c.id));
    const names = await channelNames(ctx);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const recycled = await takeRecycled(tx, req.params.ids);
      const gone = recycled.find((r) => !channels.has(r.channelId));
      if (gone) throw new HttpError(400, `《${gone.title}》${RECYCLE_CHANNEL_GONE_MSG}`);
      for (const r of recycled) {
        const was = rowOf(r.data);
        // A published article put back by someone without the publish right comes back as 草稿: only a holder of
        // that right puts an article on the site (it would otherwise be a way round the review).
        const status = was.status === ARTICLE_STATUS.published && !canPublish(u) ? ARTICLE_STATUS.draft : was.status;
        const [row] = await tx
          .insert(t.article)
          .values({ ...was, status, version: was.version + 1, updatedBy: u.userName, updatedAt: new Date() })
          .returning();
        await indexArticles(tx, [row]);
        await storeVersion(tx, row, 'recover', u.userName);
        await tx.delete(t.articleRecycle).where(eq(t.articleRecycle.articleId, r.articleId));
        const [after] = await toAdmin(ctx, [row], names);
        await recordAudit(tx, req, u, { resource: 'article', action: 'recover', targetId: row.id, summary: row.title, after });
        await recordContentChange(ctx, tx, { kind: 'article', id: row.id, channelId: row.channelId });
      }
    });
    return { code: 200, msg: OK };
  });

  // Purged for good: the article and every version of it.
  app.delete('/system/article-recycle/:ids', idsRoute(db, 'content:recycle:delete'), async (req) => {
    const u = caller(req);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      const recycled = await takeRecycled(tx, req.params.ids);
      const ids = recycled.map((r) => r.articleId);
      await tx.delete(t.articleVersion).where(inArray(t.articleVersion.articleId, ids));
      await tx.delete(t.articleRecycle).where(inArray(t.articleRecycle.articleId, ids));
      for (const r of recycled) {
        await recordAudit(tx, req, u, { resource: 'article', action: 'purge', targetId: r.articleId, summary: r.title });
      }
    });
    return { code: 200, msg: OK };
  });

  // ---- 媒体库: the images staff uploaded for content (never an avatar, nor what a customer uploaded), newest first.
  app.get(
    '/system/article/media',
    { onRequest: needAnyPermi(db, ['content:article:add', 'content:article:edit']), schema: { querystring: mediaQuery } },
    async (req) => {
      const q = req.query;
      // Staff hold a role (lib/auth.ts isStaff); a customer holds none.
      const staff = db.selectDistinct({ id: t.sysUserRole.userId }).from(t.sysUserRole);
      const { total, rows } = await pageOf(
        db,
        t.uploadFile,
        and(
          eq(t.uploadFile.purpose, 'content'),
          like(t.uploadFile.mime, 'image/%'),
          inArray(t.uploadFile.userId, staff),
          q.name ? ilike(t.uploadFile.originalName, containing(q.name)) : undefined,
        ),
        [desc(t.uploadFile.id)],
        q,
      );
      const list: MediaImage[] = rows.map((r) => ({
        id: r.id,
        url: r.url,
        name: r.originalName,
        size: r.size,
        createTime: formatDateTime(r.createdAt),
      }));
      return { code: 200, msg: '查询成功', total, rows: list };
    },
  );
}
