#!/usr/bin/env python3
"""Fails when core/ reports an error the old way (docs/architecture.md, "Errors").

Core reports a failure with util/Result.h (`Result<T>`, `Status`, `Error`) or a result struct of
the function's own. Two of the old ways are easy to see and are refused here, in every folder of
core/:

  - a `QString *` parameter named error, problem, reason or why (an out-parameter for the reason);
  - a `lastError()` declaration (an accessor asked after the fact).

Comments and string literals are not looked at. The other old ways (an `error()` accessor, a
QString that means success when empty, a bare bool whose reason is logged or lost) cannot be told
apart from honest code by a pattern and are left to review.

    check-error-style.py [--root REPO]   check the tree (default: this script's repo)
    check-error-style.py --self-test     prove the check fails on a tree with planted violations
"""

import re
import sys

import checktree

# The report's last line: after the count of problems, or when there is none.
FAILURE = 'errors reported the old way (docs/architecture.md, "Errors")'
SUCCESS = "core reports errors one way: Status, Result<T> or a result struct"
SOURCE_SUFFIXES = {".cpp", ".h", ".c", ".mm"}
OUT_PARAMETER = re.compile(
    r"[(,]\s*(?:const\s+)?QString\s*\*\s*(?:const\s+)?(error|problem|reason|why)\b")
LAST_ERROR_DECLARATION = re.compile(
    r"\b(\w+)[\s*&>]+(?:\w+::)*lastError\s*\(\s*\)\s*(?:const\b\s*)?(?:noexcept\b\s*)?(?:override\b\s*)?(?:final\b\s*)?[;{=]")
COMMENT_OR_STRING = re.compile(
    r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)


def blank(match):
    """Comments and literals replaced by spaces, keeping line breaks (and so line numbers)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def code_of(text):
    return COMMENT_OR_STRING.sub(blank, text)


def violations(path, relative):
    code = code_of(path.read_text(encoding="utf-8", errors="replace"))
    found = []
    for match in OUT_PARAMETER.finditer(code):
        line = code.count("\n", 0, match.start(1)) + 1
        found.append(f"{relative}:{line}: `QString *{match.group(1)}` parameter: return Status or "
                     f"Result<T> (util/Result.h) instead")
    for match in LAST_ERROR_DECLARATION.finditer(code):
        if match.group(1) == "return":
            continue
        line = code.count("\n", 0, match.start()) + 1
        found.append(f"{relative}:{line}: `lastError()` declared: return Status or Result<T> "
                     f"(util/Result.h) from the call that fails instead")
    return found


def problems(root):
    core = root / "core"
    found = []
    for path in sorted(core.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
            continue
        found.extend(violations(path, path.relative_to(root).as_posix()))
    return found


SELF_TEST_TREE = {
    "core/a/Planted.h": "#pragma once\n#include <QString>\n"
                        "bool save(const QString &path,\n          QString *error = nullptr);\n"
                        "class Store {\npublic:\n    QString lastError() const;\n};\n",
    "core/a/Planted.cpp": "#include \"a/Planted.h\"\n"
                          "QString Store::lastError() const { return {}; }\n"
                          "static bool check(QString* problem) { return problem; }\n",
    "core/a/Fine.cpp": "// bool old(QString *error) in a comment is no parameter\n"
                       "/* nor QString lastError() const; in a block comment */\n"
                       "const char *text = \"f(QString *why)\";\n"
                       "bool put(const QString &name, QString *hash);\n"
                       "QString f(Db &db) { return db.lastError(); }\n"
                       "QString g() { return lastError(); }\n",
}
SELF_TEST_EXPECTED = [
    "core/a/Planted.cpp:2: `lastError()` declared",
    "core/a/Planted.cpp:3: `QString *problem` parameter",
    "core/a/Planted.h:4: `QString *error` parameter",
    "core/a/Planted.h:7: `lastError()` declared",
]


if __name__ == "__main__":
    sys.exit(checktree.run(problems, SELF_TEST_TREE, SELF_TEST_EXPECTED, FAILURE, SUCCESS))
