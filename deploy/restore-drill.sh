#!/bin/sh
# The restore drill (docs/backups.md): a backup restored into a scratch embedded database of its
# own and served on 127.0.0.1:PORT for a look, with every outside service off, so the drill can
# run from the shop's own release folder (whose .env is the live shop's settings) without
# touching the live database, mailing anyone, charging a card or pushing to Mailchimp. Ctrl-C
# ends it and removes the scratch folder.
#   sh /opt/heartwood/current/deploy/restore-drill.sh /tmp/drill.hwbak        # port 3999
#   sh /opt/heartwood/current/deploy/restore-drill.sh /tmp/drill.hwbak 4999
set -eu
FILE=$(readlink -f "${1:?usage: sh deploy/restore-drill.sh FILE [PORT]}")
PORT=${2:-3999}
cd "$(dirname "$0")/.."
DRILL=$(mktemp -d "${TMPDIR:-/tmp}/heartwood-drill.XXXXXX")
trap 'rm -rf "$DRILL"' EXIT
trap 'exit 130' INT TERM
# A variable set, even empty, wins over .env's line, and an empty setting is no setting
# (server/env-file.ts, server/config.ts): the live database and every outside service are out.
export DATABASE_URL= SMTP_URL= MAILCHIMP_API_KEY= MAILCHIMP_LIST_ID= SHIPPO_TOKEN= PUBLIC_URL= METRICS_TOKEN=
export CARDPOINTE_BASE_URL= CARDPOINTE_MERCHID= CARDPOINTE_USERNAME= CARDPOINTE_PASSWORD=
export DATA_DIR="$DRILL" PORT HOST=127.0.0.1 SEED=none NODE_ENV=production
node_modules/.bin/tsx scripts/restore.ts "$FILE"
echo "The restored shop is at http://127.0.0.1:$PORT (from another machine: ssh -L $PORT:127.0.0.1:$PORT this server)."
echo "Ctrl-C ends the drill and removes $DRILL."
sh scripts/serve.sh
