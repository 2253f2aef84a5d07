-- A write is done once. A write sent with an Idempotency-Key header (IETF draft
-- httpapi-idempotency-key-header) is claimed here before it runs, and its answer is kept for 24 hours: the same key
-- and request answer the first answer again, the same key with another request is refused (422), a key whose first
-- request is still running answers 409 (lib/idempotency.ts). `scope` is the caller (a hash of the bearer token, or
-- the address of an anonymous caller), so nobody can read another caller's answer.
CREATE TABLE idempotency_key (
  scope varchar(100) NOT NULL,
  key varchar(255) NOT NULL,
  -- sha256 of the method, URL, content type and body: what "the same request" means.
  fingerprint char(64) NOT NULL,
  -- NULL while the first request runs; then the answer's HTTP status, content type and body.
  status smallint,
  content_type varchar(200),
  body text,
  -- body holds base64 (the answer was bytes, not text).
  body_base64 boolean NOT NULL DEFAULT false,
  -- While the first request runs: after this moment its instance is taken to have died, and the same request may run.
  locked_until timestamptz,
  -- Set by the write's own transaction (lib/idempotency.ts, markCommits): the write committed, whether or not its
  -- answer was kept.
  committed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_key_expires_at ON idempotency_key (expires_at);
