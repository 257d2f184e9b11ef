#!/bin/bash
# Writes app/teamai/teamai.order and app/teamai-tray/teamai-tray.order: the functions of each
# program that run, found with callgrind, for cmake/CodeLayout.cmake to lay out first.
#   teamai:      an idle hook (after a first one), `--version`, an idle `sync`;
#   teamai-tray: start-up, its first round and idle, on a private X server with a tray host.
# Both against teamai-devserver on 127.0.0.1, in a throw-away HOME.
# Usage: scripts/code-order.sh [build dir, default ./build]. Needs valgrind, Xvfb and trayer.
# Run it again after large changes: tests/check-code-layout.py fails once fewer than 70 % of an
# order file's names are still in the program.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
bin=$build/app/teamai
for tool in valgrind Xvfb trayer; do
    command -v "$tool" >/dev/null || { echo "code-order.sh: $tool is needed (apt-get install valgrind xvfb trayer)" >&2; exit 1; }
done
for program in "$bin/teamai" "$bin/teamai-tray" "$build/app/teamai-devserver/teamai-devserver"; do
    [ -x "$program" ] || { echo "code-order.sh: $program is missing: build first" >&2; exit 1; }
done

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

start_devserver() {
    "$build/app/teamai-devserver/teamai-devserver" --quiet >"$work/devserver.out" 2>&1 &
    pids+=($!)
    for _ in $(seq 200); do grep -q listening "$work/devserver.out" && break; sleep 0.05; done
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/devserver.out")
}

# enrol HOME: a fresh home enrolled against the devserver, its token in the file store
enrol() {
    export HOME=$1 TEAMAI_HOME=$1/.teamai XDG_CONFIG_HOME=$1/.config XDG_RUNTIME_DIR=$1/run
    mkdir -p "$HOME/.claude" "$HOME/project" "$XDG_RUNTIME_DIR"
    chmod 700 "$XDG_RUNTIME_DIR"
    "$bin/teamai" init --http "$url" --token dev-token --token-store file --agents claude >/dev/null
}

# Mangled names: the order files name symbols as the linker sees them.
callgrind=(valgrind --tool=callgrind --demangle=no)

# functions_in OBJECT-SUFFIX CALLGRIND-FILES…: the names of the functions that ran in the object
functions_in() {
    local object=$1
    shift
    awk -v object="$object" '
        function define(kind, line,    id, rest) {          # "fn=(12) name" or "fn=(12)"
            id = line; sub(/^c?(ob|fn)=\(/, "", id); sub(/\).*/, "", id)
            rest = line; sub(/^[^)]*\) ?/, "", rest)
            if (rest != "") names[kind, id] = rest
            return names[kind, id]
        }
        /^ob=/ { current = define("ob", $0); next }
        /^cob=/ { define("ob", $0); next }
        /^cfn=/ { define("fn", $0); next }
        /^fn=/ {
            name = define("fn", $0)
            if (substr(current, length(current) - length(object) + 1) == object && name ~ /^[A-Za-z_][A-Za-z0-9_.$]*$/)
                print name
        }' "$@" | sort -u
}

write_order() { # FILE DESCRIPTION < names
    local file=$1 description=$2 names
    names=$(cat)
    {
        echo "# The functions run by $description, laid out first by cmake/CodeLayout.cmake."
        echo "# Made by scripts/code-order.sh from $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "a checkout")."
        echo "$names"
    } >"$file"
    echo "code-order.sh: $(echo "$names" | wc -l) functions → ${file#"$root"/}"
}

start_devserver

# teamai
enrol "$work/hook-home"
printf '{"session_id":"order","cwd":"%s/project","hook_event_name":"SessionStart","source":"startup"}\n' "$HOME" >"$work/hook.json"
"$bin/teamai" --hook session-start --tool claude <"$work/hook.json" >/dev/null
"${callgrind[@]}" --callgrind-out-file="$work/teamai.1.cg" "$bin/teamai" --hook session-start --tool claude <"$work/hook.json" >/dev/null 2>&1
"${callgrind[@]}" --callgrind-out-file="$work/teamai.2.cg" "$bin/teamai" --version >/dev/null 2>&1
"${callgrind[@]}" --callgrind-out-file="$work/teamai.3.cg" "$bin/teamai" sync --tool claude >/dev/null 2>&1
functions_in /teamai "$work"/teamai.*.cg | write_order "$root/app/teamai/teamai.order" "teamai: an idle hook, --version and an idle sync"

# teamai-tray
enrol "$work/tray-home"
rm -f "$TEAMAI_HOME/local-agent/last-sync.json"  # init's round wrote one; the tray's will again
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.05; done
export DISPLAY=":$(head -1 "$work/display")" QT_QPA_PLATFORM=xcb
trayer --edge top --align right --SetDockType true >/dev/null 2>&1 &
pids+=($!)
sleep 0.5
"${callgrind[@]}" --callgrind-out-file="$work/tray.cg" "$bin/teamai-tray" >"$work/tray.log" 2>&1 &
tray=$!
for _ in $(seq 600); do  # its first round ends with a last sync recorded
    [ -s "$TEAMAI_HOME/local-agent/last-sync.json" ] && break
    sleep 0.1
done
sleep 5  # and some idle time
kill -TERM "$tray"
wait "$tray" || true
functions_in /teamai-tray "$work/tray.cg" | write_order "$root/app/teamai-tray/teamai-tray.order" "teamai-tray: its start-up, a first round and idle time"
