#!/usr/bin/env bash
# Builds the Debian package with CPack: <build dir>/package/teamai_<version>-<release>_<arch>.deb.
# Builds what the package holds first (configuring ./build once, as scripts/build.sh does), from
# a release build only. The last line printed is the package's path.
# Usage: scripts/package.sh [GENERATOR]     (default DEB; TEAMAI_BUILD_DIR overrides ./build)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${TEAMAI_BUILD_DIR:-build}
generator=${1:-DEB}

# Configure if needed, then build the programs, icons, man pages… (nothing of the test suite).
scripts/build.sh teamai-packaging-files >&2

build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
case $build_type in
    Release|RelWithDebInfo|MinSizeRel) ;;
    *) echo "package.sh: $build_dir is a '$build_type' build; packages come from Release or RelWithDebInfo builds" >&2
       exit 1 ;;
esac

out_dir=$(cd "$build_dir" && pwd)/package
mkdir -p "$out_dir"
case $generator in
    DEB) pattern='teamai_*.deb' ;;
    RPM) pattern='teamai-*.rpm' ;;
    *)   pattern='teamai*' ;;
esac
# Never hand back a package left from an earlier version or build.
find "$out_dir" -maxdepth 1 -type f -name "$pattern" -delete
(cd "$build_dir" && cpack -G "$generator" -B "$out_dir") >&2

package=$(find "$out_dir" -maxdepth 1 -type f -name "$pattern" ! -name '*.sha256' | head -n 1)
if [ -z "$package" ]; then
    echo "package.sh: cpack made no $generator package in $out_dir" >&2
    exit 1
fi
echo "$package"
