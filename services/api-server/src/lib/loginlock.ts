/**
 * Limits of password sign-ins, kept in the database (table `login_lock`, shared by every instance), following the
 * OWASP authentication guidance: a lockout must not let anyone keep an account's owner out. Every limit that can
 * refuse an attempt is kept per account AND address, so what one address sends never decides whether another gets
 * in: the owner signing in from their own machine competes with nobody.
 *
 * - Every attempt is counted for its pair BEFORE the password is compared, in one statement that refuses while the
 *   pair is locked or waiting, so parallel guesses cannot slip past the count. Each LOCK_EVERY-th consecutive
 *   failure locks the pair for 1, 5, 15, then 60 minutes. A guesser locks only their own address out of the account.
 * - Against guessing spread over many addresses the account's failures from everywhere are counted too. From
 *   SLOW_AFTER of them on, an address that has already failed on the account waits between its own attempts
 *   (SLOW_SECONDS by that address's own failures, timed from its own last one). The wait never depends on how often
 *   anyone else tries, and an address with no failure on the account is never slowed: the right password from a
 *   fresh address always gets in, and the owner who mistyped waits at most those few seconds after their own typo.
 * - A success clears the pair and the account count; a quiet day forgets them. Names with no account are counted
 *   alike, so the answers do not tell which accounts exist.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { BizError } from './errors.js';

export const LOCK_EVERY = 5;
export const LOCK_MINUTES = [1, 5, 15, 60];
/** Account-wide failures (from any address) from which an address that failed waits between its attempts. */
export const SLOW_AFTER = 10;
/** That wait, by the address's own failures on the account: after its 1st 5 s, 2nd 15 s, 3rd 30 s, then 60 s. */
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

/** What reserveAttempt learnt: the pair lock this attempt set (when it fails, the pair is locked until then). */
export interface Attempt {
  lockedUntil: Date | null;
}

/**
 * Counts one attempt for the account and address, and sets the pair lock in the same statement when it is the
 * LOCK_EVERY-th failure (a separate statement would let parallel attempts through between the two); throws the lock
 * message while that pair is locked, the slow-down message while the pair waits. Then counts the attempt for the
 * account (a count only: it refuses nothing by itself).
 */
export async function reserveAttempt(db: Db, userName: string, ip: string): Promise<Attempt> {
  const key = pairKey(userName, ip);
  // Constants of this module, not input: inlined so the array indexes stay in SQL.
  const minutes = sql.raw(`(ARRAY[${LOCK_MINUTES.map(Number).join(',')}])[LEAST((l.failures + 1) / ${LOCK_EVERY}, ${LOCK_MINUTES.length})]`);
  const wait = pairWait();
  const [row] = await countFailure(
    db,
    key,
    sql`CASE WHEN NOT (${STALE}) AND (l.failures + 1) % ${sql.raw(String(LOCK_EVERY))} = 0
        THEN now() + make_interval(mins => ${minutes}) ELSE l.locked_until END`,
    sql`${STALE} OR ((l.locked_until IS NULL OR l.locked_until <= now())
        AND (NOT ${accountUnderAttack(userName)} OR l.last_failure_at + ${wait} <= now()))`,
  );
  if (!row) {
    const [held] = await rows<{ locked_until: Date | string | null; seconds: number | string }>(
      db,
      sql`SELECT l.locked_until, EXTRACT(EPOCH FROM (l.last_failure_at + ${wait} - now())) AS seconds FROM login_lock l WHERE l.key = ${key}`,
    );
    const until = held?.locked_until ? new Date(held.locked_until) : null;
    if (until && until.getTime() > Date.now()) throw new BizError(lockedMessage(until));
    // (a row gone or past its wait by now: refusing once more costs the caller one retry, never a wrong answer)
    throw new BizError(slowedMessage(Number(held?.seconds ?? 1)));
  }
  await countFailure(db, accountKey(userName), sql`NULL`, sql`TRUE`);
  const failures = Number(row.failures);
  return { lockedUntil: failures % LOCK_EVERY === 0 && row.locked_until ? new Date(row.locked_until) : null };
}

/** The pair's wait after its own last failure, by its own failures (read inside the pair's statements). */
const pairWait = () =>
  sql.raw(`make_interval(secs => (ARRAY[${SLOW_SECONDS.map(Number).join(',')}])[LEAST(GREATEST(l.failures, 1), ${SLOW_SECONDS.length})])`);

/** The account has SLOW_AFTER failures from everywhere within the day. */
const accountUnderAttack = (userName: string) =>
  sql`EXISTS (SELECT 1 FROM login_lock a WHERE a.key = ${accountKey(userName)} AND a.failures >= ${SLOW_AFTER}
        AND a.last_failure_at >= now() - interval '1 day')`;

/** A correct password: both counts start again. */
export async function clearAttempts(db: Db, userName: string, ip: string): Promise<void> {
  await db.execute(sql`DELETE FROM login_lock WHERE key IN (${accountKey(userName)}, ${pairKey(userName, ip)})`);
}
