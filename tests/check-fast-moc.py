#!/usr/bin/env python3
"""cmake/FastMoc.cmake runs moc without the compiler's implicit include folders. This check runs
the real moc and the wrapper with the arguments AUTOMOC gives them, on every file of ours that moc
reads and that has a preprocessor condition (those are where a missing macro, Q_OS_LINUX say,
would silently drop a slot), and fails unless the two outputs are the same.

--self-test: a wrapper that drops every include folder must be caught."""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import tempfile

MOC_MACRO = re.compile(rb"\b(Q_OBJECT|Q_GADGET|Q_NAMESPACE)\b")
CONDITION = re.compile(rb"^\s*#\s*if", re.MULTILINE)


def moc_inputs(build_dir):
    """(file, moc arguments) for each conditional file moc reads, from AUTOMOC's own settings."""
    seen = set()
    for info_path in sorted(pathlib.Path(build_dir).rglob("AutogenInfo.json")):
        info = json.loads(info_path.read_text())
        args = [f"-D{d}" for d in info.get("MOC_DEFINITIONS", [])]
        args += [f"-I{i}" for i in info.get("MOC_INCLUDES", [])]
        args += info.get("MOC_OPTIONS", [])
        if info.get("MOC_PREDEFS_FILE"):
            args += ["--include", info["MOC_PREDEFS_FILE"]]
        for entry in info.get("SOURCES", []) + info.get("HEADERS", []):
            path = pathlib.Path(entry[0])
            if path in seen or "_autogen" in str(path) or not path.is_file():
                continue
            text = path.read_bytes()
            if MOC_MACRO.search(text) and CONDITION.search(text):
                seen.add(path)
                yield path, args


def run(moc, args, path):
    return subprocess.run([moc, *args, str(path)], capture_output=True, timeout=120).stdout


def compare(build_dir, real_moc, wrapper):
    checked, different = 0, []
    for path, args in moc_inputs(build_dir):
        checked += 1
        if run(real_moc, args, path) != run(wrapper, args, path):
            different.append(str(path))
    return checked, different


def self_test(build_dir, real_moc):
    with tempfile.TemporaryDirectory() as folder:
        careless = pathlib.Path(folder) / "moc-without-any-include.sh"
        careless.write_text('#!/bin/sh\nfor a do shift; case "$a" in -I*) continue;; esac; set -- "$@" "$a"; done\n'
                            f"exec '{real_moc}' \"$@\"\n")
        careless.chmod(0o700)
        checked, different = compare(build_dir, real_moc, str(careless))
    if checked == 0 or not different:
        print(f"self-test FAILED: a wrapper that drops every include folder went unnoticed ({checked} files)")
        return 1
    print(f"self-test ok: dropping every include folder changes {len(different)} of {checked} files")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", required=True)
    parser.add_argument("--real-moc", required=True)
    parser.add_argument("--wrapper")
    parser.add_argument("--self-test", action="store_true")
    options = parser.parse_args()
    if options.self_test:
        return self_test(options.build, options.real_moc)
    checked, different = compare(options.build, options.real_moc, options.wrapper)
    if checked == 0:
        print("no file to compare: is the build configured with AUTOMOC?")
        return 1
    for path in different:
        print(f"moc output differs through the wrapper: {path}")
    print(f"{checked} files compared, {len(different)} different")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
