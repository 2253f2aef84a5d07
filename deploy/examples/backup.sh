#!/bin/sh
# The site's backup, proved (docs/deploy.md, section 8): the database dumped (pg_dump), the bucket copied
# (bucket-copy.cjs), then the dump restored into a scratch database to show it restores, and the time it last worked
# recorded twice: <BACKUP>/last-success (a line: the time, the dump's size, the articles restored) and, for
# Prometheus, site_backup_last_success_timestamp_seconds in node-exporter's textfile folder (alert-rules.yml
# SiteBackupStale). Any step that fails stops it with a non-zero status (systemd marks site-backup.service failed)
# and leaves both records as they were.
#   set -a; . /etc/site/api.env; set +a; sh deploy/examples/backup.sh
# Run daily by site-backup.timer. Settings (environment):
#   BACKUP                 the folder (default /var/backups/site/latest; the dump and the bucket's copy are replaced)
#   BACKUP_CHECK_DATABASE  the scratch database, owned by the site's role (default <database>_restore_check; made once
#                          by create-database.sh <name>); everything in it is replaced by each check
#   BACKUP_TEXTFILE_DIR    node-exporter's textfile folder (default /var/lib/prometheus/node-exporter; empty: none)
set -eu
: "${DATABASE_URL:?DATABASE_URL is not set: load the API environment first (set -a; . /etc/site/api.env; set +a)}"
BACKUP=${BACKUP:-/var/backups/site/latest}
TEXTFILE_DIR=${BACKUP_TEXTFILE_DIR-/var/lib/prometheus/node-exporter}
here=$(dirname "$0")
# The scratch database's URL: the site's, another database name (same role, password, server and parameters).
base=${DATABASE_URL%%\?*}
params=${DATABASE_URL#"$base"}
db=${base##*/}
check_db=${BACKUP_CHECK_DATABASE:-${db}_restore_check}
check_url=${base%/*}/$check_db$params
[ "$check_db" != "$db" ] || { echo "backup: BACKUP_CHECK_DATABASE must not be the site's own database ($db)" >&2; exit 1; }

install -d -m 700 "$BACKUP"
# The dump first (an upload between the two is in the copy without a row naming it: harmless; the reverse is not).
pg_dump --format=custom --no-owner --no-privileges --file="$BACKUP/site.dump.part" "$DATABASE_URL"
mv "$BACKUP/site.dump.part" "$BACKUP/site.dump"
node "$here/bucket-copy.cjs" s3 "$BACKUP/bucket"

# The proof: the dump restored whole (one transaction, stopping at the first error) over the scratch database's last
# check, and the site's articles there.
pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$check_url" "$BACKUP/site.dump"
articles=$(psql -X -A -t -q -v ON_ERROR_STOP=1 -d "$check_url" -c 'SELECT count(*) FROM article')

now=$(date +%s)
size=$(wc -c <"$BACKUP/site.dump" | tr -d ' ')
printf '%s dump_bytes=%s articles_restored=%s check_database=%s\n' "$(date -u -d "@$now" +%Y-%m-%dT%H:%M:%SZ)" "$size" "$articles" "$check_db" >"$BACKUP/last-success.part"
mv "$BACKUP/last-success.part" "$BACKUP/last-success"
if [ -n "$TEXTFILE_DIR" ]; then
  install -d "$TEXTFILE_DIR"
  # Written beside it, then renamed: node-exporter never reads half a file.
  cat >"$TEXTFILE_DIR/site_backup.prom.$$" <<PROM
# HELP site_backup_last_success_timestamp_seconds When deploy/examples/backup.sh last dumped, copied and restored the site.
# TYPE site_backup_last_success_timestamp_seconds gauge
site_backup_last_success_timestamp_seconds $now
# HELP site_backup_dump_bytes Size of the last proved dump.
# TYPE site_backup_dump_bytes gauge
site_backup_dump_bytes $size
PROM
  mv "$TEXTFILE_DIR/site_backup.prom.$$" "$TEXTFILE_DIR/site_backup.prom"
fi
echo "backup: $BACKUP/site.dump ($size bytes) and $BACKUP/bucket; restored into $check_db: $articles articles"
