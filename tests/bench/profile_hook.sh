#!/usr/bin/env bash
# Where an idle hook's instructions go: one `teamai --hook session-start --tool claude` under
# valgrind's callgrind, in a HOME set up as compare.sh sets up its hook row (teamai init --http
# against a teamai-devserver on 127.0.0.1, token in the file store, a first hook already run).
# Instruction counts do not depend on the machine's load, so this is how to compare two builds on
# a busy machine (docs/performance.md, "2026-12-04: the hook, second round").
#
#   tests/bench/profile_hook.sh [--build-dir DIR] [--out DIR] [--runs N]
#
#   --build-dir DIR  where teamai, teamai-devserver and tests/bench/bench_slow_clock.so are
#                    (default: <repo>/build)
#   --out DIR        keep the callgrind files there (default: a temporary folder, removed)
#   --runs N         profiled hooks (default 1; the instruction counts repeat to ±0.1 %)
#
# Prints per run: instructions in all, in the dynamic linker (_dl_start), in main(), in Qt's
# network thread; the largest functions of ours (inclusive); then the page faults (perf stat, when
# it can count them) and the dynamic linker's relocation counts (LD_DEBUG=statistics) of a native
# run. Under valgrind a hook is ~100× slower than natively: bench_slow_clock.so (preloaded) slows
# CLOCK_MONOTONIC 20× so that the hook's budgets do not run out; it adds about 0.3 M instructions
# to the dynamic linker's count.
#
# Needs: valgrind (with callgrind_annotate); perf is optional.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build_dir=$root/build out="" runs=1
while [ $# -gt 0 ]; do
    case "$1" in
        --build-dir) build_dir=$2; shift ;;
        --out) out=$2; shift ;;
        --runs) runs=$2; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "profile_hook.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
teamai=$build_dir/app/teamai/teamai
devserver=$build_dir/app/teamai-devserver/teamai-devserver
clock=$build_dir/tests/bench/bench_slow_clock.so
for f in "$teamai" "$devserver" "$clock"; do
    [ -e "$f" ] || { echo "profile_hook.sh: missing $f (build teamai, teamai-devserver and bench_slow_clock)" >&2; exit 1; }
done
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null \
    || { echo "profile_hook.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/teamai-profile.XXXXXX")
chmod 700 "$work"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
out=${out:-$work/out}
mkdir -p "$out"

# The same surroundings as compare.sh: no credentials, no desktop session, proxies pointed at a
# closed port with 127.0.0.1 exempt, no admin policy.
unset TEAMAI_TOKEN TEAMAI_API_TOKEN TEAMAI_API_KEY TEAMAI_ENDPOINT TEAMAI_HTTP_ENDPOINT TEAMAI_LOCAL_AGENT_ID \
      DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY LD_PRELOAD
export HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 ALL_PROXY=http://127.0.0.1:9
export http_proxy=$HTTP_PROXY https_proxy=$HTTPS_PROXY all_proxy=$ALL_PROXY
export NO_PROXY=127.0.0.1,localhost no_proxy=127.0.0.1,localhost LC_ALL=C.UTF-8
export TEAMAI_POLICY_FILE=$work/no-policy.json
export HOME=$work/home TEAMAI_HOME=$work/home/.teamai

"$devserver" --quiet >"$work/devserver.out" 2>"$work/devserver.err" &
server_pid=$!
for _ in $(seq 100); do grep -q listening "$work/devserver.out" 2>/dev/null && break; sleep 0.05; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/devserver.out" || true)
[ -n "$url" ] || { echo "profile_hook.sh: teamai-devserver did not start: $(cat "$work/devserver.err")" >&2; exit 1; }
mkdir -p "$HOME/.claude" "$HOME/project"
"$teamai" init --http "$url" --token dev-token --token-store file --agents claude >"$work/init.log" 2>&1 \
    || { echo "profile_hook.sh: teamai init failed: $(tail -2 "$work/init.log")" >&2; exit 1; }
printf '{"session_id":"bench","cwd":"%s/project","hook_event_name":"SessionStart","source":"startup"}\n' "$HOME" >"$work/hook.json"
hook=("$teamai" --hook session-start --tool claude)
"${hook[@]}" <"$work/hook.json" >/dev/null  # the first hook migrates the ledger and writes first-run files

inclusive() { # FILE PATTERN → the first inclusive count whose line matches
    callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$1" 2>/dev/null | grep -m1 -F -- "$2" | awk '{ gsub(",", "", $1); print $1 }'
}
for i in $(seq "$runs"); do
    file=$out/callgrind.hook.$i
    LD_PRELOAD=$clock valgrind --tool=callgrind --callgrind-out-file="$file" "${hook[@]}" <"$work/hook.json" >/dev/null 2>"$file.log"
    total=$(grep -m1 '^totals:' "$file" | awk '{ print $2 }')
    printf 'run %d: %s instructions; dynamic linker %s, main() %s, network thread %s\n' "$i" "$total" \
        "$(inclusive "$file" 'rtld.c:_dl_start ')" "$(inclusive "$file" 'main.cpp:main')" "$(inclusive "$file" 'pthread_create.c:start_thread')"
done
echo "largest functions of ours (inclusive, last run):"
callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$file" 2>/dev/null | grep 'teamai::' | grep -v '^ *[0-9,]* ([ 0-9.]*%)  /usr/include' \
    | sed -E 's#/[^ ]*/(core|app)/#\1/#; s# \[[^]]*\]$##' | head -25
if command -v perf >/dev/null && perf stat -e page-faults true >/dev/null 2>&1; then
    faults=$(perf stat -x, -r 10 -e page-faults "${hook[@]}" <"$work/hook.json" 2>&1 >/dev/null | grep page-faults | cut -d, -f1)
    echo "page faults (native, mean of 10): $faults"
fi
echo "dynamic linker (native):"
LD_DEBUG=statistics "${hook[@]}" <"$work/hook.json" 2>&1 >/dev/null | grep -E 'number of relocations:|relative relocations' | head -2 | sed 's/^[^:]*:[[:space:]]*/  /'
[ "$out" = "$work/out" ] || echo "callgrind files: $out"
