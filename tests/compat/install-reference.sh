#!/bin/sh
# Installs the reference client (teamai-cli@0.25.0) into DIR with npm, once: a later run finds it
# cached and does nothing. Used by the ctest fixture `compat_install_reference`.
# Only when npm cannot reach its registry does it print a SKIP line and exit 0; the compat tests
# then skip with the same reason. A missing npm is an error: scripts/bootstrap.sh installs it.
set -eu
dir=$1
npm=${2:-}
version=0.25.0
package="$dir/node_modules/teamai-cli/package.json"
js="$dir/node_modules/teamai-cli/dist/index.js"

if [ -f "$js" ] && grep -q "\"version\": *\"$version\"" "$package"; then
    echo "compat: reference client teamai-cli@$version cached in $dir"
    exit 0
fi
if [ -z "$npm" ] || [ ! -x "$npm" ]; then
    echo "compat: npm not found; run scripts/bootstrap.sh (installs nodejs and npm)" >&2
    exit 1
fi
if ! "$npm" ping --fetch-retries=0 --fetch-timeout=20000 >/dev/null 2>&1; then
    echo "SKIP compat: npm cannot reach its registry; the compat tests will skip"
    exit 0
fi
mkdir -p "$dir"
# --ignore-scripts: nothing from the registry runs at install time.
"$npm" install --prefix "$dir" --no-audit --no-fund --ignore-scripts --loglevel=error "teamai-cli@$version"
test -f "$js"
echo "compat: reference client teamai-cli@$version installed in $dir"
