#!/usr/bin/env python3
"""Fails when platform code sits outside a platform file (docs/architecture.md, "Platform code").

A preprocessor conditional on the platform (`#if`, `#ifdef`, `#ifndef`, `#elif` naming Q_OS_*,
_WIN32, _WIN64, __linux__, __APPLE__, __MACH__ or __unix__) may appear only in a file whose name
ends in `_posix`, `_linux`, `_mac` or `_win` (before `.cpp`/`.h`), under core/, ui/ or app/. Those
files are chosen by the CMakeLists.txt of their folder, so each one must be named in a
CMakeLists.txt under the same top folder; a platform file CMake never names is reported too.

    check-platform-files.py [--root REPO]   check the tree (default: this script's repo)
    check-platform-files.py --self-test     prove the check fails on a tree with a planted #ifdef
"""

import re
import sys

import checktree

# The report's last line: after the count of problems, or when there is none.
FAILURE = 'platform conditionals or platform files out of place (docs/architecture.md, "Platform code")'
SUCCESS = "platform code only in platform files"
FOLDERS = ["core", "ui", "app"]
SOURCE_SUFFIXES = {".cpp", ".h", ".c", ".mm"}
PLATFORM_SUFFIXES = ("_posix", "_linux", "_mac", "_win")
CONDITIONAL = re.compile(
    r"^\s*#\s*(?:if|ifdef|ifndef|elif)\b.*\b(?:Q_OS_\w+|_WIN32|_WIN64|__linux__|__APPLE__|__MACH__|__unix__)\b",
    re.M)


def is_platform_file(path):
    return path.stem.endswith(PLATFORM_SUFFIXES)


def source_files(root):
    for folder in FOLDERS:
        top = root / folder
        if not top.is_dir():
            continue
        for path in sorted(top.rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and path.is_file():
                yield path


def cmake_text(root):
    """Every CMakeLists.txt under the checked folders, by top folder."""
    texts = {}
    for folder in FOLDERS:
        top = root / folder
        texts[folder] = "\n".join(p.read_text(encoding="utf-8", errors="replace")
                                  for p in sorted(top.rglob("CMakeLists.txt"))) if top.is_dir() else ""
    return texts


def problems(root):
    found = []
    cmake = cmake_text(root)
    for path in source_files(root):
        relative = path.relative_to(root).as_posix()
        if is_platform_file(path):
            if path.suffix != ".h" and not re.search(r"(?<![\w.])" + re.escape(path.name) + r"\b",
                                                     cmake[relative.split("/")[0]]):
                found.append(f"{relative}: a platform file no CMakeLists.txt names (so no platform builds it)")
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in CONDITIONAL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            directive = text.splitlines()[line - 1].strip()
            found.append(f"{relative}:{line}: `{directive}` outside a platform file: move the "
                         f"platform's part into {path.stem}_posix/_linux/_mac/_win{path.suffix}, chosen in CMake")
    return found


SELF_TEST_TREE = {
    "core/a/CMakeLists.txt": "target_sources(x PRIVATE Neutral.cpp)\nif(WIN32)\n  target_sources(x PRIVATE Listed_win.cpp)\n"
                             "else()\n  target_sources(x PRIVATE Listed_posix.cpp)\nendif()\n",
    "core/a/Neutral.cpp": "// #ifdef Q_OS_WIN in a comment is no conditional\nint f() { return 1; }\n",
    "core/a/Listed_posix.cpp": "#ifdef Q_OS_LINUX\n#include <sys/prctl.h>\n#endif\n",
    "core/a/Listed_win.cpp": "#if defined(_WIN32)\n#endif\n",
    "core/a/Planted.cpp": "int g()\n{\n#ifdef Q_OS_WIN\n    return 1;\n#else\n    return 2;\n#endif\n}\n",
    "ui/b/Planted.h": "#pragma once\n#  if !defined(Q_OS_WIN) && defined(__APPLE__)\n#  endif\n",
    "app/c/Unlisted_mac.cpp": "int h() { return 3; }\n",
}
SELF_TEST_EXPECTED = [
    "app/c/Unlisted_mac.cpp: a platform file",
    "core/a/Planted.cpp:3: `#ifdef Q_OS_WIN`",
    "ui/b/Planted.h:2: `#  if !defined(Q_OS_WIN) && defined(__APPLE__)`",
]


if __name__ == "__main__":
    sys.exit(checktree.run(problems, SELF_TEST_TREE, SELF_TEST_EXPECTED, FAILURE, SUCCESS))
