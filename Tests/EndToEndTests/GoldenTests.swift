import Foundation
import Testing

/// Every shipped scene's outputs, pinned byte for byte: the text report with `--verbose`, the
/// JSON and JUnit reports and every `--trace` file. A change to any of them is either a bug or
/// a deliberate change re-recorded in its own commit, with
/// `SCENERUN_RECORD_GOLDEN=1 swift test --filter GoldenTests` (refused when CI is set).
@Suite(.serialized) struct GoldenTests {
    static let golden = repo.appendingPathComponent("Tests/EndToEndTests/Golden")

    @Test func shippedScenesProduceTheRecordedOutputs() throws {
        let fm = FileManager.default
        let out = fm.temporaryDirectory.appendingPathComponent("scenerun-golden-\(getpid())")
        try? fm.removeItem(at: out)
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: out) }
        let r = try scenerun(
            [
                "--verbose", "--json", out.appendingPathComponent("report.json").path,
                "--junit", out.appendingPathComponent("junit.xml").path,
                "--trace", out.appendingPathComponent("trace").path, "scenes/",
            ], env: ["NO_COLOR": "1"])
        #expect(r.code == 0, "\(r.err)")
        try r.out.write(to: out.appendingPathComponent("stdout.txt"), atomically: true, encoding: .utf8)
        let produced = try files(under: out)
        let env = ProcessInfo.processInfo.environment
        if env["SCENERUN_RECORD_GOLDEN"] == "1" {
            #expect(env["CI"] == nil, "golden outputs are never recorded on CI")
            guard env["CI"] == nil else { return }
            try? fm.removeItem(at: GoldenTests.golden)
            for f in produced {
                let dest = GoldenTests.golden.appendingPathComponent(f)
                try fm.createDirectory(at: dest.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: out.appendingPathComponent(f), to: dest)
            }
            print("golden: recorded \(produced.count) files")
            return
        }
        let recorded = try files(under: GoldenTests.golden)
        #expect(produced == recorded, "files produced differ from the recorded ones")
        for f in produced where recorded.contains(f) {
            let a = try String(contentsOf: out.appendingPathComponent(f), encoding: .utf8)
            let b = try String(contentsOf: GoldenTests.golden.appendingPathComponent(f), encoding: .utf8)
            if a != b {
                let (la, lb) = (
                    a.split(separator: "\n", omittingEmptySubsequences: false),
                    b.split(separator: "\n", omittingEmptySubsequences: false)
                )
                let i = (0..<min(la.count, lb.count)).first { la[$0] != lb[$0] } ?? min(la.count, lb.count)
                Issue.record(
                    "\(f) differs from the recorded output at line \(i + 1):\n  now:      \(i < la.count ? String(la[i]) : "<end>")\n  recorded: \(i < lb.count ? String(lb[i]) : "<end>")"
                )
            }
        }
    }

    func files(under dir: URL) throws -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        var out: [String] = []
        while let f = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(f).path, isDirectory: &isDir),
                !isDir.boolValue
            {
                out.append(f)
            }
        }
        return out.sorted()
    }
}
