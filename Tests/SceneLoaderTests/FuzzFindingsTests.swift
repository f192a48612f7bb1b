import Diagnostics
import Foundation
import SceneLoader
import SceneRunner
import Testing

/// Replays every input the libFuzzer campaigns flagged (Fuzz/findings/*.yaml) the way the harness
/// runs them: it loads or is refused with located diagnostics, and its first cases run to a
/// result within the harness's limits, quickly.
@Suite struct FuzzFindingsTests {
    @Test func findingsLoadOrFailWithALocationAndRunQuickly() throws {
        let dir = repoRoot.appendingPathComponent("Fuzz/findings")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(!files.isEmpty)
        var limits = RunLimits()
        limits.ticks = 240
        limits.sceneTime = 4
        for f in files {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(f)))
            let start = Date()
            do {
                for c in try SceneFile.load(path: f, bytes: bytes).prefix(2) {
                    let r = CaseRunner.run(c, limits: limits)
                    for d in r.diagnostics { #expect(d.location.line >= 1, "\(f): \(d)") }
                    #expect(r.status != .invalid || !r.diagnostics.isEmpty, "\(f)")
                }
            } catch {
                #expect(!error.diagnostics.isEmpty)
                for d in error.diagnostics { #expect(d.location.line >= 1 && d.location.column >= 1, "\(f): \(d)") }
            }
            // Generous for a debug build on a loaded machine; the campaign's limit was 20 s.
            #expect(Date().timeIntervalSince(start) < 20, "\(f) took \(Date().timeIntervalSince(start)) s")
        }
    }
}
