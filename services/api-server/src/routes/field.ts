/**
 * Field figures (issue 37): the browser's report of a page view, and 站点监控.
 *
 * - `POST /api/field`: one report on its own (JSON, or text/plain JSON as navigator.sendBeacon sends it). The host
 *   sends it with the exit record of the visit instead (`field` of `POST /api/visit/1`, routes/content.ts calls
 *   recordVisitField): one beacon per page view. Bounded by fieldReportSchema and the per-address rate limit.
 * - `GET /system/monitor/site?beginDate=&endDate=` (monitor:site:list): p75 of the vitals per route, errors per remote
 *   version per day, the versions seen and when, the top messages, the API's requests and the renderer's lag.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FieldReport } from '@site/contract';
import type { AppContext } from '../context.js';
import { needPermi } from '../lib/auth.js';
import { HttpError } from '../lib/errors.js';
import { FIELD_LIMIT_MSG, fieldReportSchema, monitorSite, recordField } from '../lib/field.js';
import { apiMinutesOf } from '../lib/field-server.js';
import { visitRange } from './visits.js';

const OK = '操作成功';
const tz = () => process.env.TZ || 'Asia/Shanghai';

/** The report of a visit's exit record: stored when valid and under the limit; anything else is dropped quietly (the visit counts regardless). */
export async function recordVisitField(ctx: AppContext, field: unknown, ip: string): Promise<void> {
  const parsed = fieldReportSchema.safeParse(field);
  if (!parsed.success || !ctx.visits.counts({ ip })) return;
  await recordField(ctx.db, parsed.data as FieldReport, ip.slice(0, 64), ctx.config.rateLimits.visit).catch(() => false);
}

async function beaconBody(req: FastifyRequest): Promise<void> {
  if (typeof req.body !== 'string') return;
  try {
    req.body = JSON.parse(req.body.trim() || '{}');
  } catch {
    throw new HttpError(400, '请求体不是有效的 JSON');
  }
}

export default async function fieldRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const minutes = apiMinutesOf(ctx);
  app.addHook('preClose', async () => {
    minutes.stop();
    await minutes.flush().catch(() => {});
  });

  app.post('/api/field', { bodyLimit: 32 * 1024, preValidation: beaconBody, schema: { body: fieldReportSchema } }, async (req) => {
    const ip = req.ip.slice(0, 64);
    if (ctx.visits.counts({ ip }) && !(await recordField(db, req.body as FieldReport, ip, ctx.config.rateLimits.visit))) {
      throw new HttpError(429, FIELD_LIMIT_MSG);
    }
    return { code: 200, msg: OK };
  });

  app.get('/system/monitor/site', { onRequest: needPermi(db, 'monitor:site:list'), schema: { querystring: visitRange } }, async (req) => ({
    code: 200,
    msg: OK,
    data: await monitorSite(db, req.query, tz()),
  }));
}
