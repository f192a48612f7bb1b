import Diagnostics
import Results
import Testing

/// A variant inherits the main case's `expect` (a JSON Merge Patch). When an inherited expectation
/// fails, the failure says so, with the line it came from and how to override or drop it
/// (issue 40, item 1); `null` drops it; `--verbose` lists each case's expectations with where each
/// was written.
@Suite struct InheritedExpectationsTests {
    static let scene = """
        views:
          box: { frame: [0, 0, 100, 100] }
        behaviors:
          fall: { gravity: { items: [box] }, active: true }
          floor: { collision: { items: [box], referenceBounds: true }, active: true }
        script:
          - wait: 0.5
          - expect: { views: { box: { y: 121, within: 0.5 } } }
          - waitFor: rest
        expect:
          views: { box: { y: 743.2, x: 0.5 } }
          events: { contact: ">= 1" }
        variants:
          held:
            behaviors: { fall: null }
            script: [ { wait: 1 } ]
            PATCH

        """

    func cases(_ patch: String) throws -> [CaseResult] {
        try run(Self.scene.replacingOccurrences(of: "PATCH", with: patch))
    }

    @Test func theMainCasePasses() throws {
        let r = try cases("name: held")[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message))")
    }

    @Test func anInheritedFailureSaysWhereItCameFromAndHowToDropIt() throws {
        let r = try cases("name: held")[1]
        #expect(r.status == .failed)
        #expect(
            r.failures.map(\.message) == [
                "box.y expected 743.2 ± 0.5, got 0.499962 at t = 1.000 s (the variant `held` inherits this from the "
                    + "main case, line 11: override it in the variant with `expect: { views: { box: { y: … } } }` or "
                    + "drop it with `expect: { views: { box: { y: null } } }`)"
            ])
        #expect(r.failures.first?.location == SourceLocation(file: "r.yaml", line: 11, column: 22))
    }

    /// `null` drops what the variant does not share; what it writes itself is not "inherited".
    @Test func nullDropsAnInheritedExpectation() throws {
        let dropped = try cases("expect: { views: { box: { y: null } } }")[1]
        #expect(dropped.status == .passed, "\(dropped.failures.map(\.message))")
        let own = try cases("expect: { views: { box: { y: 700 } } }")[1]
        #expect(own.failures.map(\.message) == ["box.y expected 700 ± 0.5, got 0.499962 at t = 1.000 s"])
    }

    /// A checkpoint comes with the main case's whole `script`.
    @Test func anInheritedCheckpointSaysTheScriptIsTakenWhole() throws {
        let s = Self.scene.replacingOccurrences(of: "    script: [ { wait: 1 } ]\n", with: "")
        let r = try run(s.replacingOccurrences(of: "PATCH", with: "name: held"))[1]
        #expect(
            r.failures.first?.message
                == "box.y expected 121 ± 0.5, got 0.499962 at t = 0.500 s (the variant `held` inherits this from the "
                + "main case, line 8: it is a checkpoint of the main case's `script`, which a variant takes whole: "
                + "give the variant its own `script` to change it)")
    }

    @Test func verboseListsEachExpectationWithWhereItIsWritten() throws {
        let r = try cases("expect: { views: { box: { y: 0.5 } }, events: { contact: null } }")
        #expect(r[1].status == .passed, "\(r[1].failures.map(\.message))")
        #expect(
            r[0].expectations == [
                "r.yaml:8:34: checkpoint 1: box.y 121 ± 0.5",
                "r.yaml:11:22: at the end: box.y 743.2 ± 0.5",
                "r.yaml:11:32: at the end: box.x 0.5 ± 0.5",
                "r.yaml:12:22: at the end: events.contact >= 1",
            ])
        #expect(
            r[1].expectations == [
                "r.yaml:17:34: at the end: box.y 0.5 ± 0.5",
                "r.yaml:11:32: at the end: box.x 0.5 ± 0.5 (inherited from the main case)",
            ])
    }
}
