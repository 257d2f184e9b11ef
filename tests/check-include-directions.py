#!/usr/bin/env python3
"""Fails when a file under core/ includes a folder it must not (docs/architecture.md,
"Dependency directions").

Every `#include "<folder>/..."` in core/<folder>/**/*.{h,cpp} is an edge from one folder of core/
to another. A folder may include its own files and those of any lower row; a folder of the same
row only where SAME_ROW lists the pair; anything else only where EXCEPTIONS lists it, with its
reason. The rows, SAME_ROW and EXCEPTIONS must match what docs/architecture.md says, and an
exception nothing needs any more fails too, so the list and the page stay true.

    check-include-directions.py [--root REPO]   check the tree (default: this script's repo)
    check-include-directions.py --self-test     prove the check fails on a fake wrong tree
"""

import re
import sys
import tempfile
from pathlib import Path

import checktree

# Top row first. A lower row never includes a higher one. Entry points (app/, ui/) sit above
# all of these and are outside core/.
ROWS = [
    ["ondemand"],
    ["sync", "mcpserver", "enrollment"],
    ["resources", "agenthooks", "mcp", "modelconfig", "binding", "plugins"],
    ["store", "net", "exec", "output", "commands", "hookinput"],
    ["config", "identity", "tools", "log"],
    ["util"],
]

# Includes within one row that are allowed: (from, to). The reverse of each stays forbidden.
SAME_ROW = {
    ("agenthooks", "resources"): "hook rules share the install lock and scopes of resources",
    ("mcp", "resources"): "MCP installs share the install lock, scopes, names and manifest of resources",
    ("modelconfig", "resources"): "model configurations take the install lock of resources",
    ("store", "commands"): "the ledger admits and stores parsed commands",
    ("config", "log"): "configuration logs its decisions",
    ("identity", "tools"): "the agent id is per tool",
}

# Includes that break the rows, each with its reason in docs/architecture.md: (from, to). None
# today; an entry that is no longer needed fails the check.
EXCEPTIONS = {}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_]+)/')
DOC_PAIR = re.compile(r'^- `([a-z]+)` → `([a-z]+)`')


def row_of(folder):
    for index, row in enumerate(ROWS):
        if folder in row:
            return index
    return None


def collect_edges(core):
    """{(from, to): first 'path:line'} for every include of another folder of core/."""
    edges = {}
    folders = {p.name for p in core.iterdir() if p.is_dir()}
    for path in sorted(core.rglob("*")):
        if path.suffix not in (".h", ".cpp") or not path.is_file():
            continue
        source = path.relative_to(core).parts[0]
        if source == path.name:
            continue  # a file directly in core/ (Version.h.in's output) belongs to no folder
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if match and match.group(1) in folders and match.group(1) != source:
                edges.setdefault((source, match.group(1)), f"{path.relative_to(core.parent)}:{number}")
    return edges, folders


def violations(edges, folders):
    """Messages for each folder missing from ROWS and each include the rules forbid."""
    found = [f"core/{f}: not in any row; add it to ROWS and to docs/architecture.md"
             for f in sorted(folders) if row_of(f) is None]
    for (source, target), where in sorted(edges.items()):
        low, high = row_of(source), row_of(target)
        if low is None or high is None or (source, target) in EXCEPTIONS:
            continue
        if high < low:
            found.append(f"{where}: {source} includes {target}, a higher row")
        elif high == low and (source, target) not in SAME_ROW:
            found.append(f"{where}: {source} includes {target}, same row, not an allowed pair")
    return found


def stale_exceptions(edges, exceptions=None):
    listed = EXCEPTIONS if exceptions is None else exceptions
    return [f"exception {a} → {b} is no longer needed: remove it here and in docs/architecture.md"
            for (a, b) in sorted(listed) if (a, b) not in edges]


def doc_section(doc):
    text = doc.read_text(encoding="utf-8")
    start = text.index("## Dependency directions")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def doc_mismatches(doc):
    """Where the page and this script disagree on the rows or the listed pairs."""
    section = doc_section(doc)
    block = section.split("```")[1].strip().splitlines()[1:]  # the first row is app/ and ui/
    rows = [[name.strip().rstrip("/") for name in line.split("(")[0].split(",")] for line in block]
    found = [] if rows == ROWS else [f"rows differ: page {rows}, script {ROWS}"]
    pairs = {m.groups() for m in map(DOC_PAIR.match, section.splitlines()) if m}
    listed = set(SAME_ROW) | set(EXCEPTIONS)
    found += [f"page lists {a} → {b}, the script does not" for a, b in sorted(pairs - listed)]
    found += [f"script lists {a} → {b}, the page does not" for a, b in sorted(listed - pairs)]
    return found


def check(root):
    edges, folders = collect_edges(root / "core")
    problems = violations(edges, folders) + stale_exceptions(edges) + doc_mismatches(root / "docs" / "architecture.md")
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    if not problems:
        print(f"ok: {len(edges)} include directions between {len(folders)} folders of core/ follow the rows")
    return 1 if problems else 0


def write(base, relative, text):
    path = base / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def self_test():
    """A fake core/ that follows the rows, then one wrong include at a time: each must be found."""
    failures = []
    cases = [
        ("util/Bad.h", '#include "sync/SyncSession.h"\n', "util includes sync, a higher row"),
        ("store/Bad.cpp", '  #  include "resources/Manifest.h"\n', "store includes resources, a higher row"),
        ("net/Bad.h", '#include "exec/Executor.h"\n', "net includes exec, same row"),
        ("newfolder/A.h", '#include "util/Paths.h"\n', "core/newfolder: not in any row"),
    ]
    with tempfile.TemporaryDirectory() as temp:
        core = Path(temp) / "core"
        write(core, "sync/SyncSession.h", '#include "store/CommandLedger.h"\n#include "util/Paths.h"\n')
        write(core, "store/CommandLedger.h", '#include "commands/Command.h"\n#include <net/if.h>\n')
        write(core, "util/Paths.h", '#include "util/Other.h"\n')
        for folder in ("resources", "commands", "net", "exec"):
            write(core, f"{folder}/A.h", "// nothing\n")
        if violations(*collect_edges(core)):
            failures.append(f"a clean tree failed: {violations(*collect_edges(core))}")
        for relative, text, expected in cases:
            write(core, relative, text)
            found = violations(*collect_edges(core))
            if not any(expected in message for message in found):
                failures.append(f"{relative}: expected '{expected}', found {found}")
            (core / relative).unlink()
            if relative.startswith("newfolder"):
                (core / "newfolder").rmdir()
        if not stale_exceptions({}, {("config", "util"): "a planted exception"}):
            failures.append("no stale exception found in an empty tree")
    for failure in failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    if not failures:
        print(f"ok: the check finds each of {len(cases)} wrong includes in a fake tree")
    return 1 if failures else 0


def main():
    arguments = checktree.arguments(description=__doc__.splitlines()[0])
    return self_test() if arguments.self_test else check(arguments.root)


if __name__ == "__main__":
    sys.exit(main())
