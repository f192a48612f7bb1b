#!/usr/bin/env python3
"""The architecture numbers of issue 34, counted from the sources (run from the package root).

  methods on Run            `func` declarations directly in `final class Run` and its extensions
                            (not in nested types, not local functions)
  runAction lines           the lines of `func runAction` from its signature to its closing brace
  files touching >= 3       SceneRunner files that use three or more concerns' values
                            (`clock.`, `world.`, `input.`, `transitioning.`, `animating.`,
                            `behaving.`, `recording.`, alone or after `run.` / `self.`, outside
                            comments; `scene.world.` is the scene's, not the concern). The
                            run's time and tick length, `run.now` and `run.dt`, are read by
                            every concern as a service of the run and are not counted
  untyped throws            `throws` / `rethrows` in SceneRunner not followed by `(` (a type)
  messages without tick     `throw` statements in SceneRunner whose error is not made by
                            `runtimeError` (which stamps the tick and the time) nor passed on
                            (`throw error`, `throw naming(…)`); limit errors (`limitError`, which
                            name the limit instead, docs/architecture.md) are listed apart

`--verbose` lists the methods and the files; `--json` prints the numbers as JSON.
"""
import json
import os
import re
import sys

ROOT = "Sources/SceneRunner"
CONCERNS = ["clock", "world", "input", "transitioning", "animating", "behaving", "recording"]


def strip(text):
    """The text with comments and string literals' plain parts blanked (interpolations kept),
    line breaks kept so that line numbers stay."""
    out = []
    i, n = 0, len(text)
    depth_stack = []  # for interpolation inside strings: 'str' or 'code'
    in_str = None  # '"' or '"""'
    while i < n:
        c = text[i]
        if in_str is None:
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                out.append(" " * (j - i))
                i = j
                continue
            if text.startswith("/*", i):
                j = text.find("*/", i + 2)
                j = n if j < 0 else j + 2
                out.append(re.sub(r"[^\n]", " ", text[i:j]))
                i = j
                continue
            if text.startswith('"""', i):
                in_str = '"""'
                out.append('"""')
                i += 3
                continue
            if c == '"':
                in_str = '"'
                out.append('"')
                i += 1
                continue
            if c == "(" and depth_stack:
                depth_stack[-1] += 1
            if c == ")" and depth_stack:
                if depth_stack[-1] == 0:
                    depth_stack.pop()
                    in_str = string_stack.pop()
                    out.append(")")
                    i += 1
                    continue
                depth_stack[-1] -= 1
            out.append(c)
            i += 1
        else:
            if c == "\\" and i + 1 < n and text[i + 1] == "(":
                out.append("\\(")
                string_stack.append(in_str)
                depth_stack.append(0)
                in_str = None
                i += 2
                continue
            if c == "\\":
                out.append("  ")
                i += 2
                continue
            if text.startswith(in_str, i):
                out.append(in_str)
                i += len(in_str)
                in_str = None
                continue
            out.append("\n" if c == "\n" else " ")
            i += 1
    return "".join(out)


string_stack = []


def swift_files():
    for d, _, fs in sorted(os.walk(ROOT)):
        for f in sorted(fs):
            if f.endswith(".swift"):
                yield os.path.join(d, f)


def run_bodies(code):
    """(start, end) offsets of the bodies of `final class Run` and `extension Run`."""
    for m in re.finditer(r"^(?:final class|class|extension) Run\b(?!\.)[^{\n]*\{", code, re.M):
        start = m.end()
        depth, i = 1, start
        while depth and i < len(code):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
            i += 1
        yield start, i - 1


def methods_on_run(path, code):
    found = []
    for start, end in run_bodies(code):
        depth = 0
        for i in range(start, end):
            c = code[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif depth == 0 and code.startswith("func ", i) and (i == 0 or not code[i - 1].isalnum()):
                name = re.match(r"func\s+([^\s(<]+)", code[i:]).group(1)
                found.append((path, code.count("\n", 0, i) + 1, name))
    return found


def run_action_lines(code):
    m = re.search(r"func runAction\(", code)
    if not m:
        return None
    i = code.index("{", m.end())
    depth, j = 1, i + 1
    while depth:
        depth += {"{": 1, "}": -1}.get(code[j], 0)
        j += 1
    return code.count("\n", m.start(), j) + 1


def main():
    verbose = "--verbose" in sys.argv
    methods, touching, untyped, untimed, limits = [], [], [], [], []
    action_lines = None
    for path in swift_files():
        with open(path, encoding="utf-8") as f:
            code = strip(f.read())
        methods += methods_on_run(path, code)
        used = [c for c in CONCERNS if re.search(r"(?:(?<![\w.])|(?<![\w.])run\.|(?<![\w.])self\.)%s\." % c, code)]
        if len(used) >= 3:
            touching.append((path, used))
        for m in re.finditer(r"\b(re)?throws\b(?!\s*\()", code):
            untyped.append((path, code.count("\n", 0, m.start()) + 1))
        for m in re.finditer(r"\bthrow\s+([\w.]+)", code):
            what = m.group(1)
            line = code.count("\n", 0, m.start()) + 1
            if what.endswith("limitError"):
                limits.append((path, line))
            elif not (what.endswith("runtimeError") or what in ("error", "naming")):
                untimed.append((path, line, what))
        n = run_action_lines(code)
        if n is not None:
            action_lines = n
    numbers = {
        "methodsOnRun": len(methods),
        "runActionLines": action_lines,
        "filesTouchingThreeConcerns": len(touching),
        "untypedThrows": len(untyped),
        "messagesWithoutTick": len(untimed),
        "limitMessages": len(limits),
    }
    if "--json" in sys.argv:
        print(json.dumps(numbers, indent=2))
        return
    print("methods on Run: %d" % len(methods))
    if verbose:
        for p, l, name in methods:
            print("  %s:%d %s" % (p, l, name))
    print("runAction lines: %s" % action_lines)
    print("SceneRunner files touching >= 3 concerns: %d" % len(touching))
    for p, used in touching:
        print("  %s: %s" % (p, ", ".join(used)))
    print("untyped throws in SceneRunner: %d" % len(untyped))
    for p, l in untyped:
        print("  %s:%d" % (p, l))
    print("run-time messages without their tick: %d" % len(untimed))
    for p, l, w in untimed:
        print("  %s:%d throw %s" % (p, l, w))
    print("limit messages (they name the limit instead): %d" % len(limits))
    if verbose:
        for p, l in limits:
            print("  %s:%d" % (p, l))


if __name__ == "__main__":
    main()
