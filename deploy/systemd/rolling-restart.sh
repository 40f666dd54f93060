#!/usr/bin/env bash
# Restarts the shop's instances one at a time (docs/operations.md "Upgrading"): each is stopped
# gracefully (SIGTERM drains its requests; nginx sends new ones to the others), started on the
# release `current` now points at, and must answer /api/health/ready before the next one goes.
#   deploy/systemd/rolling-restart.sh 3000 3001
set -euo pipefail
readonly READY_WAIT_S=300

for port in "$@"; do
  echo "restarting kangyuan-shop@${port}"
  systemctl restart "kangyuan-shop@${port}"
  waited=0
  until curl -fsS -o /dev/null "http://127.0.0.1:${port}/api/health/ready"; do
    if [ "$waited" -ge "$READY_WAIT_S" ]; then
      echo "kangyuan-shop@${port} is not ready after ${READY_WAIT_S}s: stopping here; the others still serve the old release." >&2
      exit 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  echo "kangyuan-shop@${port} ready"
done
