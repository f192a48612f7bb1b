#!/usr/bin/env python3
"""The share of a callgrind profile's instructions in each of scenerun's targets (Benchmarks/layers).

    layers.py PROFILE [TOP]

Every instruction is charged to a target of the package:
- an instruction of the package's own code, to the target (Swift module) that compiled it, read
  from the function's mangled name (`$s8Dynamics5WorldC4step…` is Dynamics'; a generic of the
  standard library specialized in a target, `$sSa…Tg5`, is compiled into that target's object,
  and is charged to its caller like the library's code);
- an instruction of the runtime and the libraries (the Swift runtime and standard library,
  Foundation, Yams, ArgumentParser, libc, libm, the dynamic loader), to the targets that called
  it, in proportion to the cost of their calls (callgrind's inclusive cost of each call edge),
  followed through chains of library calls. So Dynamics' row includes the `sincosf` it calls,
  and SceneLoader's includes the YAML parsing it asks Yams for.
Instructions with no project caller at all (the loader before `main`, process start and exit)
are the "start-up and runtime alone" row.

Then the costliest functions outside the engine (Dynamics, Geometry), by the same charge (their
own instructions and the library work they call), to find where the layers above spend.
"""
import re
import sys
from collections import defaultdict

# The package's targets, bottom-up, with the layer each belongs to in the table.
TARGETS = [
    ("Dynamics", "engine (Dynamics: Box2D 2.x)"),
    ("Geometry", "engine (Geometry: vectors, transforms)"),
    ("CacheHints", "engine (Geometry: vectors, transforms)"),
    ("UIDynamics", "UIDynamics (UIKit's behaviours on the engine)"),
    ("Interaction", "Interaction (gestures, curves, transitions)"),
    ("Expressions", "Expressions (parse, check, evaluate)"),
    ("Expectations", "Expectations (snapshots, judge)"),
    ("SceneRunner", "SceneRunner (the run: clock, rules, events)"),
    ("SceneModel", "loader (SceneLoader, SceneModel, SceneVocabulary, Yams)"),
    ("SceneLoader", "loader (SceneLoader, SceneModel, SceneVocabulary, Yams)"),
    ("SceneVocabulary", "loader (SceneLoader, SceneModel, SceneVocabulary, Yams)"),
    ("Results", "reports (Results, Reports)"),
    ("Reports", "reports (Results, Reports)"),
    ("Diagnostics", "reports (Results, Reports)"),
    ("Driver", "driver and command line (Driver, scenerun)"),
    ("ScenerunKit", "driver and command line (Driver, scenerun)"),
    ("scenerun", "driver and command line (Driver, scenerun)"),
    ("RecordMode", "driver and command line (Driver, scenerun)"),
    ("Mutation", "driver and command line (Driver, scenerun)"),
]
MODULE_OF = {m: layer for m, layer in TARGETS}
LAYERS = list(dict.fromkeys(layer for _, layer in TARGETS))
NONE = "start-up and runtime alone (no project caller)"
ENGINE = {"Dynamics", "Geometry", "CacheHints"}


def module(name):
    """The project target a function's code belongs to, or None (library, runtime, C)."""
    m = re.match(r"\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", name)
    if not m:
        return None
    n = int(m.group(1))
    mod = m.group(2)[:n]
    return mod if mod in MODULE_OF else None


def parse(path):
    """Self cost per function and inclusive cost per call edge (caller, callee)."""
    names = {}
    self_cost = defaultdict(int)
    edges = defaultdict(int)
    fn = None
    callee = None
    pending_call = False
    total = 0

    def name_of(spec):
        m = re.match(r"\((\d+)\)(?: (.*))?$", spec)
        if not m:
            return spec
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), spec)

    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                parts = line.split()
                cost = int(parts[1]) if len(parts) > 1 else 0
                if pending_call:
                    edges[(fn, callee)] += cost
                    pending_call = False
                else:
                    self_cost[fn] += cost
                    total += cost
            elif line.startswith("fn="):
                fn = name_of(line[3:])
            elif line.startswith("cfn="):
                callee = name_of(line[4:])
            elif line.startswith("calls="):
                pending_call = True
            elif line.startswith("summary:") or line.startswith("totals:"):
                pass
    return self_cost, edges, total


def charge(self_cost, edges):
    """Each function's owners: {layer: fraction}, projects' own, libraries' from their callers."""
    callers = defaultdict(list)
    for (a, b), w in edges.items():
        if a != b:
            callers[b].append((a, w))
    funcs = set(self_cost) | {b for _, b in edges} | {a for a, _ in edges}
    owner = {}
    for f in funcs:
        mod = module(f)
        if mod is not None:
            owner[f] = {MODULE_OF[mod]: 1.0}
    # Libraries: the weighted mix of their callers' owners, to a fixed point (library chains and
    # recursion); a library function no project code reaches stays unowned.
    lib = [f for f in funcs if f not in owner]
    for f in lib:
        owner[f] = {}
    for _ in range(60):
        changed = 0.0
        for f in lib:
            cs = callers.get(f, [])
            tw = sum(w for _, w in cs)
            mix = defaultdict(float)
            if tw > 0:
                for a, w in cs:
                    for layer, x in owner.get(a, {}).items():
                        mix[layer] += x * w / tw
            old = owner[f]
            changed += sum(abs(mix.get(k, 0) - old.get(k, 0)) for k in set(mix) | set(old))
            owner[f] = dict(mix)
        if changed < 1e-9:
            break
    return owner


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    self_cost, edges, total = parse(path)
    owner = charge(self_cost, edges)
    by_layer = defaultdict(float)
    by_func = defaultdict(float)
    for f, cost in self_cost.items():
        own = owner.get(f, {})
        charged = sum(own.values())
        for layer, x in own.items():
            by_layer[layer] += cost * x
        by_layer[NONE] += cost * (1 - charged)
    # Per project function: its own instructions and the library work it calls (the part of each
    # library callee's inclusive cost that is library code, not callbacks into the project).
    lib_share = library_share(self_cost, edges)
    direct = defaultdict(float)
    for f, cost in self_cost.items():
        if module(f) is not None:
            direct[f] += cost
    for (a, b), w in edges.items():
        if a != b and module(a) is not None and module(b) is None:
            direct[a] += w * lib_share.get(b, 1.0)
    for f, v in direct.items():
        by_func[f] = v
    print(f"instructions: {total:,} (callgrind Ir, the whole process)")
    print(f"{'layer':58} {'instructions':>15} {'share':>7}")
    for layer in LAYERS + [NONE]:
        v = by_layer.get(layer, 0)
        print(f"{layer:58} {v:15,.0f} {100 * v / total:6.1f} %")
    engine = sum(by_layer.get(layer, 0) for layer in LAYERS if layer.startswith("engine"))
    print(f"{'the engine (Dynamics, Geometry)':58} {engine:15,.0f} {100 * engine / total:6.1f} %")
    print(f"{'the layers above it':58} {total - engine - by_layer.get(NONE, 0):15,.0f} "
          f"{100 * (total - engine - by_layer.get(NONE, 0)) / total:6.1f} %")
    print()
    print(f"the {top} costliest functions outside the engine (own instructions and the library work they call):")
    rows = sorted(((v, f) for f, v in by_func.items() if module(f) not in ENGINE), reverse=True)[:top]
    for v, f in rows:
        print(f"{v:15,.0f} {100 * v / total:6.1f} %  {module(f):12} {demangle(f)}")


def library_share(self_cost, edges):
    """For each library function, the share of its inclusive cost spent in library code: its own
    instructions and, through its library callees (to a fixed point: chains, recursion), theirs,
    without what it spends in the project's callbacks (a thunk that calls back into the runner is
    not library work)."""
    out = defaultdict(list)
    incl = defaultdict(int)
    for (a, b), w in edges.items():
        if a != b:
            out[a].append((b, w))
            incl[a] += w
    lib = [f for f in set(self_cost) | set(out) if module(f) is None]
    share = {f: 1.0 for f in lib}
    for _ in range(100):
        changed = 0.0
        for f in lib:
            total = self_cost.get(f, 0) + incl[f]
            if total == 0:
                continue
            work = self_cost.get(f, 0) + sum(w * share[g] for g, w in out[f] if module(g) is None)
            new = min(1.0, work / total)
            changed += abs(new - share[f])
            share[f] = new
        if changed < 1e-9:
            break
    return share


def demangle(name):
    """A readable name: swift-demangle's simplified form when available."""
    import shutil
    import subprocess
    tool = shutil.which("swift-demangle")
    if not tool or not name.startswith("$s"):
        return name[:110]
    out = subprocess.run([tool, "--simplified", "--compact", name], capture_output=True, text=True).stdout.strip()
    return (out or name)[:110]


if __name__ == "__main__":
    main()
