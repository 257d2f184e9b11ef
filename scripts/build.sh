#!/usr/bin/env bash
# Configures (once) and builds into ./build. Extra arguments are ninja targets.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${TEAMAI_BUILD_DIR:-build}
if [ ! -f "$build_dir/build.ninja" ]; then
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTEAMAI_WARNINGS_AS_ERRORS=ON
fi
cmake --build "$build_dir" -j "$(nproc)" ${1:+--target "$@"}
