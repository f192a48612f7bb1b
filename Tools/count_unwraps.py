"""Counts force unwraps (`x!`, `f()!`, `a[i]!`) in Sources outside the engine (Dynamics,
Geometry), and those without a comment saying why they are safe (on the line or the line above).
Usage: python3 Tools/count_unwraps.py [--list] [--strict]
--strict exits 1 when any is unannotated (CI runs it so)."""
import glob
import re
import sys

unwrap = re.compile(r'[A-Za-z0-9_)\]]!(?!=)')
total = unannotated = 0
for path in sorted(glob.glob('Sources/**/*.swift', recursive=True)):
    if path.startswith(('Sources/Dynamics/', 'Sources/Geometry/')):
        continue
    previous = ''
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        code, _, comment = line.partition('//')
        if not comment.strip() and previous.strip().startswith('//'):
            comment = previous
        previous = line
        code = re.sub(r'"(\\.|[^"\\])*"', '""', code)   # string literals
        hits = len(unwrap.findall(code))
        total += hits
        if hits and not comment.strip():
            unannotated += hits
            if '--list' in sys.argv:
                print(f'{path}:{n}: {line.strip()}')
print(f'force unwraps outside Dynamics/Geometry: {total}, unannotated: {unannotated}')
if '--strict' in sys.argv and unannotated:
    print('annotate each (a comment on its line or the line above saying why it cannot fail) or remove it')
    sys.exit(1)
