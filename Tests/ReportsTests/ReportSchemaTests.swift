import Diagnostics
import Foundation
import Reports
import Results
import Testing

let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let repoRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program found on PATH; nil when it is not installed.
/// Whether an executable `name` is on the PATH.
func toolExists(_ name: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}

func runTool(_ name: String, _ args: [String], input: String? = nil) throws -> (code: Int32, out: String)? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    let out = Pipe()
    p.standardOutput = out
    p.standardError = out
    let inp = Pipe()
    p.standardInput = inp
    try p.run()
    if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
    try inp.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Results with every shape a report must carry: passed, failed with structured values, invalid,
/// a trace, durations.
let structured: [CaseResult] = {
    let at = SourceLocation(file: "scenes/shade.yaml", line: 4, column: 28)
    var failed = CaseResult(
        file: "scenes/shade.yaml", name: "Shade / cancelled", status: .failed,
        failures: [
            Failure(
                location: at, message: "shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s",
                expected: .number(0), actual: .number(12.4), tolerance: 0.5, time: 4),
            Failure(
                location: at, message: "transition sheet expected finished, got cancelled at t = 4.000 s",
                expected: .text("finished"), actual: .text("cancelled"), time: 4),
            Failure(location: at, message: "expected `a < b` to hold <&>"),
        ], time: 4, ticks: 240, source: nil, trace: ["t = 0.100 s: pan began", "t = 0.400 s: pan ended"])
    failed.work = 1234
    return [
        CaseResult(file: "scenes/shade.yaml", name: "Shade", status: .passed),
        failed,
        CaseResult(
            file: "scenes/bad.yaml", name: "bad.yaml", status: .invalid,
            diagnostics: [Diagnostic("unknown key", at: SourceLocation(file: "scenes/bad.yaml", line: 1, column: 1))]),
    ]
}()

func options(timings: Bool) -> ReportOptions {
    var o = ReportOptions()
    o.version = "scenerun 0.2.0 (scene format 1)"
    if timings {
        o.timings = true
        o.timestamp = "2026-11-23T03:00:07"
        o.hostname = "ci-runner"
        o.durations = [0.0123, 1.5, 0]
    }
    return o
}

/// Each report format checked against its published schema (junit-10.xsd with xmllint, the JSON
/// report's schema with Python's jsonschema), when those validators are installed; .ci/run
/// installs them and runs Tools/validate_reports.py over real runs.
@Suite struct ReportSchemaTests {
    @Test func junitHasTheStandardParts() {
        let x = JUnitReporter.render(structured, options: options(timings: true))
        #expect(x.contains("<testsuites name=\"scenerun\" tests=\"3\" failures=\"1\" errors=\"1\" time=\"1.512\">"))
        #expect(
            x.contains(
                "<testsuite name=\"scenes/shade.yaml\" tests=\"2\" failures=\"1\" errors=\"0\" time=\"1.512\" timestamp=\"2026-11-23T03:00:07\" hostname=\"ci-runner\" file=\"scenes/shade.yaml\">"
            ))
        #expect(x.contains("<property name=\"scenerun.version\" value=\"scenerun 0.2.0 (scene format 1)\"/>"))
        #expect(x.contains("<property name=\"scene.path\" value=\"scenes/shade.yaml\"/>"))
        #expect(x.contains("<testcase classname=\"scenes/shade.yaml\" name=\"Shade\" time=\"0.012\"/>"))
        #expect(
            x.contains(
                "<system-out>t = 0.100 s: pan began\nt = 0.400 s: pan ended\n240 ticks, t = 4.000 s, 1234 units of work\n</system-out>"
            ))
        #expect(
            !x.contains("<testcase classname=\"scenes/shade.yaml\" name=\"Shade\" file="),
            "file is not a testcase attribute in junit-10.xsd")
        let plain = JUnitReporter.render(structured, options: options(timings: false))
        #expect(
            !plain.contains("time=") && !plain.contains("timestamp=") && !plain.contains("hostname="),
            "deterministic by default")
    }

    @Test(
        .enabled(if: toolExists("xmllint"), "xmllint is not installed: apt-get install libxml2-utils, as .ci/run does"))
    func junitValidatesAgainstJunit10XSD() throws {
        let xsd = testsFolder.appendingPathComponent("Schemas/junit-10.xsd").path
        for timings in [false, true] {
            let x = JUnitReporter.render(structured, options: options(timings: timings))
            let r = try #require(try runTool("xmllint", ["--noout", "--schema", xsd, "-"], input: x))
            #expect(r.code == 0, "\(r.out)")
        }
        // The validator does refuse what the old report wrote (a `file` attribute on testcase).
        let old =
            "<testsuites><testsuite name=\"a\" tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"b\" file=\"a\"/></testsuite></testsuites>"
        let refused = try runTool("xmllint", ["--noout", "--schema", xsd, "-"], input: old)
        #expect(refused?.code != 0)
    }

    @Test func jsonHasAVersionAndStructuredFailures() throws {
        let s = JSONReporter.render(structured, options: options(timings: false))
        let obj = try #require(JSONSerialization.jsonObject(with: Data(s.utf8)) as? [String: Any])
        #expect(obj["version"] as? Int == 3)
        #expect(obj["run"] == nil, "no run identity unless the driver gives one")
        let cases = try #require(obj["cases"] as? [[String: Any]])
        let f = try #require((cases[1]["failures"] as? [[String: Any]])?.first)
        #expect(f["path"] as? String == "scenes/shade.yaml")
        #expect(f["line"] as? Int == 4 && f["column"] as? Int == 28)
        #expect(
            f["expected"] as? Double == 0 && f["actual"] as? Double == 12.4 && f["tolerance"] as? Double == 0.5
                && f["time"] as? Double == 4)
        #expect(cases[0]["duration"] == nil, "no durations unless --timings")
        let timed = JSONReporter.render(structured, options: options(timings: true))
        #expect(timed.contains("\"duration\": 0.012300"))
        #expect(timed.contains("\"timestamp\": \"2026-11-23T03:00:07\""))
        // Keys are written sorted.
        #expect(
            s.contains(
                "{\"actual\": 12.4, \"column\": 28, \"expected\": 0, \"line\": 4, \"message\": \"shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s\", \"path\": \"scenes/shade.yaml\", \"source\": null, \"time\": 4, \"tolerance\": 0.5}"
            ))
    }

    @Test(
        .enabled(
            if: (try? runTool("python3", ["-c", "import jsonschema"]))??.code == 0,
            "Python's jsonschema is not installed: pip install jsonschema, as .ci/run does"))
    func jsonValidatesAgainstItsPublishedSchema() throws {
        let schema = repoRoot.appendingPathComponent("schema/report.schema.json").path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft7Validator.check_schema(schema)
            v = jsonschema.Draft7Validator(schema)
            docs = json.load(sys.stdin)
            bad = [e.message for d in docs for e in v.iter_errors(d)]
            broken = dict(docs[0]); broken["version"] = 1
            assert list(v.iter_errors(broken)), "a wrong version must be refused"
            print("\\n".join(bad)); sys.exit(1 if bad else 0)
            """
        let docs =
            "["
            + [false, true].map { JSONReporter.render(structured, options: options(timings: $0)) }.joined(
                separator: ",") + "]"
        let r = try #require(try runTool("python3", ["-c", script, schema], input: docs))
        #expect(r.code == 0, "\(r.out)")
    }
}
