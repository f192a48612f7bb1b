"""Validates scene files against schema/scene.schema.json with a real JSON Schema validator.

Usage: python3 Tools/validate_schema.py  (needs `pip install jsonschema ruamel.yaml`)
Every shipped scene must validate (a part in a folder named `parts` with no key required); the files of scenes/invalid/ that break the format's shape
must be refused (the rest are caught by scenerun itself: names, expressions, values that need
the whole scene). Reads YAML 1.2, as libyaml and editors do (`on` is a string, not a boolean).
"""
import glob
import json
import sys

import jsonschema
from ruamel.yaml import YAML

root = __file__.rsplit("/Tools/", 1)[0]
schema = json.load(open(f"{root}/schema/scene.schema.json"))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
yaml = YAML(typ="safe", pure=True)

# A part (a file in a folder named `parts`) has a scene's shape, but none of its keys is required:
# the scene that includes it brings the rest.
part_schema = {k: v for k, v in schema.items() if k not in ("if", "then")}
part_validator = jsonschema.Draft7Validator(part_schema)

failures = 0
shipped = sorted(f for f in glob.glob(f"{root}/scenes/**/*.yaml", recursive=True) if "/invalid/" not in f)
for path in shipped:
    v = part_validator if "/parts/" in path else validator
    errors = list(v.iter_errors(yaml.load(open(path, encoding="utf-8"))))
    for e in errors[:3]:
        print(f"{path[len(root) + 1:]}: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
    failures += bool(errors)

refused, passed = [], []
for path in sorted(glob.glob(f"{root}/scenes/invalid/*.yaml")):
    try:
        doc = yaml.load(open(path, encoding="utf-8"))
    except Exception:  # not YAML at all (binary, tabs, syntax): refused before any schema
        refused.append(path)
        continue
    (passed if validator.is_valid(doc) else refused).append(path)

print(f"schema: {len(shipped) - failures} of {len(shipped)} shipped scenes valid; "
      f"scenes/invalid: {len(refused)} refused by the schema or YAML, {len(passed)} left to scenerun: "
      + ", ".join(p.rsplit('/', 1)[1] for p in passed))
sys.exit(1 if failures else 0)
