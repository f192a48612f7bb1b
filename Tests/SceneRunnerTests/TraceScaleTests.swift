import Foundation
import Results
import SceneLoader
import SceneRunner
import Testing

/// The trace has a `scale` column per view (issue 40, item 4), so a pinch can be followed tick by
/// tick: in the pinch-and-throw gallery scene the photo's scale is 1 until the pinch's first
/// `changed` (frame 3; it begins at frame 2 at scale 1), grows with every `changed` while the
/// fingers spread, and keeps the last one (frame 17) after the lift.
@Suite struct TraceScaleTests {
    @Test func aPinchCanBeFollowedInTheTrace() throws {
        let path = "scenes/gallery/pinch-throw.yaml"
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let r = CaseRunner.run(try SceneFile.load(path: path, text: text)[0])
        #expect(r.status == .passed)
        let s = try #require(r.tickColumns.firstIndex(of: "photo.scale"))
        #expect(r.tickColumns[s - 1] == "photo.alpha" && r.tickColumns[s + 1] == "photo.velocityX")
        let scale = r.ticksTrace.map { $0[s] }
        #expect(scale[0] == 1 && scale[1] == 1)  // frames 1 and 2
        // Half way (frame 9, the checkpoint of the scene): 90 / 58.9.
        #expect(abs(scale[8] - 90 / (50 + 80 / 9.0)) < 1e-6, "\(scale[8])")
        // It grows while the fingers spread (frames 3 … 17), then holds 2.13 (frame 17's `changed`).
        #expect(zip(scale[1..<16], scale[2..<17]).allSatisfy { $0 < $1 })
        #expect(scale[17] == scale[16])
        #expect(abs(scale.last! - 125.6 / 58.9) < 0.005 && scale.suffix(10).allSatisfy { $0 == scale.last! })
    }
}
