#!/usr/bin/env python3
"""Turns the `derived` lines of `swift test --filter OracleTests` into the markdown tables of
docs/physics.md: swift test --filter OracleTests 2>&1 | python3 Tools/oracle/fidelity_table.py

--rows NAME...   fidelity-table rows (the format of "Fidelity against the oracle") for these scenes
(default: every scene), then the deviation/tolerance table of the "Coverage" section.
"""
import re
import sys

LINE = re.compile(
    r'^derived (?P<name>\S+): window (?P<w>\d+)/(?P<n>\d+) ticks, before contact (?P<bc>\S+) pt, position (?P<p>\S+) pt '
    r'\(tolerance (?P<pt>\S+)\), rotation (?P<r>\S+) rad \((?P<rt>\S+)\), velocity (?P<v>\S+) pt/s \((?P<vt>\S+)\), '
    r'angular velocity (?P<a>\S+) rad/s \((?P<at>\S+)\), events (?P<e>\d+), event mismatches (?P<em>\d+), '
    r'event point (?P<ep>\S+) pt \((?P<ept>\S+) of its tolerance\), pause oracle (?P<po>\S+) scenerun (?P<ps>\S+)$')


def main():
    args = sys.argv[1:]
    only = set(args[args.index('--rows') + 1:]) if '--rows' in args else None
    found = {}
    for line in sys.stdin:
        m = LINE.match(line.strip())
        if m:
            found[m['name']] = m.groupdict()
    names = sorted(found)

    def pause(d):
        if d['po'] == d['ps']:
            return 'same'
        if 'never' in (d['po'], d['ps']):
            return f"oracle {d['po']}, scenerun {d['ps']}"
        return f"{abs(int(d['po']) - int(d['ps']))} apart"

    print('| scene | before first contact (pt) | whole run (pt) | rotation (rad) | contact events | event points (pt) | pause tick |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    for k in names:
        d = found[k]
        if only is not None and k not in only:
            continue
        scene = k if d['w'] == d['n'] else f"{k} (ticks 1–{d['w']})"
        print(f"| {scene} | {d['bc']} | {d['p']} | {d['r']} | {d['e']} ({d['em']} differ) | {d['ep']} | {pause(d)} |")
    print()
    print('| scene | window (ticks) | centre (pt) | rotation (rad) | velocity (pt/s) | angular velocity (rad/s) | event points (pt; worst share of an event’s own tolerance) | pause tick (oracle / scenerun) |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    for k in names:
        d = found[k]
        print(f"| {k} | {d['w']}/{d['n']} | {d['p']} / {d['pt']} | {d['r']} / {d['rt']} | {d['v']} / {d['vt']} | "
              f"{d['a']} / {d['at']} | {d['ep']} ({100 * float(d['ept']):.2g} %) | {d['po']} / {d['ps']} |")


if __name__ == '__main__':
    main()
