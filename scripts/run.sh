#!/usr/bin/env bash
# Quick start #1: set up, build, and run the agent.
#
# With TEAMAI_ENDPOINT (and TEAMAI_TOKEN) set, this is the real thing: `teamai init` against that
# backend in your own HOME, then one `teamai sync`.
# Without them it is a self-contained demo: the bundled development backend on 127.0.0.1 with a
# few sample commands queued, the agent in a throw-away HOME, and a printout of what happened.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scripts/bootstrap.sh >/dev/null
scripts/build.sh teamai teamai-devserver >/dev/null
bin="$root/${TEAMAI_BUILD_DIR:-build}/app"
teamai="$bin/teamai/teamai"

if [ -n "${TEAMAI_ENDPOINT:-}" ]; then
    "$teamai" init --http "$TEAMAI_ENDPOINT" ${TEAMAI_TOKEN:+--token "$TEAMAI_TOKEN"}
    exec "$teamai" sync --tool "${TEAMAI_TOOL:-claude}"
fi

demo_home=$(mktemp -d)
server_out="$demo_home/devserver.out"
cleanup() {
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$demo_home"
}
trap cleanup EXIT
export HOME="$demo_home" TEAMAI_HOME="$demo_home/.teamai"
unset TEAMAI_TOKEN TEAMAI_DISABLE_REMOTE_CMD

"$bin/teamai-devserver/teamai-devserver" --quiet --queue resources/devserver/demo-queue.json >"$server_out" &
server_pid=$!
for _ in $(seq 50); do grep -q listening "$server_out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$server_out")

section() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
section "Development backend on $url with $(curl -s "$url/admin/commands" | grep -o '"id"' | wc -l) commands queued"
curl -s "$url/admin/commands"; echo
section "teamai init (throw-away HOME: $demo_home)"
"$teamai" init --http "$url" --token dev-token --token-store file
section "teamai sync --tool claude   (a successful uninstall_teamai leaves the rest for the next sync)"
"$teamai" sync --tool claude || true
section "teamai --hook session-start --tool claude   (what an agent hook runs: silent, exit 0)"
echo '{"session_id":"demo"}' | "$teamai" --hook session-start --tool claude; echo "exit status $?"
section "teamai sync --tool claude   (nothing left)"
"$teamai" sync --tool claude || true
section "Acknowledgements the backend received"
curl -s "$url/admin/acks" | sed 's/},{/},\n{/g'; echo
section "teamai status"
"$teamai" status
for f in /tmp/teamai-demo-should-not-exist; do
    [ -e "$f" ] && echo "UNEXPECTED: $f exists" && exit 1
done
echo
echo "Done. Nothing outside $demo_home was touched; it is removed now."
