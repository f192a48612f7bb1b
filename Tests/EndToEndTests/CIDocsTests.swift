import Foundation
import Testing

/// docs/ci.md's GitHub Actions workflow and GitLab job: every `swift run scenerun …` line of their
/// YAML blocks is run (with the built scenerun in place of `swift run scenerun`) in a scratch
/// folder that holds the shipped scenes, and must pass and write the reports it names.
@Suite struct CIDocsTests {
    /// The scenerun command lines of the page's ```yaml blocks, in order.
    static func commands() throws -> [String] {
        let page = try String(contentsOf: repo.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        var inYAML = false
        var out: [String] = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inYAML = !inYAML && line == "```yaml"
                continue
            }
            guard inYAML, let r = line.firstRange(of: "swift run scenerun ") else { continue }
            out.append(String(line[r.upperBound...]))
        }
        return out
    }

    @Test func everyPipelineHasAScenerunCommand() throws {
        let c = try Self.commands()
        #expect(c.count == 4, "GitHub Actions, its sharded matrix and merge, GitLab: \(c)")
    }

    /// Runs a command line of the page in `dir` (`$SCENERUN` in place of `swift run scenerun`).
    func sh(_ args: String, in dir: URL, env extra: [String: String] = [:]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec \"$SCENERUN\" " + args]
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["SCENERUN"] = try binary().path
        for (k, v) in extra { env[k] = v }
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// The sharded workflow: the matrix job's line for shards 1, 2 and 3 in one folder (what
    /// `download-artifact` with `merge-multiple` gives the merge job), then the merge job's line;
    /// its JUnit report and replay folder are the unsharded run's.
    @Test func theShardedWorkflowMergesIntoTheUnshardedReports() throws {
        let c = try Self.commands()
        let shard = try #require(c.first { $0.contains("${{ matrix.shard }}") })
        let merge = try #require(c.first { $0.hasPrefix("merge ") })
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-ci-sharded-\(getpid())")
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        try fm.createSymbolicLink(
            at: dir.appendingPathComponent("scenes"), withDestinationURL: repo.appendingPathComponent("scenes"))
        for i in 1...3 {
            #expect(try sh(shard.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(i)"), in: dir) == 0)
        }
        let summary = dir.appendingPathComponent("summary.md")
        #expect(try sh(merge, in: dir, env: ["GITHUB_WORKSPACE": dir.path, "GITHUB_STEP_SUMMARY": summary.path]) == 0)
        let cases = try scenerun(["--list", "scenes/"]).out.split(separator: "\n").count
        #expect(cases > 100)
        #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("### scenerun: \(cases) passed"))
        #expect(try sh("--report junit=whole/junit.xml --replay whole/replay scenes/", in: dir) == 0)
        let merged = dir.appendingPathComponent("out")
        let whole = dir.appendingPathComponent("whole")
        #expect(
            try String(contentsOf: merged.appendingPathComponent("junit.xml"), encoding: .utf8)
                == String(contentsOf: whole.appendingPathComponent("junit.xml"), encoding: .utf8))
        let pages = try fm.contentsOfDirectory(atPath: whole.appendingPathComponent("replay").path).sorted()
        #expect(try fm.contentsOfDirectory(atPath: merged.appendingPathComponent("replay").path).sorted() == pages)
        for page in pages {
            let a = try String(contentsOf: merged.appendingPathComponent("replay/" + page), encoding: .utf8)
            #expect(
                try a == String(contentsOf: whole.appendingPathComponent("replay/" + page), encoding: .utf8), "\(page)")
        }
    }

    @Test func theirCommandsRunAndWriteTheirReports() throws {
        let fm = FileManager.default
        // The sharded workflow's lines run together in the test above.
        for (i, args) in try Self.commands().enumerated()
        where !args.contains("matrix.shard") && !args.hasPrefix("merge ") {
            let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-ci-\(getpid())-\(i)")
            try? fm.removeItem(at: dir)
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? fm.removeItem(at: dir) }
            try fm.createSymbolicLink(
                at: dir.appendingPathComponent("scenes"), withDestinationURL: repo.appendingPathComponent("scenes"))
            let summary = dir.appendingPathComponent("summary.md")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            // The line as a shell would run it, scenerun being the built one.
            p.arguments = ["-c", "exec \"$SCENERUN\" " + args]
            p.currentDirectoryURL = dir
            var env = ProcessInfo.processInfo.environment
            env["SCENERUN"] = try binary().path
            env["GITHUB_WORKSPACE"] = dir.path
            env["GITHUB_STEP_SUMMARY"] = summary.path
            p.environment = env
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(args)")
            for r in args.split(separator: " ") where r.hasPrefix("junit=") || r.hasPrefix("json=") {
                let path = dir.appendingPathComponent(String(r.split(separator: "=", maxSplits: 1)[1])).path
                #expect(fm.fileExists(atPath: path), "\(args) wrote \(path)")
            }
            if args.contains("--format github") {
                #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("### scenerun: "))
            }
        }
    }
}
