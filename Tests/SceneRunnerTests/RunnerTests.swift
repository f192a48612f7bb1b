import Diagnostics
import Expectations
import Foundation
import Reports
import Results
import SceneLoader
import SceneRunner
import TestSupport
import Testing

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func run(_ yaml: String) throws -> [CaseResult] {
    try SceneFile.load(path: "r.yaml", text: yaml).map { CaseRunner.run($0) }
}

func shippedScenes() -> [String] {
    var out: [String] = []
    for dir in ["scenes", "scenes/gallery"] {
        let items = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? []
        out += items.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(dir)/\($0)" }
    }
    return out
}

@Suite struct RunnerTests {
    @Test func waitsCountTicksExactly() throws {
        let r = try run(
            """
            views: { a: { frame: [0, 0, 10, 10] } }
            script:
              - wait: 0.5
              - wait: { frames: 3 }
              - expect: { that: ["time == 33 / 60"] }
              - log: time
            """)[0]
        #expect(r.status == .passed)
        #expect(r.ticks == 33)
        #expect(r.trace.last == "t = 0.550 s: log time = 0.55")
    }

    @Test func stepRulesSeePositionsAfterTheSubSteps() throws {
        // Free fall: after the first tick (one sub-step of Float(1/120) s) the box has moved
        // g·h² = 1000·h² points, and the step rule of that same tick sees it.
        let r = try run(
            """
            views: { box: { frame: [0, 0, 100, 100] } }
            behaviors:
              fall: { gravity: { items: [box] }, active: true }
            on:
              step: [ { if: "time < 0.02", then: [ { log: "box.y" } ] } ]
            script: [ { wait: { frames: 1 } } ]
            """)[0]
        let h = Double(Float(1.0 / 120.0))
        #expect(r.trace.contains { $0.hasPrefix("t = 0.017 s: log box.y = ") })
        let logged = Double(
            r.trace.first { $0.contains("log box.y") }!.split(separator: "=").last!.trimmingCharacters(in: .whitespaces)
        )!
        #expect(abs(logged - 1000 * h * h) < 1e-4)
    }

    @Test func timeoutSaysWhatIsStillMoving() throws {
        let r = try run(
            """
            views: { box: { frame: [0, 0, 100, 100] } }
            behaviors:
              spin: { attachment: { item: box, anchor: [300, 50], frequency: 0.2, damping: 0 }, active: true }
            script:
              - waitFor: rest
                timeout: 0.5
            """)[0]
        #expect(r.status == .failed)
        let m = try #require(r.failures.first?.message)
        #expect(m.hasPrefix("timed out after 0.5 s waiting for rest at t = 0.500 s; still moving: box at "))
        // Both speeds, the angular one too: an item rests only when both are below the thresholds.
        #expect(m.contains(" pt/s and "), "\(m)")
        #expect(m.hasSuffix(" rad/s; active behaviours: spin"), "\(m)")
        #expect(r.failures.first?.location == SourceLocation(file: "r.yaml", line: 5, column: 14))
    }

    @Test func runtimeErrorsMakeTheCaseInvalid() throws {
        let path = "scenes/invalid/division-by-zero.yaml"
        let data = try Data(contentsOf: root.appendingPathComponent(path))
        let scene = try SceneFile.load(path: path, bytes: [UInt8](data))[0]
        let r = CaseRunner.run(scene)
        #expect(r.status == .invalid)
        let text = String(decoding: data, as: UTF8.self)
        #expect("# error: " + r.diagnostics[0].description == String(text.prefix { $0 != "\n" }))
    }

    @Test func restThresholdsComeFromTheWorld() throws {
        func restTime(_ world: String) throws -> Double {
            let r = try run(
                """
                \(world)
                views: { box: { frame: [145, 100, 100, 100] } }
                behaviors:
                  fall:  { gravity: { items: [box] }, active: true }
                  floor: { collision: { items: [box], referenceBounds: true }, active: true }
                script: [ { waitFor: rest } ]
                """)[0]
            return r.time
        }
        let uikit = try restTime("world: {}")
        let loose = try restTime("world: { rest: { speed: 30, for: 0.1 } }")
        let strict = try restTime("world: { rest: { for: 1.5 } }")
        #expect(loose < uikit && uikit < strict)
        #expect(abs(strict - uikit - 1.0) < 0.05)
    }

    /// `animate`: the model value changes at once (expressions read it), the presentation value
    /// in the per-tick trace follows the curve.
    @Test func animateModelAndPresentation() throws {
        let r = try run(
            """
            views: { card: { frame: [0, 0, 100, 100] } }
            script:
              - animate: { duration: 0.5, curve: linear, set: { card.x: 200 } }
              - expect: { that: ["card.x == 200"] }
              - wait: 0.25
              - animate: { duration: 0.5, curve: easeInOut, set: { card.alpha: 0 } }
              - wait: 0.5
            """)[0]
        #expect(r.status == .passed)
        let x = try #require(r.tickColumns.firstIndex(of: "card.centerX"))
        let a = try #require(r.tickColumns.firstIndex(of: "card.alpha"))
        // Linear: halfway through (tick 15 of 30) the card is drawn halfway, at centre 50 + 100.
        #expect(abs(r.ticksTrace[14][x] - 150) < 1e-9)
        #expect(abs(r.ticksTrace[29][x] - 250) < 1e-9)
        // easeInOut is symmetric: at its midpoint alpha is drawn at 0.5.
        #expect(abs(r.ticksTrace[29][a] - 0.5) < 1e-6)
        #expect(r.ticksTrace.last![a] == 0)
    }

    @Test func setChecksValuesAtRunTime() throws {
        let r = try run(
            """
            views: { box: { frame: [0, 0, 100, 100] } }
            script:
              - wait: { frames: 2 }
              - set: { box.width: "box.width - 100" }
            """)[0]
        #expect(r.status == .invalid)
        #expect(
            r.diagnostics.first?.description
                == "r.yaml:4:23: error: `box.width` would give the view a size of 0 × 100; sizes must be positive (at tick 2, t = 0.033 s)"
        )
        let a = try run("views: { box: { frame: [0, 0, 100, 100] } }\nscript: [ { set: { box.alpha: \"1.5\" } } ]\n")[0]
        #expect(a.diagnostics.first?.message.hasPrefix("`box.alpha` must be between 0 and 1, got 1.5") == true)
    }

    @Test func fieldsRunFromScenes() throws {
        let r = try run(
            """
            views: { a: { frame: [550, 450, 100, 100] } }
            behaviors:
              calm: { item: { items: [a], resistance: 0 }, active: true }
              pull: { field: { kind: radialGravity, items: [a], position: [500, 500], strength: 2, region: { union: [ { radius: 200 }, { size: [10, 10] } ] } }, active: true }
            script:
              - wait: { frames: 1 }
              - expect: { that: ["approx(a.velocity.x, -2 * 0.00833333377 * 100, 1e-6)"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
    }

    @Test func gestureDrivenTransitionAndContacts() throws {
        let r = try run(
            """
            world: { size: [200, 400] }
            views:
              main: { frame: [0, 0, 200, 400] }
              box: { frame: [50, 50, 100, 100] }
            transitions:
              show: { kind: present, from: main, to: box, duration: 0.3, interactive: percentDriven, completionSpeed: 1, completionCurve: linear }
            gestures:
              edge: { screenEdgePan: { in: main, edges: [left] } }
            behaviors:
              fall: { gravity: { items: [box] } }
              walls: { collision: { items: [box], referenceBounds: true } }
            on:
              edge.began: [ { start: show } ]
              edge.changed: [ { progress: "translation.x / world.width" } ]
              edge.ended:
                - if: "show.progress > 0.5"
                  then: [ finish ]
                  else: [ cancel ]
              show.ended: [ { add: [fall, walls] } ]
              contact: [ { haptic: medium } ]
            script:
              - pan: { gesture: edge, from: [3, 200], to: [160, 200], duration: 0.3 }
              - expect: { transition: { show: finishing } }
              - waitFor: "show.state == 'completed'"
              - waitFor: rest
            expect:
              transition: { show: completed }
              views: { box: { y: 300, within: 1 } }
              events: { medium: ">= 1", haptic: ">= 1" }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics)")
    }

    @Test(arguments: shippedScenes())
    func shippedScenePasses(_ path: String) throws {
        let data = try Data(contentsOf: root.appendingPathComponent(path))
        for scene in try SceneFile.load(path: path, bytes: [UInt8](data), includes: SceneFile.reader(repositoryFile)) {
            let r = CaseRunner.run(scene)
            #expect(
                r.status == .passed, "\(scene.name): \(r.failures.map(\.message)) \(r.diagnostics.map(\.description))")
        }
    }

    /// Determinism: the same scenes give byte-identical reports on every run.
    @Test func sameInputSameOutput() throws {
        var outputs: [String] = []
        for _ in 0..<2 {
            var results: [CaseResult] = []
            for path in shippedScenes() {
                let data = try Data(contentsOf: root.appendingPathComponent(path))
                let includes = SceneFile.reader(repositoryFile)
                for scene in try SceneFile.load(path: path, bytes: [UInt8](data), includes: includes) {
                    results.append(CaseRunner.run(scene))
                }
            }
            outputs.append(
                JSONReporter.render(results) + TextReporter.render(results, options: ReportOptions(verbose: true)))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].count > 1000)
    }
}
