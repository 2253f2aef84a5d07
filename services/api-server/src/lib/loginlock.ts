/**
 * Limits of password sign-ins, kept in the database (table `login_lock`, shared by every instance), following the
 * OWASP authentication guidance: a lockout must not let anyone keep an account's owner out.
 *
 * - Per account AND address: every attempt is counted BEFORE the password is compared, in one statement that refuses
 *   while that pair is locked, so parallel guesses cannot slip past the count. Each LOCK_EVERY-th consecutive failure
 *   locks the pair for 1, 5, 15, then 60 minutes. A guesser locks only their own address out of the account.
 * - Per account, from every address: after SLOW_AFTER failures the account is slowed down: one attempt per
 *   SLOW_SECONDS interval (growing with the failures), counted in one statement too. An attempt that finds the
 *   interval running is refused — unless it comes from an address that has not failed on this account, passed the
 *   captcha (when captchas are on) and carries the right password: the owner signing in from their own machine is
 *   never refused because someone elsewhere guessed.
 * - A success clears both counts; a quiet day forgets them. Names with no account are counted alike, so the answers
 *   do not tell which accounts exist.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { BizError } from './errors.js';

export const LOCK_EVERY = 5;
export const LOCK_MINUTES = [1, 5, 15, 60];
/** Account-wide failures (from any address) before each attempt on the account has to wait its turn. */
export const SLOW_AFTER = 10;
/** The wait between attempts on a slowed account: by each further 10 failures, 5 s, 15 s, 30 s, then 60 s. */
export const SLOW_SECONDS = [5, 15, 30, 60];

export const lockedMessage = (until: Date, now = Date.now()) =>
  `密码错误次数过多，请在 ${Math.max(1, Math.ceil((until.getTime() - now) / 60_000))} 分钟后重试`;
export const slowedMessage = (seconds: number) => `该账号登录失败次数过多，请在 ${Math.max(1, Math.ceil(seconds))} 秒后重试`;

const name = (userName: string) => userName.toLowerCase();
const accountKey = (userName: string) => `user:${name(userName)}`.slice(0, 100);
/** Hashed: a 64-character name and an IPv6 address would not fit the key column, and a cut key could collide. */
const pairKey = (userName: string, ip: string) =>
  `pair:${crypto
    .createHash('sha256')
    .update(`${name(userName)}\n${ip}`)
    .digest('hex')}`;

const STALE = sql.raw(`l.last_failure_at < now() - interval '1 day'`);

/**
 * Counts one failure under `key` (after a quiet day the count starts again) and sets `locked_until`, in one statement,
 * when `when` holds of the stored row; otherwise counts nothing and answers no row.
 */
const countFailure = (db: Db, key: string, lockedUntil: SQL, when: SQL) =>
  rows<{ failures: number; locked_until: Date | string | null }>(
    db,
    sql`
    INSERT INTO login_lock AS l (key, failures, last_failure_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${STALE} THEN 1 ELSE l.failures + 1 END,
      last_failure_at = now(),
      locked_until = ${lockedUntil}
    WHERE ${when}
    RETURNING failures, locked_until`,
  );

/** What reserveAttempt learnt: the pair lock this attempt set, whether the address had failed before, the slow-down. */
export interface Attempt {
  lockedUntil: Date | null;
  /** The address had no failure on this account before this attempt. */
  cleanAddress: boolean;
  /** Seconds until the account takes its next attempt, when this one found the interval running. */
  slowedFor: number | null;
}

/**
 * Counts one attempt for the account and address, and sets the pair lock in the same statement when it is the
 * LOCK_EVERY-th failure (a separate statement would let parallel attempts through between the two); throws the lock
 * message while that pair is locked. Then takes the account's turn, or reports how long the account is slowed for.
 */
export async function reserveAttempt(db: Db, userName: string, ip: string): Promise<Attempt> {
  const key = pairKey(userName, ip);
  // Constants of this module, not input: inlined so the array index stays in SQL.
  const minutes = sql.raw(`(ARRAY[${LOCK_MINUTES.map(Number).join(',')}])[LEAST((l.failures + 1) / ${LOCK_EVERY}, ${LOCK_MINUTES.length})]`);
  const [row] = await countFailure(
    db,
    key,
    sql`CASE WHEN NOT (${STALE}) AND (l.failures + 1) % ${sql.raw(String(LOCK_EVERY))} = 0
        THEN now() + make_interval(mins => ${minutes}) ELSE l.locked_until END`,
    sql`l.locked_until IS NULL OR l.locked_until <= now()`,
  );
  if (!row) {
    const [lock] = await rows<{ locked_until: Date | string }>(db, sql`SELECT locked_until FROM login_lock WHERE key = ${key}`);
    throw new BizError(lockedMessage(new Date(lock?.locked_until ?? Date.now() + 60_000)));
  }
  const failures = Number(row.failures);
  return {
    lockedUntil: failures % LOCK_EVERY === 0 && row.locked_until ? new Date(row.locked_until) : null,
    cleanAddress: failures === 1,
    slowedFor: await takeAccountTurn(db, userName),
  };
}

/**
 * The account-wide count: the attempt is counted when the account is not slowed or its interval has passed (one
 * statement, so parallel attempts get one turn between them); otherwise answers the seconds left.
 */
async function takeAccountTurn(db: Db, userName: string): Promise<number | null> {
  const key = accountKey(userName);
  const wait = sql.raw(
    `make_interval(secs => (ARRAY[${SLOW_SECONDS.map(Number).join(',')}])[LEAST((l.failures - ${SLOW_AFTER}) / 10 + 1, ${SLOW_SECONDS.length})])`,
  );
  const [taken] = await countFailure(db, key, sql`NULL`, sql`${STALE} OR l.failures < ${SLOW_AFTER} OR l.last_failure_at + ${wait} <= now()`);
  if (taken) return null;
  const [left] = await rows<{ seconds: number | string }>(
    db,
    sql`SELECT EXTRACT(EPOCH FROM (l.last_failure_at + ${wait} - now())) AS seconds FROM login_lock l WHERE l.key = ${key}`,
  );
  return Math.max(1, Number(left?.seconds ?? 1));
}

/** A correct password: both counts start again. */
export async function clearAttempts(db: Db, userName: string, ip: string): Promise<void> {
  await db.execute(sql`DELETE FROM login_lock WHERE key IN (${accountKey(userName)}, ${pairKey(userName, ip)})`);
}
