/** RuoYi-style system calls (the signed-in person's own account is in account.ts, people in users.ts and customers.ts). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ARTICLE_CACHE, type AppContext } from '../context.js';
import { rows } from '../db/index.js';
import * as t from '../db/schema.js';
import { requireAdmin, requirePermi, requireUser } from '../lib/auth.js';
import { configValue } from '../lib/config.js';
import { HttpError, notFound } from '../lib/errors.js';
import { escapeHtml, formatDate } from '../lib/text.js';
import { saveUploadedImage } from '../lib/upload.js';
import { intId, parse } from '../lib/validate.js';

const OK = '操作成功';

export default async function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  // ---- dictionary and configs (public, read-only)
  app.get('/system/dict/data/type/:dictType', async (req) => {
    const { dictType } = parse(z.object({ dictType: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, '字典类型格式不正确') }), req.params);
    const list = await ctx.cache.get(`dict:${dictType}`, () =>
      db
        .select()
        .from(t.sysDictData)
        .where(and(eq(t.sysDictData.dictType, dictType), eq(t.sysDictData.status, '0')))
        .orderBy(asc(t.sysDictData.dictSort), asc(t.sysDictData.dictCode)),
    );
    return { code: 200, msg: OK, data: list };
  });

  app.get('/system/config/configKey/:configKey', async (req) => {
    const { configKey } = parse(z.object({ configKey: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, '参数键名格式不正确') }), req.params);
    // Whether the messaging-app sign-in works follows the server's set-up, not a stored value.
    if (configKey === 'sys.account.wxLogin') return { code: 200, msg: OK, data: String(ctx.config.wx.enabled) };
    return { code: 200, msg: OK, data: await configValue(ctx, configKey) };
  });

  // ---- uploads
  app.post('/common/upload', async (req) => {
    const u = await requireUser(db, req);
    const saved = await saveUploadedImage(ctx, req, u.userId);
    return { code: 200, msg: OK, ...saved };
  });

  // ---- staff data
  app.put('/system/channel/:id', async (req) => {
    await requireAdmin(db, req);
    const { id } = parse(z.object({ id: intId }), req.params);
    const b = parse(
      z.object({ name: z.string({ error: '栏目名称不能为空' }).trim().min(1, '栏目名称不能为空').max(50, '栏目名称不能超过50个字符') }),
      req.body,
    );
    const updated = await db
      .update(t.channel)
      .set({ name: b.name, updatedAt: new Date() })
      .where(eq(t.channel.id, id))
      .returning({ id: t.channel.id });
    if (!updated.length) throw notFound('栏目不存在');
    ctx.cache.invalidate('channels');
    ctx.cache.invalidate(ARTICLE_CACHE); // article lists carry channel names
    return { code: 200, msg: OK };
  });

  app.get('/system/visit/stats', async (req) => {
    await requirePermi(db, req, 'content:visit:list');
    const { days } = parse(
      z.object({
        days: z.coerce.number({ error: '天数格式不正确' }).int('天数格式不正确').min(1, '天数必须大于0').max(365, '天数不能超过365').default(7),
      }),
      req.query,
    );
    await ctx.visits.flush();
    const tz = process.env.TZ || 'Asia/Shanghai';
    const since = sql`(date_trunc('day', now() AT TIME ZONE ${tz}) - make_interval(days => ${days - 1})) AT TIME ZONE ${tz}`;
    const [tot] = await rows<{ pv: number; uv: number; avg: number | null }>(
      db,
      sql`
      SELECT count(*) FILTER (WHERE count = 1)::int AS pv, count(DISTINCT uv)::int AS uv,
             avg(duration) FILTER (WHERE count = 0) AS avg
      FROM visit WHERE created_at >= ${since}`,
    );
    const top = await rows<{ url: string; pv: number }>(
      db,
      sql`
      SELECT url, count(*)::int AS pv FROM visit WHERE created_at >= ${since} AND count = 1
      GROUP BY url ORDER BY pv DESC, url LIMIT 10`,
    );
    const daily = await rows<{ d: string; pv: number; uv: number }>(
      db,
      sql`
      SELECT to_char(created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS d, count(*) FILTER (WHERE count = 1)::int AS pv, count(DISTINCT uv)::int AS uv
      FROM visit WHERE created_at >= ${since} GROUP BY 1`,
    );
    const byDay = new Map(daily.map((r) => [r.d, r]));
    const out = [];
    for (let i = days - 1; i >= 0; i--) {
      const date = formatDate(new Date(Date.now() - i * 86_400_000));
      const r = byDay.get(date);
      out.push({ date, pv: r ? Number(r.pv) : 0, uv: r ? Number(r.uv) : 0 });
    }
    return {
      code: 200,
      msg: OK,
      data: {
        pv: Number(tot?.pv ?? 0),
        uv: Number(tot?.uv ?? 0),
        avgDuration: Math.round(Number(tot?.avg ?? 0)),
        topPages: top.map((r) => ({ url: r.url, pv: Number(r.pv) })),
        daily: out,
      },
    };
  });

  void escapeHtml;
  void HttpError;
}
