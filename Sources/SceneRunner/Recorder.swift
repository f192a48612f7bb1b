import Diagnostics
import Expectations
import Geometry
import Results
import SceneModel
import SceneVocabulary
import UIDynamics

/// Replay recording: the runner calls these at the start, at the end of every tick, at every
/// `expect` and at the end; nothing here changes the run.
extension Run {
    /// Starts recording (frame 0: the state before the first tick) when the limits ask for it.
    func startRecording() {
        guard limits.recordReplay else { return }
        let infos = scene.views.indices.map { i -> CaseRecording.ViewInfo in
            let v = scene.views[i]
            // A group has no shape of its own: the page draws its bounds as a dashed outline
            // turning with it, over its items, which are drawn as views.
            if v.isGroup { return .init(name: v.name, shape: "group", path: [], hidden: true) }
            var info: CaseRecording.ViewInfo
            switch v.collisionBounds {
            case .rectangle: info = .init(name: v.name, shape: "rectangle", path: [], hidden: v.hidden)
            case .ellipse: info = .init(name: v.name, shape: "ellipse", path: [], hidden: v.hidden)
            case .path(let p): info = .init(name: v.name, shape: "path", path: p, hidden: v.hidden)
            }
            info.scrollView = input.enclosingScrollView(i, in: scene)
            info.superview = v.superview?.index
            return info
        }
        var rec = CaseRecording(
            worldSize: scene.world.size, frameRate: scene.world.frameRate, views: infos,
            behaviorNames: scene.behaviors.map(\.name), transitionNames: scene.transitions.map(\.name),
            gestureNames: scene.gestures.map(\.name))
        // Every view in the order the screen draws it (groups too, which the tree leaves out).
        let tree = ViewTree(
            scene.views.map { ViewTree.Node(superview: $0.superview?.index, frame: $0.frame) })
        rec.drawingOrder = tree.drawingOrder
        recording.startReplay(rec)
        recordFrame([])
    }

    /// Records the state at the end of a tick, with the contacts of its sub-steps.
    func recordFrame(_ events: [ContactEvent]) {
        guard let replay = recording.replay else { return }
        let f = replay.frames.count
        let tree = shownTree()
        let vs = views.indices.map { i -> CaseRecording.ViewFrame in
            let shown = animating.presentation(i, in: self)
            var frame = CaseRecording.ViewFrame(
                center: shown.frame.center, size: shown.frame.size, rotation: shown.rotation, scale: shown.scale,
                alpha: shown.alpha, velocity: animator.linearVelocity(of: i), removed: views[i].removed)
            // A subview: where the screen shows it, through its superviews (a scroll view's
            // content shifted by the offset).
            if views[i].spec.superview != nil || views[i].hidden {
                let pose = tree.pose(i)
                frame.screen = .init(
                    center: pose.apply(tree.nodes[i].bounds.center), rotation: pose.rotation, scale: pose.scale,
                    alpha: tree.shownAlpha(i), shown: tree.isShown(i))
            }
            return frame
        }
        var touch: CaseRecording.Touch?
        if let g = input.currentGesture {
            let down = !input.fingersOnScreen.isEmpty || (input.touching.map { !$0.live } ?? false)
            let lifted = replay.frames.last?.touch?.down == true
            if down || lifted {
                touch = .init(
                    gesture: g, point: input.arena.recognizers[g].location, state: input.arena.visible[g].rawValue,
                    down: down)
            }
        }
        let active = behaving.installed.keys.sorted()
        let ts = transitioning.controllers.map { (state: $0.state.rawValue, progress: $0.progress) }
        let frame = CaseRecording.Frame(
            time: clock.time, running: animator.isRunning, views: vs, touch: touch, behaviors: active,
            transitions: ts,
            guides: guides(), fingers: input.fingersOnScreen)
        let contacts = events.map { e in
            CaseRecording.Contact(
                frame: f, point: e.point, began: e.began, item: scene.views[e.itemA].name,
                other: e.itemB.map { scene.views[$0].name } ?? "", boundary: e.boundary ?? "")
        }
        recording.addFrame(frame, contacts: contacts)
    }

    /// The geometry of the behaviours in the animator, in scene order: each kind says what it
    /// draws (`DynamicBehavior.guides`); a point of an item is where the view is on screen, and
    /// a point of an item's content moves with its scroll view.
    func guides() -> [CaseRecording.Guide] {
        var out: [CaseRecording.Guide] = []
        let tree = viewTree()
        // A point in the coordinates of an item's superview (a scroll view's content), on the screen.
        func screen(_ p: Vec2, item: Int) -> Vec2 {
            guard let s = scene.views[item].superview?.index else { return p }
            return tree.pose(s).apply(p)
        }
        func point(_ point: BehaviorGuide.Point) -> Vec2 {
            switch point {
            case .item(let item, let offset):
                let (c, s) = (Elementary.cos(views[item].rotation), Elementary.sin(views[item].rotation))
                let p = views[item].frame.center + Vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
                return screen(p, item: item)
            case .anchor(let p, let item): return screen(p, item: item)
            case .fixed(let p): return p
            }
        }
        for (i, id) in behaving.installed.sorted(by: { $0.key < $1.key }) where id >= 0 {
            guard let b = animator.behavior(id) else { continue }
            for g in b.guides(in: animator.referenceBounds) {
                let points = g.points.map(point)
                out.append(.init(behavior: i, kind: g.kind, points: points, closed: g.closed, label: g.label))
            }
        }
        return out
    }

    /// Records an `expect` just judged: `before` is the number of failures before it.
    func recordCheckpoint(_ e: Expectation, failuresBefore before: Int) {
        guard recording.replay != nil else { return }
        let ghosts = CaseRecording.ghosts(e, snapshot(), scope: scene.scope)
        recording.addCheckpoint(at: e.location, passed: recording.failures.count == before, ghosts: ghosts)
    }

    /// The finished recording: every failure placed at a frame and, for a view expectation, on its view.
    func finishRecording() -> CaseRecording? {
        guard recording.replay != nil else { return nil }
        var expectations: [Expectation] = scene.expect.map { [$0] } ?? []
        for case .expect(let e) in scene.script { expectations.append(e) }
        let names = scene.views.map(\.name)
        return recording.finishReplay { failure in
            for e in expectations { if let v = CaseRecording.view(of: failure, in: e, views: names) { return v } }
            return nil
        }
    }
}
