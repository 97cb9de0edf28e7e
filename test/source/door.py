#!/usr/bin/env python3
"""The door rule of src/pg/guard.hpp, checked on the source: every call from src/pg into
the core goes through call_core(), value_or_raise() or UUIDX_NOTHROW() (whose
static_assert checks that the function cannot throw). Lists every other call and fails.

    door.py [TREE]        (default: the tree this file is in)

A core call is a call of a function the core's headers declare (src/core/*.hpp), written
uuidx::name(...), name(...) (unless the same file declares a function of that name), or
object.name(...) / object->name(...). Comments and string literals are ignored. A
PostgreSQL function that shared a name with a core function would be reported, and the
core's renamed."""
import pathlib
import re
import sys

tree = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2])
DOORS = ("call_core", "value_or_raise", "UUIDX_NOTHROW")


def strip_comments_and_strings(code):
    """The code with comments and literals blanked out, offsets kept."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), code)


def declared_function_names(code):
    """Names the code declares as functions (free or member): a type, then an identifier,
    a parameter list, and then const, noexcept, a body or a semicolon."""
    names = set()
    declaration = re.compile(r"([\w>*&])\s+([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^()]*\)[^;{}()]*)*\)\s*"
                             r"(?:const\s*)?(?:noexcept\s*)?(?:->[^;{]*)?[{;]")
    not_types = {"return", "else", "case", "new", "delete", "throw", "sizeof", "co_return"}
    # `operator bool()` declares no function a call could name.
    keywords = {"bool", "int", "char", "void", "auto", "operator"}
    for match in declaration.finditer(code):
        previous_word = re.search(r"(\w*)\W*$", code[:match.start(1) + 1]).group(1)
        if previous_word not in not_types and match.group(2) not in keywords:
            names.add(match.group(2))
    return names


def core_function_names():
    names = set()
    for header in sorted((tree / "src/core").glob("*.hpp")):
        names |= declared_function_names(strip_comments_and_strings(header.read_text()))
    return names


def door_spans(code):
    """(start, end) of the argument lists of every door call."""
    spans = []
    for match in re.finditer(r"\b(%s)\s*\(" % "|".join(DOORS), code):
        depth, i = 1, match.end()
        while depth and i < len(code):
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            i += 1
        spans.append((match.end(), i))
    return spans


def violations(path, core_names):
    code = strip_comments_and_strings(path.read_text())
    # Unqualified, a core name reaches the core (by a using-declaration, or from inside
    # namespace uuidx::pg), unless this file declares a function of that name itself.
    unqualified = core_names - declared_function_names(code)
    calls = re.compile(r"(?:\buuidx::(?!pg::)(\w+)|(?:\.|->)\s*(\w+)|(?<![\w:.>])(%s))\s*\("
                       % "|".join(sorted(unqualified)))
    spans = door_spans(code)
    found = []
    for match in calls.finditer(code):
        name = match.group(1) or match.group(2) or match.group(3)
        if name not in core_names or name in DOORS:
            continue
        if not any(start <= match.start() < end for start, end in spans):
            line = code.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(tree)}:{line}: {name}() is called outside the door")
    return found


def main():
    core_names = core_function_names()
    if len(core_names) < 20:
        sys.exit(f"found only {len(core_names)} core functions: the header scan is broken")
    problems = []
    sources = sorted((tree / "src/pg").glob("*.[ch]pp"))
    for path in sources:
        problems += violations(path, core_names)
    for problem in problems:
        print(problem)
    print(f"{len(sources)} files of src/pg, {len(core_names)} core function names: "
          f"{len(problems)} call(s) outside the door")
    sys.exit(1 if problems else 0)


main()
