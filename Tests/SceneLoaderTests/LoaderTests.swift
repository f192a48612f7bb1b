import Diagnostics
import Expressions
import Geometry
import SceneLoader
import SceneModel
import SceneVocabulary
import Testing

func load(_ text: String) throws -> [Scene] { try SceneFile.load(path: "t.yaml", text: text) }
func loadError(_ text: String) -> String {
    do { _ = try SceneFile.load(path: "t.yaml", text: text); return "no error" } catch {
        return error.diagnostics.first!.description
    }
}

@Suite struct LoaderTests {
    let base = """
        views:
          a: { frame: [0, 0, 10, 20] }
        script:
          - wait: 1

        """

    @Test func worldDefaultsAndKeys() throws {
        let s = try load(base)[0]
        #expect(s.world.size == Vec2(390, 844))
        #expect(s.world.frameRate == 60)
        #expect(s.world.timeout == 10)
        let t = try load(
            "world: { size: [375, 667], frameRate: 120, timeout: 3, rest: { speed: 2, angularSpeed: 0.1, for: 1 } }\n"
                + base)[0]
        #expect(t.world.size == Vec2(375, 667) && t.world.frameRate == 120 && t.world.timeout == 3)
        #expect(t.world.restSpeed == 2 && t.world.restAngularSpeed == 0.1 && t.world.restFor == 1)
        #expect(t.name == "t")
    }

    @Test func viewsByFrameOrCenterAndSize() throws {
        let s = try load(
            """
            views:
              a: { frame: [1, 2, 30, 40], rotation: "90deg", alpha: 0.5, hidden: true }
              b: { center: [100, 100], size: [20, 10], superview: a, collisionBounds: ellipse }
              c: { frame: [0, 0, 10, 10], collisionBounds: { path: [[-5, -5], [5, -5], [0, 5]] } }
            script: [ { wait: 1 } ]
            """)[0]
        #expect(s.views.map(\.name) == ["a", "b", "c"])
        #expect(s.views[0].frame == Rect(x: 1, y: 2, width: 30, height: 40))
        #expect(abs(s.views[0].rotation - Double.pi / 2) < 1e-12)
        #expect(s.views[0].alpha == 0.5 && s.views[0].hidden)
        #expect(s.views[1].frame == Rect(x: 90, y: 95, width: 20, height: 10))
        #expect(s.views[1].superview == ViewID(0) && s.views[1].collisionBounds == .ellipse)
        #expect(s.views[2].collisionBounds == .path([Vec2(-5, -5), Vec2(5, -5), Vec2(0, 5)]))
    }

    @Test func everyBehaviourKind() throws {
        let s = try load(
            """
            views:
              a: { frame: [0, 0, 10, 10] }
              b: { frame: [50, 0, 10, 10] }
            behaviors:
              g: { gravity: { items: [a], magnitude: 0.7, angle: "90deg" } }
              c: { collision: { items: [a, b], mode: items, referenceBounds: { insets: { top: -20 } }, boundaries: { edge: { from: [0, 0], to: [0, 100] }, shelf: { path: [[0, 50], [20, 60], [40, 50]] } } } }
              t: { attachment: { item: a, to: b, offset: [1, 2], toOffset: [3, 4], length: 30, frequency: 2, damping: 0.3 } }
              s: { attachment: { item: a, anchor: [5, 5], kind: sliding, axis: [0, 1], range: [-10, 10] } }
              p: { attachment: { item: a, anchor: [5, 5], kind: pin, range: [-1, 1], frictionTorque: 2 } }
              n: { snap: { item: b, to: [10, 10], damping: 0.4 } }
              k: { push: { items: [a], mode: instantaneous, direction: [1, 0], magnitude: 2, offset: [0, 3] } }
              i: { item: { items: [a], elasticity: 0.6, friction: 0, density: 2, resistance: 0, angularResistance: 0, allowsRotation: false, anchored: false, charge: 1, linearVelocity: [1, 2], angularVelocity: 3 } }
              f: { field: { kind: vortex, items: [a], position: [1, 2], strength: 3, falloff: 1, minimumRadius: 4, direction: [0, 1], smoothness: 0.5, animationSpeed: 2, region: { difference: [ { union: [ { radius: 50 }, { size: [10, 20] } ] }, { inverse: { intersection: [ { radius: 5 } ] } } ] } } }
              all: { children: [g, c], active: true }
            script: [ { wait: 1 } ]
            """)[0]
        #expect(s.behaviors.map(\.name) == ["g", "c", "t", "s", "p", "n", "k", "i", "f", "all"])
        guard case .collision(let items, let mode, let rb, let bounds) = s.behaviors[1].kind else {
            Issue.record("collision"); return
        }
        #expect(
            items == [ViewID(0), ViewID(1)] && mode == .items && rb?.top != nil
                && bounds.map(\.identifier) == ["edge", "shelf"])
        guard case .attachment(let t) = s.behaviors[2].kind else { Issue.record("attachment"); return }
        #expect(t.to == ViewID(1) && t.kind == .spring && t.length?.text == "30")
        guard case .attachment(let sl) = s.behaviors[3].kind else { Issue.record("sliding"); return }
        #expect(sl.kind == .sliding && sl.axis != nil && sl.range != nil)
        guard case .snap(let snapItem, let snap) = s.behaviors[5].kind else { Issue.record("snap"); return }
        #expect(snapItem == ViewID(1) && snap[.to]?.text == "[10, 10]" && snap[.damping]?.text == "0.4")
        guard case .push(_, let mode, let push) = s.behaviors[6].kind else { Issue.record("push"); return }
        #expect(mode == .instantaneous && push[.offset] != nil && push[.magnitude]?.text == "2" && push[.angle] == nil)
        guard case .plain(let item) = s.behaviors[7].kind, item.kind == .item else { Issue.record("item"); return }
        let props = item.values(ItemKey.self)
        #expect(
            props.entries.map(\.key.rawValue) == [
                "elasticity", "friction", "density", "resistance", "angularResistance", "allowsRotation", "anchored",
                "charge", "linearVelocity", "angularVelocity",
            ])
        #expect(s.behaviors[9].active)
        guard case .field(let field) = s.behaviors[8].kind else { Issue.record("field"); return }
        #expect(
            field.kind == .vortex && field.strength?.text == "3" && field.minimumRadius != nil
                && field.animationSpeed != nil)
        guard case .difference(.union(let parts), .inverse(.intersection(let inner))) = field.region else {
            Issue.record("region"); return
        }
        #expect(parts.count == 2 && inner.count == 1)
    }

    @Test func transitionsGesturesRulesAndScript() throws {
        let s = try load(
            """
            views:
              main: { frame: [0, 0, 100, 100] }
              shade: { frame: [0, -100, 100, 100] }
            transitions:
              show: { kind: present, from: main, to: shade, finalFrame: [0, 0, 100, 100], duration: 0.3, interactive: percentDriven, completionSpeed: 2, completionCurve: linear, animations: { to: { scale: [0.9, 1] }, from: { translate: [[0, 0], [100, 0]], alpha: [1, 0] } } }
            gestures:
              pull: { pan: { in: main, minimumDistance: 5 } }
              edge: { screenEdgePan: { in: main, edges: [left, right] } }
            on:
              pull.began: [ { start: show } ]
              pull.changed: [ { progress: "translation.y / 100" }, { animate: { duration: 0.2, curve: easeOut, delay: 0.1, set: { shade.y: "touch.y - 100" } } } ]
              pull.ended:
                - if: "velocity.y > 0"
                  then: [ finish ]
                  else: [ cancel, { complete: false } ]
              show.ended: [ { haptic: rigid }, { log: "show.progress" } ]
              contact: [ { if: "contact.point.y > 0", then: [ { velocity: { item: shade, linear: [0, 10], angular: 1 } } ] } ]
              step: [ { removeView: shade } ]
              rest: [ { animate: { spring: { damping: 0.5, velocity: 1 }, set: { main.alpha: 0.5 } } } ]
            script:
              - pan: { gesture: pull, path: [[0, 50, 5], [0.1, 50, 60]], release: hold }
              - pan: { gesture: pull, from: [50, 60], to: [50, 90], duration: 0.2, curve: easeIn }
              - flick: { gesture: edge, from: [2, 50], velocity: [800, 0], distance: 60 }
              - wait: { frames: 3 }
              - wait: { seconds: 0.5 }
              - waitFor: rest
                timeout: 2
              - waitFor: "shade.y >= 0"
              - expect: { that: ["true"] }
              - set: { shade.alpha: 0.5 }
            expect:
              transition: { show: completed }
              views: { shade: { frame: [0, 0, 100, 100], within: 1, removed: false } }
              rest: true
              restBy: 2
              events: { haptic: ">= 1", contact: "1...4", log: "< 5" }
              that: ["shade.maxY == 100"]
            """)[0]
        #expect(
            s.transitions[0].percentDriven && s.transitions[0].completionSpeed == 2
                && s.transitions[0].animations.count == 3)
        var pan = PanGestureSettings()
        pan.minimumDistance = 5
        var edge = ScreenEdgePanSettings()
        edge.edges = [.left, .right]
        #expect(s.gestures.map(\.settings) == [.pan(pan), .screenEdgePan(edge)])
        #expect(
            s.rules.map(\.eventName) == [
                "pull.began", "pull.changed", "pull.ended", "show.ended", "contact", "step", "rest",
            ])
        #expect(s.script.count == 9)
        if case .pan(let p) = s.script[1] {
            #expect(p.curve == .easeIn && p.keyframes.count == 2)
        } else {
            Issue.record("pan")
        }
        if case .waitForRest(let t, _) = s.script[5] {
            #expect(t?.literalNumber == 2)
        } else {
            Issue.record("waitFor rest")
        }
        let e = try #require(s.expect)
        #expect(e.views.map(\.property) == [.frame, .removed] && e.views[0].within == 1)
        #expect(e.events.map(\.spec.text) == [">= 1", "1...4", "< 5"])
        #expect(e.rest?.0 == true && e.restBy?.0 == 2)
    }

    @Test func variantsMergeKeyByKey() throws {
        let cases = try load(
            """
            name: Base
            views:
              a: { frame: [0, 0, 10, 10] }
            script: [ { wait: 1 } ]
            expect:
              views: { a: { x: 0 } }
              rest: true
            variants:
              moved:
                views: { a: { frame: [5, 0, 10, 10] } }
                expect: { views: { a: { x: 5 } } }
            """)
        #expect(cases.map(\.name) == ["Base", "Base / moved"])
        #expect(cases[1].views[0].frame.origin.x == 5)
        #expect(cases[1].expect?.rest?.0 == true)
        #expect(cases[1].expect?.views.first?.value.text == "5")
    }

    @Test func locatedErrors() {
        #expect(
            loadError("views: {a: {frame: [0,0,1,1]}}\nscript: [ { wait: 1 } ]\nbehaviours: {}\n")
                == "t.yaml:3:1: error: unknown key `behaviours` in the scene; did you mean `behaviors`?")
        #expect(
            loadError("views: {a: {frame: [0,0,1,1]}}\nscript: [ { waitFor: \"a.y > 'x'\" } ]\n")
                == "t.yaml:2:23: error: `>` compares numbers, got a number and a string")
        #expect(
            loadError("views: {a: {frame: [0,0,1,1]}}\nscript: [ { haptic: lite } ]\n")
                == "t.yaml:2:21: error: unknown haptic style `lite`; styles are light, medium, heavy, soft, rigid")
        #expect(
            loadError("views: {world: {frame: [0,0,1,1]}}\nscript: [ { wait: 1 } ]\n")
                == "t.yaml:1:16: error: `world` is a reserved name in expressions; choose another name")
        // Behaviour keys are typed and bounded from the vocabulary (SnapKey.damping: 0…1).
        let snap =
            "views: {a: {frame: [0,0,1,1]}}\nscript: [ { wait: 1 } ]\nbehaviors: { s: { snap: { item: a, to: [1, 1], "
        #expect(
            loadError(snap + "damping: 1.5 } } }\n")
                == "t.yaml:3:57: error: snap `damping` must be between 0 and 1, found 1.5")
        #expect(
            loadError(snap + "damping: -1 } } }\n") == "t.yaml:3:57: error: `damping` must not be negative, found -1")
        #expect(
            loadError(snap + "damping: true } } }\n") == "t.yaml:3:57: error: `damping` must be a number, found true")
        #expect(
            loadError(snap + "dampin: 1 } } }\n")
                == "t.yaml:3:48: error: unknown key `dampin` in `snap` of `s`; did you mean `damping`?")
        #expect(
            loadError("views: {a: {frame: [0,0,1,1], alpha: 2}}\nscript: [ { wait: 1 } ]\n")
                == "t.yaml:1:38: error: `alpha` of `a` must be between 0 and 1, found 2")
        #expect(
            loadError("views: {a: {frame: [0,0,1,1]}}\nscript: [ { wait: 1, timeout: 2 } ]\n")
                == "t.yaml:2:11: error: `timeout` belongs to a `waitFor` step")
    }

    @Test func fieldErrors() {
        let head = "views: {a: {frame: [0,0,1,1]}}\nscript: [ { wait: 1 } ]\nbehaviors:\n"
        #expect(
            loadError(head + "  f: { field: { kind: vortx, items: [a] } }\n")
                == "t.yaml:4:23: error: unknown field kind `vortx`; did you mean `vortex`?")
        #expect(
            loadError(head + "  f: { field: { kind: vortex, region: { difference: [ { radius: 1 } ] } } }\n")
                == "t.yaml:4:53: error: `difference` takes two regions [a, b]: the points of a not in b")
        #expect(
            loadError(head + "  f: { field: { kind: vortex, region: { radius: 1, size: [1, 1] } } }\n")
                == "t.yaml:4:39: error: a region has exactly one of radius, size, inverse, union, difference, intersection"
        )
    }

    @Test func limits() {
        var l = LoadLimits()
        l.fileSize = 10
        do {
            _ = try SceneFile.load(path: "t.yaml", bytes: Array("views: {}\nscript: []\n".utf8), limits: l);
            Issue.record("no error")
        } catch {
            #expect(error.diagnostics.first?.message.contains("more than the limit of 10") == true)
        }
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(loadError("views: \(deep)\nscript: []\n").contains("nesting deeper than 64 levels"))
    }
}
