import Diagnostics
import Geometry
import Results
import SceneModel
@_spi(Testing) import SceneRunner
import Testing

/// The world concern driven on its own, without a scene file (issue 34).
@Suite struct RunWorldTests {
    static let here = SourceLocation(file: "t.yaml", line: 1, column: 1)

    /// Two views and a group over them: `a` at x 0…100, `b` at x 200…300, both y 0…50.
    static func world() -> RunWorld {
        var views = [
            ViewSpec(name: "a", location: here, frame: Rect(x: 0, y: 0, width: 100, height: 50)),
            ViewSpec(name: "b", location: here, frame: Rect(x: 200, y: 0, width: 100, height: 50)),
            ViewSpec(name: "g", location: here, frame: Rect(x: 0, y: 0, width: 300, height: 50)),
        ]
        views[2].group = [ViewID(0), ViewID(1)]
        return RunWorld(views: views, world: WorldSpec())
    }

    /// Each view knows the groups it is an item of; a group's frame is its items' union.
    @Test func aGroupIsTheUnionOfItsItems() {
        let w = Self.world()
        #expect(w.groupsOf == [[2], [2], []])
        #expect(w.uikitFrame(2) == Rect(x: 0, y: 0, width: 300, height: 50))
        w.place(1, frame: Rect(x: 200, y: 100, width: 100, height: 50))
        #expect(w.uikitFrame(2) == Rect(x: 0, y: 0, width: 300, height: 150))
        // The group's own centre follows only when it is placed where its items are.
        #expect(w.views[2].frame.center == Vec2(150, 25))
        w.placeRestingGroups(w.groupsOf[1])
        #expect(w.views[2].frame.center == Vec2(150, 75))
        #expect(w.views[2].frame.size == Vec2(300, 50))  // a group keeps its bounds' size
    }

    /// A turned view's UIKit frame is its bounding box; a point in it is read in its own turning
    /// bounds, origin at its top-left corner (`locationInView`).
    @Test func aTurnedViewHasABoundingBoxAndItsOwnCoordinates() {
        let w = Self.world()
        w.turn(0, to: Double.pi / 2)
        let f = w.views[0].uikitFrame
        #expect(abs(f.size.x - 50) < 1e-9 && abs(f.size.y - 100) < 1e-9)
        let tree = w.tree(offsets: [:])
        let centre = tree.convert(Vec2(50, 25), from: nil, to: 0) ?? .zero  // the centre
        #expect(abs(centre.x - 50) < 1e-9 && abs(centre.y - 25) < 1e-9)
        let p = tree.convert(Vec2(50, 35), from: nil, to: 0) ?? .zero  // 10 pt below the centre: 10 pt along its x
        #expect(abs(p.x - 60) < 1e-9 && abs(p.y - 25) < 1e-9)
        #expect(tree.convert(Vec2(7, 8), from: nil, to: nil) == Vec2(7, 8))  // the reference view
    }

    /// The view tree of the world: a subview in its superview's coordinates, a scroll view's
    /// bounds at its offset, groups and removed views out of it; `hidden` is set at once and hides
    /// down the tree; a shown tree takes the values the screen shows.
    @Test func theTreeOfTheViews() {
        var specs = [
            ViewSpec(name: "list", location: Self.here, frame: Rect(x: 0, y: 100, width: 390, height: 500)),
            ViewSpec(name: "cell", location: Self.here, frame: Rect(x: 10, y: 400, width: 370, height: 90)),
            ViewSpec(name: "badge", location: Self.here, frame: Rect(x: 4, y: 4, width: 20, height: 20)),
        ]
        specs[1].superview = ViewID(0)
        specs[2].superview = ViewID(1)
        let w = RunWorld(views: specs, world: WorldSpec())
        let tree = w.tree(offsets: [0: Vec2(0, 300)])
        #expect(tree.screenFrame(1) == Rect(x: 10, y: 200, width: 370, height: 90))  // 100 + 400 − 300
        #expect(tree.screenFrame(2) == Rect(x: 14, y: 204, width: 20, height: 20))
        w.setHidden(1, true)
        #expect(w.views[1].hidden && !w.tree(offsets: [:]).isShown(2))
        w.remove(0)
        #expect(w.tree(offsets: [:]).hitTest(Vec2(20, 520)) == nil)  // the removed list, with its content
        let moved = w.tree(offsets: [:]) { i in
            var s = w.views[i].model
            if i == 2 { s.frame.origin.x = 40 }
            return s
        }
        #expect(moved.convert(.zero, from: 2, to: 1) == Vec2(40, 4))
    }

    /// A channel of the model set from what the screen shows changes that channel only.
    @Test func setModelChangesOneChannel() {
        let w = Self.world()
        let shown = Shown(frame: Rect(x: 10, y: 10, width: 20, height: 20), alpha: 0.5, rotation: 1, scale: 2)
        w.setModel(1, .alpha, shown)
        #expect(w.views[1].alpha == 0.5 && w.views[1].frame == Rect(x: 200, y: 0, width: 100, height: 50))
        w.setModel(1, .frame, shown)
        #expect(w.views[1].frame == shown.frame && w.views[1].rotation == 0 && w.views[1].scale == 1)
        w.setModel(1, .scale, shown)
        #expect(w.views[1].model == Shown(frame: shown.frame, alpha: 0.5, rotation: 0, scale: 2))
        w.remove(1)
        #expect(w.views[1].removed && !w.views[0].removed)
        #expect(w.movingItems.isEmpty && w.firstNonFinite == nil)
    }
}

/// A removed view keeps how it moved when it was removed (format 1.3: a removed view's members
/// keep their last values): a falling box removed reads the velocity it had, not the zero of an
/// item with no body, and it is not resting.
@Suite struct RemovedViewMotionTests {
    @Test func aRemovedViewKeepsItsLastMotion() {
        let w = RunWorldTests.world()
        let before = w.motion(of: 0)
        #expect(before == RunWorld.Motion(velocity: Vec2(0, 0), angularVelocity: 0, resting: true))
        w.remove(0)
        #expect(w.views[0].lastMotion == before && w.views[1].lastMotion == nil)
    }

    @Test func aFallingViewRemovedKeepsItsVelocity() throws {
        let r = try run(
            """
            views: { box: { frame: [100, 100, 50, 50] } }
            behaviors: { fall: { gravity: { items: [box] }, active: true } }
            vars: { v: 0 }
            script:
              - wait: 0.3
              - set: { v: box.velocity.y }
              - removeView: box
              - expect: { that: ["v > 280", "box.velocity.y == v", "!box.resting", "box.removed"] }
              - wait: 0.1
              - expect: { that: ["box.velocity.y == v", "box.angularVelocity == 0"] }
            """)[0]
        #expect(r.status == .passed, "\(r.failures.map(\.message)) \(r.diagnostics.map(\.message))")
    }
}
