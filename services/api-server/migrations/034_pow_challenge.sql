-- Proof-of-work challenges (src/lib/pow.ts): what an SMS code and a sign-in after a refused one cost a script. Each
-- challenge is signed with a secret of its own, kept here so any API instance can check the answer; a challenge is
-- used once (the `used` flag is set by the one statement that accepts it) and lasts five minutes.
CREATE TABLE pow_challenge (
  id uuid PRIMARY KEY,
  secret varchar(64) NOT NULL,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pow_challenge_expires_at ON pow_challenge (expires_at);
