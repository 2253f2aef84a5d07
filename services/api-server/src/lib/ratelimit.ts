import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { HttpError, tooMany } from './errors.js';

/**
 * Fixed-window rate limit kept in the database (shared by every server instance).
 * Returns the count in the current window; over the limit it throws 429 carrying the whole seconds until the window
 * ends (Retry-After), with `message` (a text, or one made from those seconds) or the general one.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  message?: string | ((retryAfterSeconds: number) => string),
): Promise<number> {
  const { count, retryAfter } = await countHit(db, key, windowMs);
  if (count > limit) throw overLimit(retryAfter, message);
  return count;
}

/** The 429 of a limit reached: `message` (a text, or one made from the seconds to wait) or the general one. */
export function overLimit(retryAfter: number, message?: string | ((retryAfterSeconds: number) => string)): HttpError {
  if (message === undefined) return tooMany(retryAfter);
  return new HttpError(429, typeof message === 'function' ? message(retryAfter) : message, undefined, retryAfter);
}

/** Counts one under `key` in its fixed window: the count so far in the window, and the whole seconds until it ends. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; retryAfter: number }> {
  const seconds = windowMs / 1000;
  const [row] = await rows<{ count: number; remaining: number }>(
    db,
    sql`INSERT INTO rate_limit (key, window_start, count) VALUES (${key.slice(0, 300)}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${seconds}) THEN 1 ELSE rate_limit.count + 1 END,
          window_start = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => ${seconds}) THEN now() ELSE rate_limit.window_start END
        RETURNING count, extract(epoch FROM (window_start + make_interval(secs => ${seconds}) - now()))::float8 AS remaining`,
  );
  return { count: Number(row?.count ?? 1), retryAfter: Math.max(1, Math.ceil(Number(row?.remaining ?? seconds))) };
}

/** The count under `key` in its current window without counting (0 when the window is over or was never opened). */
export async function peekHits(db: Db, key: string, windowMs: number): Promise<{ count: number; retryAfter: number }> {
  const seconds = windowMs / 1000;
  const [row] = await rows<{ count: number; remaining: number }>(
    db,
    sql`SELECT count, extract(epoch FROM (window_start + make_interval(secs => ${seconds}) - now()))::float8 AS remaining
        FROM rate_limit WHERE key = ${key.slice(0, 300)} AND window_start > now() - make_interval(secs => ${seconds})`,
  );
  return row ? { count: Number(row.count), retryAfter: Math.max(1, Math.ceil(Number(row.remaining))) } : { count: 0, retryAfter: 0 };
}

export interface RateLimits {
  /** Per IP + username, on /login and /loginNoPassword. */
  login: { limit: number; windowMs: number };
  /** Per phone on sendCode. */
  smsPerPhone: { limit: number; windowMs: number };
  /** Per IP on sendCode. */
  smsPerIp: { limit: number; windowMs: number };
  /** Per IP on the message board. */
  messageBoard: { limit: number; windowMs: number };
  /** Per IP on registration / reset. */
  account: { limit: number; windowMs: number };
  /** Per user on uploads (images and avatars). */
  upload: { limit: number; windowMs: number };
  /** Per IP on visit records beyond the exit records of entries already taken (counted in the database with the open sessions, lib/visits.ts). */
  visit: { limit: number; windowMs: number };
  /** Per IP: refused sign-ins (password and SMS), counted before 登录日志 gets a row. */
  loginFailures: { limit: number; windowMs: number };
  /** The whole site: SMS codes sent (sendCode; docs/decisions/0016). */
  smsSite: { limit: number; windowMs: number };
}

/** A whole number from 1, else undefined (the default stands). */
const wholeFromOne = (v: string | undefined): number | undefined => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/**
 * The site-wide cap on SMS codes sent per hour: env SMS_HOURLY_CAP, a whole number from 1; anything else
 * (unset, 0, text) is the default. Reached, sendCode answers 429 with 短信验证码发送量已达本小时上限… and the server
 * logs one alert line (routes/bus.ts).
 */
export const SMS_HOURLY_CAP_DEFAULT = 200;
export function smsHourlyCap(env: NodeJS.ProcessEnv = process.env): number {
  return wholeFromOne(env.SMS_HOURLY_CAP?.trim()) ?? SMS_HOURLY_CAP_DEFAULT;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { limit: 10, windowMs: 60_000 },
  smsPerPhone: { limit: 1, windowMs: 60_000 },
  smsPerIp: { limit: 20, windowMs: 3_600_000 },
  messageBoard: { limit: 5, windowMs: 600_000 },
  account: { limit: 20, windowMs: 600_000 },
  upload: { limit: 30, windowMs: 3_600_000 },
  visit: { limit: 120, windowMs: 60_000 },
  loginFailures: { limit: 30, windowMs: 600_000 },
  smsSite: { limit: SMS_HOURLY_CAP_DEFAULT, windowMs: 3_600_000 },
};

/** Each limit's environment variable (a whole number from 1 sets the limit; anything else keeps the default). */
const LIMIT_ENV: ReadonlyArray<[keyof RateLimits, string]> = [
  ['login', 'RATE_LIMIT_LOGIN'],
  ['smsPerPhone', 'RATE_LIMIT_SMS_PHONE'],
  ['smsPerIp', 'RATE_LIMIT_SMS_IP'],
  ['messageBoard', 'RATE_LIMIT_MESSAGE'],
  ['account', 'RATE_LIMIT_ACCOUNT'],
  ['upload', 'UPLOAD_LIMIT_PER_HOUR'],
  ['visit', 'RATE_LIMIT_VISIT'],
  ['loginFailures', 'RATE_LIMIT_LOGIN_FAILURES'],
];

/**
 * Limits from the environment: RATE_LIMIT_LOGIN (per minute), RATE_LIMIT_SMS_PHONE (per minute), RATE_LIMIT_SMS_IP
 * (per hour), RATE_LIMIT_MESSAGE (per 10 minutes), RATE_LIMIT_ACCOUNT (per 10 minutes), UPLOAD_LIMIT_PER_HOUR,
 * RATE_LIMIT_VISIT (per minute), RATE_LIMIT_LOGIN_FAILURES (per 10 minutes), SMS_HOURLY_CAP (smsHourlyCap).
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<RateLimits> {
  const out: Partial<RateLimits> = {};
  for (const [name, variable] of LIMIT_ENV) {
    const limit = wholeFromOne(env[variable]);
    if (limit) out[name] = { ...DEFAULT_RATE_LIMITS[name], limit };
  }
  out.smsSite = { ...DEFAULT_RATE_LIMITS.smsSite, limit: smsHourlyCap(env) };
  return out;
}
