#!/usr/bin/env python3
"""Fails when a function in core/, ui/ or app/ is longer than the limit (docs/architecture.md,
"Function length").

A function's length is the number of lines from the first line of its signature to its closing
brace. Lambdas and local classes count as part of the function they are written in. The scan
is textual: comments, string and character literals are blanked first, then braces are matched
and every top-level block is classified as a namespace, a class body, a function body or
anything else (an initializer). Constructor initializer lists with braces are understood.

    check-function-length.py [--root REPO] [--limit N] [--list]   check the tree
    check-function-length.py --self-test                           prove the scan on known text
"""

import re
import sys

import checktree

FOLDERS = ["core", "ui", "app"]
SUFFIXES = {".cpp", ".h"}
DEFAULT_LIMIT = 60

CTOR_INIT = re.compile(r"\)\s*(?:noexcept\s*)?:(?!:)")
FUNCTION_TAIL = re.compile(
    r"\)\s*(?:const\s*|noexcept(?:\([^)]*\))?\s*|override\s*|final\s*|mutable\s*|&\s*|&&\s*"
    r"|->\s*[\w:<>,&*\s]+?)*$")
RECORD_HEAD = re.compile(r"^(?:template\s*<.*>\s*)?(?:class|struct|union|enum)\b", re.S)
ENCODING_PREFIX = re.compile(r"(?:^|[^\w])(?:u8|u|U|L)$")  # u'0', U'0', L'0', u8'0' are characters
NAME = re.compile(r"([~\w:]+(?:operator\s*\S+?)?)\s*\($")


def blank_literals(text):
    """Replaces comments, strings and char literals by spaces, keeping every newline."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            end = text.find(")" + delimiter + '"', open_paren)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append('""' + re.sub(r"[^\n]", " ", text[i + 2:end]))
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum() \
                    and not ENCODING_PREFIX.search(text[max(0, i - 3):i]):
                out.append(c)  # digit separator: 1'000'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        elif c == "#" and (i == 0 or text[i - 1] == "\n"):
            end = i
            while True:  # a preprocessor line, with its continuations
                end = text.find("\n", end)
                if end < 0 or text[end - 1] != "\\":
                    break
                end += 1
            end = n if end < 0 else end
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def classify(header, in_ctor_init):
    """What a `{` at namespace or class scope opens, given the text since the last statement."""
    head = header.strip()
    if re.match(r"^(?:inline\s+)?namespace\b", head) or re.match(r"^extern\s*$", head):
        return "scope"
    if RECORD_HEAD.match(head) or re.search(r"\b(?:class|struct|union)\s+[\w:]+\s*(?:final\s*)?(?::[^()]*)?$", head):
        return "scope"
    if in_ctor_init or CTOR_INIT.search(head):
        return "function" if re.search(r"[)}]\s*$", head) else "init"
    if FUNCTION_TAIL.search(head):
        return "function"
    return "other"


def function_name(header):
    head = re.sub(r"\s+", " ", header.strip())
    paren = head.find("(")
    while paren >= 0:
        match = NAME.search(head[:paren + 1])
        if match and match.group(1) not in {"if", "for", "while", "switch", "return"}:
            return match.group(1)
        paren = head.find("(", paren + 1)
    return head[:40]


def functions_in(text):
    """Yields (name, first_line, last_line) for every function defined outside another one."""
    code = blank_literals(text)
    stack = []          # kinds of the open blocks
    header_start = 0    # where the text of the current statement began
    in_init = False
    pending = None      # (name, first_line, depth) of the function being read
    line = 1
    line_of = []        # line number at each offset, computed lazily below
    for offset, c in enumerate(code):
        line_of.append(line)
        if c == "\n":
            line += 1
    for offset, c in enumerate(code):
        inside_function = any(kind == "function" for kind in stack)
        if c == "{":
            if inside_function or (stack and stack[-1] in {"other", "init"}):
                stack.append("nested")
                continue
            header = code[header_start:offset]
            kind = classify(header, in_init)
            stack.append(kind)
            if kind == "function":
                first = header_start + (len(header) - len(header.lstrip()))
                pending = (function_name(header), line_of[first], len(stack))
                in_init = False
            elif kind == "init":
                in_init = True
            else:
                header_start = offset + 1
        elif c == "}":
            if not stack:
                continue
            kind = stack.pop()
            if kind == "function" and pending and pending[2] == len(stack) + 1:
                yield pending[0], pending[1], line_of[offset]
                pending = None
                header_start = offset + 1
            elif kind == "init":
                pass  # the initializer list goes on
            elif kind in {"scope", "other"}:
                header_start = offset + 1
        elif c == ";" and not inside_function and not (stack and stack[-1] in {"other", "init", "nested"}):
            header_start = offset + 1
            in_init = False


def source_files(root):
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file():
                yield path


def too_long(root, limit):
    found = []
    for path in source_files(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        for name, first, last in functions_in(text):
            length = last - first + 1
            if length > limit:
                found.append((length, path.relative_to(root).as_posix(), first, name))
    return sorted(found, reverse=True)


SAMPLE = '''
namespace teamai {
namespace {
constexpr int kTable[] = {1, 2, 3};
struct Local { int f() const { return 1; } };
}
Widget::Widget(QWidget *parent)
    : QWidget(parent), m_a{1}, m_b(2)
{
    auto lambda = [this]() { return "}{"; };
    auto digit = [](QChar c) { return c >= u'0' && c <= u'9'; };
    // a brace in a comment: {
}
int Widget::count() const
{
    if (x) {
        return 1;
    }
    return 2;
}
}
'''


def self_test():
    found = list(functions_in(SAMPLE))
    names = [(name, last - first + 1) for name, first, last in found]
    expected = [("f", 1), ("Widget::Widget", 7), ("Widget::count", 7)]
    if names != expected:
        print(f"self-test failed: scanned {names}, expected {expected}")
        return 1
    body = "".join(f"    step{i}();\n" for i in range(DEFAULT_LIMIT - 1))  # signature + body + brace = limit + 1
    long_one = f"void tooLong()\n{{\n{body}}}\n"
    found = [(name, last - first + 1) for name, first, last in functions_in(long_one)]
    if found != [("tooLong", DEFAULT_LIMIT + 2)] or found[0][1] <= DEFAULT_LIMIT:
        print(f"self-test failed: a function of {DEFAULT_LIMIT + 2} lines scanned as {found}")
        return 1
    print("self-test passed")
    return 0


def add_options(parser):
    parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT)
    parser.add_argument("--list", action="store_true", help="print every offender and exit 0")


def main():
    args = checktree.arguments(add_options=add_options)
    if args.self_test:
        return self_test()
    offenders = too_long(args.root, args.limit)
    for length, path, first, name in offenders:
        print(f"{path}:{first}: {name} is {length} lines (limit {args.limit})")
    if args.list or not offenders:
        print(f"{len(offenders)} functions over {args.limit} lines")
        return 0
    print(f"{len(offenders)} functions over {args.limit} lines: split them along their steps")
    return 1


if __name__ == "__main__":
    sys.exit(main())
