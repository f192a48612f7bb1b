import Foundation
import TestSupport
import Testing

let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built `scenerun`, next to the test bundle.
/// `SCENERUN_BINARY` names another build (for example main's, to show a regression test fails there).
func binary() throws -> URL {
    if let b = ProcessInfo.processInfo.environment["SCENERUN_BINARY"] { return URL(fileURLWithPath: b) }
    var dirs = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    dirs.append(Bundle.main.bundleURL.deletingLastPathComponent())
    dirs.append(repo.appendingPathComponent(".build/debug"))
    for d in dirs {
        let u = d.appendingPathComponent("scenerun")
        if FileManager.default.isExecutableFile(atPath: u.path) { return u }
    }
    throw CocoaError(.fileNoSuchFile)
}

/// A new, empty folder `scenerun-<name>-<pid>` in the temporary folder (emptied if it was there).
func temporaryFolder(_ name: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// The text of every Swift file below a folder of the repository (`Tests`, `Sources/Dynamics`).
func swiftSources(under folder: String) throws -> String {
    let root = repo.appendingPathComponent(folder)
    guard let walk = FileManager.default.enumerator(atPath: root.path) else { return "" }
    var sources = ""
    while let f = walk.nextObject() as? String {
        if f.hasSuffix(".swift") { sources += try String(contentsOf: root.appendingPathComponent(f), encoding: .utf8) }
    }
    return sources
}

struct Outcome { var code: Int32; var out: String; var err: String }

/// Runs the built `scenerun` in the repository (or in `folder`).
func scenerun(
    _ args: [String], env: [String: String] = [:], unset: [String] = [], in folder: URL = repo
) throws -> Outcome {
    try run(try binary(), args, env: env, unset: unset, in: folder)
}

/// Runs a program in the repository (or in `folder`) and collects its exit code and both
/// outputs. Standard error is read on another thread while standard output drains, so a child
/// that fills one pipe while the other is being read cannot block both.
func run(
    _ program: URL, _ args: [String], env: [String: String] = [:], unset: [String] = [], in folder: URL = repo
) throws -> Outcome {
    let p = Process()
    p.executableURL = program
    p.arguments = args
    p.currentDirectoryURL = folder
    var e = ProcessInfo.processInfo.environment
    for k in unset { e[k] = nil }
    for (k, v) in env { e[k] = v }
    p.environment = e
    let o = Pipe()
    let er = Pipe()
    p.standardOutput = o
    p.standardError = er
    try p.run()
    final class Box: @unchecked Sendable { var data = Data() }  // written before `done` signals
    let err = Box()
    let done = DispatchSemaphore(value: 0)
    let handle = er.fileHandleForReading
    DispatchQueue.global().async {
        err.data = handle.readDataToEndOfFile()
        done.signal()
    }
    let out = o.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    p.waitUntilExit()
    return Outcome(
        code: p.terminationStatus, out: String(decoding: out, as: UTF8.self),
        err: String(decoding: err.data, as: UTF8.self))
}

@Suite(.serialized) struct EndToEndTests {
    @Test func shippedScenesPass() throws {
        let r = try scenerun(["scenes/"])
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.hasSuffix(" passed, 0 failed\n"))
        #expect(!r.out.contains("invalid"))
    }

    @Test func failingSceneExitsOneWithItsLocation() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-e2e-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let f = dir.appendingPathComponent("fails.yaml")
        try fallingBoxScene.write(to: f, atomically: true, encoding: .utf8)
        let r = try scenerun([f.path])
        #expect(r.code == 1)
        #expect(r.out.contains("\(f.path):8:22: error: box.y expected 0 ± 0.5, got "))
        #expect(r.out.contains("  views: { box: { y: 0 } }\n                     ^\n"))
        #expect(r.out.hasSuffix("0 passed, 1 failed\n"))
        // Reports are written atomically and leave no temporary file behind.
        let junit = dir.appendingPathComponent("out/junit.xml")
        let json = dir.appendingPathComponent("out/report.json")
        let r2 = try scenerun([f.path, "--junit", junit.path, "--json", json.path, "--quiet"])
        #expect(r2.code == 1)
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<failure message=\"box.y expected 0 ± 0.5"))
        #expect(try String(contentsOf: json, encoding: .utf8).contains("\"status\": \"failed\""))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted() == [
                "junit.xml", "report.json",
            ])
    }

    @Test func invalidScenesExitTwo() throws {
        let r = try scenerun(["scenes/invalid/unknown-key.yaml"])
        #expect(r.code == 2)
        #expect(
            r.out.contains(
                "scenes/invalid/unknown-key.yaml:5:50: error: unknown key `frequncy` in `attachment` of `pull`; did you mean `frequency`?"
            ))
        let all = try scenerun(["check", "scenes/invalid"])
        #expect(all.code == 2)
        #expect(all.out.hasSuffix("3 valid, 40 invalid\n"))  // two runtime errors load; they fail when run
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(try scenerun(["--no-such-flag", "scenes/"]).code == 64)
        #expect(try scenerun(["scenes/does-not-exist.yaml"]).code == 64)
        #expect(try scenerun(["--jobs", "0", "scenes/"]).code == 64)
        // Every limit has a flag; a scene over a limit is invalid (2) and names the flag.
        let limited = try scenerun(["--max-views", "1", "scenes/shade.yaml"])
        #expect(limited.code == 2)
        #expect(limited.out.contains("2 views, more than the limit of 1; raise it with --max-views"))
        let help = try scenerun(["--help"])
        #expect(help.code == 0)
        #expect(help.out.contains("Examples:"))
    }

    @Test func checkListAndFilter() throws {
        let c = try scenerun(["check", "scenes/"])
        #expect(c.code == 0)
        // As many valid cases as `--list` lists (the count grows with the shipped scenes).
        let all = try scenerun(["--list", "scenes/"])
        let listed = all.out.split(separator: "\n").count
        #expect(listed > 100)
        #expect(c.out == "\(listed) valid, 0 invalid\n", "check has its own words, not the run's")
        let l = try scenerun(["--list", "scenes/shade.yaml"])
        let cases = [
            "", " / cancelled", " / lowTouch", " / finishTime", " / presentedThenDismissed", " / dismissed",
            " / dismissCancelled", " / guardEdge", " / guardPast", " / slowDown", " / slowDownFaster", " / centerAbove",
            " / centerBelow", " / dismissGuardEdge", " / dismissGuardPast", " / dismissSlow", " / dismissSlowFaster",
            " / dismissCenterAbove", " / dismissCenterBelow", " / bottomTouch", " / dismissTopTouch",
        ]
        #expect(l.out == cases.map { "scenes/shade.yaml: Shade appears on a downward pan\($0)\n" }.joined())
        let f = try scenerun(["--filter", "cancel", "scenes/"])
        #expect(f.code == 0)
        let fl = try scenerun(["--list", "--filter", "cancel", "scenes/"]).out.split(separator: "\n")
        #expect(fl.count >= 8 && fl.allSatisfy { $0.lowercased().contains("cancel") })
        #expect(f.out.hasSuffix("\(fl.count) passed, 0 failed\n"), "the filter runs exactly what --list selects")
    }

    /// Same input, same output: every --jobs value prints the same bytes.
    @Test func outputIsIdenticalForEveryJobCount() throws {
        let one = try scenerun(["--verbose", "scenes/"], env: ["NO_COLOR": "1"])
        let four = try scenerun(["--verbose", "--jobs", "4", "scenes/"], env: ["NO_COLOR": "1"])
        let again = try scenerun(["--verbose", "--jobs", "3", "scenes/"], env: ["NO_COLOR": "1"])
        #expect(one.out == four.out)
        #expect(one.out == again.out)
        let j1 = try scenerun(["--format", "json", "scenes/"])
        let j2 = try scenerun(["--format", "json", "--jobs", "2", "scenes/"])
        #expect(j1.out == j2.out)
    }

    @Test func reportRequestsAreCheckedWithAReason() throws {
        let unknown = try scenerun(["--report", "xml=out.xml", "scenes/shade.yaml"])
        #expect(unknown.code == 64)
        #expect(unknown.err.contains("unknown report format 'xml' (one of text, json, junit, github, trace, replay)"))
        let noPath = try scenerun(["--report", "junit", "scenes/shade.yaml"])
        #expect(noPath.code == 64)
        #expect(noPath.err.contains("expected FORMAT=PATH"))
        let folder = try scenerun(["--format", "trace", "scenes/shade.yaml"])
        #expect(folder.code == 64, "trace writes a folder: only --report trace=DIR")
    }

    @Test func errorsOnStandardErrorAreColouredLikeSwiftc() throws {
        let coloured = try scenerun(["--color", "always", "--junit", "/tmp", "scenes/shade.yaml"])
        #expect(coloured.code == 73)
        #expect(coloured.err.hasPrefix("scenerun: \u{1B}[1;31merror:\u{1B}[0m cannot create /tmp: it is a folder"))
        let plain = try scenerun(["--junit", "/tmp", "scenes/shade.yaml"], unset: ["FORCE_COLOR"])
        #expect(plain.err.hasPrefix("scenerun: error: cannot create /tmp"), "standard error is not a terminal here")
    }

    @Test func githubAnnotations() throws {
        let r = try scenerun(
            ["--format", "github", "scenes/invalid/unknown-view.yaml"],
            unset: ["GITHUB_WORKSPACE", "GITHUB_STEP_SUMMARY"])
        #expect(r.code == 2)
        #expect(r.out.hasPrefix("::group::scenes/invalid/unknown-view.yaml\n! unknown-view.yaml\n"))
        #expect(
            r.out.contains(
                "\n::error file=scenes/invalid/unknown-view.yaml,line=5,col=30,title=unknown-view.yaml::unknown view `crad`; did you mean `card`?\n::endgroup::\n"
            ))
        // Run from another folder, annotations are still relative to the workspace (the repository).
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-summary-\(getpid()).md")
        try? FileManager.default.removeItem(at: summary)
        defer { try? FileManager.default.removeItem(at: summary) }
        let abs = repo.appendingPathComponent("scenes/invalid/unknown-view.yaml").path
        let w = try scenerun(
            ["--format", "github", abs], env: ["GITHUB_WORKSPACE": repo.path, "GITHUB_STEP_SUMMARY": summary.path])
        #expect(w.out.contains("::error file=scenes/invalid/unknown-view.yaml,line=5,col=30,"))
        let md = try String(contentsOf: summary, encoding: .utf8)
        #expect(md.hasPrefix("### scenerun: 0 passed, 0 failed, 1 invalid\n"))
        #expect(
            md.contains(
                "| unknown-view.yaml | invalid | `scenes/invalid/unknown-view.yaml:5:30` | unknown view `crad`; did you mean `card`? |"
            ))
    }
}

/// Runs `scenerun mutate --min-score 90` on gallery scenes (by name, without `.yaml`) and
/// expects it to pass and to print each score line given: what the gallery suites pin.
func expectGalleryScores(_ scenes: [String], _ lines: [String]) throws {
    let r = try scenerun(["mutate", "--min-score", "90"] + scenes.map { "scenes/gallery/\($0).yaml" })
    #expect(r.code == 0, "\(r.out)\(r.err)")
    for line in lines { #expect(r.out.contains(line), "\(line)\n\(r.out)") }
}
