import Foundation
import Testing

/// `--replay DIR` on the command line: the index and one page per case, the same bytes on a
/// second run and for any `--jobs`, the run's exit code and text report unchanged by it.
@Suite struct ReplayCLITests {
    @Test func replayWritesAnIndexAndAPagePerCase() throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("scenerun-replay-cli-\(getpid())")
        try? fm.removeItem(at: base)
        defer { try? fm.removeItem(at: base) }
        let a = base.appendingPathComponent("a")
        let b = base.appendingPathComponent("b")
        let plain = try scenerun(["scenes/shade.yaml"], env: ["NO_COLOR": "1"])
        let r1 = try scenerun(["--replay", a.path, "scenes/shade.yaml"], env: ["NO_COLOR": "1"])
        let r2 = try scenerun(["--replay", b.path, "--jobs", "3", "scenes/shade.yaml"], env: ["NO_COLOR": "1"])
        #expect(r1.code == 0 && r2.code == 0, "\(r1.err)\(r2.err)")
        #expect(r1.out == plain.out)
        let names = try fm.contentsOfDirectory(atPath: a.path).sorted()
        #expect(names.count == 22, "\(names)")  // the shade's 21 cases and the index
        #expect(names.contains("index.html") && names.contains("001-shade-appears-on-a-downward-pan.html"))
        #expect(try fm.contentsOfDirectory(atPath: b.path).sorted() == names)
        for n in names {
            let x = try Data(contentsOf: a.appendingPathComponent(n))
            let y = try Data(contentsOf: b.appendingPathComponent(n))
            #expect(x == y, "\(n) differs between runs")
        }
        let index = try String(contentsOf: a.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("21 cases: 21 passed, 0 failed, 0 invalid"))
        #expect(index.contains("href=\"002-shade-appears-on-a-downward-pan-cancelled.html\""))
    }
}
