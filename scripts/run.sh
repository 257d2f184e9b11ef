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
# The admin API (queueing commands, reading acks) needs the per-run token printed next to the URL.
admin_token=$(sed -n 's/^teamai-devserver admin token: //p' "$server_out")
admin() { curl -s -H "X-Admin-Token: $admin_token" "$@"; }

section() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
section "Development backend on $url with $(admin "$url/admin/commands" | grep -o '"id"' | wc -l) commands queued"
admin "$url/admin/commands"; echo
section "teamai init (throw-away HOME: $demo_home, with a ~/.claude folder to hook into)"
mkdir -p "$HOME/.claude"
"$teamai" init --http "$url" --token dev-token --token-store file
section "teamai sync --tool claude   (a successful uninstall_teamai leaves the rest for the next sync)"
"$teamai" sync --tool claude || true
section "teamai --hook session-start --tool claude   (what an agent hook runs: silent, exit 0)"
echo '{"session_id":"demo"}' | "$teamai" --hook session-start --tool claude; echo "exit status $?"
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
