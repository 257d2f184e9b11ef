#!/bin/sh
# Fails when a headless binary loads Qt Gui or Widgets (directly or through a dependency): every
# agent hook would pay for it in start-up time and memory.
set -eu
for binary in "$@"; do
    if ldd "$binary" | grep -E 'libQt6(Gui|Widgets|OpenGL|Quick|Qml)' ; then
        echo "FAIL: $binary loads a Qt GUI library" >&2
        exit 1
    fi
    echo "ok: $binary is headless"
done
