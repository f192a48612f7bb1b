import Results
import SceneRunner
import Testing

/// A `flick` releases at exactly its `velocity` (docs/scene-format.md, `script`), however many
/// frames it lasts and whatever touch it continues.
@Suite struct FlickReleaseTests {
    /// A pan's velocity as its `ended` rule read it.
    func releaseVelocity(before: String, frames: Int) throws -> [Double] {
        let r = try run(
            """
            world: { size: [400, 800] }
            views: { sheet: { frame: [0, 0, 400, 800] } }
            gestures: { drag: { pan: { in: sheet } } }
            on:
              drag.ended: [ { log: velocity } ]
            script:
            \(before)
              - flick: { gesture: drag, from: [200, 450], velocity: [0, 3000], distance: \(frames * 50) }
            """)[0]
        #expect(r.status == .passed, "\(r.diagnostics.map(\.message))")
        let line = try #require(r.trace.last { $0.contains("log velocity = ") })
        let text = line.components(separatedBy: " = ").last!.filter { "0123456789.,-e".contains($0) }
        return text.split(separator: ",").map { Double($0)! }
    }

    /// What the finger did before the flick: nothing (a fresh touch), a pan held at its end
    /// (600 pt/s upwards), the same then a wait, a press held still.
    static let befores = [
        "",
        "  - pan: { gesture: drag, path: [[0, 200, 600], [0.25, 200, 450]], release: hold }",
        "  - pan: { gesture: drag, path: [[0, 200, 600], [0.25, 200, 450]], release: hold }\n  - wait: 0.1",
        "  - press: { gesture: drag, at: [200, 450], duration: 0.3 }",
    ]

    /// 3000 pt/s for 1, 2 or 3 frames at 60 frames per second (50 pt a frame), after each of
    /// them. Before the fix, a one-frame flick continuing the held pan released at
    /// 0.2 × 3000 − 0.8 × 600 = 120 pt/s, after the press at 600, and a two-frame one after a wait
    /// at a blend with the slow first sample.
    @Test(arguments: befores, [1, 2, 3])
    func aFlickReleasesAtExactlyItsVelocity(before: String, frames: Int) throws {
        let v = try releaseVelocity(before: before, frames: frames)
        #expect(v.count == 2 && abs(v[0]) < 1e-6 && abs(v[1] - 3000) < 1e-6, "\(v)")
    }

    /// Exactly, not within a tolerance, at any start: a flick started at t ≈ 1.1 s released at
    /// −1000.0000000000016 pt/s, the movement over each frame's time computed from the clock's
    /// times (`PanRecognizer.flickVelocity`).
    @Test(arguments: ["0", "1.1", "2.3", "7.7"], ["[0, -1000]", "[1234.5, 0]", "[300, -777.7]"])
    func aFlickReleasesExactlyAtAnyStart(wait: String, velocity: String) throws {
        let r = try run(
            """
            world: { size: [400, 800] }
            vars: { v: [0, 0] }
            views: { sheet: { frame: [0, 0, 400, 800] } }
            gestures: { drag: { pan: { in: sheet } } }
            on:
              drag.ended: [ { set: { v: velocity } } ]
            script:
              - wait: \(wait)
              - flick: { gesture: drag, from: [200, 450], velocity: \(velocity), distance: 100 }
              - expect: { that: ["v == \(velocity)"] }
              - flick: { gesture: drag, from: [200, 450], velocity: \(velocity), distance: 100, release: hold }
              - flick: { gesture: drag, from: "drag.location", velocity: \(velocity), distance: 40 }
              - expect: { that: ["v == \(velocity)"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
    }
}
