import Foundation
import Testing

/// `scenerun mutate` from the command line: the documented example, options, reports.
@Suite struct MutateCLITests {
    func folder(_ tag: String) throws -> URL { try temporaryFolder("mutate-cli-\(tag)") }

    /// docs/mutate.md's worked example is the tool's output, byte for byte.
    @Test func theWorkedExampleOfTheDocIsTheToolsOutput() throws {
        let page = try String(contentsOf: repo.appendingPathComponent("docs/mutate.md"), encoding: .utf8)
        let command = "$ scenerun mutate docs/examples/fling.yaml\n"
        let start = try #require(page.firstRange(of: "```console\n" + command))
        let rest = page[start.upperBound...]
        let end = try #require(rest.firstRange(of: "```\n"))
        let documented = String(rest[..<end.lowerBound])
        let r = try scenerun(["mutate", "docs/examples/fling.yaml"])
        #expect(r.code == 0)
        #expect(
            r.out == documented,
            "regenerate the block of docs/mutate.md from `scenerun mutate docs/examples/fling.yaml`")
    }

    @Test func onlyTakesOperatorNamesAndRefusesOthers() throws {
        let both = try scenerun(["mutate", "--list", "--only", "boundary,event", "docs/examples/fling.yaml"])
        #expect(both.code == 0)
        #expect(
            both.out == """
                docs/examples/fling.yaml:16:3: event drag.ended → drag.cancelled
                docs/examples/fling.yaml:17:28: boundary 280 → 69.9
                docs/examples/fling.yaml:17:28: boundary 280 → 340.3
                docs/examples/fling.yaml:20:19: event haptic medium → heavy
                docs/examples/fling.yaml:22:3: event reset.ended → reset.cancelled

                """)
        let repeated = try scenerun([
            "mutate", "--list", "--only", "event", "--only", "boundary", "docs/examples/fling.yaml",
        ])
        #expect(repeated.out == both.out)
        let script = try scenerun(["mutate", "--list", "--only", "script", "docs/examples/fling.yaml"])
        #expect(script.out.components(separatedBy: "\n").filter { $0.hasSuffix("script pan speed ×0.5") }.count == 2)
        let bad = try scenerun(["mutate", "--only", "numbers", "docs/examples/fling.yaml"])
        #expect(bad.code == 64)
        #expect(
            bad.err.contains(
                "unknown operator 'numbers' for --only (one of number, boundary, condition, action, behaviour, event, script)"
            ))
        #expect(try scenerun(["mutate"]).code == 64)
        #expect(try scenerun(["mutate", "--min-score", "120", "docs/examples/fling.yaml"]).code == 64)
    }

    @Test func minScoreDecidesTheExitCode() throws {
        #expect(
            try scenerun(["mutate", "--only", "boundary", "--min-score", "100", "docs/examples/fling.yaml"]).code == 0)
        let below = try scenerun(["mutate", "--only", "number", "--min-score", "60", "docs/examples/fling.yaml"])
        #expect(below.code == 1)
        #expect(below.out.hasSuffix("docs/examples/fling.yaml: below --min-score 60 %\n"))
    }

    @Test func replayPagesOfEachSurvivorBesideTheOriginals() throws {
        let dir = try folder("replay")
        let r = try scenerun(["mutate", "--only", "event", "--replay", dir.path, "docs/examples/fling.yaml"])
        #expect(r.code == 0)
        let index = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            index.contains(
                "<tr data-status=\"unasserted\" data-mutant=\"fling.yaml:20:19 event haptic medium → heavy\">"
                    + "<td class=\"st s-unasserted\">unasserted</td><td><a href=\"mutant-2.html\">20:19</a>"))
        let page = try String(contentsOf: dir.appendingPathComponent("mutant-2.html"), encoding: .utf8)
        #expect(
            page.contains(
                "<a data-run=\"original\" href=\"original/001-card-dragged-past-280-pt-falls-away.html\">original</a>"))
        #expect(
            page.contains(
                "<a data-run=\"mutant\" href=\"mutant-2/001-card-dragged-past-280-pt-falls-away.html\">"
                    + "mutant (passed)</a>"))
        for page in [
            "original/001-card-dragged-past-280-pt-falls-away.html",
            "mutant-2/002-card-dragged-past-280-pt-falls-away-short.html",
        ] {
            let html = try String(contentsOf: dir.appendingPathComponent(page), encoding: .utf8)
            #expect(html.contains("<!DOCTYPE html>"))
        }
    }

    /// The JSON of a run and of its shards, and `merge` of the shards equal to the run's (the
    /// schema check below needs Python's jsonschema; this part does not).
    @Test func theShardsJSONMergesIntoTheRunsJSON() throws {
        _ = try mutateReports(folder("shards-json"))
    }

    /// The reports of a run, of a shard and of `merge`: `merge` of the shards is the run's own
    /// JSON, and mutate's JSON merges into text and --json only.
    func mutateReports(_ dir: URL) throws -> [String] {
        var docs: [String] = []
        for (name, extra) in [("whole", [String]()), ("s1", ["--shard", "1/2"]), ("s2", ["--shard", "2/2"])] {
            let p = dir.appendingPathComponent("\(name).json").path
            _ = try scenerun(
                ["mutate", "--json", p] + extra + ["docs/examples/fling.yaml", "scenes/invalid/unknown-key.yaml"])
            docs.append(try String(contentsOfFile: p, encoding: .utf8))
        }
        let merged = dir.appendingPathComponent("merged.json").path
        let m = try scenerun([
            "merge", "--json", merged, dir.appendingPathComponent("s1.json").path,
            dir.appendingPathComponent("s2.json").path,
        ])
        #expect(m.code == 2, "the invalid scene decides the exit code")
        #expect(try String(contentsOfFile: merged, encoding: .utf8) == docs[0])
        let junit = try scenerun([
            "merge", "--junit", dir.appendingPathComponent("j.xml").path, dir.appendingPathComponent("s1.json").path,
        ])
        #expect(junit.code == 64)
        #expect(junit.err.contains("the reports of `scenerun mutate` merge into its text report and --json only"))
        return docs
    }

    /// The JSON of a run, of a shard and of `merge` follow schema/mutate.schema.json (Python's
    /// jsonschema, installed by .ci/run; without it the test is reported as skipped).
    @Test(.enabled(if: pythonHasJSONSchema, "Python's jsonschema is not installed: pip install jsonschema"))
    func theJSONReportsFollowThePublishedSchema() throws {
        let dir = try folder("schema")
        let docs = try mutateReports(dir)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            v = jsonschema.Draft7Validator(schema)
            docs = json.load(sys.stdin)
            bad = [e.message for d in docs for e in v.iter_errors(d)]
            broken = dict(docs[0]); broken["mutants"] = [dict(docs[0]["mutants"][0], status="alive")]
            assert list(v.iter_errors(broken)), "an unknown status must be refused"
            print("\\n".join(bad)); sys.exit(1 if bad else 0)
            """
        let input = dir.appendingPathComponent("docs.json")
        try ("[" + docs.joined(separator: ",") + "]").write(to: input, atomically: true, encoding: .utf8)
        let schema = repo.appendingPathComponent("schema/mutate.schema.json").path
        let r = try run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "python3 -c \"$0\" \"$1\" < \"$2\"", script, schema, input.path])
        #expect(r.code == 0, "\(r.out)\(r.err)")
    }
}

/// Whether `python3 -c "import jsonschema"` works (the schema tests need it).
let pythonHasJSONSchema: Bool = {
    (try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import jsonschema"]))?.code == 0
}()
