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
            info.superview = v.superview?.index
            return info
        }
        self.init(
            worldSize: scene.world.size, frameRate: scene.world.frameRate, views: infos,
            behaviorNames: scene.behaviors.map(\.name), transitionNames: scene.transitions.map(\.name),
            gestureNames: scene.gestures.map(\.name))
        animatorNames = scene.animators.map(\.name)
        // Every view in the order the screen draws it (groups too, which the run's tree leaves out).
        drawingOrder =
            ViewTree(scene.views.map { ViewTree.Node(superview: $0.superview?.index, frame: $0.frame) })
            .drawingOrder
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
    /// The views of a replay frame: each view's values as the screen shows them (`shown`: the
    /// model values as animations present them), in its superview's coordinates as `--trace`
    /// writes them, and, for a subview or a hidden view, where the screen shows it through the
    /// view tree `tree` (its centre, rotation and scale there, the alpha drawn, whether shown).
    /// Where a view's model values differ from the screen's, the model too, on the screen (through
    /// its superviews as the screen shows them): the page's dashed outline.
    func replayViews(shown: (Int) -> Shown, on tree: ViewTree) -> [CaseRecording.ViewFrame] {
        views.indices.map { i in
            let s = shown(i)
            var frame = CaseRecording.ViewFrame(
                center: s.frame.center, size: s.frame.size, rotation: s.rotation, scale: s.scale, alpha: s.alpha,
                velocity: animator.linearVelocity(of: i), removed: views[i].removed)
            if views[i].spec.superview != nil || views[i].hidden {
                let pose = tree.pose(i)
                frame.screen = .init(
                    center: pose.apply(tree.nodes[i].bounds.center), rotation: pose.rotation, scale: pose.scale,
                    alpha: tree.shownAlpha(i), shown: tree.isShown(i))
            }
            let m = views[i].model
            if m.frame.center != s.frame.center || m.frame.size != s.frame.size || m.rotation != s.rotation
                || m.scale != s.scale
            {
                let outer = tree.pose(of: views[i].spec.superview?.index)
                frame.model = .init(
                    center: outer.apply(m.frame.center), size: m.frame.size, rotation: outer.rotation + m.rotation,
                    scale: outer.scale * m.scale)
            }
            return frame
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
        let tree = run.viewTree()
        var out: [CaseRecording.Guide] = []
        // A point in the coordinates of an item's superview (a scroll view's content), on the screen.
        func screen(_ p: Vec2, item: Int) -> Vec2 {
            guard let s = world.views[item].spec.superview?.index else { return p }
            return tree.pose(s).apply(p)
        }
        func point(_ point: BehaviorGuide.Point) -> Vec2 {
            switch point {
            case .item(let item, let offset):
                let v = world.views[item]
                let (c, s) = (Elementary.cos(v.rotation), Elementary.sin(v.rotation))
                return screen(
                    v.frame.center + Vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y), item: item)
            case .anchor(let p, let item): return screen(p, item: item)
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

extension Run {
    /// Records a script step about to run, with its keyword (`pan`, `tap`, `wait`, `expect`, an
    /// action's key), for the page's action list.
    func recordStep(_ step: Step) {
        guard recording.replay != nil else { return }
        let (text, location): (String, SourceLocation)
        switch step {
        case .pan(let p): (text, location) = ("pan", p.location)
        case .flick(_, _, _, _, _, let l): (text, location) = ("flick", l)
        case .touch(let t):
            switch t.fingers {
            case .tap: text = "tap"
            case .press: text = "press"
            case .pinch: text = "pinch"
            case .rotate: text = "rotate"
            case .paths: text = "touches"
            }
            location = t.location
        case .wait(_, _, let l): (text, location) = ("wait", l)
        case .waitForRest(_, let l): (text, location) = ("waitForRest", l)
        case .waitFor(_, _, let l): (text, location) = ("waitFor", l)
        case .expect(let e):
            recording.addAction(.step, at: e.location, text: "expect", judgesLastFrame: true)
            return
        case .action(let a): (text, location) = ("action", a.location)
        }
        recording.addAction(.step, at: location, text: text)
    }
}
