import Foundation
import Testing

/// Symbolic links planted inside an output folder, at each level on the way to a report, a trace
/// or a replay page, for `run`, `mutate` and `merge`: each is refused (73) with one line naming
/// the link, and nothing is written through it (the folder it points at is unchanged).
@Suite struct OutputLinkTests {
    static let fling = "docs/examples/fling.yaml"

    /// A fresh folder holding `victim/` (one file the user cares about) and an empty `rp/`.
    func workspace(_ tag: String) throws -> (dir: URL, rp: URL, victim: URL) {
        let dir = try temporaryFolder("output-link-\(tag)")
        let victim = dir.appendingPathComponent("victim")
        let rp = dir.appendingPathComponent("rp")
        for f in [victim, rp] { try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true) }
        try "keep".write(to: victim.appendingPathComponent("index.html"), atomically: false, encoding: .utf8)
        return (dir, rp, victim)
    }

    func link(_ at: URL, to target: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: at.path, withDestinationPath: target.path)
    }

    /// The victim folder still holds only its own file, unchanged.
    func untouched(_ victim: URL) throws {
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path) == ["index.html"])
        #expect(try String(contentsOf: victim.appendingPathComponent("index.html"), encoding: .utf8) == "keep")
    }

    func refused(_ r: Outcome, naming link: URL) {
        #expect(r.code == 73, "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(
            r.err.contains("\(link.path) is a symbolic link; scenerun does not write through links"), "\(r.err)")
    }

    /// On main `mutate --replay rp` with `rp/original` a link to another folder replaced the
    /// `index.html` there and wrote the original pages into it, exit 0.
    @Test func mutateReplayRefusesALinkedOriginalFolder() throws {
        let w = try workspace("original")
        let original = w.rp.appendingPathComponent("original")
        try link(original, to: w.victim)
        let r = try scenerun(["mutate", "--only", "event", "--replay", w.rp.path, Self.fling])
        refused(r, naming: original)
        try untouched(w.victim)
        #expect(!FileManager.default.fileExists(atPath: w.rp.appendingPathComponent("index.html").path))
    }

    /// A survivor's folder (`rp/mutant-2`, fling.yaml's first survivor of the event operator) as a
    /// link: refused before any page is written, the original pages included.
    @Test func mutateReplayRefusesALinkedMutantFolder() throws {
        let w = try workspace("mutant")
        let mutant = w.rp.appendingPathComponent("mutant-2")
        try link(mutant, to: w.victim)
        let r = try scenerun(["mutate", "--only", "event", "--replay", w.rp.path, Self.fling])
        refused(r, naming: mutant)
        try untouched(w.victim)
        let original = w.rp.appendingPathComponent("original").path
        #expect((try? FileManager.default.contentsOfDirectory(atPath: original)) ?? [] == [])
    }

    /// A replay page's own name (then the index's) as a link in the named folder: refused, the
    /// index before the run, a page before any page is written.
    @Test func runReplayRefusesALinkedPageAndALinkedIndex() throws {
        let w = try workspace("page")
        let page = w.rp.appendingPathComponent("001-card-dragged-past-280-pt-falls-away.html")
        try link(page, to: w.victim.appendingPathComponent("index.html"))
        let r = try scenerun(["--replay", w.rp.path, Self.fling])
        #expect(r.code == 73, "\(r.err)")
        #expect(r.err.contains("cannot create \(page.path): it is a symbolic link"), "\(r.err)")
        try untouched(w.victim)
        // No page was written: the index is checked with the pages before any is written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.rp.path) == [page.lastPathComponent])

        let w2 = try workspace("index")
        let index = w2.rp.appendingPathComponent("index.html")
        try link(index, to: w2.victim.appendingPathComponent("index.html"))
        let before = try scenerun(["--replay", w2.rp.path, Self.fling])
        #expect(before.code == 73)
        #expect(before.out == "", "refused before the run")
        #expect(before.err.contains("cannot create \(index.path): it is a symbolic link"), "\(before.err)")
        try untouched(w2.victim)
    }

    /// A case's CSV as a link in the named trace folder: refused before any CSV is written.
    @Test func runTraceRefusesALinkedCSV() throws {
        let w = try workspace("trace")
        let csv = w.rp.appendingPathComponent("Card-dragged-past-280-pt-falls-away.csv")
        try link(csv, to: w.victim.appendingPathComponent("index.html"))
        let r = try scenerun(["--trace", w.rp.path, Self.fling])
        #expect(r.code == 73, "\(r.err)")
        #expect(r.err.contains("cannot create \(csv.path): it is a symbolic link"), "\(r.err)")
        try untouched(w.victim)
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.rp.path) == [csv.lastPathComponent])
    }

    /// `merge --replay DIR` writes `DIR/index.html`: a link there is refused before anything is
    /// written, and the merged JSON report is not written through a link either.
    @Test func mergeRefusesLinkedOutputs() throws {
        let w = try workspace("merge")
        let json = w.dir.appendingPathComponent("r.json")
        #expect(try scenerun(["--quiet", "--json", json.path, Self.fling]).code == 0)
        let index = w.rp.appendingPathComponent("index.html")
        try link(index, to: w.victim.appendingPathComponent("index.html"))
        let r = try scenerun(["merge", "--replay", w.rp.path, json.path])
        #expect(r.code == 73, "\(r.err)")
        #expect(r.err.contains("cannot create \(index.path): it is a symbolic link"), "\(r.err)")
        let out = w.dir.appendingPathComponent("out.json")
        try link(out, to: w.victim.appendingPathComponent("index.html"))
        let j = try scenerun(["merge", "--json", out.path, json.path])
        #expect(j.code == 73, "\(j.err)")
        try untouched(w.victim)
    }

    /// `mutate --json X --replay X` names one place twice: a usage error before the run, as `run`
    /// refuses two reports on one file.
    @Test func mutateRefusesTwoOutputsOnOnePath() throws {
        let w = try workspace("clash")
        let x = w.dir.appendingPathComponent("x").path
        let r = try scenerun(["mutate", "--json", x, "--replay", x, Self.fling])
        #expect(r.code == 64, "\(r.err)")
        #expect(
            r.err == "scenerun: error: --json \(x) and --replay \(x) name the same file; each report needs its own\n")
        #expect(!FileManager.default.fileExists(atPath: x))
    }

    /// A relative output path is the repository's: a link `out` planted at its first level (by a
    /// pull request, say) is refused (73, naming `out`), never written through. On main
    /// `--json out/r.json` with `out` a link wrote the report into the folder it points at.
    @Test func relativeJSONThroughALinkedFolderIsRefused() throws {
        let w = try workspace("rel-json")
        try link(w.dir.appendingPathComponent("out"), to: w.victim)
        let r = try scenerun(
            ["--quiet", "--json", "out/r.json", repo.appendingPathComponent(Self.fling).path], in: w.dir)
        refusedRelative(r, naming: "out")
        try untouched(w.victim)
    }

    /// `--trace out/t` and `--trace out` itself, `out` a link to a folder: both refused before the
    /// run (on main both wrote the CSV into the folder the link points at).
    @Test func relativeTraceThroughALinkedFolderIsRefused() throws {
        let w = try workspace("rel-trace")
        try link(w.dir.appendingPathComponent("out"), to: w.victim)
        let scene = repo.appendingPathComponent(Self.fling).path
        for path in ["out/t", "out", "./out/t"] {
            let r = try scenerun(["--trace", path, scene], in: w.dir)
            refusedRelative(r, naming: path.hasPrefix("./") ? "./out" : "out")
            #expect(r.out == "", "refused before the run: \(r.out)")
            try untouched(w.victim)
        }
    }

    /// `--replay out/rp` with `out` a link: refused before the run, nothing written through it.
    @Test func relativeReplayThroughALinkedFolderIsRefused() throws {
        let w = try workspace("rel-replay")
        try link(w.dir.appendingPathComponent("out"), to: w.victim)
        let r = try scenerun(["--replay", "out/rp", repo.appendingPathComponent(Self.fling).path], in: w.dir)
        refusedRelative(r, naming: "out")
        try untouched(w.victim)
    }

    /// `mutate --replay out/rp` with `out` a link: refused (on main it wrote `rp/index.html`,
    /// `original/` and the survivors' pages into the folder the link points at).
    @Test func relativeMutateReplayThroughALinkedFolderIsRefused() throws {
        let w = try workspace("rel-mutate")
        try link(w.dir.appendingPathComponent("out"), to: w.victim)
        let scene = repo.appendingPathComponent(Self.fling).path
        let r = try scenerun(["mutate", "--only", "event", "--replay", "out/rp", scene], in: w.dir)
        refusedRelative(r, naming: "out")
        try untouched(w.victim)
    }

    /// An absolute path is the one the user typed: a link among its existing folders is followed
    /// (as macOS's /tmp is a link), and the report lands in the folder it points at; the file
    /// itself is never a link.
    @Test func absolutePathsFollowTheirExistingFolders() throws {
        let w = try workspace("abs")
        let out = w.dir.appendingPathComponent("out")
        try link(out, to: w.rp)
        let scene = repo.appendingPathComponent(Self.fling).path
        let r = try scenerun(["--quiet", "--json", out.path + "/new/r.json", scene])
        #expect(r.code == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: w.rp.appendingPathComponent("new/r.json").path))
        let t = try scenerun(["--quiet", "--trace", out.path, scene])
        #expect(t.code == 0, "\(t.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.rp.path).contains { $0.hasSuffix(".csv") })
        // The file itself is still never written through a link.
        try link(w.rp.appendingPathComponent("r.json"), to: w.victim.appendingPathComponent("index.html"))
        let file = try scenerun(["--quiet", "--json", out.path + "/r.json", scene])
        #expect(file.code == 73, "\(file.err)")
        try untouched(w.victim)
    }

    /// Refused with 73 and one line naming the relative link as typed.
    func refusedRelative(_ r: Outcome, naming link: String) {
        #expect(r.code == 73, "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains(": \(link) is a symbolic link; scenerun does not write through links"), "\(r.err)")
    }

    /// Issue 33's path fuzzer found that a refusal left the folders it had created on the way:
    /// `--json DIR/out/new/..` created `out/new`, then refused the folder `out` as a report. Now a
    /// refusal removes them; also those a report named before it created (`--json` then a
    /// `--trace` onto a file).
    @Test func aRefusalLeavesNoFolderItCreated() throws {
        let w = try workspace("trail")
        let json = w.dir.appendingPathComponent("out/new/..").path
        let r = try scenerun(["--json", json, Self.fling])
        #expect(r.code == 73, "\(r.err)")
        #expect(r.err.contains("it is a folder; name a file"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: w.dir.appendingPathComponent("out").path))
        let file = w.dir.appendingPathComponent("trace-here")
        try "keep".write(to: file, atomically: false, encoding: .utf8)
        let first = w.dir.appendingPathComponent("reports/ci/r.json").path
        let both = try scenerun(["--json", first, "--trace", file.path, Self.fling])
        #expect(both.code == 73, "\(both.err)")
        #expect(!FileManager.default.fileExists(atPath: w.dir.appendingPathComponent("reports").path))
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
        // Folders that were there before are kept, created ones beside them go.
        let kept = w.rp.appendingPathComponent("made/..").path
        #expect(try scenerun(["--json", kept, Self.fling]).code == 73)
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.rp.path) == [])
        try untouched(w.victim)
    }
}
