#!/bin/sh
# Upgrades the shop to a new release without stopping it (docs/deploy.md, "Upgrading"):
#   sudo sh /opt/heartwood/current/deploy/upgrade.sh            # the repository's main
#   sudo sh /opt/heartwood/current/deploy/upgrade.sh v1.4.0     # a tag, branch or commit
# 1. a backup, 2. the release checked out in a folder of its own and 3. installed and built there
# while the running release serves, 4. its scripts and styles added to the shared folder Caddy
# serves (the older release's stay), 5. `current` switched to it, 6. the processes restarted one
# at a time (deploy/rolling-restart.sh); the first to start migrates the database, and the
# migrations only add (docs/deploy.md, "The migration rule"), so the older process still serving
# meanwhile keeps working. The three newest releases are kept, for going back.
set -eu
ROOT=/opt/heartwood
REF="${1:-main}"
CURRENT=$(readlink -f "$ROOT/current")
NAME=$(date -u +%Y%m%d-%H%M%S)
NEW="$ROOT/releases/$NAME"
# Git refuses, as root, a repository another user owns: every git command runs as the shop's user.
as_shop() { runuser -u heartwood -- env HOME="$ROOT" "$@"; }
REPOSITORY=$(as_shop git -C "$CURRENT" remote get-url origin)

echo "1/6 Backing up first: /var/backups/heartwood/before-$NAME.hwbak"
install -d -o heartwood -g heartwood -m 0700 /var/backups/heartwood
as_shop sh -c "cd '$CURRENT' && npm run --silent backup -- '/var/backups/heartwood/before-$NAME.hwbak'"

echo "2/6 Checking out $REF from $REPOSITORY into $NEW"
as_shop git clone --quiet "$REPOSITORY" "$NEW"
as_shop git -C "$NEW" checkout --quiet "$REF"

echo "3/6 Installing and building (a few minutes; the shop serves meanwhile)"
as_shop ln -s /etc/heartwood/heartwood.env "$NEW/.env"
as_shop sh -c "cd '$NEW' && npm install --no-audit --no-fund && npm run build"

echo "4/6 Adding its scripts and styles to $ROOT/shared/assets"
as_shop cp -Rn "$NEW/build/client/assets/." "$ROOT/shared/assets/"

echo "5/6 Switching $ROOT/current to $NAME"
ln -sfn "$NEW" "$ROOT/current.next"
mv -T "$ROOT/current.next" "$ROOT/current"

echo "6/6 Restarting the processes one at a time"
sh "$NEW/deploy/rolling-restart.sh"

# Newest first by when each was made (the first release may have any name); never the one
# running now or the one before it.
for old in $(ls -1dt "$ROOT"/releases/* | tail -n +4); do
  [ "$old" = "$NEW" ] || [ "$old" = "$CURRENT" ] || rm -rf "$old"
done
echo "Upgraded to $NAME. The release before is $CURRENT: docs/deploy.md, 'Going back', says how to return to it."
