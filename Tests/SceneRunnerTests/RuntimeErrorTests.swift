import Results
import SceneRunner
import Testing

/// Run-time errors make the case invalid, located at what raised them (issue 23).
@Suite struct RuntimeErrorTests {
    /// An error in a `that:` expression is a run-time error (exit 2), not a failed expectation.
    @Test func anErrorInThatMakesTheCaseInvalid() throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            script:
              - expect: { that: ["log(0) > 1"] }
            """)[0]
        #expect(r.status == .invalid)
        #expect(r.failures.isEmpty)
        #expect(
            r.diagnostics.map(\.description) == [
                "r.yaml:3:23: error: the logarithm of 0 is undefined (the argument must be positive) in `log(0)` (at tick 0, t = 0.000 s)"
            ])
    }

    /// An error in a sweep's `outcome` makes that case invalid; it is not an outcome "error".
    @Test func anErrorInASweepsOutcomeMakesTheCaseInvalid() throws {
        let r = try run(
            """
            sweep: { v: [0, 1] }
            outcome: "log(v) > 0 ? 'a' : 'b'"
            views: { v0: { frame: [0, 0, 10, 10] } }
            script:
              - wait: 0.1
            """)
        #expect(r.map(\.status) == [.invalid, .passed])
        #expect(r.map { $0.sweep?.outcome } == ["invalid", "b"])
        #expect(r[0].diagnostics.first?.location.line == 2)
    }

    /// The loop guard names the action that went over the budget, not the top of the file.
    @Test func theActionLoopGuardIsLocatedAtTheAction() throws {
        let r = try run(
            drawerViews + """
                transitions:
                  show: { kind: present, from: main, to: drawer }
                on:
                  show.ended: [ { start: show }, finish, { complete: true } ]
                script:
                  - start: show
                  - finish
                  - complete: true
                """)[0]
        #expect(r.status == .invalid)
        let d = try #require(r.diagnostics.first)
        #expect(d.location.line == 8 && d.location.column > 1, "\(d)")
        #expect(d.message.hasPrefix("more than 10000 actions in one tick (at tick 0, t = 0.000 s)"))
    }
}
