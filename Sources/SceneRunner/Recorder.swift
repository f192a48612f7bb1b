import Diagnostics
import Expectations
import Expressions
import Geometry
import Results
import SceneModel
import SceneVocabulary
import UIDynamics

// The replay: each concern gives its own part of a frame (the world its views, the input its
// touch, the transitions their states, the behaviours their geometry) and the recording keeps
// them; `Run.recordFrame` (Runner.swift) puts a frame together at the end of every tick. Nothing
// here changes the run.

extension CaseRecording {
    /// A recording of `scene`, no frame yet: its views (a group has no shape of its own: the page
    /// draws its bounds as a dashed outline turning with it, over its items, which are drawn as
    /// views), each with the scroll view it is inside (`scrollView`), and its names.
    init(_ scene: Scene, scrollView: (Int) -> Int?) {
        let infos = scene.views.indices.map { i -> CaseRecording.ViewInfo in
            let v = scene.views[i]
            if v.isGroup { return .init(name: v.name, shape: "group", path: [], hidden: true) }
            var info: CaseRecording.ViewInfo
            switch v.collisionBounds {
            case .rectangle: info = .init(name: v.name, shape: "rectangle", path: [], hidden: v.hidden)
            case .ellipse: info = .init(name: v.name, shape: "ellipse", path: [], hidden: v.hidden)
            case .path(let p): info = .init(name: v.name, shape: "path", path: p, hidden: v.hidden)
            }
            info.scrollView = scrollView(i)
            return info
        }
        self.init(
            worldSize: scene.world.size, frameRate: scene.world.frameRate, views: infos,
            behaviorNames: scene.behaviors.map(\.name), transitionNames: scene.transitions.map(\.name),
            gestureNames: scene.gestures.map(\.name))
    }

    /// The contacts of a tick's sub-steps, at frame `f`.
    static func contacts(_ events: [ContactEvent], frame f: Int, views: [ViewSpec]) -> [Contact] {
        events.map { e in
            Contact(
                frame: f, point: e.point, began: e.began, item: views[e.itemA].name,
                other: e.itemB.map { views[$0].name } ?? "", boundary: e.boundary ?? "")
        }
    }
}

extension RunRecording {
    /// An expectation judged now, on `snap`: its failures kept (a variant's failure of an
    /// expectation it took from the main case says so) and, in the replay, a checkpoint with its
    /// ghosts. The first run-time error of its expressions instead, if any, and nothing kept.
    mutating func check(_ e: Expectation, _ snap: Snapshot, in scene: Scene) -> Diagnostic? {
        var errors: [Diagnostic] = []
        var out = observing { Expectations.judge(e, snap, scope: scene.scope, observations: &$0, errors: &errors) }
        if let first = errors.first { return first }
        for i in out.indices { if let note = scene.inherited[out[i].location] { out[i].message += " " + note } }
        let before = failures.count
        fail(out)
        if replay != nil {
            addCheckpoint(
                at: e.location, passed: failures.count == before,
                ghosts: CaseRecording.ghosts(e, snap, scope: scene.scope))
        }
        return nil
    }

    /// The finished replay recording of `scene`: every failure placed at a frame and, for a view
    /// expectation, on its view.
    mutating func finishReplay(of scene: Scene) -> CaseRecording? {
        guard replay != nil else { return nil }
        var expectations: [Expectation] = scene.expect.map { [$0] } ?? []
        for case .expect(let e) in scene.script { expectations.append(e) }
        let names = scene.views.map(\.name)
        return finishReplay { failure in
            for e in expectations { if let v = CaseRecording.view(of: failure, in: e, views: names) { return v } }
            return nil
        }
    }
}

extension RunWorld {
    /// The views of a replay frame: where the screen shows each (`shown`: the model values as
    /// animations present them), shifted by the scroll views it is inside (`shift`).
    func replayViews(shown: (Int) -> Shown, shift: (Int) -> Vec2) -> [CaseRecording.ViewFrame] {
        views.indices.map { i in
            let s = shown(i)
            return .init(
                center: s.frame.center + shift(i), size: s.frame.size, rotation: s.rotation, scale: s.scale,
                alpha: s.alpha, velocity: animator.linearVelocity(of: i), removed: views[i].removed)
        }
    }
}

extension RunInput {
    /// The touch of a replay frame: the current gesture's point and state while a finger is down,
    /// and on the frame it lifted (`wasDown`: the last frame's touch was down).
    func replayTouch(wasDown: Bool) -> CaseRecording.Touch? {
        guard let g = currentGesture else { return nil }
        let down = !fingersOnScreen.isEmpty || (touching.map { !$0.live } ?? false)
        guard down || wasDown else { return nil }
        return .init(gesture: g, point: arena.recognizers[g].location, state: arena.visible[g].rawValue, down: down)
    }
}

extension RunTransitions {
    /// Each transition's state and progress, for a replay frame.
    var replayStates: [(state: String, progress: Double)] {
        controllers.map { (state: $0.state.rawValue, progress: $0.progress) }
    }
}

extension RunBehaviors {
    /// The geometry of the behaviours in the animator, in scene order: each kind says what it
    /// draws (`DynamicBehavior.guides`); a point of an item is where the view is on screen, and
    /// a point of an item's content moves with its scroll view.
    func guides(in run: Run) -> [CaseRecording.Guide] {
        let world = run.world
        var out: [CaseRecording.Guide] = []
        func point(_ point: BehaviorGuide.Point) -> Vec2 {
            switch point {
            case .item(let item, let offset):
                let v = world.views[item]
                let (c, s) = (Elementary.cos(v.rotation), Elementary.sin(v.rotation))
                return v.frame.center + Vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
                    + run.input.screenShift(item, shown: true, in: run)
            case .anchor(let p, let item): return p + run.input.screenShift(item, shown: true, in: run)
            case .fixed(let p): return p
            }
        }
        for (i, id) in installed.sorted(by: { $0.key < $1.key }) where id >= 0 {
            guard let b = world.animator.behavior(id) else { continue }
            for g in b.guides(in: world.animator.referenceBounds) {
                let points = g.points.map(point)
                out.append(.init(behavior: i, kind: g.kind, points: points, closed: g.closed, label: g.label))
            }
        }
        return out
    }
}
