#!/usr/bin/env bash
# Installs the Debian packages the build, the tests and the benchmarks need. Idempotent: when
# everything is present it only asks dpkg (well under a second) and installs nothing.
set -euo pipefail

packages=(
    # build (QtHttpServer's CMake package also needs the WebSockets one on Debian 12)
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-httpserver-dev qt6-websockets-dev
    qtkeychain-qt6-dev libsecret-1-0 libspdlog-dev libarchive-dev libsqlite3-dev zlib1g-dev
    # the tray's translations: lupdate/lrelease and CMake's qt_add_translations; Qt's own
    # qtbase translations, which the tray loads next to its own (issue 16 item 7)
    qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
    # tests: a real Secret Service, an X server with a tray host, screenshots
    dbus gnome-keyring xvfb xauth x11-utils trayer imagemagick xdotool
    # tests: a stand-in desktop notification service (tests/ui/fake-notification-daemon.py);
    # the include direction check (tests/check-include-directions.py)
    python3 python3-dbus python3-gi
    # a CJK font, for the tray in Chinese under Xvfb (screenshots, issue 16 item 7)
    fonts-wqy-microhei
    # a faster linker (cmake/FastLinker.cmake); fuzzing (libFuzzer) and the demo/benchmarks
    lld clang libclang-rt-14-dev curl hyperfine time unzip
    # packaging (scripts/package.sh, scripts/package-check.sh): icon renders, dpkg-shlibdeps,
    # lintian, the AppStream and desktop-entry validators, man to render the pages
    librsvg2-bin dpkg-dev file lintian appstream desktop-file-utils man-db
)

missing=()
# The compat tests (tests/compat) install the reference client with npm. Only when there is no npm
# at all: a Node.js from elsewhere (e.g. NodeSource, which bundles npm) must not meet Debian's npm.
if ! command -v npm >/dev/null 2>&1; then
    missing+=(nodejs npm)
fi
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [ "$status" = "installed" ] || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "bootstrap: all ${#packages[@]} packages present (and npm)"
    exit 0
fi

echo "bootstrap: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
install_options=(-y -qq --no-install-recommends)
if [ -n "${CI:-}" ]; then
    # A throw-away CI machine (.ci/run sets CI): dpkg need not fsync every file it unpacks, and
    # man's index need not be rebuilt after the install. Never on a developer's machine.
    install_options+=(-o Dpkg::Options::=--force-unsafe-io)
    echo "man-db man-db/auto-update boolean false" | $sudo debconf-set-selections
fi
$sudo apt-get update -qq
$sudo apt-get install "${install_options[@]}" "${missing[@]}"
