#!/usr/bin/env bash
# Runs the official UCP conformance suite against the demo store in conformance mode
# (docs/ucp.md, "Conformance mode"). Not part of `npm test`: the suite needs Python (its runner
# makes a venv with pip on first use).
#
#   scripts/ucp-conformance.sh [SUITE_DIR] [run-conformance.sh options…]
#   npm run conformance:ucp -- [SUITE_DIR] [options…]
#
# SUITE_DIR is the folder of run-conformance.sh (default ../shared/ucp-conformance beside the
# repository). The store runs from the sources on a free loopback port with a throw-away state
# folder, and is stopped whatever happens. The last line is the suite's:
#   conformance: N passed, N failed, N skipped
set -uo pipefail

ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
SUITE_DIR="${1:-$ROOT/../shared/ucp-conformance}"
[ $# -gt 0 ] && shift
SECRET="conformance-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
STATE_DIR="$(mktemp -d "${TMPDIR:-/tmp}/verity-ucp-conformance.XXXXXX")"
LOG="$STATE_DIR/store.log"
STORE_PID=""

stop_store() {
  if [ -n "$STORE_PID" ] && kill -0 "$STORE_PID" 2>/dev/null; then
    kill -TERM "$STORE_PID" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$STORE_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$STORE_PID" 2>/dev/null
    wait "$STORE_PID" 2>/dev/null
  fi
  rm -rf "$STATE_DIR"
}
trap stop_store EXIT
trap 'exit 130' INT TERM

[ -x "$SUITE_DIR/run-conformance.sh" ] || { echo "ucp-conformance: no run-conformance.sh in $SUITE_DIR" >&2; echo "conformance: 0 passed, 1 failed, 0 skipped"; exit 2; }

cd "$ROOT" || exit 2
node --conditions=verity-source --import tsx packages/store/scripts/serveStore.ts \
  --host 127.0.0.1 --port 0 --conformance --simulation-secret "$SECRET" \
  --state-dir "$STATE_DIR/state" --payee-key-file "$STATE_DIR/payee.json" --log-level warn > "$LOG" 2>&1 &
STORE_PID=$!

URL=""
for _ in $(seq 1 300); do
  URL="$(sed -n 's/^store: listening on \(http[^ ]*\)$/\1/p' "$LOG" | head -1)"
  [ -n "$URL" ] && break
  kill -0 "$STORE_PID" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$URL" ]; then
  echo "ucp-conformance: the store did not start:" >&2; cat "$LOG" >&2
  echo "conformance: 0 passed, 1 failed, 0 skipped"; exit 2
fi
echo "ucp-conformance: store in conformance mode at $URL (suite: $SUITE_DIR)" >&2

"$SUITE_DIR/run-conformance.sh" --server-url "$URL" --simulation-secret "$SECRET" "$@"
