import Diagnostics
import Expectations
import Geometry
import Results
import SceneModel
import SceneVocabulary
import UIDynamics

/// The replay recording of a run in progress (`RunLimits.recordReplay`): what it has kept, and
/// how far it has read the run's trace, event counts and failures.
struct Recorder {
    var recording: CaseRecording
    var traceSeen = 0
    var counts: EventCounts
}

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
            info.scrollView = enclosingScrollView(i)
            return info
        }
        let rec = CaseRecording(
            worldSize: scene.world.size, frameRate: scene.world.frameRate, views: infos,
            behaviorNames: scene.behaviors.map(\.name), transitionNames: scene.transitions.map(\.name),
            gestureNames: scene.gestures.map(\.name))
        recording.recorder = Recorder(recording: rec, counts: recording.eventCounts)
        recordFrame([])
    }

    /// Records the state at the end of a tick, with the contacts of its sub-steps.
    func recordFrame(_ events: [ContactEvent]) {
        guard var r = recording.recorder else { return }
        let f = r.recording.frames.count
        let vs = views.indices.map { i -> CaseRecording.ViewFrame in
            let shown = presentation(i)
            // Inside a scroll view the screen shows the content shifted by its offset.
            return .init(
                center: shown.frame.center + screenShift(i), size: shown.frame.size, rotation: shown.rotation,
                scale: shown.scale,
                alpha: shown.alpha,
                velocity: animator.linearVelocity(of: i), removed: views[i].removed)
        }
        var touch: CaseRecording.Touch?
        if let g = input.currentGesture {
            let down = !input.fingersOnScreen.isEmpty || (input.touching.map { !$0.live } ?? false)
            let lifted = f > 0 && r.recording.frames[f - 1].touch?.down == true
            if down || lifted {
                touch = .init(
                    gesture: g, point: input.arena.recognizers[g].location, state: input.arena.visible[g].rawValue,
                    down: down)
            }
        }
        let active = behaving.installed.keys.sorted()
        let ts = transitioning.controllers.map { (state: $0.state.rawValue, progress: $0.progress) }
        r.recording.frames.append(
            .init(
                time: clock.time, running: animator.isRunning, views: vs, touch: touch, behaviors: active,
                transitions: ts,
                guides: guides(), fingers: input.fingersOnScreen))
        for e in events {
            r.recording.contacts.append(
                .init(
                    frame: f, point: e.point, began: e.began, item: scene.views[e.itemA].name,
                    other: e.itemB.map { scene.views[$0].name } ?? "", boundary: e.boundary ?? ""))
        }
        catchUp(&r, frame: f)
        recording.recorder = r
    }

    /// The geometry of the behaviours in the animator, in scene order.
    func guides() -> [CaseRecording.Guide] {
        var out: [CaseRecording.Guide] = []
        func point(_ item: Int, _ offset: Vec2) -> Vec2 {
            let (c, s) = (Elementary.cos(views[item].rotation), Elementary.sin(views[item].rotation))
            return views[item].frame.center + Vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y)
                + screenShift(item)
        }
        for (i, id) in behaving.installed.sorted(by: { $0.key < $1.key }) where id >= 0 {
            guard let b = animator.behavior(id) else { continue }
            switch b {
            case .attachment(let a):
                // An anchor is a content point when its item is inside a scroll view.
                let to = a.otherItem.map { point($0, a.otherOffset) } ?? a.anchor + screenShift(a.item)
                let kind: String
                switch a.kind {
                case .spring: kind = a.frequency > 0 ? "spring" : "rod"
                case .sliding: kind = "sliding"
                case .limit: kind = "limit"
                case .fixed: kind = "fixed"
                case .pin: kind = "pin"
                }
                out.append(.init(behavior: i, kind: "attachment", points: [point(a.item, a.offset), to], label: kind))
            case .snap(let sn):
                out.append(
                    .init(
                        behavior: i, kind: "snap", points: [point(sn.item, .zero), sn.snapPoint + screenShift(sn.item)])
                )
            case .collision(let c):
                if let e = c.referenceBoundsInsets {
                    let size = scene.world.size
                    out.append(
                        .init(
                            behavior: i, kind: "bounds",
                            points: [Vec2(e.left, e.top), Vec2(size.x - e.right, size.y - e.bottom)]))
                }
                for bd in c.boundaries {
                    out.append(
                        .init(behavior: i, kind: "boundary", points: bd.points, closed: bd.closed, label: bd.identifier)
                    )
                }
            case .field(let f):
                out.append(.init(behavior: i, kind: "field", points: [f.position], label: f.kind.rawValue))
            case .gravity, .push, .item:
                break
            }
        }
        return out
    }

    /// Haptics, trace notes and failures since the last call, at frame `f`.
    private func catchUp(_ r: inout Recorder, frame f: Int) {
        for style in HapticStyle.allCases {
            let new = recording.eventCounts[style.counted] - r.counts[style.counted]
            for _ in 0..<Swift.max(0, new) { r.recording.haptics.append((f, style.rawValue)) }
        }
        r.counts = recording.eventCounts
        while r.traceSeen < recording.trace.count {
            let line = recording.trace[r.traceSeen]
            // Notes read "t = 0.500 s: text"; the page shows the time from the frame.
            let text = line.firstRange(of: ": ").map { String(line[$0.upperBound...]) } ?? line
            r.recording.notes.append((f, text))
            r.traceSeen += 1
        }
        while r.recording.failureFrames.count < recording.failures.count { r.recording.failureFrames.append(f) }
    }

    /// Records an `expect` just judged: `before` is the number of failures before it.
    func recordCheckpoint(_ e: Expectation, failuresBefore before: Int) {
        guard var r = recording.recorder else { return }
        let f = r.recording.frames.count - 1
        r.recording.checkpoints.append(
            .init(
                frame: f, location: e.location, passed: recording.failures.count == before,
                ghosts: CaseRecording.ghosts(e, snapshot(), scope: scene.scope)))
        catchUp(&r, frame: f)
        recording.recorder = r
    }

    /// The finished recording: every failure placed at a frame and, for a view expectation, on its view.
    func finishRecording() -> CaseRecording? {
        guard var r = recording.recorder else { return nil }
        catchUp(&r, frame: Swift.max(0, r.recording.frames.count - 1))
        var expectations: [Expectation] = scene.expect.map { [$0] } ?? []
        for case .expect(let e) in scene.script { expectations.append(e) }
        let names = scene.views.map(\.name)
        r.recording.failureViews = recording.failures.map { failure in
            for e in expectations { if let v = CaseRecording.view(of: failure, in: e, views: names) { return v } }
            return nil
        }
        return r.recording
    }
}
