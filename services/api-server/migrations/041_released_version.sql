-- The remote versions the site serves, as the page renderer reports them each time it reads the remotes file (the
-- live versions and an open canary's): a page view naming another version of such a remote is not one the site
-- served, and gets no token for a field report (lib/field.ts issueFieldView). last_seen lets a version that left
-- the site stop counting after a while (a visitor's tab may run it a little longer).
CREATE TABLE released_version (
  remote varchar(64) NOT NULL,
  version varchar(64) NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (remote, version)
);
