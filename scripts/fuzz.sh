#!/usr/bin/env bash
# Builds the libFuzzer targets (ASan + UBSan, clang) once in their own build folder and runs them
# for a bounded time on the checked-in seed corpora (tests/fuzz/corpus/<target>/, plus
# tests/fuzz/<target>.dict when present). New corpus entries go to a temporary folder, never into
# the repository; crash artifacts are kept in <build>/fuzz-artifacts/<target>-*.
# Usage:
#   scripts/fuzz.sh [seconds]               build, then run every target for <seconds> (default 60) each
#   scripts/fuzz.sh build                   build only (ctest's fuzz_build fixture)
#   scripts/fuzz.sh run <target> [seconds]  run one built target: tokenizer, command, names, mcpfiles, modelconfig, mcpframing or http1answer
# TEAMAI_FUZZ_BUILD_DIR overrides ./build-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${TEAMAI_FUZZ_BUILD_DIR:-build-fuzz}
targets=(tokenizer command names mcpfiles modelconfig mcpframing)
temporary=()
trap 'rm -rf "${temporary[@]}"' EXIT

build() {
    if [ ! -f "$build_dir/build.ninja" ]; then
        cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
            -DTEAMAI_BUILD_FUZZERS=ON -DTEAMAI_BUILD_TESTS=OFF -DTEAMAI_BUILD_DEVSERVER=OFF
    fi
    cmake --build "$build_dir" --target fuzzers -j 2
}

run() {
    local target=$1 seconds=${2:-60}
    local binary="$build_dir/tests/fuzz/fuzz_$target" seeds="tests/fuzz/corpus/$target"
    if [ ! -x "$binary" ] || [ ! -d "$seeds" ]; then
        echo "fuzz.sh: no target '$target' (built? run 'scripts/fuzz.sh build' first)" >&2
        return 2
    fi
    local corpus
    corpus=$(mktemp -d "${TMPDIR:-/tmp}/teamai-fuzz-$target.XXXXXX")
    temporary+=("$corpus")
    local artifacts="$build_dir/fuzz-artifacts"
    mkdir -p "$artifacts"
    local dict=()
    [ -f "tests/fuzz/$target.dict" ] && dict=(-dict="tests/fuzz/$target.dict")

    # libFuzzer writes new inputs to the first corpus folder only; the seeds are read, not changed.
    "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$artifacts/$target-" "${dict[@]}" "$corpus" "$seeds"
    echo "fuzz_$target: no failure in ${seconds}s ($(ls "$corpus" | wc -l) new corpus entries, discarded)"
}

case "${1:-}" in
    build) build ;;
    run) shift; [ $# -ge 1 ] || { echo "usage: scripts/fuzz.sh run <target> [seconds]" >&2; exit 2; }; run "$@" ;;
    *)
        build
        for target in "${targets[@]}"; do
            run "$target" "${1:-60}"
        done
        ;;
esac
