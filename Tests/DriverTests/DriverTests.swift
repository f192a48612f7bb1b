import Driver
import Foundation
import Reports
import Results
import Testing

/// Repository root (Tests/DriverTests/ is two levels down).
let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A console that keeps what the driver writes.
final class Captured: @unchecked Sendable {
    var out = ""
    var err: [String] = []
    let lock = NSLock()
    var console: Console {
        Console(
            out: { (s: String) throws(OutputError) in self.lock.withLock { self.out += s } },
            err: { m in self.lock.withLock { self.err.append("error: " + m) } },
            note: { m in self.lock.withLock { self.err.append("note: " + m) } })
    }
}

/// The driver without the executable: discovery, filtering, sharding, parallel runs, reports.
@Suite struct DriverTests {
    /// The number of cases of scenes/shade.yaml (the scene and its variants), from `--list`.
    var shadeCases: Int {
        let c = Captured()
        _ = execute(
            request(["scenes/shade.yaml"]) { $0.list = true }, console: c.console, environment: [:], isTerminal: false)
        return c.out.split(separator: "\n").count
    }

    func request(_ paths: [String], _ edit: (inout RunRequest) -> Void = { _ in }) -> RunRequest {
        var r = RunRequest(selection: Selection(paths: paths.map { repo.appendingPathComponent($0).path }))
        r.color = .never
        edit(&r)
        return r
    }

    @Test func exitCodesFollowTheWorstOutcome() {
        let pass = CaseResult(file: "a", name: "p", status: .passed)
        let fail = CaseResult(file: "a", name: "f", status: .failed)
        let bad = CaseResult(file: "a", name: "i", status: .invalid)
        #expect(outcomeExitCode(for: []) == 0)
        #expect(outcomeExitCode(for: [pass]) == 0)
        #expect(outcomeExitCode(for: [pass, fail]) == 1)
        #expect(outcomeExitCode(for: [fail, bad, pass]) == 2)
    }

    @Test func colourRules() {
        #expect(useColor(.always, environment: ["NO_COLOR": "1"], isTerminal: false))
        #expect(!useColor(.never, environment: ["FORCE_COLOR": "1"], isTerminal: true))
        #expect(useColor(.auto, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"], isTerminal: false))
        #expect(!useColor(.auto, environment: ["FORCE_COLOR": "0"], isTerminal: true))
        #expect(!useColor(.auto, environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(useColor(.auto, environment: ["NO_COLOR": ""], isTerminal: true), "an empty NO_COLOR does not count")
        #expect(!useColor(.auto, environment: ["TERM": "dumb"], isTerminal: true))
        #expect(useColor(.auto, environment: [:], isTerminal: true))
        #expect(!useColor(.auto, environment: [:], isTerminal: false))
    }

    @Test func reportRequestsParse() {
        #expect(ReportRequest.parse("junit=out/j.xml") == .success(ReportRequest(format: .junit, path: "out/j.xml")))
        #expect(ReportRequest.parse("trace=a=b") == .success(ReportRequest(format: .trace, path: "a=b")))
        guard case .failure(let e) = ReportRequest.parse("xml=out") else { Issue.record("xml accepted"); return }
        #expect(e.message == "unknown report format 'xml' (one of text, json, junit, github, trace, replay)")
        guard case .failure = ReportRequest.parse("junit") else { Issue.record("no path accepted"); return }
        guard case .failure = ReportRequest.parse("junit=") else { Issue.record("empty path accepted"); return }
    }

    @Test func shardsPartitionTheCases() throws {
        #expect(Shard("0/2") == nil)
        #expect(Shard("3/2") == nil)
        #expect(Shard("x") == nil)
        let all = collect(Selection(paths: [repo.appendingPathComponent("scenes").path])).flatMap(\.cases).map(\.name)
        var union: [String] = []
        for i in 1...3 {
            let part = collect(Selection(paths: [repo.appendingPathComponent("scenes").path], shard: Shard("\(i)/3")))
            union += part.flatMap(\.cases).map(\.name)
        }
        #expect(all.count > 10)
        #expect(union.sorted() == all.sorted(), "the shards together are the run, each case once")
    }

    @Test func outputIsTheSameForEveryJobsValue() {
        var outputs: [String] = []
        for jobs in [1, 2, 5] {
            let c = Captured()
            let code = execute(
                request(["scenes/shade.yaml", "scenes/invalid/unknown-view.yaml"]) {
                    $0.jobs = jobs
                    $0.format = .json
                }, console: c.console, environment: [:], isTerminal: false)
            #expect(code == 2)
            outputs.append(c.out)
        }
        #expect(outputs.count == 3 && outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(outputs[0].contains("\"status\": \"invalid\""))
    }

    @Test func checkHasItsOwnWords() {
        let c = Captured()
        let code = check(
            Selection(paths: [
                repo.appendingPathComponent("scenes/invalid/unknown-view.yaml").path,
                repo.appendingPathComponent("scenes/shade.yaml").path,
            ]), console: c.console)
        #expect(code == 2)
        #expect(c.out.hasSuffix("\(shadeCases) valid, 1 invalid\n"))
        #expect(!c.out.contains("passed"))
    }

    @Test func nothingSelectedIsAUsageErrorButAnEmptyShardIsNot() {
        let c = Captured()
        var s = Selection(paths: [repo.appendingPathComponent("scenes/shade.yaml").path], filter: "no-such-case")
        #expect(check(s, console: c.console) == 64)
        s.filter = "dismissCancelled"  // one case: shard 2/2 gets none
        s.shard = Shard("2/2")
        let d = Captured()
        #expect(execute(RunRequest(selection: s), console: d.console, environment: [:], isTerminal: false) == 0)
        #expect(d.err == ["note: shard 2/2 receives no case; nothing to run"])
    }

    @Test func atomicWritesReplaceAndRefuse() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-driver-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("deep/er/report.xml").path
        try writeAtomically("one", to: target)
        try writeAtomically("two", to: target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "two")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("deep/er").path)
        #expect(leftovers == ["report.xml"], "no temporary file is left behind")
        #expect(throws: OutputError.self) { try writeAtomically("x", to: dir.path) }
        do {
            try writeAtomically("x", to: dir.path)
        } catch {
            #expect(error.code == 73)
            #expect(error.message.hasSuffix("it is a folder; name a file"))
        }
        let link = dir.appendingPathComponent("link.xml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        do {
            try writeAtomically("x", to: link)
            Issue.record("wrote through a link")
        } catch {
            #expect(error.code == 73)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "two")
    }

    @Test func reportsAreWrittenForEveryRequest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-driver-reports-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = Captured()
        let code = execute(
            request(["scenes/shade.yaml"]) {
                $0.selection.filter = "dismissCancelled"
                $0.reports = [
                    ReportRequest(format: .junit, path: dir.appendingPathComponent("j.xml").path),
                    ReportRequest(format: .github, path: dir.appendingPathComponent("gh.txt").path),
                    ReportRequest(format: .trace, path: dir.appendingPathComponent("trace").path),
                ]
            }, console: c.console, environment: [:], isTerminal: false)
        #expect(code == 0)
        #expect(c.out == "✓ Shade appears on a downward pan / dismissCancelled\n1 passed, 0 failed\n")
        #expect(
            try String(contentsOfFile: dir.appendingPathComponent("j.xml").path, encoding: .utf8).hasPrefix("<?xml"))
        #expect(
            try String(contentsOfFile: dir.appendingPathComponent("gh.txt").path, encoding: .utf8).hasPrefix(
                "::group::"))
        let traces = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("trace").path)
        #expect(traces == ["Shade-appears-on-a-downward-pan---dismissCancelled.csv"])
    }

    /// `--replay` alone records the trace: the page's "Events up to this tick" lists it.
    @Test func aReplayPageHasItsEventsWithoutOtherReports() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-driver-replay-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = Captured()
        let code = execute(
            request(["scenes/shade.yaml"]) {
                $0.selection.filter = "dismissCancelled"
                $0.reports = [ReportRequest(format: .replay, path: dir.path)]
            }, console: c.console, environment: [:], isTerminal: false)
        #expect(code == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(pages == ["001-shade-appears-on-a-downward-pan-dismisscancelled.html", "index.html"])
        let page = try String(contentsOfFile: dir.appendingPathComponent(pages[0]).path, encoding: .utf8)
        #expect(
            page.contains("\"notes\":[[") && page.contains("pull.changed at [187, "), "the trace is in the page's data")
    }

    @Test func registryDrivesTheFormats() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "junit", "github", "trace", "replay"])
        #expect(ReportFormat.streamable.map(\.rawValue) == ["text", "json", "junit", "github"])
        for f in ReportFormat.allCases { #expect(!f.summary.isEmpty) }
    }
}
