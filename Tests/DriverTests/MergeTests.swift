import Driver
import Foundation
import Reports
import Results
import Testing

/// `scenerun merge`: the JSON reports of `--shard i/n` runs combine into what the unsharded run
/// writes, byte for byte, and input that is not the shards of one run is refused with its path.
@Suite struct MergeTests {
    /// A sweep, a scene that fails, one that does not load and a plain scene with variants: every
    /// kind of case and every part of the reports (outcome map, source lines, notes, traces).
    let paths = [
        "scenes/shade-sweep.yaml", "Tests/ReportsTests/Failing/", "scenes/invalid/unknown-view.yaml",
        "scenes/shade.yaml",
    ]

    func run(_ format: ReportFormat, shard: String? = nil, reports: [ReportRequest] = []) -> (Int32, String) {
        var r = RunRequest(
            selection: Selection(
                paths: paths.map { repo.appendingPathComponent($0).path },
                shard: shard.flatMap(Shard.init)))
        r.color = .never
        r.format = format
        r.reports = reports
        let c = Captured()
        let code = execute(r, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out)
    }

    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The three shards' JSON reports, written to `dir`.
    func shards(_ dir: URL, count: Int = 3) throws -> [String] {
        var files: [String] = []
        for i in 1...count {
            let (code, json) = run(.json, shard: "\(i)/\(count)")
            #expect([0, 1, 2].contains(code), "shard \(i): exit \(code)")
            let f = dir.appendingPathComponent("shard-\(i).json").path
            try json.write(toFile: f, atomically: true, encoding: .utf8)
            files.append(f)
        }
        return files
    }

    func merged(_ inputs: [String], _ format: ReportFormat, reports: [ReportRequest] = []) -> (Int32, String, [String])
    {
        var m = MergeRequest(inputs: inputs)
        m.format = format
        m.color = .never
        m.reports = reports
        let c = Captured()
        let code = merge(m, console: c.console, environment: [:], isTerminal: false)
        return (code, c.out, c.err)
    }

    @Test func mergedShardsAreTheUnshardedRunByteForByte() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let junit = dir.appendingPathComponent("all.xml").path
        let (code, json) = run(.json, reports: [ReportRequest(format: .junit, path: junit)])
        #expect(code == 2)
        let text = run(.text).1
        let files = try shards(dir)
        // Each shard is a strict part of the run.
        for f in files { #expect(try String(contentsOfFile: f, encoding: .utf8).count < json.count) }
        let mergedJUnit = dir.appendingPathComponent("merged.xml").path
        let (mcode, mjson, err) = merged(
            files.reversed(), .json,
            reports: [ReportRequest(format: .junit, path: mergedJUnit)])
        #expect(mcode == 2, "the run's exit code: a scene is invalid; \(err)")
        #expect(mjson == json)
        let (_, mtext, _) = merged(files, .text)
        #expect(mtext == text)
        #expect(text.contains("outcome map of `presentShade.state`"))
        #expect(text.contains("^"), "failures show their source line and caret")
        #expect(
            try String(contentsOfFile: mergedJUnit, encoding: .utf8) == String(contentsOfFile: junit, encoding: .utf8))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<system-out>"))
    }

    @Test func theReplayIndexOfShardsLinksTheShardsPages() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let all = dir.appendingPathComponent("all").path
        _ = run(.json, reports: [ReportRequest(format: .replay, path: all)])
        var inputs: [String] = []
        let union = dir.appendingPathComponent("union").path
        for i in 1...2 {
            let (_, json) = run(.json, shard: "\(i)/2", reports: [ReportRequest(format: .replay, path: union)])
            let f = dir.appendingPathComponent("s\(i).json").path
            try json.write(toFile: f, atomically: true, encoding: .utf8)
            inputs.append(f)
        }
        _ = merged(inputs, .text, reports: [ReportRequest(format: .replay, path: union)])
        let fm = FileManager.default
        let expected = try fm.contentsOfDirectory(atPath: all).sorted()
        #expect(try fm.contentsOfDirectory(atPath: union).sorted() == expected)
        for name in expected {
            let a = try String(contentsOfFile: all + "/" + name, encoding: .utf8)
            #expect(try a == String(contentsOfFile: union + "/" + name, encoding: .utf8), "\(name)")
        }
    }

    @Test func inputThatIsNotTheShardsOfOneRunIsRefusedWithItsPath() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try shards(dir)
        func refused(_ inputs: [String], _ words: String) {
            let (code, out, err) = merged(inputs, .text)
            #expect(code == 2)
            #expect(out.isEmpty)
            #expect(err.count == 1 && err[0].contains(words), "\(err)")
        }
        refused([files[0], files[2]], "\(files[0]), \(files[2]): ")
        refused([files[0], files[2]], "the report of --shard 2/3 is missing")
        refused([files[0], files[1], files[1], files[2]], "\(files[1]):")
        refused([files[0], files[1], files[1], files[2]], "the reports overlap")
        let other = dir.appendingPathComponent("other.json").path
        var r = RunRequest(selection: Selection(paths: [repo.appendingPathComponent("scenes/shade.yaml").path]))
        r.format = .json
        let c = Captured()
        _ = execute(r, console: c.console, environment: [:], isTerminal: false)
        try c.out.write(toFile: other, atomically: true, encoding: .utf8)
        refused(files + [other], "\(other):")
        refused(files + [other], ": a report of another run")
        let text = try String(contentsOfFile: files[1], encoding: .utf8)
        let older = dir.appendingPathComponent("older.json").path
        try text.replacingOccurrences(of: "scenerun 0.", with: "scenerun 9.").write(
            toFile: older, atomically: true, encoding: .utf8)
        refused([files[0], older, files[2]], "\(older):")
        refused([files[0], older, files[2]], ": written by scenerun 9.")
        let v2 = dir.appendingPathComponent("v2.json").path
        try text.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 2").write(
            toFile: v2, atomically: true, encoding: .utf8)
        refused([files[0], v2, files[2]], "\(v2):")
        refused([files[0], v2, files[2]], ": a version 2 report")
        let junk = dir.appendingPathComponent("junk.json").path
        try "<testsuites/>".write(toFile: junk, atomically: true, encoding: .utf8)
        refused([junk], "\(junk):1:1: not a scenerun JSON report (not JSON: expected a value)")
        let wrong = dir.appendingPathComponent("wrong.json").path
        try text.replacingOccurrences(of: "\"ticks\": ", with: "\"ticks\": -0.5 + ").write(
            toFile: wrong, atomically: true, encoding: .utf8)
        refused(
            [files[0], wrong, files[2]], "not a scenerun JSON report (`-0.5` is not a whole number, which `ticks` is)")
        refused([dir.appendingPathComponent("absent.json").path], "absent.json: cannot read")
    }
}

extension MergeTests {
    /// A scene with CRLF or CR line ends: the JSON report's `source` of each failure is the line
    /// the loader counted (it was the whole file's first "line", split on "\n" as Characters,
    /// where "\r\n" is one), so the merged text report shows the same lines and carets as the run.
    @Test func sourceLinesOfCRLFAndCRScenesMergeAsTheRunShowsThem() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lf = try String(
            contentsOf: repo.appendingPathComponent("Tests/ReportsTests/Failing/fails.yaml"), encoding: .utf8)
        for (name, end) in [("crlf", "\r\n"), ("cr", "\r")] {
            let scene = dir.appendingPathComponent("\(name).yaml")
            try lf.replacingOccurrences(of: "\n", with: end).write(to: scene, atomically: true, encoding: .utf8)
            var r = RunRequest(selection: Selection(paths: [scene.path]))
            r.color = .never
            let text = Captured()
            #expect(execute(r, console: text.console, environment: [:], isTerminal: false) == 1)
            r.format = .json
            let json = Captured()
            _ = execute(r, console: json.console, environment: [:], isTerminal: false)
            let report = dir.appendingPathComponent("\(name).json").path
            try json.out.write(toFile: report, atomically: true, encoding: .utf8)
            #expect(json.out.contains("\"source\": \"  views: { box: { y: 0, alpha: 0.5 } }\""), "\(json.out)")
            let (code, mtext, err) = merged([report], .text)
            #expect(code == 1 && err.isEmpty)
            #expect(mtext == text.out)
            #expect(text.out.contains("  views: { box: { y: 0, alpha: 0.5 } }\n                     ^"), "\(text.out)")
        }
    }
}
