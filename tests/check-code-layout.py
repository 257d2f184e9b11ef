#!/usr/bin/env python3
"""Checks that a program's start-up code is laid out together (cmake/CodeLayout.cmake).

Fails when the functions its order file names are spread over the text instead of packed
(the ordering did not take: no -ffunction-sections, another linker, the option dropped), or when
fewer than --min-found of those names are still in the program (the file is stale: run
scripts/code-order.sh). --self-test runs the check on made-up symbol tables it must pass or fail.
"""
import argparse
import subprocess
import sys

SLACK_RATIO = 1.25  # alignment padding between packed functions stays well under a quarter
SLACK_BYTES = 4096


def read_order(path):
    names = []
    with open(path, encoding="utf-8") as order:
        for line in order:
            name = line.split("#", 1)[0].strip()
            if name:
                names.append(name)
    return names


def read_functions(binary):
    """(name, address, size) of every function nm lists with a size."""
    out = subprocess.run(["nm", "--defined-only", "-S", binary], check=True,
                         capture_output=True, text=True).stdout
    functions = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            functions.append((fields[3], int(fields[0], 16), int(fields[1], 16)))
    return functions


def check(names, functions, min_found):
    """A list of problems; empty when the ordered functions are present and packed."""
    if not names:
        return ["the order file names no function"]
    wanted = set(names)
    placed = {}  # address → size: aliases (C1/C2 constructors) share one
    found = set()
    for name, address, size in functions:
        if name in wanted and size > 0:
            found.add(name)
            placed[address] = max(size, placed.get(address, 0))
    problems = []
    share = len(found) / len(wanted)
    if share < min_found:
        problems.append(f"only {share:.0%} of the order file's {len(wanted)} functions are in the "
                        f"program (at least {min_found:.0%} expected): run scripts/code-order.sh")
    if placed:
        start = min(placed)
        end = max(address + size for address, size in placed.items())
        total = sum(placed.values())
        if end - start > total * SLACK_RATIO + SLACK_BYTES:
            problems.append(f"the {len(placed)} ordered functions ({total} bytes) are spread over "
                            f"{end - start} bytes: the order file was not applied")
    return problems


def self_test():
    names = ["a", "b", "c", "d"]
    packed = [("a", 0x1000, 0x100), ("b", 0x1100, 0x80), ("c", 0x1180, 0x40), ("d", 0x11c0, 0x40),
              ("other", 0x9000, 0x100000)]
    spread = [("a", 0x1000, 0x100), ("b", 0x40000, 0x80), ("c", 0x90000, 0x40), ("d", 0x1c0000, 0x40)]
    stale = packed[:1] + [("e", 0x1100, 0x80)]
    cases = [("packed", names, packed, True), ("spread", names, spread, False),
             ("stale", names, stale, False), ("no function", names, [], False),
             ("empty order file", [], packed, False)]
    failed = False
    for label, order, functions, should_pass in cases:
        passed = not check(order, functions, 0.7)
        if passed != should_pass:
            print(f"self-test: the {label} case {'passed' if passed else 'failed'}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary")
    parser.add_argument("--order")
    parser.add_argument("--min-found", type=float, default=0.7)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if not args.binary or not args.order:
        parser.error("--binary and --order are needed")
    problems = check(read_order(args.order), read_functions(args.binary), args.min_found)
    for problem in problems:
        print(f"FAIL: {args.binary}: {problem}", file=sys.stderr)
    if not problems:
        print(f"ok: {args.binary}: the functions of {args.order} are present and packed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
