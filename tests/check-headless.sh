#!/bin/sh
# Fails when a headless binary loads at start-up what every agent hook would pay for in start-up
# time and memory without needing it: Qt Gui or Widgets (directly or through a dependency), or
# the libraries of the keychain and archive runtime modules (core/modules), which are loaded only
# when a keychain token or an archive is used.
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
    echo "ok: $binary is headless and loads no runtime module's library at start-up"
done
