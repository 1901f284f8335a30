#!/usr/bin/env bash
# make demo: start the bundled sandbox API server on 127.0.0.1, open the reader on examples/demo.yaml
# (all four built-in adapters), and stop the server when the reader quits. No network, no token, and a
# store of the demo's own in a temporary directory (removed on quit): nothing the demo does is seen later
# under the user's configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
log="$(mktemp)"
state="$(mktemp -d)"
"$bin/riffle-sandbox" --port 0 >"$log" 2>&1 &
sandbox=$!
trap 'kill "$sandbox" 2>/dev/null; wait "$sandbox" 2>/dev/null; rm -rf "$log" "$state"' EXIT INT TERM
for _ in $(seq 1 100); do
  grep -q "listening on" "$log" && break
  kill -0 "$sandbox" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
url="$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$log")"
[ -n "$url" ] || { echo "demo: the sandbox did not start" >&2; cat "$log" >&2; exit 1; }
echo "demo: sandbox at $url (GitLab, SpaceX and GraphQL APIs and web feeds with generated data)" >&2
RIFFLE_SANDBOX="$url" RIFFLE_DEMO_STORE="$state/store.sqlite" SANDBOX_TOKEN="${SANDBOX_TOKEN:-sandbox-token}" \
  "$bin/riffle" --config examples/demo.yaml "$@"
