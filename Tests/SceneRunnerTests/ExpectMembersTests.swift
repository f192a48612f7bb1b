import Results
import SceneLoader
import SceneVocabulary
import Testing

/// `size` and `bounds` can be expected (issue 40, item 3), judged part by part as `frame` and
/// `center` are, in the model and on screen during an animation.
@Suite struct ExpectMembersTests {
    static let scene = """
        views:
          box: { frame: [0, 0, 100, 50] }
        script:
          - expect: { views: { box: { size: [100, 50], bounds: [0, 0, 100, 50], within: 0 } } }
          - animate: { duration: 1, curve: linear, set: { box.size: [200, 80] } }
          - wait: 0.5
          - expect: { views: { box: { size: [200, 80], bounds: [0, 0, 200, 80], within: 0 } } }
          - expect: { views: { box: { presentation: { size: [SW, SH] } } }
          - wait: 1
        expect:
          views: { box: { size: [200, 80], bounds: [0, 0, 200, 80], presentation: { size: [200, 80] } } }

        """

    /// Halfway through the linear animation the screen shows about half the change; the model
    /// has the end value at once.
    @Test func sizeAndBoundsAreJudgedInTheModelAndOnScreen() throws {
        let r = try run(Self.scene.replacingOccurrences(of: "[SW, SH]", with: "[150, 65] }, within: 2"))[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
        // The same on-screen size, 25 pt off, fails: the checkpoint reads the presentation.
        let off = try run(Self.scene.replacingOccurrences(of: "[SW, SH]", with: "[175, 65] }, within: 2"))[0]
        #expect(off.status == .failed)
        #expect(off.failures.first?.message.hasPrefix("box.presentation.size.width expected 175 ± 2, got 1") == true)
    }

    @Test func aWrongSizeOrBoundsNamesThePart() throws {
        let s = Self.scene.replacingOccurrences(of: "[SW, SH]", with: "[150, 65] }, within: 2")
        let r = try run(
            s.replacingOccurrences(
                of: "size: [200, 80], bounds: [0, 0, 200, 80], presentation",
                with: "size: [200, 81], bounds: [0, 0, 201, 80], presentation"))[0]
        #expect(r.status == .failed)
        #expect(
            r.failures.map(\.message) == [
                "box.size.height expected 81 ± 0.5, got 80 at t = 1.500 s",
                "box.bounds.width expected 201 ± 0.5, got 200 at t = 1.500 s",
            ])
    }

    /// One list: the loader takes every member of `ViewMember.expectable` and no other.
    @Test func theLoaderTakesTheVocabularysList() throws {
        for m in ViewMember.allCases {
            let value = m.type == .rect ? "[0, 0, 1, 1]" : m.type == .point ? "[0, 0]" : m.type == .bool ? "false" : "0"
            let text = """
                views: { box: { frame: [0, 0, 10, 10], scroll: { contentSize: [10, 10] } } }
                script: [ { wait: 0.1 } ]
                expect: { views: { box: { \(m.rawValue): \(value) } } }

                """
            let loads = (try? SceneFile.load(path: "t.yaml", text: text)) != nil
            #expect(loads == ViewMember.expectable.contains(m), "\(m.rawValue)")
        }
    }
}
