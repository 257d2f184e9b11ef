#!/usr/bin/env bash
# Refreshes the Qt Linguist files in translations/ from the tray's sources (ui/ and
# app/teamai-tray/): new tr() strings are added as unfinished, strings no longer in the code are
# dropped. Run it after merging changes to the tray, translate what is unfinished (Qt Linguist,
# or by hand in the .ts), and commit. tests/desktop (tst_translations_complete) fails while a
# zh_CN string is untranslated. The build target `update_translations` does the same through
# CMake (qt_add_translations in translations/CMakeLists.txt).
#
#   teamai_zh_CN.ts  every string, translated into Simplified Chinese
#   teamai_en.ts     English is the source language: only the plural (%n) forms
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate=${LUPDATE:-}
if [ -z "$lupdate" ]; then
    for candidate in /usr/lib/qt6/bin/lupdate "$(command -v lupdate6 || true)" "$(command -v lupdate || true)"; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then lupdate=$candidate; break; fi
    done
fi
[ -n "$lupdate" ] || { echo "update-translations: no lupdate (Debian: qt6-l10n-tools; scripts/bootstrap.sh installs it)" >&2; exit 1; }
sources=(ui app/teamai-tray)
"$lupdate" -silent -no-obsolete -locations none -extensions cpp,h "${sources[@]}" -ts translations/teamai_zh_CN.ts
"$lupdate" -silent -no-obsolete -locations none -extensions cpp,h -pluralonly "${sources[@]}" -ts translations/teamai_en.ts
unfinished=$(grep -c 'type="unfinished"' translations/teamai_zh_CN.ts || true)
echo "update-translations: translations/teamai_zh_CN.ts has $unfinished unfinished string(s)"
