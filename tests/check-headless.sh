#!/bin/sh
# Fails when a headless binary loads at start-up what every agent hook would pay for in start-up
# time and memory without needing it: Qt Gui or Widgets (directly or through a dependency), or
# the libraries of the keychain and archive runtime modules (core/ondemand), which are loaded only
# when a keychain token or an archive is used. Also fails on a library search path built into
# the binary (RPATH/RUNPATH): the dynamic linker would probe it for every library at every start,
# and an empty entry in it means the current folder — the agent's project, for a hook.
set -eu
for binary in "$@"; do
    loaded=$(ldd "$binary")
    if echo "$loaded" | grep -E 'libQt6(Gui|Widgets|OpenGL|Quick|Qml)'; then
        echo "FAIL: $binary loads a Qt GUI library" >&2
        exit 1
    fi
    if echo "$loaded" | grep -E 'libqt6keychain|libarchive|libQt6DBus'; then
        echo "FAIL: $binary loads a runtime module's library at start-up" >&2
        exit 1
    fi
    if readelf -d "$binary" | grep -E '\((RPATH|RUNPATH)\)'; then
        echo "FAIL: $binary carries a library search path" >&2
        exit 1
    fi
    echo "ok: $binary is headless, loads no runtime module's library at start-up and has no search path"
done
