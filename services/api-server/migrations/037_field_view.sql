-- The page views a field report may be sent for (src/lib/field.ts): the visit entry record of a page view gets a
-- token in its answer, kept here (its SHA-256 only) with what the server knows of the view: the visitor's address,
-- the page's route and owning remote (from the entry's address and the route table) and the versions the page said
-- it runs. A report counts only with a token, which the one statement that takes it deletes (used once); a token
-- lasts a day.
CREATE TABLE field_view (
  token_hash varchar(64) PRIMARY KEY,
  ip varchar(64),
  route varchar(100) NOT NULL,
  remote varchar(64) NOT NULL,
  versions jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX field_view_created_at ON field_view (created_at);
