#!/usr/bin/env bash
# Builds the libFuzzer targets with clang in their own build folder and runs fuzz_tokenizer for
# the given number of seconds (default 60) on the checked-in seed corpus. New corpus entries go
# to a temporary folder, never into the repository; crash artifacts are kept in the build folder.
# Usage: scripts/fuzz.sh [seconds]      (TEAMAI_FUZZ_BUILD_DIR overrides ./build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build_dir=${TEAMAI_FUZZ_BUILD_DIR:-build-fuzz}
seeds=tests/fuzz/corpus/tokenizer

if [ ! -f "$build_dir/build.ninja" ]; then
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
        -DTEAMAI_BUILD_FUZZERS=ON -DTEAMAI_BUILD_TESTS=OFF -DTEAMAI_BUILD_DEVSERVER=OFF
fi
cmake --build "$build_dir" --target fuzz_tokenizer -j 2

corpus=$(mktemp -d "${TMPDIR:-/tmp}/teamai-fuzz-corpus.XXXXXX")
trap 'rm -rf "$corpus"' EXIT
artifacts="$build_dir/fuzz-artifacts/"
mkdir -p "$artifacts"

# libFuzzer writes new inputs to the first corpus folder only; the seeds are read, not changed.
"$build_dir/tests/fuzz/fuzz_tokenizer" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts" "$corpus" "$seeds"
echo "fuzz_tokenizer: no failure in ${seconds}s ($(ls "$corpus" | wc -l) new corpus entries, discarded)"
