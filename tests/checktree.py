"""What the tree checks (tests/check-*.py) share: their command line, the self-test that plants a
small tree and proves the check finds what was planted, and the report of what a check found."""

import argparse
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def arguments(description=None, add_options=None):
    """--root (default: this repo) and --self-test, plus the check's own options."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--root", type=Path, default=REPO)
    parser.add_argument("--self-test", action="store_true")
    if add_options:
        add_options(parser)
    return parser.parse_args()


def self_test_on_tree(problems, tree, expected):
    """Writes `tree` (relative path -> text) to a temporary folder and checks that `problems` of
    it are, sorted, lines starting with `expected`, one for one."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        for relative, text in tree.items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text, encoding="utf-8")
        found = sorted(problems(root))
    if len(found) != len(expected) or not all(
            line.startswith(start) for line, start in zip(found, expected)):
        print("self-test failed: found")
        print("\n".join(found) or "  nothing")
        print("expected lines starting with")
        print("\n".join(expected))
        return 1
    print("self-test passed")
    return 0


def report(found, failure, success):
    """Prints each problem, then `failure` after their count, or `success` when there is none."""
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} {failure}")
        return 1
    print(success)
    return 0


def run(problems, tree, expected, failure, success):
    """The whole command line of a check whose self-test is a planted tree."""
    args = arguments()
    if args.self_test:
        return self_test_on_tree(problems, tree, expected)
    return report(problems(args.root), failure, success)
