#!/usr/bin/env bash
# Makes the tray's screenshots: docs/screenshots/*.png in English and docs/screenshots/zh_CN/*.png
# in Simplified Chinese (tray-menu, commands-running, commands, ack-history, settings, first-run).
#
# Everything runs in a throw-away world: an Xvfb on a free display (-displayfd), trayer as the
# system tray, the bundled development backend on 127.0.0.1 with a few commands queued, and a
# temporary HOME (never the real one; no session bus, so no keychain and no notifications).
# The tray is a copy of the built teamai-tray next to a stand-in `teamai` that prints
# `teamai history` slowly (a command that runs long enough to be seen running) and hands every
# other call to the real teamai.
#
#   scripts/screenshots.sh            # needs teamai, teamai-tray, teamai-devserver built in build/
#   TEAMAI_BUILD_DIR=other scripts/screenshots.sh
#
# Needs Xvfb, trayer, xdotool, ImageMagick (import, convert) and, for the Chinese ones, a CJK font
# (fonts-wqy-microhei); scripts/bootstrap.sh installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir=${TEAMAI_BUILD_DIR:-build}
case $build_dir in /*) ;; *) build_dir=$root/$build_dir ;; esac
bin=$build_dir/app
note() { printf 'screenshots.sh: %s\n' "$*" >&2; }

for tool in Xvfb trayer xdotool import convert; do
    command -v "$tool" >/dev/null || { note "$tool is missing (scripts/bootstrap.sh installs it)"; exit 1; }
done
for program in teamai/teamai teamai/teamai-tray teamai-devserver/teamai-devserver; do
    [ -x "$bin/$program" ] || { note "build it first: cmake --build $build_dir --target teamai teamai-tray teamai-devserver"; exit 1; }
done
fc-list :lang=zh | grep -q . || note "no Chinese font (fonts-wqy-microhei): the zh_CN screenshots would show boxes"

work=$(mktemp -d)
pids=()
cleanup() {
    local pid
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# Nothing of the user's session: no real HOME, bus, Wayland, proxy or token.
unset DBUS_SESSION_BUS_ADDRESS WAYLAND_DISPLAY SESSION_MANAGER TEAMAI_TOKEN TEAMAI_DISABLE_REMOTE_CMD TEAMAI_ENDPOINT
# LANGUAGE and LANG choose the tray's language (whether or not that locale is installed).
unset LC_ALL LC_MESSAGES
# xdotool reads the windows' UTF-8 titles only in a UTF-8 locale that exists.
xdo() { LC_ALL=C.UTF-8 xdotool "$@"; }
export NO_PROXY='*' no_proxy='*' QT_QPA_PLATFORM=xcb XDG_RUNTIME_DIR=$work/run
mkdir -m 700 "$work/run"

width=1280 height=1200
Xvfb -displayfd 3 -screen 0 "${width}x${height}x24" -nolisten tcp 3>"$work/display" 2>/dev/null &
pids+=($!)
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { note "Xvfb did not start"; exit 1; }
export DISPLAY=:$(head -n 1 "$work/display")
trayer --edge top --align right --widthtype request --height 32 --SetDockType true --tint 0xe2e8f0 \
    --transparent true --alpha 0 >/dev/null 2>&1 &
pids+=($!)
sleep 1

# The tray and its stand-in teamai (the tray runs the `teamai` next to itself): `history` prints
# the real history a line a second, so that the command is seen running.
mkdir "$work/bin"
cp "$bin/teamai/teamai-tray" "$work/bin/teamai-tray"
cat >"$work/bin/teamai" <<EOF
#!/bin/sh
if [ "\$1" = history ]; then
    "$bin/teamai/teamai" "\$@" | while IFS= read -r line; do sleep 1; printf '%s\\n' "\$line"; done
    sleep 3
    exit 0
fi
exec "$bin/teamai/teamai" "\$@"
EOF
chmod +x "$work/bin/teamai"
tray=$work/bin/teamai-tray

use_home() {
    export HOME=$1 TEAMAI_HOME=$1/.teamai XDG_CONFIG_HOME=$1/.config XDG_DATA_HOME=$1/.local/share XDG_CACHE_HOME=$1/.cache
    mkdir -p "$HOME/.claude" "$XDG_CONFIG_HOME"
}

# find_window TITLE: the id of the window whose title starts with TITLE (Qt appends the
# application's name); waits up to 15 s. The titles are compared here, not by xdotool's regular
# expression, which misses non-ASCII titles.
find_window() {
    local id
    for _ in $(seq 75); do
        for id in $(xdo search --name . 2>/dev/null || true); do
            case "$(xdo getwindowname "$id" 2>/dev/null)" in "$1"*) echo "$id"; return 0 ;; esac
        done
        sleep 0.2
    done
    note "no window \"$1\"; the windows are:"
    xdo search --name . getwindowname %@ >&2 2>/dev/null || true
    return 1
}

# shot FILE ARGS…: import's picture, without metadata, at most 150 KB.
shot() {
    local file=$1
    shift
    import "$@" "$file"
    convert "$file" -strip "$file"
    [ "$(stat -c %s "$file")" -le 153600 ] || convert "$file" -colors 256 "PNG8:$file"
}

# tray_status FIELD: one field of the running tray's --status JSON.
tray_status() {
    "$tray" --status 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin).get('$1', ''))" 2>/dev/null || true
}

wait_for() {  # wait_for SECONDS COMMAND…: until the command succeeds
    local tries=$(($1 * 5))
    shift
    for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.2; done
    return 1
}
running() { [ "$(tray_status running)" -ge 1 ] 2>/dev/null; }
settled() { [ "$(tray_status running)" = 0 ] && [ "$(tray_status rounds)" -ge 1 ] 2>/dev/null; }

stop_tray() {
    "$tray" --quit >/dev/null 2>&1 || kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

# show_window NAME TITLE: opens one of the tray's windows; prints its X window id.
show_window() {
    "$tray" --show "$1" >/dev/null
    find_window "$2"
}

# shot_and_hide FILE ID: a picture of window ID, which is then hidden for the next one.
shot_and_hide() {
    shot "$1" -window "$2"
    xdo windowunmap "$2"
}

# shoot LANGUAGE FOLDER TITLE_COMMANDS TITLE_HISTORY TITLE_SETTINGS TITLE_FIRST_RUN
shoot() {
    local language=$1 out=$2 commands=$3 history=$4 settings=$5 first=$6
    mkdir -p "$out"
    export LANGUAGE=$language LANG=$language.UTF-8
    [ "$language" = en ] && export LANG=en_US.UTF-8

    # First start: no configuration yet, the setup dialog.
    use_home "$work/first-$language"
    "$tray" >/dev/null 2>&1 &
    local pid=$!
    local id
    id=$(find_window "$first")
    sleep 0.5
    shot "$out/first-run.png" -window "$id"
    kill "$pid"
    wait "$pid" 2>/dev/null || true

    # Set up against the devserver, whose queue holds a refused, an unsupported and a slow command
# (a successful `cmd` ends the batch, so it is the last).
    use_home "$work/home-$language"
    "$bin/teamai-devserver/teamai-devserver" --quiet --queue "$work/queue.json" >"$work/devserver-$language.out" 2>/dev/null &
    local server=$!
    pids+=("$server")
    wait_for 10 grep -q listening "$work/devserver-$language.out"
    local url
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/devserver-$language.out")
    "$bin/teamai/teamai" init --http "$url" --token dev-token --token-store file --agents claude >/dev/null 2>&1

    "$tray" >"$work/tray-$language.log" 2>&1 &
    pid=$!
    # Ask for its status only once it holds the instance lock (an earlier --status would take it).
    wait_for 30 grep -qs 'tray: icon shown' "$TEAMAI_HOME/local-agent/logs/teamai.log" || note "the tray did not start"
    wait_for 30 running || { note "no command seen running; the tray said:"; tail -n 20 "$work/tray-$language.log" >&2; }
    id=$(show_window commands "$commands")
    sleep 2.5
    shot "$out/commands-running.png" -window "$id"
    wait_for 60 settled || note "the commands did not finish"
    sleep 1
    shot_and_hide "$out/commands.png" "$id"

    id=$(show_window history "$history")
    sleep 0.5
    xdo mousemove --window "$id" 300 100 click 1  # the first row: its details below
    sleep 0.5
    shot_and_hide "$out/ack-history.png" "$id"

    id=$(show_window settings "$settings")
    sleep 1
    shot_and_hide "$out/settings.png" "$id"

    # The menu of the icon at the right end of trayer's panel.
    xdo mousemove $((width - 14)) 16 click 3
    sleep 0.8
    shot "$out/tray-menu.png" -window root -crop "500x320+$((width - 500))+0"
    convert "$out/tray-menu.png" -trim +repage "$out/tray-menu.png"  # the menu and the icon, no black around
    xdo key Escape

    stop_tray "$pid"
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

cat >"$work/queue.json" <<'EOF'
[
  {"id": 100, "type": "uninstall_teamai", "cmd": "rm -rf /tmp/teamai-screenshot-should-not-run"},
  {"id": 101, "type": "reboot_machine"},
  {"id": 102, "type": "cmd", "cmd": "teamai history --limit 10"}
]
EOF

shoot en "$root/docs/screenshots" "TeamAI Agent — Commands" "TeamAI Agent — Ack history" "TeamAI Agent — Settings" "Set up TeamAI Agent"
shoot zh_CN "$root/docs/screenshots/zh_CN" "TeamAI Agent — 命令" "TeamAI Agent — 确认历史" "TeamAI Agent — 设置" "设置 TeamAI Agent"
note "done: docs/screenshots/*.png and docs/screenshots/zh_CN/*.png"
