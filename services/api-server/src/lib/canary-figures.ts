/**
 * The figures the automatic rollback of a canary compares, read from the field reports (migration 030,
 * lib/field.ts, kept raw for 7 days in field_report): per version of one remote, the visitors who viewed its pages
 * since a time and how many of them had a view that reported a failure. Visitors, not reports: a visitor is the
 * address the page view was recorded from (the view's entry record, whose token the report had to bring), so one
 * address that sends many reports, failing or clean, counts once and can neither abort a canary nor hide a failing
 * one; and a report counts as one failure however many errors it lists. Read-only; served to the page renderer
 * (which holds the render lease and judges the open canary, services/page-renderer/src/canary.ts) at
 * `GET /internal/render/canary-figures`, behind the render feed's token as the other `/internal/render/*` routes
 * (routes/render.ts).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { rows, type Db } from '../db/index.js';
import { HttpError } from './errors.js';

export interface VersionFigures {
  /** Visitors (distinct addresses) who viewed the remote's pages at this version. */
  views: number;
  /** Of those, the visitors with at least one view whose report carried a failure (any kind). */
  failed: number;
}

/** Visitors and failed visitors per version of `remote` since `since` (only the versions asked for; zeros for one unseen). */
export async function canaryFigures(db: Db, q: { remote: string; versions: string[]; since: Date }): Promise<Record<string, VersionFigures>> {
  const out: Record<string, VersionFigures> = Object.fromEntries(q.versions.map((v) => [v, { views: 0, failed: 0 }]));
  if (!q.versions.length) return out;
  const found = await rows<{ version: string; views: number; failed: number }>(
    db,
    sql`SELECT remote_version AS version, count(DISTINCT coalesce(ip, ''))::int AS views,
               count(DISTINCT coalesce(ip, '')) FILTER (WHERE jsonb_array_length(errors) > 0)::int AS failed
          FROM field_report
         WHERE remote = ${q.remote} AND created_at >= ${q.since.toISOString()}::timestamptz
           AND remote_version IN (${sql.join(
             q.versions.map((v) => sql`${v}`),
             sql`, `,
           )})
         GROUP BY remote_version`,
  );
  for (const r of found) out[r.version] = { views: Number(r.views), failed: Number(r.failed) };
  return out;
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** `GET /internal/render/canary-figures?remote=remote_support&versions=1.0.0,2.0.0&since=<ISO time>`: registered with the render feed's token only. */
export default async function canaryFiguresRoutes(app: FastifyInstance, ctx: AppContext) {
  const { token } = ctx.config.render;
  if (!token) return;
  app.get('/internal/render/canary-figures', async (req) => {
    if (!sameToken(req.headers['x-render-token'], token)) throw new HttpError(403, '无权访问');
    const q = req.query as Record<string, string | undefined>;
    const remote = String(q.remote ?? '');
    const versions = String(q.versions ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const since = new Date(String(q.since ?? ''));
    if (
      !/^[\w-]{1,64}$/.test(remote) ||
      !versions.length ||
      versions.length > 4 ||
      versions.some((v) => v.length > 64) ||
      Number.isNaN(since.getTime())
    )
      throw new HttpError(400, '参数不正确：remote、versions（逗号分隔，至多4个）、since（时间）');
    return { remote, since: since.toISOString(), versions: await canaryFigures(ctx.db, { remote, versions, since }) };
  });
}
