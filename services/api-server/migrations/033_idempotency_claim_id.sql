-- 5 follow-up: a claim of an Idempotency-Key is alive while its instance is (a PostgreSQL advisory lock,
-- src/db/key-locks.ts), no longer for a fixed 70 s. `claim_id` names the request that holds the claim now: every
-- write a request makes to its claim (the commit mark, the kept answer, the release) requires its own claim_id, so a
-- request whose claim was taken over (its lock connection dropped while it ran) can no longer commit, keep an answer
-- or free the key of the request that took over. NULL: claimed by an instance of an older version, which holds its
-- claim by `locked_until` only (honoured for such rows during a rolling upgrade).
ALTER TABLE idempotency_key ADD COLUMN IF NOT EXISTS claim_id uuid;
