/**
 * Per-account limit of password sign-ins, across addresses, kept in the database (shared by every instance).
 * Every attempt is counted BEFORE the password is compared, in one statement that refuses while the account is
 * locked, so parallel guesses from many addresses cannot slip past the count. Each LOCK_EVERY-th consecutive
 * failure locks the account, for 1, 5, 15, then 60 minutes; a success clears the count; a quiet day forgets it.
 * Names that have no account are counted the same way, so the answers do not tell which accounts exist.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { BizError } from './errors.js';

export const LOCK_EVERY = 5;
export const LOCK_MINUTES = [1, 5, 15, 60];

export const lockedMessage = (until: Date, now = Date.now()) =>
  `密码错误次数过多，请在 ${Math.max(1, Math.ceil((until.getTime() - now) / 60_000))} 分钟后重试`;

const lockKey = (userName: string) => `user:${userName.toLowerCase()}`.slice(0, 100);

/**
 * Counts one attempt, and sets the lock in the same statement when it is the LOCK_EVERY-th failure (a separate
 * statement would let parallel attempts through between the two). Throws the lock message while locked.
 * Returns the lock this attempt set, if any (its answer then says when to retry).
 */
export async function reserveAttempt(db: Db, userName: string): Promise<{ lockedUntil: Date | null }> {
  const key = lockKey(userName);
  // Constants of this module, not input: inlined so the array index stays in SQL.
  const minutes = sql.raw(`(ARRAY[${LOCK_MINUTES.map(Number).join(',')}])[LEAST((l.failures + 1) / ${LOCK_EVERY}, ${LOCK_MINUTES.length})]`);
  const stale = sql`l.last_failure_at < now() - interval '1 day'`;
  const [row] = await rows<{ failures: number; locked_until: Date | string | null }>(
    db,
    sql`
    INSERT INTO login_lock AS l (key, failures, last_failure_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${stale} THEN 1 ELSE l.failures + 1 END,
      last_failure_at = now(),
      locked_until = CASE WHEN NOT (${stale}) AND (l.failures + 1) % ${sql.raw(String(LOCK_EVERY))} = 0
        THEN now() + make_interval(mins => ${minutes}) ELSE l.locked_until END
    WHERE l.locked_until IS NULL OR l.locked_until <= now()
    RETURNING failures, locked_until`,
  );
  if (!row) {
    const [lock] = await rows<{ locked_until: Date | string }>(db, sql`SELECT locked_until FROM login_lock WHERE key = ${key}`);
    throw new BizError(lockedMessage(new Date(lock?.locked_until ?? Date.now() + 60_000)));
  }
  return { lockedUntil: Number(row.failures) % LOCK_EVERY === 0 && row.locked_until ? new Date(row.locked_until) : null };
}

/** A correct password: the count starts again. */
export async function clearAttempts(db: Db, userName: string): Promise<void> {
  await db.execute(sql`DELETE FROM login_lock WHERE key = ${lockKey(userName)}`);
}
