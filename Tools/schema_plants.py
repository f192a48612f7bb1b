"""Plants typos and wrong types across the shipped scenes and compares two judges of each plant:
the JSON Schema (schema/scene.schema.json, with a real validator) and `scenerun check`.

Usage: python3 Tools/schema_plants.py SCENERUN [--keep DIR]   (needs jsonschema and ruamel.yaml)

Every scene of scenes/ (not scenes/invalid/), and Tools/schema-plants/every-key.yaml, which writes
the keys no shipped scene writes, is read as editors read it (YAML 1.2) and changed in one place
at a time, at every place of its tree, variants included:
  - a key misspelt (a letter dropped, or one added to a short key);
  - a value of another type: a number for a boolean, a string or a list, `true` for a number, a
    list or a mapping, a quoted "true" for a boolean, YAML 1.1's plain `yes`, null;
  - a number out of range: -1, 0, 0.5, 1e20, 1e-320 (0 in float32).
Plants are kept once per place in the format (user names count as one place, and so do the
items of a list but the positions in a point, a rect or a keyframe) and kind, so that the run
stays short. Each plant is written as a JSON-style YAML file.

The schema must refuse every plant `scenerun check` refuses, except the plants whose diagnostic
belongs to a class the schema cannot express; those classes are the table of docs/editors.md
("What the schema leaves to scenerun"), each with the words of scenerun's message that mark it.
The schema must never refuse a plant that scenerun accepts. Exit 0 when both hold, else 1 with
every disagreement listed.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
from ruamel.yaml import YAML

root = __file__.rsplit("/Tools/", 1)[0]
YES = "\u0000plain-yes\u0000"  # written as YAML 1.1's plain `yes`


def schema_keys(node, out):
    """Every key a mapping of the format can have: the `properties` of the schema."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "properties" and isinstance(v, dict):
                out.update(v.keys())
            schema_keys(v, out)
    elif isinstance(node, list):
        for v in node:
            schema_keys(v, out)
    return out


def places(value, path=()):
    """(path, value) of every node below `value`, the root included."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from places(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from places(v, path + (i,))


def replaced(doc, path, new):
    """A copy of `doc` with the node at `path` replaced by `new`."""
    if not path:
        return new
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[path[0]] = replaced(doc[path[0]], path[1:], new)
    return copy


def renamed(doc, path, old, new):
    """A copy of `doc` with key `old` of the mapping at `path` renamed `new`, in place."""
    if not path:
        return {(new if k == old else k): v for k, v in doc.items()}
    copy = dict(doc) if isinstance(doc, dict) else list(doc)
    copy[path[0]] = renamed(doc[path[0]], path[1:], old, new)
    return copy


def step(doc, parent, p, vocabulary):
    """One step of a place in the format: a key of the vocabulary, `*` for a user name, the
    position in a tuple (a point, a rect, a keyframe: up to 4 scalars) or `#` in a longer list."""
    if not isinstance(p, int):
        return p if p in vocabulary else "*"
    items = doc
    for q in parent:
        items = items[q]
    tuple_like = len(items) <= 4 and all(not isinstance(x, (dict, list)) for x in items)
    return str(p) if tuple_like else "#"


def typo(key):
    return key[:-2] + key[-1] if len(key) >= 4 else key + "x"


def kind_of(v):
    return ("null" if v is None else "bool" if isinstance(v, bool) else "number"
            if isinstance(v, (int, float)) else "string" if isinstance(v, str) else
            "list" if isinstance(v, list) else "mapping")


def other_values(v):
    """(plant name, value) of the wrong types and out-of-range numbers for a value like `v`."""
    k = kind_of(v)
    if k == "number":
        return [("true for a number", True), ("-1", -1), ("0", 0), ("0.5", 0.5), ("1e20", 1e20),
                ("1e-320", 1e-320), ("null", None)]
    if k == "bool":
        return [("a number for a boolean", 1), ("quoted \"true\"", "true"), ("plain yes", YES),
                ("null", None)]
    if k == "string":
        return [("a number for a string", 7), ("plain yes", YES), ("null", None)]
    if k == "list":
        return [("a number for a list", 7), ("true for a list", True), ("null", None)]
    return [("a number for a mapping", 7), ("a list for a mapping", [1]), ("null", None)]


def as_read(v):
    """The value an editor reads from the written file (YAML 1.2: a plain `yes` is a string)."""
    if isinstance(v, dict):
        return {k: as_read(x) for k, x in v.items()}
    if isinstance(v, list):
        return [as_read(x) for x in v]
    return "yes" if v == YES else v


def write(doc, path):
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(json.dumps(YES), "yes") + "\n")


def leave_classes():
    """The classes docs/editors.md says the schema cannot express: (name, in variants only, [marker words])."""
    page = open(f"{root}/docs/editors.md", encoding="utf-8").read()
    table = page.split("<!-- classes left to scenerun -->", 1)[1].split("<!-- end of classes -->", 1)[0]
    classes = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("class", "---"):
            markers = [m.strip() for m in re.findall(r"``? ?(.+?) ?``?(?:,|$)", cells[2])]
            classes.append((cells[0], cells[1] == "in a variant", markers))
    return classes


def main():
    scenerun = os.path.abspath(sys.argv[1])
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    schema = json.load(open(f"{root}/schema/scene.schema.json", encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    vocabulary = schema_keys(schema, set())
    yaml = YAML(typ="safe", pure=True)
    classes = leave_classes()

    folder = keep or tempfile.mkdtemp(prefix="scenerun-plants-")
    os.makedirs(folder, exist_ok=True)
    plants = []  # (file name, scene, where, what, document)
    seen = set()
    # Parts (files in folders named `parts`) are not scenes: they are read through the scenes that
    # include them, whose plants find them at the same place beside the plant.
    scenes = sorted(f for f in glob.glob(f"{root}/scenes/**/*.yaml", recursive=True)
                    if "/invalid/" not in f and "/parts/" not in f)
    scenes += sorted(glob.glob(f"{root}/Tools/schema-plants/*.yaml"))
    for scene in scenes:
        doc = yaml.load(open(scene, encoding="utf-8"))
        name = scene[len(root) + 1:]
        included = doc.get("include", [])
        for part in [included] if isinstance(included, str) else included:
            os.makedirs(os.path.dirname(f"{folder}/{part}"), exist_ok=True)
            shutil.copyfile(f"{os.path.dirname(scene)}/{part}", f"{folder}/{part}")
        base = f"{len(plants):05}.yaml"
        write(doc, f"{folder}/{base}")
        plants.append((base, name, "", "unchanged", doc))
        for path, value in places(doc):
            # The place in the format: user names and list positions are wildcards.
            shape = "/".join(step(doc, path[:i], p, vocabulary) for i, p in enumerate(path))
            edits = []
            if isinstance(value, dict):
                edits += [(f"key `{k}` misspelt `{typo(k)}`", renamed(doc, path, k, typo(k)), f"{shape}/{k}")
                          for k in value if typo(k) not in value]
            if path:
                edits += [(what, replaced(doc, path, new), shape + ":" + kind_of(value))
                          for what, new in other_values(value)]
            for what, plant, signature in edits:
                if (signature, what) in seen:
                    continue
                seen.add((signature, what))
                file = f"{len(plants):05}.yaml"
                write(plant, f"{folder}/{file}")
                where = "/".join(map(str, path)) or "(top)"
                plants.append((file, name, where, what, plant))

    # `scenerun check` reads the plants while this process validates them against the schema.
    checking = subprocess.Popen([scenerun, "check", folder], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
    # The first error is all that is reported, and stopping there halves the validator's time.
    schema_errors = [next(validator.iter_errors(as_read(plant)), None) for _, _, _, _, plant in plants]
    out = checking.communicate()[0]
    refused = {}
    for line in out.splitlines():
        m = re.match(r"^(?:.*/)?(\d{5}\.yaml):\d+:\d+: error: (.*)$", line)
        if m and m.group(1) not in refused:
            refused[m.group(1)] = m.group(2)

    counts = {"both refuse": 0, "both accept": 0}
    left = {c: 0 for c, _, _ in classes}
    disagreements = []
    for (file, scene, where, what, plant), error in zip(plants, schema_errors):
        errors = [error] if error is not None else []
        check = refused.get(file)
        if what == "unchanged" and (check or errors):
            disagreements.append(f"{scene}: the unchanged scene is refused: {check or errors[0]}")
        elif check and errors:
            counts["both refuse"] += 1
        elif not check and not errors:
            counts["both accept"] += 1
        elif check:
            in_variant = where.startswith("variants/")
            cls = next((c for c, variant_only, words in classes
                        if (in_variant or not variant_only) and any(w in check for w in words)), None)
            if cls:
                left[cls] += 1
            else:
                disagreements.append(f"{scene} {where}: {what}: scenerun refuses ({check}), the schema accepts")
        else:
            e = errors[0]
            at = "/".join(map(str, getattr(e, "absolute_path", [])))
            disagreements.append(f"{scene} {where}: {what}: the schema refuses ({at}: "
                                 f"{str(getattr(e, 'message', e))[:160]}), scenerun accepts")

    print(f"{len(plants) - len(scenes)} plants in {len(scenes)} scenes: both refuse {counts['both refuse']}, "
          f"both accept {counts['both accept']}, left to scenerun {sum(left.values())}, "
          f"disagreements {len(disagreements)}")
    for c, n in left.items():
        print(f"  left to scenerun: {n} of class: {c}")
    for d in disagreements:
        print(d)
    if not keep:
        shutil.rmtree(folder)
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
