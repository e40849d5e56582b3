#!/bin/sh
# The shop's nightly backup (docs/backups.md), run by deploy/heartwood-backup.service: one file per
# run under BACKUP_DIR, named by the time, then backups older than KEEP_DAYS removed. A run that
# fails leaves no file under a backup's name (it writes FILE.partial first) and prunes nothing.
#
# Settings come from the environment: the shop's own (DATABASE_URL, or DATA_DIR for PGlite) and
#   BACKUP_DIR  where the files go (default /var/backups/heartwood)
#   KEEP_DAYS   how many days of files to keep (default 14)
#   APP_DIR     the release to run it with (default /opt/heartwood/current)
set -eu

BACKUP_DIR=${BACKUP_DIR:-/var/backups/heartwood}
KEEP_DAYS=${KEEP_DAYS:-14}
APP_DIR=${APP_DIR:-/opt/heartwood/current}

file="$BACKUP_DIR/heartwood-$(date -u +%Y-%m-%dT%H%M%SZ).hwbak"
cd "$APP_DIR"
# What `npm run backup -- "$file"` runs, without npm's own files in a home folder.
"$APP_DIR/node_modules/.bin/tsx" scripts/backup.ts "$file"

# Only once tonight's file is whole: older backups past KEEP_DAYS, and partial files a crash left.
find "$BACKUP_DIR" -maxdepth 1 -type f -name 'heartwood-*.hwbak' -mtime +"$KEEP_DAYS" -print -delete
find "$BACKUP_DIR" -maxdepth 1 -type f -name 'heartwood-*.hwbak.partial' -mmin +720 -print -delete
