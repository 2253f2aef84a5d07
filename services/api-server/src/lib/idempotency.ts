/**
 * A write is done once (issue 35.5): every write (POST, PUT, PATCH, DELETE) may carry an `Idempotency-Key` header,
 * with the semantics of the IETF draft httpapi-idempotency-key-header:
 * - the first request with a key claims it (a row of `idempotency_key`, migration 023) before its handler runs, and
 *   its answer (status, content type, body) is stored with the key for 24 hours;
 * - the same key with the same request (method, URL, content type and body: a sha256 fingerprint) answers that first
 *   answer again, with `Idempotent-Replayed: true`, and runs nothing;
 * - the same key with another request answers 422; a key whose first request is still running answers 409.
 * Keys are scoped by the caller: a hash of the bearer token, or the address of a caller without one, so nobody can
 * read another caller's answer by guessing or reusing their key.
 *
 * Only answers below 400 are kept, and error answers of a request whose transaction committed (a step after it
 * failed). Any other error answer releases the key: nothing was committed, and the same key may be sent again (the
 * client's retry after a 503 during a database outage runs the write then). An answer that is a stream (a file download) or larger than 1 MiB
 * is not kept either (its key is released; a download done twice changes nothing).
 *
 * Multipart uploads: the file is streamed from the request to the object storage by the handler and never buffered
 * ahead of it (@fastify/multipart reads the raw request), so their fingerprint is the method, URL, content type
 * without its boundary and the declared length, not the bytes: a retry of the same upload (same length) answers the
 * first answer; another file of a different length with the same key is refused.
 *
 * Keys are ignored on the sign-in calls (`/login`, `/loginNoPassword`, the messaging-app sign-in): their answer is a
 * fresh token, which the database otherwise keeps only hashed; signing in twice only makes a second session. And on
 * the visit records (`/api/visit/*`): one per page view, written by group commit for throughput (lib/visits.ts); a key
 * would add two writes to each, and a record counted twice after a failed answer is an analytics blip, not a
 * duplicated piece of content (the exit beacon cannot send headers anyway).
 *
 * An instance killed while it runs a write (kill -9, a crash) leaves the key claimed with no answer. What the same
 * request then gets depends on whether the write committed, which its own transaction records: every `db.transaction`
 * of a request holding a claim sets the claim's `committed_at` in that transaction (markCommits), so the mark and the
 * write commit together or not at all.
 * - committed: the write is done, and its answer was lost with the instance. The retry waits up to 2 s from the
 *   commit for the answer to be stored (the instance may only be slow), then answers `{code: 200, msg: '操作成功'}`
 *   with `Idempotent-Replayed: true`: the write's success, without the fields the lost answer may have carried.
 * - not committed: nothing was written. 409 while the claim's lock holds (70 s, past the browser client's 60 s
 *   timeout: the instance may still be running it), then the request runs again.
 * A write made of single statements outside `db.transaction` sets no mark: after a crash it is treated as not
 * committed (409, then run again after the lock).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rows, type Db } from '../db/index.js';
import { HttpError, MSG } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim of a running request holds before its instance is taken to have died. */
export const CLAIM_LOCK_MS = 70_000;
/** How long after a write committed its answer may take to be stored before a retry answers the write's success. */
export const LOST_ANSWER_MS = 2_000;
/** The answer to a retry whose first request committed and died before its answer was kept. */
export const LOST_ANSWER_BODY = JSON.stringify({ code: 200, msg: '操作成功' });
/** Answers larger than this are not kept (the key is released). */
export const MAX_STORED_BYTES = 1024 * 1024;
/** How often each instance deletes expired keys. */
export const PURGE_INTERVAL_MS = 15 * 60 * 1000;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-in calls (their answer is a token, never stored) and visit records (see above). */
const IGNORED = [/^\/login$/, /^\/loginNoPassword$/, /^\/bus\/wx\//, /^\/api\/visit\//];
/** A key is a string of 1 to 255 visible ASCII characters; the draft's quoted form ("…") is accepted too. */
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

interface Claim {
  scope: string;
  key: string;
  settled: boolean;
}

/** The claim of the request running now (set for the rest of the request once it is claimed): read by markCommits. */
const current = new AsyncLocalStorage<{ claim?: Claim }>();

/**
 * Makes every `db.transaction` of a request holding a claim set the claim's `committed_at` inside that transaction,
 * as its last statement: the mark commits exactly when the write does. Patches the one shared drizzle instance.
 */
export function markCommits(db: Db): void {
  const original = db.transaction.bind(db) as (fn: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  (db as unknown as { transaction: typeof original }).transaction = (fn, config) =>
    original(async (tx) => {
      const result = await fn(tx);
      const claim = current.getStore()?.claim;
      if (claim) await tx.execute(sql`UPDATE idempotency_key SET committed_at = now() WHERE scope = ${claim.scope} AND key = ${claim.key}`);
      return result;
    }, config);
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/** The key of the request ('' without one), or a 400 when it is malformed. */
export function keyOf(req: FastifyRequest): string {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return '';
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (!KEY_RE.test(key)) throw new HttpError(400, MSG.idempotencyKeyInvalid);
  return key;
}

/** The scope of a caller with this bearer token. */
export const tokenScope = (token: string) => `token:${crypto.createHash('sha256').update(token).digest('hex').slice(0, 48)}`;

/** Who is asking: their bearer token (hashed), else their address. */
export function scopeOf(req: FastifyRequest): string {
  const auth = req.headers.authorization;
  const token = typeof auth === 'string' && /^Bearer\s+\S+/i.test(auth) ? auth.replace(/^Bearer\s+/i, '').trim() : '';
  if (token) return tokenScope(token);
  return `ip:${req.ip}`.slice(0, 100);
}

/** What "the same request" means: method, URL (path and query), content type (no parameters) and body. */
export function fingerprintOf(req: FastifyRequest): string {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  let body: string;
  if (type === 'multipart/form-data') body = `multipart length ${req.headers['content-length'] ?? '?'}`;
  else if (req.body === undefined || req.body === null) body = '';
  else if (typeof req.body === 'string') body = req.body;
  else if (Buffer.isBuffer(req.body)) body = `bytes ${crypto.createHash('sha256').update(req.body).digest('hex')}`;
  else body = JSON.stringify(req.body);
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([req.method, req.url, type, body]))
    .digest('hex');
}

interface StoredRow {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  body_base64: boolean;
  /** ms since the write committed; null: it has not. */
  committed_ms: number | null;
}

/** Claims the key for this request: true when it is ours to run (new, expired, or a dead instance's claim of the same request). */
async function claim(db: Db, scope: string, key: string, fingerprint: string): Promise<boolean> {
  const lock = `${CLAIM_LOCK_MS} milliseconds`;
  const ttl = `${KEY_TTL_MS} milliseconds`;
  const got = await rows<{ claimed: boolean }>(
    db,
    sql`INSERT INTO idempotency_key (scope, key, fingerprint, locked_until, expires_at)
        VALUES (${scope}, ${key}, ${fingerprint}, now() + ${lock}::interval, now() + ${ttl}::interval)
        ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, content_type = NULL,
          body = NULL, body_base64 = false, committed_at = NULL, locked_until = EXCLUDED.locked_until, created_at = now(),
          expires_at = EXCLUDED.expires_at
        WHERE idempotency_key.expires_at <= now()
           OR (idempotency_key.status IS NULL AND idempotency_key.committed_at IS NULL AND idempotency_key.locked_until <= now()
               AND idempotency_key.fingerprint = EXCLUDED.fingerprint)
        RETURNING true AS claimed`,
  );
  return got.length > 0;
}

/** Frees the key of a request that wrote nothing (no committed mark); false when its write had committed. */
async function release(db: Db, c: Claim): Promise<boolean> {
  const gone = await rows<{ one: number }>(
    db,
    sql`DELETE FROM idempotency_key WHERE scope = ${c.scope} AND key = ${c.key} AND status IS NULL AND committed_at IS NULL RETURNING 1 AS one`,
  );
  return gone.length > 0;
}

async function store(db: Db, c: Claim, status: number, contentType: string, payload: string | Buffer): Promise<void> {
  const text = typeof payload === 'string';
  const body = text ? payload : payload.toString('base64');
  await db.execute(
    sql`UPDATE idempotency_key SET status = ${status}, content_type = ${contentType}, body = ${body}, body_base64 = ${!text}, locked_until = NULL
        WHERE scope = ${c.scope} AND key = ${c.key}`,
  );
}

/** Deletes the keys whose 24 hours are over; answers how many. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const gone = await rows<{ n: number }>(
    db,
    sql`WITH gone AS (DELETE FROM idempotency_key WHERE expires_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  );
  return Number(gone[0]?.n ?? 0);
}

const readRow = async (db: Db, scope: string, key: string) =>
  (
    await rows<StoredRow>(
      db,
      sql`SELECT fingerprint, status, content_type, body, body_base64,
            (extract(epoch FROM now() - committed_at) * 1000)::float8 AS committed_ms
          FROM idempotency_key WHERE scope = ${scope} AND key = ${key}`,
    )
  )[0];

function replay(reply: FastifyReply, row: StoredRow): FastifyReply {
  const body = row.body_base64 ? Buffer.from(row.body ?? '', 'base64') : (row.body ?? '');
  reply.code(row.status!).header(REPLAYED_HEADER, 'true');
  if (row.content_type) reply.header('content-type', row.content_type);
  return reply.send(body);
}

/**
 * Installs the hooks on `app` (before its routes are registered): the claim in preValidation (after the routes'
 * onRequest sign-in checks, so an outsider's write is refused before a key is looked at; before validation, so the
 * body is fingerprinted as it came), the stored answer in onSend, a release in onResponse for an answer never sent
 * through onSend, and the purge of expired keys every 15 minutes.
 */
export function idempotency(app: FastifyInstance, db: Db, log: (err: unknown, msg: string) => void): void {
  markCommits(db);
  const check = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!WRITE_METHODS.has(req.method) || !req.routeOptions.url) return;
    const key = keyOf(req);
    if (!key) return;
    const path = req.url.split('?')[0];
    if (IGNORED.some((re) => re.test(path))) return;
    const scope = scopeOf(req);
    const fingerprint = fingerprintOf(req);
    // Twice at most: a claim released between our insert and our look is free again.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claim(db, scope, key, fingerprint)) {
        req.idempotencyClaim = { scope, key, settled: false };
        return;
      }
      let row = await readRow(db, scope, key);
      if (!row) continue;
      if (row.fingerprint !== fingerprint) throw new HttpError(422, MSG.idempotencyKeyReused);
      // Committed, answer not kept yet: the instance may be storing it now; past LOST_ANSWER_MS it died with it.
      while (row && row.status === null && row.committed_ms !== null && row.committed_ms < LOST_ANSWER_MS) {
        await new Promise((r) => setTimeout(r, 100));
        row = await readRow(db, scope, key);
      }
      if (!row) continue;
      if (row.status !== null) return replay(reply, row);
      if (row.committed_ms !== null) {
        return reply.code(200).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(LOST_ANSWER_BODY);
      }
      throw new HttpError(409, MSG.idempotencyInProgress, undefined, 1);
    }
    throw new HttpError(409, MSG.idempotencyInProgress, undefined, 1);
  };
  // A callback hook: the rest of the request (its handler, its transactions) runs inside `current`, whose claim
  // markCommits reads. Set after the body is parsed (the parser's stream events would lose the context).
  app.addHook('preValidation', (req, reply, done) => {
    const store: { claim?: Claim } = {};
    check(req, reply).then(
      (replayed) => {
        if (replayed) return;
        if (!req.idempotencyClaim) return done();
        store.claim = req.idempotencyClaim;
        current.run(store, () => done());
      },
      (err: Error) => done(err),
    );
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const c = req.idempotencyClaim;
    if (!c || c.settled) return payload;
    c.settled = true;
    const status = reply.statusCode;
    const storable = (typeof payload === 'string' || Buffer.isBuffer(payload)) && Buffer.byteLength(payload) <= MAX_STORED_BYTES;
    const type = String(reply.getHeader('content-type') ?? '');
    try {
      if (status < 400 && storable) await store(db, c, status, type, payload);
      // An error after the write committed (a step after its transaction failed) is that write's answer: kept too.
      else if (!(await release(db, c)) && storable) await store(db, c, status, type, payload);
    } catch (err) {
      // The answer still goes out; the claim lapses after CLAIM_LOCK_MS.
      log(err, 'idempotency: the answer could not be kept');
    }
    return payload;
  });

  app.addHook('onResponse', async (req) => {
    const c = req.idempotencyClaim;
    if (!c || c.settled) return;
    c.settled = true;
    await release(db, c).catch((err) => log(err, 'idempotency: the key could not be released'));
  });

  const timer = setInterval(() => {
    purgeExpiredKeys(db).catch((err) => log(err, 'idempotency: expired keys could not be deleted'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
