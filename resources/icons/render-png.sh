#!/usr/bin/env bash
# Renders the SVG icons to the PNG sizes the tray uses where Qt has no SVG image plugin
# (qt6-svg is not a dependency). Run after editing an SVG and commit the PNGs with it.
# Needs rsvg-convert (Debian: librsvg2-bin); a development-time tool only.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p png
render() { # svg sizes…
    local svg=$1 name=${1%.svg}
    shift
    for size in "$@"; do
        rsvg-convert -w "$size" -h "$size" -o "png/$name-$size.png" "$svg"
    done
}
render teamai.svg 16 22 24 32 48 64 128
render teamai-symbolic.svg 16 22 24 32 48 64
for svg in tray-*.svg; do
    render "$svg" 16 22 24 32 48 64
done
echo "rendered $(ls png | wc -l) PNG files into $(pwd)/png"
