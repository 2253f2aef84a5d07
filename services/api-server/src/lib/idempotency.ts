/**
 * A write is done once: every write (POST, PUT, PATCH, DELETE) may carry an `Idempotency-Key` header,
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
 * A claim is alive exactly as long as the request holding it: the request holds a lock named by its scope and key
 * (db/key-locks.ts: a PostgreSQL advisory lock on the instance's lock connection, which PostgreSQL releases when the
 * instance dies; in memory on PGlite) from before it claims until its answer is kept or its key released. Every
 * request with a key first tries that lock:
 * - not got: a live request has the key now (on this instance or another): its answer if it is kept already, 422 for
 *   another request, else 409 (the draft's concurrent-request rule); a write that committed a moment ago gets up to
 *   LOST_ANSWER_MS for its answer to be kept, and then the success answer below.
 * - got: no live request has the key. A claim found without an answer belongs to a request that is gone (its
 *   instance was killed, or crashed): what the same request gets then depends on whether that write committed, which
 *   its own transaction records: the route's write transaction calls `claimKey(tx, req)`, which sets the claim's
 *   `committed_at` in that transaction, so the mark and the write commit together or not at all. It is a step the
 *   route takes, not a patch of the shared database object: a transaction of a request without a claim, or one that
 *   writes nothing (a search, a read), runs no extra statement.
 *   - committed: the write is done, and its answer was lost with its instance: `{code: 200, msg: '操作成功'}` with
 *     `Idempotent-Replayed: true` at once (the write's success, without the fields the lost answer may have carried).
 *   - not committed: nothing was written: the request takes the claim over and runs, at once.
 * So a client's retry after its instance died (a network failure, a 502) runs or answers at once, instead of a 409
 * for as long as a timer held the dead claim.
 *
 * Fencing: each claim carries the id of the request holding it (`claim_id`, migration 033), and the request's writes
 * to its claim (the commit mark, the kept answer, the release) require that id. A request whose lock was lost while
 * it ran (its lock connection dropped with the instance alive; its client went away before its answer and the key
 * was freed) and whose claim was then taken over cannot commit: its claim step finds no claim of its own, and its
 * transaction is rolled back with a 409. A write route that has no claim step (a write that changes nothing when run
 * again, a sign-in, the renderer's own calls) is listed in UNFENCED with its reason; test/idempotency-routes.test.ts
 * fails for a write route that neither calls claimKey nor is listed.
 * Instances of an older version (before migration 033) hold their claims by `locked_until` (70 s) only: their claims
 * (claim_id NULL) are honoured until it lapses, and new claims still set it for them, during a rolling upgrade.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rows, type Db } from '../db/index.js';
import type { KeyLocks } from '../db/key-locks.js';
import { HttpError, MSG } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long instances of an older version (before migration 033, no locks) take a claim to hold (`locked_until`). */
export const CLAIM_LOCK_MS = 70_000;
/** How long after a write committed, its request still alive, its answer may take to be kept before a retry answers the write's success. */
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
  /** The request's claim_id: its fence. */
  id: string;
  /** The name of the key's lock (db/key-locks.ts). */
  lock: string;
  /** Its answer is kept or its key released (or being so). */
  settled: boolean;
  /** The lock is given back (or being so). */
  unlocked: boolean;
}

/** The name of the lock of a key: one per scope and key. */
export const lockName = (scope: string, key: string) => `idempotency\n${scope}\n${key}`;

/**
 * The claim step of a keyed write, called by the route inside its own write transaction (its first statement, so a
 * request whose claim was taken over stops before it writes): sets the claim's `committed_at` in that transaction,
 * so the mark commits exactly when the write does, and a retry after the instance died knows whether it did. A
 * request without a claim (no key, or a key the hook ignores) runs nothing here. Throws 409 when the claim is no
 * longer this request's (see Fencing above): the request that took it over runs this write; this one must not.
 * Every write route calls it or is listed in UNFENCED with its reason (test/idempotency-routes.test.ts checks).
 */
export async function claimKey(tx: Db, req: FastifyRequest): Promise<void> {
  const c = req.idempotencyClaim;
  if (!c) return;
  const marked = await rows<{ one: number }>(
    tx,
    sql`UPDATE idempotency_key SET committed_at = now() WHERE scope = ${c.scope} AND key = ${c.key} AND claim_id = ${c.id}
        RETURNING 1 AS one`,
  );
  if (marked.length === 0) throw new HttpError(409, MSG.idempotencyInProgress, undefined, 1);
}

/**
 * A route's claim step handed to a helper that opens the write transaction (`(tx) => claimKey(tx, req)`): the
 * handler still shows that it claims.
 */
export type ClaimStep = (tx: Db) => Promise<void>;

/**
 * The write routes that do not call claimKey, each with why. A key sent to them is still claimed by the hook (a
 * repeat answers the kept answer, a concurrent duplicate 409), except on the IGNORED paths; what they lack is the
 * commit mark, so after an instance died mid-request the retry runs them again.
 */
export const UNFENCED: Readonly<Record<string, string>> = {
  'POST /login': 'sign-in: keys ignored (the answer is a fresh token; signing in twice only makes a second session)',
  'POST /loginNoPassword': 'SMS sign-in: keys ignored, as /login',
  'POST /bus/wx/oauth2/local-authorize': 'the messaging-app sign-in stand-in: keys ignored, as /login',
  'POST /api/visit/:siteId': 'visit records: keys ignored (group commit for throughput; a view counted twice is an analytics blip)',
  'DELETE /logout': 'revoking a token twice leaves it revoked: running again changes nothing',
  'PUT /system/notice/readAll': 'marks read what is unread: running again changes nothing',
  'PUT /system/notice/:noticeId/read': 'keeps the first opening’s time: running again changes nothing',
  'POST /bus/customer/sendCode': 'sends a new code each time, counted by the rate limits; a second code after a crash is harmless',
  'POST /api/download': 'a download counter: one more count after a crash is an analytics blip',
  'POST /api/field': 'field reports (a beacon, sent without headers): one more sample after a crash is a blip',
  'POST /system/notice/export': 'reads (a POST for its filter body): writes nothing',
  'POST /system/message-board/export': 'reads (a POST for its filter body): writes nothing',
  'POST /common/upload':
    'stores the image under a new name and its row in one statement; a retry after a crash stores one more copy nothing links to',
  'POST /system/article/upload': 'stores the file under a new name and its row in one statement, as /common/upload',
  'POST /system/visit/export': 'reads (a POST for its filter body): writes nothing',
  'POST /dev/rate-limits/reset': 'test-only switch (SITE_DEV_ENDPOINTS): running again changes nothing',
  'POST /dev/captcha-enabled': 'test-only switch (SITE_DEV_ENDPOINTS): running again changes nothing',
  'POST /internal/render/lease': 'the page renderer’s lease (bearer of the render token, never keyed): its own holder check fences it',
  'POST /internal/render/poll':
    'the page renderer’s lease renewal and change feed in one call (never keyed): the lease’s fencing token fences it, and reading the feed again changes nothing',
  'POST /internal/render/versions': 'the page renderer’s release record (never keyed): replacing it again changes nothing',
  'POST /internal/render/release': 'the page renderer’s lease (never keyed): releasing twice changes nothing',
  'POST /internal/render/ack': 'the page renderer’s acknowledgements (never keyed): acknowledging twice changes nothing',
};

/** A write route as registered (method, URL pattern, handler). */
export interface WriteRoute {
  method: string;
  url: string;
  handler: (...args: never[]) => unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
  interface FastifyInstance {
    /** Every POST, PUT, PATCH and DELETE route registered after the idempotency hooks. */
    writeRoutes: WriteRoute[];
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

/**
 * Claims the key for request `id`, its lock held: true when it is ours to run (new, expired, or the claim of a
 * request that is gone: nobody holds its lock, and it neither answered nor committed).
 */
async function claim(db: Db, scope: string, key: string, fingerprint: string, id: string): Promise<boolean> {
  const lock = `${CLAIM_LOCK_MS} milliseconds`;
  const ttl = `${KEY_TTL_MS} milliseconds`;
  const got = await rows<{ claimed: boolean }>(
    db,
    sql`INSERT INTO idempotency_key (scope, key, fingerprint, claim_id, locked_until, expires_at)
        VALUES (${scope}, ${key}, ${fingerprint}, ${id}, now() + ${lock}::interval, now() + ${ttl}::interval)
        ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, content_type = NULL,
          body = NULL, body_base64 = false, committed_at = NULL, claim_id = EXCLUDED.claim_id,
          locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
        WHERE idempotency_key.expires_at <= now()
           OR (idempotency_key.status IS NULL AND idempotency_key.committed_at IS NULL
               AND idempotency_key.fingerprint = EXCLUDED.fingerprint
               AND (idempotency_key.claim_id IS NOT NULL OR idempotency_key.locked_until <= now()))
        RETURNING true AS claimed`,
  );
  return got.length > 0;
}

/** Frees the key of a request that wrote nothing (no committed mark); false when its write had committed. */
async function release(db: Db, c: Claim): Promise<boolean> {
  const gone = await rows<{ one: number }>(
    db,
    sql`DELETE FROM idempotency_key WHERE scope = ${c.scope} AND key = ${c.key} AND claim_id = ${c.id} AND status IS NULL AND committed_at IS NULL
        RETURNING 1 AS one`,
  );
  return gone.length > 0;
}

/**
 * A JSON answer carrying a secret (a session token, an initial or reset password: a registration, a created user,
 * a password reset) is never kept as it is: the database keeps tokens only hashed and passwords not at all, and a
 * replay would hand the secret to whoever sends the key again. Its replay is the write's plain success instead.
 */
const SECRET_FIELD = /"(token|password|initialPassword|newPassword)"\s*:/;
export const withoutSecrets = (payload: string | Buffer): string | Buffer =>
  SECRET_FIELD.test(typeof payload === 'string' ? payload : payload.toString('utf8')) ? LOST_ANSWER_BODY : payload;

async function store(db: Db, c: Claim, status: number, contentType: string, answer: string | Buffer): Promise<void> {
  const payload = withoutSecrets(answer);
  const text = typeof payload === 'string';
  const body = text ? payload : payload.toString('base64');
  await db.execute(
    sql`UPDATE idempotency_key SET status = ${status}, content_type = ${contentType}, body = ${body}, body_base64 = ${!text}, locked_until = NULL
        WHERE scope = ${c.scope} AND key = ${c.key} AND claim_id = ${c.id}`,
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

const lostAnswer = (reply: FastifyReply) =>
  reply.code(200).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(LOST_ANSWER_BODY);

/**
 * Installs the hooks on `app` (before its routes are registered): the lock and the claim in preValidation (after the
 * routes' onRequest sign-in checks, so an outsider's write is refused before a key is looked at; before validation,
 * so the body is fingerprinted as it came), the stored answer and the lock given back in onSend, both done when the
 * response closes for an answer never sent through onSend (its client went away first), and the purge of expired
 * keys every 15 minutes.
 */
export function idempotency(app: FastifyInstance, db: Db, locks: KeyLocks, log: (err: unknown, msg: string) => void): void {
  // The write routes as registered, their handlers with them: the test that each claims or is UNFENCED reads them.
  const writeRoutes: WriteRoute[] = [];
  app.decorate('writeRoutes', writeRoutes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (WRITE_METHODS.has(method)) writeRoutes.push({ method, url: r.url, handler: r.handler });
  });

  /** The answer to a request whose key a live request holds now (its lock was not ours). */
  const live = async (reply: FastifyReply, scope: string, key: string, fingerprint: string): Promise<FastifyReply | 'free'> => {
    let row = await readRow(db, scope, key);
    // Gone between its holder's lock and our look: it was released (an error answer), or is being claimed.
    if (!row) return 'free';
    if (row.fingerprint !== fingerprint) throw new HttpError(422, MSG.idempotencyKeyReused);
    // Committed, answer not kept yet: its request is alive and keeping it now.
    while (row && row.status === null && row.committed_ms !== null && row.committed_ms < LOST_ANSWER_MS) {
      await new Promise((r) => setTimeout(r, 100));
      row = await readRow(db, scope, key);
    }
    if (!row) return 'free';
    if (row.status !== null) return replay(reply, row);
    if (row.committed_ms !== null) return lostAnswer(reply);
    throw new HttpError(409, MSG.idempotencyInProgress, undefined, 1);
  };

  const check = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!WRITE_METHODS.has(req.method) || !req.routeOptions.url) return;
    const key = keyOf(req);
    if (!key) return;
    const path = req.url.split('?')[0];
    if (IGNORED.some((re) => re.test(path))) return;
    const scope = scopeOf(req);
    const fingerprint = fingerprintOf(req);
    const lock = lockName(scope, key);
    // Twice at most: a key freed between a failed lock (or claim) and our look is free again.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!(await locks.tryHold(lock))) {
        const answer = await live(reply, scope, key, fingerprint);
        if (answer === 'free') continue;
        return answer;
      }
      // The lock is ours: no live request has this key. Kept for the request if it claims the key; else given back
      // before any answer goes out (the same key sent next must find it free).
      let found: StoredRow | undefined;
      let kept = false;
      try {
        const id = crypto.randomUUID();
        if (await claim(db, scope, key, fingerprint, id)) {
          req.idempotencyClaim = { scope, key, id, lock, settled: false, unlocked: false };
          kept = true;
          return;
        }
        found = await readRow(db, scope, key);
      } finally {
        if (!kept) await locks.release(lock);
      }
      if (!found) continue;
      if (found.fingerprint !== fingerprint) throw new HttpError(422, MSG.idempotencyKeyReused);
      if (found.status !== null) return replay(reply, found);
      // Its request is gone (its lock was free): the answer will never be kept.
      if (found.committed_ms !== null) return lostAnswer(reply);
      // The claim of an instance of an older version (claim_id NULL), within its locked_until.
      throw new HttpError(409, MSG.idempotencyInProgress, undefined, 1);
    }
    throw new HttpError(409, MSG.idempotencyInProgress, undefined, 1);
  };

  const unlock = async (c: Claim) => {
    if (c.unlocked) return;
    c.unlocked = true;
    await locks.release(c.lock).catch((err) => log(err, 'idempotency: the key’s lock could not be given back'));
  };

  app.addHook('preValidation', async (req, reply) => {
    const replayed = await check(req, reply);
    if (replayed) return replayed;
    const c = req.idempotencyClaim;
    if (!c) return;
    // Closed with no answer through onSend (its client went away first): the key is released and its lock given
    // back. Should the handler still run, its claim step then finds no claim of its own and rolls its write back.
    reply.raw.once('close', () => {
      if (c.settled) return;
      c.settled = true;
      release(db, c)
        .catch((err) => log(err, 'idempotency: the key could not be released'))
        .finally(() => unlock(c));
    });
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
      // The answer still goes out; the claim, no longer locked, is then taken to be of a request that is gone.
      log(err, 'idempotency: the answer could not be kept');
    }
    // The key is settled: the same request now gets this answer (or runs, the key released).
    await unlock(c);
    return payload;
  });

  const timer = setInterval(() => {
    purgeExpiredKeys(db).catch((err) => log(err, 'idempotency: expired keys could not be deleted'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
