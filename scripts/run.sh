#!/usr/bin/env bash
# Quick start #1: set up, build, and run the agent.
#
# With TEAMAI_ENDPOINT (and TEAMAI_TOKEN) set, this is the real thing: `teamai init` against that
# backend in your own HOME, then one `teamai sync`.
# Without them it is a self-contained demo: the bundled development backend on 127.0.0.1 with a
# few sample commands queued, the agent in a throw-away HOME, and a printout of what happened.
#
# What it is doing (set-up and build progress) goes to stderr; the demo itself to stdout, the same
# on every run but for times, ports and the throw-away folder (tests/desktop/run-demo-twice.sh).
# Colours and an in-place progress line only on a terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${TEAMAI_BUILD_DIR:-build}
case $build_dir in /*) ;; *) build_dir=$root/$build_dir ;; esac

bold= plain=
if [ -t 1 ]; then bold=$(printf '\033[1m') plain=$(printf '\033[0m'); fi
note() { printf '%s\n' "run.sh: $*" >&2; }

# The build's output goes to a log; the user sees a percentage from ninja's [done/total] lines
# (one line per 10 % when stderr is not a terminal), and the log's end if the build fails.
build() {
    mkdir -p "$build_dir"
    local log="$build_dir/run-build.log" status=0
    [ -f "$build_dir/build.ninja" ] || note "configuring the build in $build_dir (once)…"
    scripts/build.sh "$@" >"$log" 2>&1 &
    local pid=$!
    local tty=0
    [ -t 2 ] && tty=1
    local line n total pct last=0 shown=0
    while IFS= read -r line; do
        [[ $line =~ ^\[([0-9]+)/([0-9]+)\] ]] || continue
        n=${BASH_REMATCH[1]} total=${BASH_REMATCH[2]} pct=$((100 * n / total))
        if [ "$tty" = 1 ]; then
            printf '\r  build: %3d%% (%d/%d)' "$pct" "$n" "$total" >&2; shown=1
        elif [ $((pct / 10)) -gt "$last" ]; then
            last=$((pct / 10)); printf '  build: %3d%% (%d/%d)\n' "$pct" "$n" "$total" >&2
        fi
    done < <(tail -n +1 -f --pid="$pid" "$log" 2>/dev/null)
    [ "$shown" = 1 ] && printf '\n' >&2
    wait "$pid" || status=$?
    if [ "$status" -ne 0 ]; then
        note "the build failed; the end of $log:"
        tail -n 40 "$log" >&2
        exit "$status"
    fi
}

note "checking the Debian packages the build needs (scripts/bootstrap.sh)…"
scripts/bootstrap.sh >&2
if [ -x "$build_dir/app/teamai/teamai" ] && [ -x "$build_dir/app/teamai-devserver/teamai-devserver" ]; then
    note "bringing teamai and the development backend up to date…"
else
    note "building teamai and the development backend (the first build takes a few minutes)…"
fi
build teamai teamai-devserver
bin="$build_dir/app"
teamai="$bin/teamai/teamai"

if [ -n "${TEAMAI_ENDPOINT:-}" ]; then
    "$teamai" init --http "$TEAMAI_ENDPOINT" ${TEAMAI_TOKEN:+--token "$TEAMAI_TOKEN"}
    exec "$teamai" sync --tool "${TEAMAI_TOOL:-claude}"
fi

demo_home=$(mktemp -d)
server_out="$demo_home/devserver.out"
cleanup() {
    if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; fi
    rm -rf "$demo_home"
}
trap cleanup EXIT
export HOME="$demo_home" TEAMAI_HOME="$demo_home/.teamai"
unset TEAMAI_TOKEN TEAMAI_DISABLE_REMOTE_CMD

"$bin/teamai-devserver/teamai-devserver" --quiet --queue resources/devserver/demo-queue.json >"$server_out" &
server_pid=$!
for _ in $(seq 50); do grep -q listening "$server_out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$server_out")
# The admin API (queueing commands, reading acks) needs the per-run token printed next to the URL.
admin_token=$(sed -n 's/^teamai-devserver admin token: //p' "$server_out")
admin() { curl -s -H "X-Admin-Token: $admin_token" "$@"; }

section() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }
# A hook hands pushed `cmd` commands (and post-tool-use/stop hooks their whole round) to a
# detached `teamai worker`. Wait for it before the next step, or the next sync races it for the
# same commands: it finishes when nothing is pending or running and its lock is gone.
wait_for_worker() {
    local state="$TEAMAI_HOME/local-agent" status
    for _ in $(seq 600); do
        status=$("$teamai" status --json 2>/dev/null || true)
        if ! grep -q '"pending":[1-9]\|"running":[1-9]' <<<"$status" \
            && ! compgen -G "$state/worker-*.lock" >/dev/null && ! compgen -G "$state/report-request-*.json" >/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    echo "the background worker did not finish within a minute" >&2
    return 1
}
section "Development backend on $url with $(admin "$url/admin/commands" | grep -o '"id"' | wc -l) commands queued"
admin "$url/admin/commands"; echo
section "teamai init (throw-away HOME: $demo_home, with a ~/.claude folder to hook into)"
mkdir -p "$HOME/.claude"
"$teamai" init --http "$url" --token dev-token --token-store file
section "teamai sync --tool claude   (a successful uninstall_teamai leaves the rest for the next sync)"
"$teamai" sync --tool claude || true
section "teamai --hook session-start --tool claude   (what an agent hook runs: silent, exit 0)"
echo '{"session_id":"demo"}' | "$teamai" --hook session-start --tool claude; echo "exit status $?"
wait_for_worker
section "The backend pushes a skill and a rule; teamai sync installs them"
admin -X POST "$url/admin/commands" -H 'Content-Type: application/json' -d "[
  {\"id\": 201, \"type\": \"install_skill\", \"skill_slug\": \"pdf\", \"download_url\": \"$url/download/skill/pdf.zip?name=pdf-tools&version=1.2.0\"},
  {\"id\": 202, \"type\": \"install_rule\", \"rule_slug\": \"code-style\", \"download_url\": \"$url/download/rule/code-style.md?version=3\"},
  {\"id\": 203, \"type\": \"install_skill\", \"skill_slug\": \"evil\", \"download_url\": \"$url/download/skill/evil.zip?evil=dotdot\"}]" >/dev/null
"$teamai" sync --tool claude || true
(cd "$HOME" && find .claude -type f | sort)
section "The backend pushes an MCP server; teamai sync adds it to ~/.claude.json (the user's own server stays)"
printf '{\n  "mcpServers": {\n    "my-notes": {\n      "command": "notes-mcp"\n    }\n  }\n}\n' >"$HOME/.claude.json"
admin -X POST "$url/admin/commands" -H 'Content-Type: application/json' -d '[
  {"id": 301, "type": "install_mcp", "slug": "filesystem", "scope": "user", "version": "1.0",
   "mcp_config": {"transport": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}},
  {"id": 302, "type": "install_mcp", "slug": "my-notes", "scope": "user",
   "mcp_config": {"transport": "stdio", "command": "evil"}}]' >/dev/null
"$teamai" sync --tool claude || true
cat "$HOME/.claude.json"
section "The backend pushes a model configuration; teamai sync points claude at a gateway on 127.0.0.1"
# `cmd` is a JSON string holding the models; the API key is written to ~/.claude/settings.json
# (owner-only) and nowhere else: not the log, not the ledger (shown masked here).
admin -X POST "$url/admin/commands" -H 'Content-Type: application/json' -d @- >/dev/null <<'JSON'
{"id": 204, "type": "apply_model_config", "cmd": "{\"models\": [{\"provider\": \"demo\", \"model_id\": \"demo-large\", \"name\": \"Demo Large\", \"base_url\": \"http://127.0.0.1:4000/v1\", \"api_key\": \"sk-demo-not-a-real-key\"}]}"}
JSON
"$teamai" sync --tool claude || true
sed -n '/"env"/,/}/p' "$HOME/.claude/settings.json" | sed 's/\("ANTHROPIC_AUTH_TOKEN": "\)[^"]*/\1***/'
section "teamai history"
"$teamai" history --limit 20
section "Acknowledgements the backend received"
admin "$url/admin/acks" | sed 's/},{/},\n{/g'; echo
section "teamai status"
"$teamai" status
for f in /tmp/teamai-demo-should-not-exist "$demo_home/evil.txt" "$HOME/.claude/evil.txt"; do
    [ -e "$f" ] && echo "UNEXPECTED: $f exists" && exit 1
done
echo
echo "Done. Nothing outside $demo_home was touched; it is removed now."
