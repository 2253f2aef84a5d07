/**
 * Proof of work (ALTCHA, altcha-lib) before what a script would spend: every SMS code, and a password sign-in from an
 * address that has had a refused one. The image captcha alone is read by a short script; a solved challenge costs
 * its sender about a second of CPU, each time, so a bot pays for every code.
 *
 * A challenge is made per request (`GET /api/pow`), signed with a secret of its own that is kept in PostgreSQL
 * (pow_challenge, migration 034): any API instance checks the answer, and the one statement that marks it used
 * accepts it, so an answer is good once. The browser solves it (shared/api-client, WebCrypto's PBKDF2).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { PowChallenge } from '@site/contract';
import { rows, type Db } from '../db/index.js';
import { powChallenge } from '../db/schema.js';
import { BizError } from './errors.js';

export const POW_ALGORITHM = 'PBKDF2/SHA-256';
export const POW_TTL_MS = 5 * 60 * 1000;
/** What a request that needs a proof of work is told without one (the site's pages send one by themselves). */
export const POW_MISSING_MSG = '请完成安全验证后重试';
/** A proof of work that is wrong, used or expired. */
export const POW_FAILED_MSG = '安全验证未通过或已过期，请重试';

export interface PowSettings {
  /** Off only in test harnesses whose calls send none (SITE_POW=0), as SITE_SMS_CAPTCHA. */
  enabled: boolean;
  /** PBKDF2 iterations per counter tried (SITE_POW_COST, default 1000). */
  cost: number;
  /** The counter to find is drawn from [counterMin, counterMax) (SITE_POW_COUNTER_MAX, default 3000; min a third). */
  counterMin: number;
  counterMax: number;
}

export function powSettings(env: NodeJS.ProcessEnv = process.env): PowSettings {
  const positive = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const counterMax = positive(env.SITE_POW_COUNTER_MAX, 3000);
  return {
    enabled: env.SITE_POW?.trim() !== '0',
    cost: positive(env.SITE_POW_COST, 1000),
    counterMin: Math.floor(counterMax / 3),
    counterMax,
  };
}

/** Old challenges go in small batches as new ones are made: the table stays the size of five minutes' requests. */
const PRUNE_BATCH = 100;

export async function issuePow(db: Db, settings: PowSettings): Promise<PowChallenge> {
  const id = crypto.randomUUID();
  const secret = crypto.randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + POW_TTL_MS);
  const challenge = await createChallenge({
    algorithm: POW_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.counterMin, settings.counterMax),
    deriveKey,
    expiresAt,
    hmacSignatureSecret: secret,
    data: { id },
  });
  await db.insert(powChallenge).values({ id, secret, expiresAt });
  await db.execute(
    sql`DELETE FROM pow_challenge WHERE id IN (
          SELECT id FROM pow_challenge WHERE expires_at < now() - interval '1 minute' LIMIT ${PRUNE_BATCH})`,
  );
  return challenge as PowChallenge;
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(pow: string): Payload | null {
  try {
    const p = JSON.parse(Buffer.from(pow, 'base64').toString('utf8')) as Payload;
    const id = p?.challenge?.parameters?.data?.id;
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id) || typeof p.solution?.counter !== 'number') return null;
    if (p.challenge.parameters.algorithm !== POW_ALGORITHM || typeof p.solution.derivedKey !== 'string') return null;
    return p;
  } catch {
    return null;
  }
}

/**
 * Accepts a solved challenge once: its row is marked used by this statement (a second sender of the same answer
 * finds it used), then the solution is checked against the challenge's own secret (its signature covers the
 * parameters, so neither the cost nor the expiry can be changed by the sender). Throws BizError otherwise.
 */
export async function verifyPow(db: Db, pow: string | undefined): Promise<void> {
  if (!pow) throw new BizError(POW_MISSING_MSG);
  const payload = parsePayload(pow);
  if (!payload) throw new BizError(POW_FAILED_MSG);
  const id = payload.challenge.parameters.data?.id as string;
  const [row] = await rows<{ secret: string }>(
    db,
    sql`UPDATE pow_challenge SET used = true WHERE id = ${id} AND used = false AND expires_at > now() RETURNING secret`,
  );
  if (!row) throw new BizError(POW_FAILED_MSG);
  const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: row.secret });
  if (!result.verified) throw new BizError(POW_FAILED_MSG);
}
