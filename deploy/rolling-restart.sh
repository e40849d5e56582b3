#!/bin/sh
# Restarts the shop's app processes one at a time, so visitors are always served by one of them
# (docs/deploy.md, "Upgrading"): each is stopped (SIGTERM: it says "not ready", Caddy turns
# away, in-flight requests finish), started again, and the next one waits until this one is
# ready and Caddy's health check (every second, deploy/Caddyfile) has seen it.
#   sudo sh deploy/rolling-restart.sh            # ports 3001 and 3002
#   sudo sh deploy/rolling-restart.sh 3001 3002 3003
set -eu
[ "$#" -gt 0 ] || set -- 3001 3002
for port in "$@"; do
  echo "Restarting heartwood@$port"
  systemctl restart "heartwood@$port"
  tries=0
  until curl -fs -o /dev/null "http://127.0.0.1:$port/readyz"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 240 ]; then
      echo "heartwood@$port is not ready after 120 s: stopping here, the other processes still serve." >&2
      echo "See: journalctl -u heartwood@$port -n 50" >&2
      exit 1
    fi
    sleep 0.5
  done
  # One health check interval and a margin, so Caddy sends to it again before the next stops.
  sleep 2
  echo "heartwood@$port is ready"
done
