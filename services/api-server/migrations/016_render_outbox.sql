-- The page renderer's durable change feed. A write to what visitors see adds its ContentChange rows here in
-- its own transaction (lib/render-outbox.ts), so a change is never only in memory; the renderer reads them through
-- /internal/render/* (routes/render.ts) and deletes them once the pages that show them are written.
CREATE TABLE render_outbox (
  id bigserial PRIMARY KEY,
  change jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Who renders now: one row per output (name 'pages'), taken over by another renderer once expires_at has passed.
CREATE TABLE render_lease (
  name varchar(50) PRIMARY KEY,
  holder varchar(200) NOT NULL,
  expires_at timestamptz NOT NULL
);
