/**
 * The page renderer's internal routes (lib/render-outbox.ts): the lease, the pending changes (long poll) and
 * their acknowledgement; `/poll` is the holder's idle turn in one request (its renewal, then the long poll), so an
 * idle renderer costs one request per turn, not a renewal and a read. Registered only when SITE_RENDER_HOOK_TOKEN is set, and every call must carry it as the
 * header `x-render-token`. `/internal` is not among the host origin's proxied paths (API_PATHS in
 * shared/build-config/site.cjs): only what reaches the API's own port (the renderer beside it) can call them.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RenderChanges, RenderPoll } from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { HttpError } from '../lib/errors.js';
import { noteReleasedVersions, releasedVersionsSchema } from '../lib/field.js';
import type { ChangeSignal } from '../lib/change-signal.js';
import { ackChanges, pendingChanges, releaseLease, takeLease } from '../lib/render-outbox.js';

/** The longest a poll may be held, in seconds (below the usual 60 s idle timeouts of proxies and clients). */
export const MAX_WAIT_S = 30;
const MAX_LIMIT = 1000;

const holder = z
  .string({ error: 'holder 不能为空' })
  .trim()
  .min(1, 'holder 不能为空')
  .max(200, 'holder 不能超过200个字符')
  .regex(/^[\w.:@-]+$/, 'holder 只能包含字母、数字和 ._:@-');
/** A grant's fencing token (RenderLease.token); 0 or absent: no grant named. */
const grant = z.number({ error: 'token 只能为数字' }).int('token 只能为整数').min(0, 'token 不能小于0').max(Number.MAX_SAFE_INTEGER);
const leaseBody = z.object({ holder, token: grant.optional() });
const ackBody = z.object({
  holder,
  token: z.number({ error: 'token 只能为数字' }).int('token 只能为整数').min(1, 'token 只能为正整数').max(Number.MAX_SAFE_INTEGER),
  ids: z
    .array(z.number({ error: 'ids 只能为数字' }).int('ids 只能为整数').min(1, 'ids 只能为正整数').max(Number.MAX_SAFE_INTEGER), {
      error: 'ids 必须是数组',
    })
    .max(MAX_LIMIT, `ids 不能超过${MAX_LIMIT}个`),
});
const after = z.coerce
  .number({ error: 'after 只能为数字' })
  .int('after 只能为整数')
  .min(0, 'after 不能小于0')
  .max(Number.MAX_SAFE_INTEGER)
  .default(0);
const wait = z.coerce.number({ error: 'wait 只能为数字' }).min(0, 'wait 不能小于0').max(MAX_WAIT_S, `wait 不能超过${MAX_WAIT_S}秒`).default(0);
const limit = z.coerce
  .number({ error: 'limit 只能为数字' })
  .int('limit 只能为整数')
  .min(1, 'limit 不能小于1')
  .max(MAX_LIMIT, `limit 不能超过${MAX_LIMIT}`)
  .default(500);
const changesQuery = z.object({ after, wait, limit });
const pollBody = z.object({ holder, token: grant.optional(), after, wait, limit });

/** Compares without telling by its time how much of the token was right. */
function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export default async function renderRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const { token, leaseMs } = ctx.config.render;
  if (!token) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, renderSignal: signal } = ctx;

  // Before the body is read: a caller without the token learns nothing about the routes.
  app.addHook('onRequest', async (req) => {
    if (!sameToken(req.headers['x-render-token'], token)) throw new HttpError(403, '无权访问');
  });

  app.post('/internal/render/lease', { schema: { body: leaseBody } }, async (req, reply) => {
    const { held, lease } = await takeLease(db, req.body.holder, leaseMs, req.body.token ?? 0);
    return reply.code(held ? 200 : 409).send(lease);
  });

  // The versions a run renders with: field reports count only for page views of versions the site serves.
  app.post('/internal/render/versions', { schema: { body: releasedVersionsSchema } }, async (req) => {
    await noteReleasedVersions(db, req.body.versions as Record<string, string>);
    return { code: 200, msg: '操作成功' };
  });

  app.post('/internal/render/release', { schema: { body: leaseBody } }, async (req) => ({ released: await releaseLease(db, req.body.holder) }));

  app.get('/internal/render/changes', { schema: { querystring: changesQuery } }, async (req, reply): Promise<RenderChanges> => {
    const { after, wait, limit } = req.query;
    return waitForChanges(db, signal, reply, after, limit, wait * 1000);
  });

  // The holder's turn: renewed under its grant first, so a renderer that lost the lease is refused before it reads
  // anything; then held for a change at most a third of the lease, so the next turn renews it well before it ends.
  app.post('/internal/render/poll', { schema: { body: pollBody } }, async (req, reply): Promise<RenderPoll> => {
    const { holder: who, token: held, after, wait, limit } = req.body;
    const taken = await takeLease(db, who, leaseMs, held ?? 0);
    if (!taken.held) return reply.code(409).send({ ...taken, changes: [], more: false });
    const found = await waitForChanges(db, signal, reply, after, limit, Math.min(wait * 1000, leaseMs / 3));
    return { ...taken, ...found };
  });

  app.post('/internal/render/ack', { schema: { body: ackBody } }, async (req, reply) => {
    const acked = await ackChanges(db, req.body.holder, req.body.token, req.body.ids);
    if (acked === null) return reply.code(409).send({ code: 409, msg: '未持有渲染租约，不能确认变更' });
    return { acked };
  });
}

/**
 * The changes after `after`, or, with none, the first that commits within `waitMs` (the database's notification on
 * the outbox wakes the wait on every API instance: a write through another instance wakes this one's polls too).
 */
async function waitForChanges(
  db: Db,
  signal: ChangeSignal,
  reply: FastifyReply,
  after: number,
  limit: number,
  waitMs: number,
): Promise<RenderChanges> {
  const deadline = Date.now() + waitMs;
  // A renderer that goes away stops the wait (its next poll starts afresh).
  let gone = false;
  let current: { cancel: () => void } | null = null;
  reply.raw.once('close', () => {
    gone = true;
    current?.cancel();
  });
  for (;;) {
    // Subscribed before looking: a row that commits after the look wakes this wait.
    const w = signal.wait(deadline - Date.now());
    current = w;
    const found = await pendingChanges(db, after, limit);
    if (found.changes.length || gone || signal.isClosed || Date.now() >= deadline) {
      w.cancel();
      return found;
    }
    await w.woken;
  }
}
