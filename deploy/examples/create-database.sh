#!/bin/sh
# Creates the site's PostgreSQL role and database from DATABASE_URL (docs/deploy.md, section 2), as the database's
# superuser: the role logs in with the URL's password and OWNS the database (the API's first start runs
# CREATE EXTENSION pg_trgm, a trusted extension its owner may create, and its migrations there; a restore, section 8,
# creates it the same way). Run again: changes nothing but the password.
#   set -a; . /etc/site/api.env; set +a; sh deploy/examples/create-database.sh
# PSQL: how to reach the server as its superuser (default: runuser -u postgres -- psql, on the database machine;
# elsewhere e.g. PSQL="psql -h db-host -U postgres").
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set: load the API environment first (set -a; . /etc/site/api.env; set +a)}"
PSQL=${PSQL:-runuser -u postgres -- psql}
rest=${DATABASE_URL#*://}
userinfo=${rest%%@*}
role=${userinfo%%:*}
password=${userinfo#*:}
db=${rest#*/}
db=${db%%\?*}
if [ -z "$role" ] || [ "$password" = "$userinfo" ] || [ -z "$db" ] || [ "$db" = "$rest" ]; then
  echo "create-database: DATABASE_URL must be postgres://<role>:<password>@<host>:<port>/<database>" >&2
  exit 1
fi
$PSQL -X -v ON_ERROR_STOP=1 -q -d postgres -v role="$role" -v password="$password" -v db="$db" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN PASSWORD %L', :'role', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', :'db', :'role', 'UTF8')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'db', :'role') \gexec
SQL
echo "create-database: role $role owns database $db"
