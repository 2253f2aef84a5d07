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

/** Counts one attempt; throws the lock message when the account is locked. Returns whether this attempt set a lock. */
export async function reserveAttempt(db: Db, userName: string): Promise<{ lockedUntil: Date | null }> {
  const key = lockKey(userName);
  const [row] = await rows<{ failures: number }>(db, sql`
    INSERT INTO login_lock AS l (key, failures, last_failure_at) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN l.last_failure_at < now() - interval '1 day' THEN 1 ELSE l.failures + 1 END,
      last_failure_at = now()
    WHERE l.locked_until IS NULL OR l.locked_until <= now()
    RETURNING failures`);
  if (!row) {
    const [lock] = await rows<{ locked_until: Date | string }>(db, sql`SELECT locked_until FROM login_lock WHERE key = ${key}`);
    throw new BizError(lockedMessage(new Date(lock?.locked_until ?? Date.now() + 60_000)));
  }
  if (Number(row.failures) % LOCK_EVERY !== 0) return { lockedUntil: null };
  const level = Number(row.failures) / LOCK_EVERY;
  const minutes = LOCK_MINUTES[Math.min(level, LOCK_MINUTES.length) - 1];
  const [locked] = await rows<{ locked_until: Date | string }>(db, sql`
    UPDATE login_lock SET locked_until = now() + make_interval(mins => ${minutes}::int)
    WHERE key = ${key} RETURNING locked_until`);
  return { lockedUntil: new Date(locked.locked_until) };
}

/** A correct password: the count starts again. */
export async function clearAttempts(db: Db, userName: string): Promise<void> {
  await db.execute(sql`DELETE FROM login_lock WHERE key = ${lockKey(userName)}`);
}
