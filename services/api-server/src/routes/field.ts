/**
 * Field figures: the browser's report of a page view, and 站点监控.
 *
 * - `POST /api/field`: one report on its own (JSON, or text/plain JSON as navigator.sendBeacon sends it). The host
 *   sends it with the exit record of the visit instead (`field` of `POST /api/visit/1`, routes/content.ts calls
 *   recordVisitField): one beacon per page view. Bounded by fieldReportSchema and the per-address rate limit, and
 *   counted only with the token of a page view the site recorded, for that view (lib/field.ts).
 * - `GET /system/monitor/site?beginDate=&endDate=` (monitor:site:list): p75 of the vitals per route, errors per remote
 *   version per day, the versions seen and when, the top messages, the API's requests and the renderer's lag.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FieldReport } from '@site/contract';
import type { AppContext } from '../context.js';
import { needPermi } from '../lib/auth.js';
import { HttpError } from '../lib/errors.js';
import {
  claimFieldView,
  FIELD_LIMIT_MSG,
  FIELD_MISMATCH_MSG,
  FIELD_NO_VIEW_MSG,
  fieldReportSchema,
  issueFieldView,
  monitorSite,
  recordField,
  reportOfView,
} from '../lib/field.js';
import { apiMinutesOf } from '../lib/field-server.js';
import { visitRange } from './visits.js';

const OK = '操作成功';
const tz = () => process.env.TZ || 'Asia/Shanghai';

/**
 * Stores a report of a recorded page view: its token taken (once), the report of that view's page and versions, under
 * the sender's limit. Answers what became of it; the visitor's address stored is the one the view was recorded from.
 */
async function recordViewField(ctx: AppContext, report: FieldReport, sender: string): Promise<'stored' | 'no-view' | 'mismatch' | 'limited'> {
  const view = await claimFieldView(ctx.db, report.token);
  if (!view) return 'no-view';
  const fitting = reportOfView(report, view);
  if (!fitting) return 'mismatch';
  const stored = await recordField(ctx.db, fitting, { sender, visitor: view.ip }, ctx.config.rateLimits.visit);
  return stored ? 'stored' : 'limited';
}

/** The report of a visit's exit record: stored when valid, of a recorded view and under the limit; anything else is dropped quietly (the visit counts regardless). */
export async function recordVisitField(ctx: AppContext, field: unknown, ip: string): Promise<void> {
  const parsed = fieldReportSchema.safeParse(field);
  if (!parsed.success || !ctx.visits.counts({ ip })) return;
  await recordViewField(ctx, parsed.data as FieldReport, ip.slice(0, 64)).catch(() => 'failed');
}

/** The entry record's `field` (the versions the page runs): the token its answer carries, or none. */
export async function issueVisitField(ctx: AppContext, entry: { url: string; field: unknown }, ip: string): Promise<string | null> {
  if (!ctx.visits.counts({ ip })) return null;
  return issueFieldView(ctx.db, { ...entry, ip: ip.slice(0, 64) });
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
    if (!ctx.visits.counts({ ip })) return { code: 200, msg: OK };
    const outcome = await recordViewField(ctx, req.body as FieldReport, ip);
    if (outcome === 'no-view') throw new HttpError(400, FIELD_NO_VIEW_MSG);
    if (outcome === 'mismatch') throw new HttpError(400, FIELD_MISMATCH_MSG);
    if (outcome === 'limited') throw new HttpError(429, FIELD_LIMIT_MSG);
    return { code: 200, msg: OK };
  });

  app.get('/system/monitor/site', { onRequest: needPermi(db, 'monitor:site:list'), schema: { querystring: visitRange } }, async (req) => ({
    code: 200,
    msg: OK,
    data: await monitorSite(db, req.query, tz()),
  }));
}
