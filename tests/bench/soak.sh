#!/usr/bin/env bash
# Soak benchmarks of issue #13 (measured and reported, never asserted on time):
#   1. N hook runs with no commands in a row (default 1,000): ledger, WAL, log and errors.jsonl
#      sizes every tenth of the way, and the peak RSS of the first and last tenth of the hooks
#      (flat = no growth carried from one run to the next through files);
#   2. the same with the backend down (errors.jsonl must stay capped);
#   3. bench_claims: P processes race for the same C commands in one ledger (default 10 × 1,000):
#      every id run once, admit + claim latency p50/p99.
#
#   tests/bench/soak.sh [--hooks N] [--processes P] [--commands C]
# Binaries from the environment (TEAMAI_BIN, TEAMAI_DEVSERVER_BIN, BENCH_CLAIMS_BIN) or ./build.
# Everything runs in a throw-away HOME against a devserver on 127.0.0.1, stopped at the end.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
hooks=1000 processes=10 commands=1000
while [ $# -gt 0 ]; do
    case "$1" in
        --hooks) hooks=$2; shift ;;
        --processes) processes=$2; shift ;;
        --commands) commands=$2; shift ;;
        *) echo "usage: $0 [--hooks N] [--processes P] [--commands C]" >&2; exit 2 ;;
    esac
    shift
done
TEAMAI_BIN=${TEAMAI_BIN:-$root/build/app/teamai/teamai}
TEAMAI_DEVSERVER_BIN=${TEAMAI_DEVSERVER_BIN:-$root/build/app/teamai-devserver/teamai-devserver}
BENCH_CLAIMS_BIN=${BENCH_CLAIMS_BIN:-$root/build/tests/bench/bench_claims}

work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
export HOME=$work/home TEAMAI_HOME=$work/home/.teamai TEAMAI_POLICY_FILE=$work/no-policy.json
export NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost
unset TEAMAI_TOKEN TEAMAI_DISABLE_REMOTE_CMD
mkdir -p "$HOME/.claude"

"$TEAMAI_DEVSERVER_BIN" --quiet >"$work/devserver.out" 2>"$work/devserver.err" &
server_pid=$!
for _ in $(seq 100); do grep -q listening "$work/devserver.out" 2>/dev/null && break; sleep 0.05; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/devserver.out" | head -1)
[ -n "$url" ] || { echo "soak: devserver did not start" >&2; exit 1; }
"$TEAMAI_BIN" init --http "$url" --token dev-token --token-store file --agents claude >/dev/null

state=$TEAMAI_HOME/local-agent
size() { stat -c %s "$1" 2>/dev/null || echo 0; }
sizes() {
    printf '%6s hooks: ledger %8s B  wal %8s B  log %8s B  errors.jsonl %8s B\n' "$1" \
        "$(size "$state/ledger.db")" "$(size "$state/ledger.db-wal")" "$(du -sb "$state/logs" 2>/dev/null | cut -f1)" \
        "$(( $(size "$TEAMAI_HOME/reporter/errors.jsonl") + $(size "$TEAMAI_HOME/reporter/errors.jsonl.1") ))"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR ? a[int((NR + 1) / 2)] : 0) }'; }

hook_soak() {
    local label=$1 rss="$work/rss-$1.txt"
    : >"$rss"
    echo "== $hooks hook runs, no commands, $label"
    for i in $(seq "$hooks"); do
        /usr/bin/time -f %M -a -o "$rss" "$TEAMAI_BIN" --hook session-start --tool claude </dev/null >/dev/null 2>&1
        [ $((i % (hooks / 10 > 0 ? hooks / 10 : 1))) -eq 0 ] && sizes "$i"
    done
    local tenth=$((hooks / 10 > 0 ? hooks / 10 : 1))
    echo "   peak RSS median: first $tenth hooks $(head -n "$tenth" "$rss" | median) KiB, last $tenth $(tail -n "$tenth" "$rss" | median) KiB"
}

sizes 0
hook_soak "backend up"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
hook_soak "backend down"

echo "== $processes processes x $commands commands in one ledger"
rm -f "$state"/ledger.db*
"$BENCH_CLAIMS_BIN" --processes "$processes" --commands "$commands"
