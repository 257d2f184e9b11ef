#!/usr/bin/env bash
# Quick start #2: set up, build, and run the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/build.sh
ctest --test-dir "${TEAMAI_BUILD_DIR:-build}" --output-on-failure -j "$(nproc)" "$@"
