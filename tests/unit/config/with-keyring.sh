#!/bin/sh
# Runs one program against a real Secret Service: a private D-Bus session bus with an unlocked
# gnome-keyring, in a throwaway HOME and XDG_RUNTIME_DIR (0700, on tmpfs when /dev/shm is one)
# so no real keyring is touched.
# Everything it starts is stopped and the folders are removed when the program ends.
#
# Usage: with-keyring.sh <program> [args…]
# Exit status: the program's; 77 (CTest SKIP_RETURN_CODE) when the tools are not installed.
set -u

for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "with-keyring.sh: $tool is not installed; skipping" >&2
        exit 77
    fi
done
if [ $# -lt 1 ]; then
    echo "usage: with-keyring.sh <program> [args...]" >&2
    exit 2
fi

root=$(mktemp -d "${TMPDIR:-/tmp}/teamai-keyring.XXXXXX") || exit 1
chmod 700 "$root"
mkdir -m 700 "$root/home" || exit 1
# The runtime folder in memory when /dev/shm is a tmpfs, like a login session's /run/user/UID:
# the session token cache (core/config/TokenCache) is used only there.
runtime="$root/runtime"
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ]; then
    runtime=$(mktemp -d /dev/shm/teamai-keyring-runtime.XXXXXX) || exit 1
else
    mkdir -m 700 "$runtime" || exit 1
fi
chmod 700 "$runtime"
trap 'rm -rf "$root" "$runtime"' EXIT

HOME="$root/home"
XDG_RUNTIME_DIR="$runtime"
TEAMAI_KEYRING_WRAPPED=1
export HOME XDG_RUNTIME_DIR TEAMAI_KEYRING_WRAPPED
# Only the private bus below may be used; no X11 autolaunch, no inherited keyring.
unset DBUS_SESSION_BUS_ADDRESS DISPLAY GNOME_KEYRING_CONTROL

# Inside the session: start the daemon in the foreground (so its PID is known and it can be
# stopped), wait until it owns org.freedesktop.secrets (else the bus would activate a second
# one), run the program, stop the daemon.
dbus-run-session -- sh -c '
    printf %s pass | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
    daemon=$!
    ready=0
    i=0
    while [ $i -lt 100 ]; do
        if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
               org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
               | grep -q "boolean true"; then
            ready=1
            break
        fi
        sleep 0.05
        i=$((i + 1))
    done
    if [ $ready -ne 1 ]; then
        echo "with-keyring.sh: gnome-keyring-daemon did not start" >&2
        kill $daemon 2>/dev/null
        wait $daemon 2>/dev/null
        exit 1
    fi
    "$@"
    status=$?
    kill $daemon 2>/dev/null
    wait $daemon 2>/dev/null
    exit $status
' with-keyring "$@"
