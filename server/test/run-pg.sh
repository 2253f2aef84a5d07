#!/bin/sh
# Runs the server test suite against a throwaway PostgreSQL server on a loopback port (Debian's postgresql package,
# as root), then stops it. Skips cleanly when PostgreSQL is not installed or we are not root.
set -u
cd "$(dirname "$0")/.."

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "test:pg skipped: PostgreSQL is not installed (apt-get install -y postgresql)"
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! id postgres >/dev/null 2>&1; then
  echo "test:pg skipped: needs root and the postgres system user to start a throwaway server"
  exit 0
fi

PORT=${PGTEST_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
PGDIR=$(mktemp -d /tmp/pgtest.XXXXXX)
chown postgres:postgres "$PGDIR"

cleanup() {
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PGDIR"
}
trap cleanup EXIT INT TERM

runuser -u postgres -- "$PGBIN/initdb" -D "$PGDIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null || exit 1
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PGDIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null || {
  cat "$PGDIR/server.log"; exit 1; }
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" \
  node --import tsx --test --test-concurrency=3 --test-timeout=600000 test/*.test.ts
status=$?
exit $status
