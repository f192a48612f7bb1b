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

    @Test func bothPipelinesHaveAScenerunCommand() throws {
        let c = try Self.commands()
        #expect(c.count == 2, "one for GitHub Actions, one for GitLab: \(c)")
    }

    @Test func theirCommandsRunAndWriteTheirReports() throws {
        let fm = FileManager.default
        for (i, args) in try Self.commands().enumerated() {
            let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-ci-\(getpid())-\(i)")
            try? fm.removeItem(at: dir)
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? fm.removeItem(at: dir) }
            try fm.createSymbolicLink(at: dir.appendingPathComponent("scenes"), withDestinationURL: repo.appendingPathComponent("scenes"))
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
