"""Validates scenerun's reports against their published schemas with real validators.

Usage: python3 Tools/validate_reports.py SCENERUN  (needs `pip install jsonschema xmlschema`)
Runs SCENERUN over scenes/ and scenes/invalid/ (passing, failing and invalid cases), with and
without --timings, and checks the JSON report against schema/report.schema.json and the JUnit
report against junit-10.xsd (Tests/ReportsTests/Schemas). Also checks that a report that breaks
each schema is refused, so the check cannot pass vacuously. A shard's report (`--shard 1/2`) and
`scenerun merge`'s JSON of the two shards are validated too, the merge compared with the whole run.
`scenerun mutate --json` over the seed scenes (and an invalid one), its shards and their merge are
validated against schema/mutate.schema.json the same way.
"""
import json
import subprocess
import sys

import jsonschema
import xmlschema

root = __file__.rsplit("/Tools/", 1)[0]
scenerun = sys.argv[1]
schema = json.load(open(f"{root}/schema/report.schema.json"))
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)
xsd = xmlschema.XMLSchema(f"{root}/Tests/ReportsTests/Schemas/junit-10.xsd")
failures = 0
checked = 0
for extra in ([], ["--timings"]):
    for fmt in ("json", "junit"):
        args = [scenerun, "--format", fmt, *extra, "scenes/", "scenes/invalid/", "Tests/ReportsTests/Failing/"]
        out = subprocess.run(args, cwd=root, capture_output=True, text=True).stdout
        if fmt == "json":
            doc = json.loads(out)
            errors = [e.message for e in validator.iter_errors(doc)]
            assert doc["summary"]["failed"] > 0 and doc["summary"]["invalid"] > 0, "the run must have failures and invalid scenes"
        else:
            errors = [str(e.reason) for e in xsd.iter_errors(out)]
        checked += 1
        for e in errors[:5]:
            print(f"{fmt} {' '.join(extra)}: {e}")
        failures += bool(errors)
# A shard's report (with `run.shard`) and `scenerun merge`'s JSON of the shards validate too, and
# the merge is the unsharded report.
import os, tempfile
paths = ["scenes/", "scenes/invalid/", "Tests/ReportsTests/Failing/"]
whole = subprocess.run([scenerun, "--format", "json", *paths], cwd=root, capture_output=True, text=True).stdout
with tempfile.TemporaryDirectory() as tmp:
    shards = []
    for i in (1, 2):
        out = subprocess.run([scenerun, "--format", "json", "--shard", f"{i}/2", *paths], cwd=root, capture_output=True, text=True).stdout
        assert json.loads(out)["run"]["shard"] == f"{i}/2"
        shards.append(os.path.join(tmp, f"shard-{i}.json"))
        open(shards[-1], "w").write(out)
    merged = subprocess.run([scenerun, "merge", "--format", "json", *shards], cwd=root, capture_output=True, text=True).stdout
    assert merged == whole, "merge of the shards differs from the unsharded report"
    for label, text in (("shard", open(shards[0]).read()), ("merged", merged)):
        errors = [e.message for e in validator.iter_errors(json.loads(text))]
        checked += 1
        for e in errors[:5]:
            print(f"json {label}: {e}")
        failures += bool(errors)
# The validators must refuse a broken report.
assert list(validator.iter_errors({"version": 2, "cases": [], "summary": {"passed": -1, "failed": 0, "invalid": 0}}))
assert not xsd.is_valid('<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="b" file="x"/></testsuite></testsuites>')
# `scenerun mutate --json`: the whole run, two shards and their merge (which must be the whole run).
mutate_schema = json.load(open(f"{root}/schema/mutate.schema.json"))
jsonschema.Draft7Validator.check_schema(mutate_schema)
mutate_validator = jsonschema.Draft7Validator(mutate_schema)
# The seeds (killed and equivalent mutants), the docs' worked example (survivors) and an invalid scene.
seeds = ["scenes/shade.yaml", "scenes/edge-modal.yaml", "scenes/sheet.yaml", "scenes/drag-off.yaml",
         "docs/examples/fling.yaml", "scenes/invalid/unknown-key.yaml"]
with tempfile.TemporaryDirectory() as tmp:
    docs = {}
    for label, extra in (("whole", []), ("shard-1", ["--shard", "1/2"]), ("shard-2", ["--shard", "2/2"])):
        path = os.path.join(tmp, f"{label}.json")
        subprocess.run([scenerun, "mutate", "--json", path, *extra, *seeds], cwd=root, capture_output=True, text=True)
        docs[label] = open(path).read()
    merged_path = os.path.join(tmp, "merged.json")
    subprocess.run([scenerun, "merge", "--json", merged_path, os.path.join(tmp, "shard-1.json"),
                    os.path.join(tmp, "shard-2.json")], cwd=root, capture_output=True, text=True)
    docs["merged"] = open(merged_path).read()
    assert docs["merged"] == docs["whole"], "merge of the mutate shards differs from the unsharded report"
    whole = json.loads(docs["whole"])
    # Survivors are unasserted (a case's run differs) or unobserved (none does) since report version 3.
    assert {m["status"] for m in whole["mutants"]} >= {"killed", "unasserted", "unobserved", "equivalent"}, \
        "killed, surviving (unasserted and unobserved) and equivalent mutants are all checked"
    assert any(f["problem"] == "invalid" for f in whole["files"]), "the invalid scene is reported"
    for label, text in docs.items():
        errors = [e.message for e in mutate_validator.iter_errors(json.loads(text))]
        checked += 1
        for e in errors[:5]:
            print(f"mutate json {label}: {e}")
        failures += bool(errors)
assert list(mutate_validator.iter_errors(dict(whole, kind="run")))
print(f"reports: {checked} checked against schema/report.schema.json, schema/mutate.schema.json and junit-10.xsd, {failures} invalid")
sys.exit(1 if failures else 0)
