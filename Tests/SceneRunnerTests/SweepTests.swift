import Diagnostics
import Expectations
import Expressions
import Foundation
import Reports
import SceneLoader
import SceneRunner
import Testing

/// Sweeps: one scene, a grid of cases, and the outcome map.
@Suite struct SweepTests {
    let scene = """
        name: Drop
        sweep:
          h: [100, 300]
          e: { from: 0.2, to: 1, steps: 5 }
        outcome: "box.maxY > 843 ? 'floor' : 'air'"
        views: { box: { frame: [0, 0, 100, 100] } }
        behaviors:
          fall: { gravity: { items: [box] } }
        script:
          - set: { box.y: h }
          - add: fall
          - wait: "e"
        variants:
          slow: { name: Slow }
        """

    @Test func casesAreEveryCombinationNamedByTheirValues() throws {
        let cases = try SceneFile.load(path: "s.yaml", text: scene)
        #expect(cases.count == 20)
        #expect(
            cases.prefix(5).map(\.name) == [
                "Drop [h=100, e=0.2]", "Drop [h=100, e=0.4]", "Drop [h=100, e=0.6]", "Drop [h=100, e=0.8]",
                "Drop [h=100, e=1]",
            ])
        #expect(cases[10].name == "Slow / slow [h=100, e=0.2]")  // variants are swept too
        #expect(cases[2].parameters == [100, 0.6])
    }

    @Test func outcomeMapAndJSON() throws {
        let results = try SceneFile.load(path: "s.yaml", text: scene).prefix(10).map { CaseRunner.run($0) }
        #expect(results.allSatisfy { $0.status == .passed })
        // No collision: the box's bottom passes y = 843 after falling 643 pt from 100 (√(2·643/1000) =
        // 1.13 s) or 443 pt from 300 (0.94 s): only h = 300 for 1 s gets there.
        let map = OutcomeMap.render(Array(results))
        #expect(
            map == """
                Drop — outcome map of `box.maxY > 843 ? 'floor' : 'air'`
                         e=0.2 e=0.4 e=0.6 e=0.8 e=1
                  h=100  A     A     A     A     A
                  h=300  A     A     A     A     F
                  A air (9), F floor (1)

                """)
        let json = JSONReporter.render([results[2]])
        #expect(json.contains(#""outcome": "air", "parameters": {"e": 0.6, "h": 100}, "scene": "Drop""#))
    }

    /// The shipped shade sweep: its map's boundary agrees with single runs of the same scene
    /// with the same numbers as variables, on either side of it.
    @Test func shadeSweepBoundaryAgreesWithSingleRuns() throws {
        let text = try String(contentsOf: root.appendingPathComponent("scenes/shade-sweep.yaml"), encoding: .utf8)
        let cases = try SceneFile.load(path: "shade-sweep.yaml", text: text)
        for (v, y, want) in [
            (500.0, 250.0, "cancelled"), (500.0, 300.0, "completed"), (0.0, 450.0, "cancelled"),
            (100.0, 450.0, "completed"),
        ] {
            let name = "Shade released at a velocity and a position [v=\(shortestNumber(v)), y=\(shortestNumber(y))]"
            let swept = try #require(cases.first { $0.name == name })
            #expect(CaseRunner.run(swept).sweep?.outcome == want, "\(name)")
            var single = text.replacingOccurrences(of: "outcome: \"presentShade.state\"\n", with: "")
            let a = single.range(of: "sweep:")!
            let b = single.range(of: "views:")!  // the file has both
            single.replaceSubrange(a.lowerBound..<b.lowerBound, with: "vars: { v: \(v), y: \(y) }\n")
            single = single.replacingOccurrences(
                of: "  that: [", with: "  that: [\"presentShade.state == '\(want)'\", ")
            let r = try SceneFile.load(path: "single.yaml", text: single).map { CaseRunner.run($0) }
            #expect(r.map(\.status) == [.passed], "\(v), \(y): \(r.first?.failures.map(\.message) ?? [])")
        }
    }

    @Test(arguments: [
        (
            "sweep: { h: { from: 0, to: 1, steps: 400001 } }",
            "s.yaml:1:38: error: `steps` of 400001 is more than the limit of 100000 cases; raise it with --max-cases"
        ),
        (
            "sweep: { a: { from: 0, to: 1, steps: 400 }, b: { from: 0, to: 1, steps: 400 } }",
            "s.yaml:1:8: error: the sweep makes 160000 cases or more, more than the limit of 100000; raise it with --max-cases"
        ),
        (
            "sweep: { h: { from: 0, to: 1, steps: 2.5 } }",
            "s.yaml:1:38: error: `steps` is the number of values, a whole number; found 2.5"
        ),
        (
            "sweep: { box: [1, 2] }",
            "s.yaml:1:15: error: the name `box` is already used by another view, gesture, transition or variable"
        ),
        ("sweep: { h: [] }", "s.yaml:1:13: error: `sweep.h` needs at least one value"),
        ("outcome: box.y", "s.yaml:1:10: error: `outcome` belongs to a swept scene: add a `sweep`"),
    ])
    func invalidSweepsAreLocated(_ line: String, _ message: String) {
        let text = line + "\nviews: { box: { frame: [0, 0, 10, 10] } }\nscript: [ { wait: 1 } ]\n"
        do { _ = try SceneFile.load(path: "s.yaml", text: text); Issue.record("loaded") } catch {
            #expect(error.diagnostics.first?.description == message)
        }
    }
}
