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

/// Every run-time error carries the tick and the time (issue 34): these six, raised while
/// describing a behaviour or starting an animation, had neither.
@Suite struct RuntimeErrorTickTests {
    static let cases: [(String, String)] = [
        (
            "b: { item: { items: [v], density: \"0 * time\" } }",
            "r.yaml:2:49: error: `density` must be positive, got 0 (at tick 6, t = 0.100 s)"
        ),
        (
            "b: { field: { kind: radialGravity, items: [v], region: { radius: \"0 - time\" } } }",
            "r.yaml:2:80: error: a region's `radius` must not be negative, got -0.1 (at tick 6, t = 0.100 s)"
        ),
        (
            "b: { attachment: { kind: sliding, item: v, anchor: [0, 0], axis: \"[0, 0] * time\" } }",
            "r.yaml:2:80: error: the sliding `axis` must not be zero (at tick 6, t = 0.100 s)"
        ),
        (
            "b: { attachment: { kind: sliding, item: v, anchor: [0, 0], axis: [0, 1], range: [\"time\", 0] } }",
            "r.yaml:2:96: error: `range` must be [min, max] with min ≤ max, got [0.1, 0] (at tick 6, t = 0.100 s)"
        ),
    ]

    @Test(arguments: cases)
    func behaviourErrorsCarryTheTick(_ behavior: String, _ message: String) throws {
        let r = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            behaviors: { \(behavior) }
            script:
              - wait: 0.1
              - add: b
            """)[0]
        #expect(r.status == .invalid)
        #expect(r.diagnostics.map(\.description) == [message])
    }

    @Test func animationErrorsCarryTheTick() throws {
        let negative = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            script:
              - wait: 0.1
              - animate: { duration: "0 - time", set: { v.alpha: 0 } }
            """)[0]
        #expect(
            negative.diagnostics.map(\.description) == [
                "r.yaml:4:14: error: an animation's duration and delay must not be negative (at tick 6, t = 0.100 s)"
            ])
        let spring = try run(
            """
            views: { v: { frame: [0, 0, 10, 10] } }
            script:
              - wait: 0.1
              - animate: { duration: 1, spring: { damping: "0 * time" }, set: { v.alpha: 0 } }
            """)[0]
        #expect(
            spring.diagnostics.map(\.description) == [
                "r.yaml:4:49: error: a spring's damping ratio must be positive, got 0 (at tick 6, t = 0.100 s)"
            ])
    }
}
