import Results
import SceneRunner
import Testing

/// `view.presentation`: what the screen shows during a UIView animation (format 1.2, "What the
/// screen shows during an animation"), in expressions and in `expect`.
@Suite struct PresentationTests {
    static let scene = """
        views: { v: { frame: [0, 0, 100, 100] } }
        script:
          - animate: { duration: 0.2, curve: linear, set: { v.y: 100, v.alpha: 0.5 } }
          - wait: 0.1

        """

    /// Half-way through a linear 0.2 s animation the screen shows half the change; the model is
    /// already at the end; after it, both agree.
    @Test func readsTheOnScreenValueDuringAnAnimation() throws {
        let r = try run(
            PresentationTests.scene + """
                  - expect: { that: ["v.y == 100", "approx(v.presentation.y, 50, 1e-9)", "approx(v.presentation.frame.y, 50, 1e-9)",
                                     "approx(v.presentation.alpha, 0.75, 1e-9)", "v.presentation.width == 100"] }
                  - wait: 0.1
                  - expect: { that: ["v.presentation.y == 100", "v.presentation.alpha == 0.5"] }
                """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }

    /// `presentation: { … }` in `expect`, with the view's `within`; a failure names the member.
    @Test func expectsTheOnScreenValue() throws {
        let pass = try run(
            PresentationTests.scene + """
                  - expect: { views: { v: { y: 100, presentation: { y: 50, center: [50, 100] }, within: 1e-9 } } }
                """)[0]
        #expect(pass.status == .passed, "\(pass.failures)")
        let fail = try run(
            PresentationTests.scene + """
                  - expect: { views: { v: { presentation: { y: 100 }, within: 0.5 } } }
                """)[0]
        #expect(fail.status == .failed)
        #expect(fail.failures.map(\.message) == ["v.presentation.y expected 100 ± 0.5, got 50 at t = 0.100 s"])
    }

    /// A view declared with a `scale` (issue 23: refused before, though it could be read, set and
    /// expected): its bounds keep their size, its frame scales around the centre.
    @Test func aViewCanBeDeclaredScaled() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 100, 100], scale: 0.5 } }
            script:
              - expect: { views: { v: { scale: 0.5, width: 100, frame: [25, 25, 50, 50] } } }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }

    /// The screen shows the model when no animation runs, so a scene without animations reads
    /// the same numbers either way.
    @Test func withoutAnAnimationTheScreenShowsTheModel() throws {
        let r = try run(
            """
            views: { v: { frame: [10, 20, 100, 100] } }
            script:
              - set: { v.y: 60 }
              - expect: { that: ["v.presentation.frame == v.frame", "v.presentation.y == 60"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures) \(r.diagnostics)")
    }
}
