#!/bin/sh
# Creates the site's PostgreSQL role and database from DATABASE_URL (docs/deploy.md, section 2), as the database's
# superuser: the role logs in with the URL's password and OWNS the database (the API's first start runs
# CREATE EXTENSION pg_trgm, a trusted extension its owner may create, and its migrations there; a restore, section 8,
# creates it the same way). Run again: changes nothing but the password.
#   set -a; . /etc/site/api.env; set +a; sh deploy/examples/create-database.sh [other-database ...]
# Other databases named as arguments are made the same way, owned by the same role (the backup's restore check,
# section 8: site_restore_check).
#
# The server is the URL's: its port (default 5432), and its host. A socket folder (libpq's ?host=/var/run/postgresql,
# or a host that starts with %2F) or a loopback host (127.0.0.1, localhost, ::1) is this machine's server: its
# superuser is reached through the socket of the URL's port as the postgres system user (peer authentication,
# Debian's default), so a cluster on 5433 works as it is (in libpq's socket folder: PGHOST when that names a folder,
# else /var/run/postgresql). Any other host is reached over TCP as the postgres role
# (its password from PGPASSWORD or ~/.pgpass).
# PSQL: how to run psql as the superuser, when neither fits (default: runuser -u postgres -- psql on this machine's
# server, psql -U postgres for another host). PGPORT is the URL's either way, PGHOST too unless the URL names a
# loopback host.
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set: load the API environment first (set -a; . /etc/site/api.env; set +a)}"
usage() {
  echo "create-database: DATABASE_URL must be postgres://<role>:<password>@<host>:<port>/<database> (host and port optional; ?host=<socket folder> allowed)" >&2
  exit 1
}
# %XX escapes of the URL's parts (a password or a socket folder may carry them).
decode() {
  s=$1 out=
  while :; do
    case $s in
      *%[0-9A-Fa-f][0-9A-Fa-f]*)
        out=$out${s%%\%*}
        s=${s#*%}
        out=$out$(printf "\\$(printf '%03o' "0x$(printf '%.2s' "$s")")")
        s=${s#??}
        ;;
      *) break ;;
    esac
  done
  printf '%s' "$out$s"
}
rest=${DATABASE_URL#*://}
[ "$rest" != "$DATABASE_URL" ] || usage
case $rest in *@*) ;; *) usage ;; esac
userinfo=${rest%%@*}
role=$(decode "${userinfo%%:*}")
[ "${userinfo#*:}" != "$userinfo" ] || usage
password=$(decode "${userinfo#*:}")
after=${rest#*@}
hostport=${after%%/*}
[ "$hostport" != "$after" ] || usage
path=${after#*/}
db=$(decode "${path%%\?*}")
query=
case $path in *\?*) query=${path#*\?} ;; esac
[ -n "$role" ] && [ -n "$db" ] || usage
# host[:port], [v6]:port
case $hostport in
  \[*) host=${hostport%%]*}; host=${host#\[}; port=${hostport#*]}; port=${port#:} ;;
  *:*) host=${hostport%:*}; port=${hostport##*:} ;;
  *) host=$hostport; port= ;;
esac
host=$(decode "$host")
# libpq's query parameters win over the authority's (?host=/socket/folder&port=5433).
oldifs=$IFS; IFS='&'
for kv in $query; do
  case $kv in
    host=*) host=$(decode "${kv#host=}") ;;
    port=*) port=${kv#port=} ;;
  esac
done
IFS=$oldifs
port=${port:-5432}
case $port in *[!0-9]*) usage ;; esac
case $host in
  /*) local_server=1; export PGHOST="$host" ;;
  # This machine's server: libpq's socket folder (PGHOST when it names one, else its built-in /var/run/postgresql).
  '' | localhost | 127.0.0.1 | ::1) local_server=1; case ${PGHOST-} in /*) ;; *) unset PGHOST ;; esac ;;
  *) local_server=0; export PGHOST="$host" ;;
esac
export PGPORT="$port"
if [ "$local_server" = 1 ]; then
  PSQL=${PSQL:-runuser -u postgres -- psql}
else
  PSQL=${PSQL:-psql -U postgres}
fi
where="port $PGPORT${PGHOST:+ of $PGHOST}"
for name in "$db" "$@"; do
  $PSQL -X -v ON_ERROR_STOP=1 -q -d postgres -v role="$role" -v password="$password" -v db="$name" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'role') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I LOGIN PASSWORD %L', :'role', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', :'db', :'role', 'UTF8')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('ALTER DATABASE %I OWNER TO %I', :'db', :'role') \gexec
SQL
  echo "create-database: role $role owns database $name (server on $where)"
done
