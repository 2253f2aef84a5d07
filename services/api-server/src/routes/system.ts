/** RuoYi-style system calls: dictionaries, configuration values and the shared image upload (accounts: account.ts). */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { requireUser } from '../lib/auth.js';
import { configValue } from '../lib/config.js';
import { saveUploadedImage } from '../lib/upload.js';
import { SUPPORT_URL_KEY, supportUrl } from './workbench.js';

const OK = '操作成功';
const dictParams = z.object({ dictType: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, '字典类型格式不正确') });
const configParams = z.object({ configKey: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, '参数键名格式不正确') });

export default async function systemRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  // ---- dictionary and configs (public, read-only)
  app.get('/system/dict/data/type/:dictType', { schema: { params: dictParams } }, async (req) => {
    const { dictType } = req.params;
    const list = await ctx.cache.get(['dict'], `dict:${dictType}`, () =>
      db
        .select()
        .from(t.sysDictData)
        .where(and(eq(t.sysDictData.dictType, dictType), eq(t.sysDictData.status, '0')))
        .orderBy(asc(t.sysDictData.dictSort), asc(t.sysDictData.dictCode)),
    );
    return { code: 200, msg: OK, data: list };
  });

  app.get('/system/config/configKey/:configKey', { schema: { params: configParams } }, async (req) => {
    const { configKey } = req.params;
    // Whether the messaging-app sign-in works follows the server's set-up, not a stored value.
    if (configKey === 'sys.account.wxLogin') return { code: 200, msg: OK, data: String(ctx.config.wx.enabled) };
    // The support link's address: the server's SUPPORT_URL first, and only a real http(s) address.
    if (configKey === SUPPORT_URL_KEY) return { code: 200, msg: OK, data: await supportUrl(ctx) };
    return { code: 200, msg: OK, data: await configValue(ctx, configKey) };
  });

  // ---- the shared image upload
  app.post('/common/upload', async (req) => {
    const u = await requireUser(db, req);
    const saved = await saveUploadedImage(ctx, req, u.userId);
    return { code: 200, msg: OK, ...saved };
  });
}
