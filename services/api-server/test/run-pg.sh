#!/bin/sh
# Runs the server test suite against a throwaway PostgreSQL server on a loopback port, then stops it.
# Debian's postgresql package (apt-get install -y postgresql); PGBIN overrides where its programs are.
# As root the server runs as the postgres system user (runuser), otherwise as the current user.
# It FAILS (exit 1, with the reason) when PostgreSQL is missing or cannot be started: a suite that did not run
# must never look like a suite that passed.
set -u
cd "$(dirname "$0")/.."

fail() {
  echo "test:pg FAILED: $*" >&2
  exit 1
}

PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ] || [ ! -x "$PGBIN/pg_ctl" ]; then
  fail "PostgreSQL is not installed (no initdb/pg_ctl in ${PGBIN:-/usr/lib/postgresql/*/bin}); install it: apt-get install -y postgresql"
fi

if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || fail "running as root, but there is no postgres system user to run the server as"
  as_pg() { runuser -u postgres -- "$@"; }
  OWNER=postgres
else
  as_pg() { "$@"; }
  OWNER=$(id -un)
fi

PORT=${PGTEST_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
[ -n "$PORT" ] || fail "no free port for PostgreSQL"
PGDIR=$(mktemp -d /tmp/pgtest.XXXXXX) || fail "cannot create a temporary folder"
chown "$OWNER" "$PGDIR" 2>/dev/null

# The server's CPU seconds so far: the postmaster with the sessions it reaped, and its processes still running. npm
# test's figures (the shell's `times`) leave it out: pg_ctl daemonizes the server.
server_cpu() {
  pid=$(head -1 "$PGDIR/data/postmaster.pid" 2>/dev/null) && [ -n "$pid" ] || return 0
  { echo "$pid"; ps -o pid= --ppid "$pid"; } 2>/dev/null | while read -r p; do cat "/proc/$p/stat" 2>/dev/null; done |
    awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); t += $12 + $13 + $14 + $15 } END { printf "%.1f", t / hz }'
}

cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PGDIR"
}
trap cleanup EXIT INT TERM

as_pg "$PGBIN/initdb" -D "$PGDIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$PGDIR/initdb.log" 2>&1 || {
  cat "$PGDIR/initdb.log" >&2; fail "initdb could not create a PostgreSQL cluster"; }
as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PGDIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null 2>&1 || {
  cat "$PGDIR/server.log" >&2 2>/dev/null; fail "PostgreSQL could not be started on 127.0.0.1:$PORT"; }
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

# Test files given as arguments run alone (`pnpm test:pg test/instances.test.ts`); none = the whole suite, with the
# tests that need PostgreSQL itself (test/pg/: the search at 10,000 articles).
[ $# -gt 0 ] || set -- test/*.test.ts test/pg/*.test.ts
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" \
  node --import tsx --test --test-reporter=spec --test-concurrency=3 --test-timeout=600000 "$@"
status=$?
echo "PostgreSQL server: $(server_cpu) CPU-s"
exit $status
