import Diagnostics
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// Touch steps (`pan`, `flick`, `tap`, `press`, `pinch`, `rotate`, `touches`): their fingers
/// frame by frame, fed to the recognisers through the arena; the state changes the scene sees
/// run their rules.
extension Run {
    /// A touch step in progress.
    struct ActiveTouches {
        var gesture: Int
        var script: TouchScript
        var start: Double
        var frame = 0
        var lastFrame: Int
        /// The identity of each of the script's fingers.
        var ids: [Int]
        var release: ReleaseMode
        /// Fingers held down by an earlier step that this one does not move: they stay still
        /// (and lift at its end with `release: lift`).
        var still: [HeldFinger]
        /// False when the gesture's view was removed: time passes and no finger touches.
        var live: Bool
    }

    /// A finger down between steps (`release: hold`).
    struct HeldFinger { var id: Int; var point: Vec2 }

    /// The recognisers that receive a touch sequence whose step names gesture `g`: `g` and every
    /// other recogniser on its view, that view's superviews and the reference view.
    func participants(of g: Int) -> [Int] {
        var chain: [Int] = []
        var v = gestureView[g]
        while let i = v, !chain.contains(i) {
            chain.append(i)
            v = scene.views[i].superview?.index
        }
        return scene.gestures.indices.filter { h in
            h == g || gestureView[h] == nil || gestureView[h].map(chain.contains) == true
        }
    }

    /// The fingers of a step, in the step's coordinates and times.
    func touchScript(_ t: TouchStep, continuing: Bool) throws(RunError) -> TouchScript {
        // The fingers a step puts down when it does not say `touches`: as many as the recogniser needs.
        let touchesOfGesture = input.arena.recognizers[t.gesture.index].numberOfTouchesRequired
        func fingers(_ e: Expr?) throws(RunError) -> Int {
            guard let e else { return touchesOfGesture }
            return Int(try stepNumber(e, "`touches`", minimum: 1).rounded(.toNearestOrAwayFromZero))
        }
        let hold = t.release != .lift
        switch t.fingers {
        case .tap(let at, let count, let touches):
            if continuing {
                throw runtimeError(
                    "a tap needs every finger up, but \(input.heldFingers.count) stay down from an earlier step with "
                        + "`release: hold`; lift them first",
                    at: t.location)
            }
            let n = Int(try stepNumber(count, "`count`", minimum: 1).rounded(.toNearestOrAwayFromZero))
            return .tap(at: try evalPoint(at), taps: n, touches: try fingers(touches))
        case .press(let at, let duration, let touches):
            return .press(
                at: try evalPoint(at), touches: try fingers(touches),
                duration: try stepNumber(duration, "`duration`", positive: true), hold: hold)
        case .pinch(let center, let from, let to, let duration, let curve):
            return .pinch(
                center: try evalPoint(center), from: try stepNumber(from, "`from`", positive: true),
                to: try stepNumber(to, "`to`", positive: true),
                duration: try stepNumber(duration, "`duration`", positive: true), curve: curve.curve, hold: hold)
        case .rotate(let center, let by, let radius, let duration, let curve):
            return .rotate(
                center: try evalPoint(center), angle: try evalNumber(by),
                radius: try stepNumber(radius, "`radius`", positive: true),
                duration: try stepNumber(duration, "`duration`", positive: true), curve: curve.curve, hold: hold)
        case .paths(let paths):
            return .paths(try paths.map { e throws(RunError) in try touchPath(e, curve: .linear) }, hold: hold)
        }
    }

    /// Runs a touch step. Fingers held down by an earlier step (`release: hold`) continue: the
    /// step's fingers that go down at its start take their places, with no new touch-down. A
    /// gesture attached to a removed view fails: it receives no touches, and the step's time
    /// still passes. A `flick` (`flick: true`) that continues a held finger starts the
    /// recognisers' velocity estimates afresh where it starts, so that it releases at exactly
    /// its velocity whatever the finger did before.
    func perform(
        gesture g: Int, script: TouchScript, release: ReleaseMode, at loc: SourceLocation, flick: Bool = false
    ) throws(RunError) {
        try checkWait(script.duration, counted: false, at: loc)
        input.currentGesture = g
        let continuing = !input.heldFingers.isEmpty
        if continuing && !input.arena.participants.contains(g) {
            let names = input.arena.participants.map { "`\(scene.gestures[$0].name)`" }.joined(separator: ", ")
            throw runtimeError(
                "`\(scene.gestures[g].name)` does not receive the fingers held down by an earlier step "
                    + "(release: hold), which touch \(names); lift them first",
                at: loc)
        }
        var s = script
        var ids: [Int] = []
        var held = input.heldFingers
        for i in s.fingers.indices {
            if continuing && !held.isEmpty && (s.fingers[i].down ?? 0) <= 0 {
                s.fingers[i].down = nil
                ids.append(held.removeFirst().id)
            } else {
                if s.fingers[i].down == nil { s.fingers[i].down = 0 }
                ids.append(input.nextFinger)
                input.nextFinger += 1
            }
        }
        var active = ActiveTouches(
            gesture: g, script: s, start: clock.time, lastFrame: s.lastFrame(dt: dt), ids: ids, release: release,
            still: held, live: true)
        if let vi = gestureView[g], views[vi].removed {
            active.live = false
            input.heldFingers = []
            note("\(scene.gestures[g].name) failed: `\(scene.views[vi].name)` was removed")
            try fireGesture(input.arena.fail(g), noted: false)
        } else {
            if !continuing { input.arena.begin(participants: participants(of: g)) }
            if flick && continuing, let f = s.fingers.first, f.down == nil {
                input.arena.restartVelocity(finger: ids[0], at: f.position(at: 0), time: clock.time)
            }
            let first = s.touches(frame: 0, at: 0, dt: dt, ids: ids)
            input.fingersOnScreen = input.heldFingers.map(\.point) + first.map(\.location)
            if !first.isEmpty { try fireGesture(input.arena.handle(TouchEvent(time: clock.time, touches: first))) }
        }
        input.touching = active
        let step = scene.gestures[g].location
        while input.touching != nil { try tick(at: step) }
        input.currentGesture = g
    }

    /// The touch events of this frame, and the recognisers' timers.
    func touches() throws(RunError) {
        guard var a = input.touching else {
            try fireGesture(input.arena.advance(to: clock.time))
            return
        }
        a.frame += 1
        let last = a.frame >= a.lastFrame
        var changes: [GestureArena.Change] = []
        if a.live {
            let t = clock.time - a.start
            var list = a.script.touches(frame: a.frame, at: t, dt: dt, ids: a.ids)
            let liftStill = last && a.release == .lift
            list += a.still.map { Touch(id: $0.id, location: $0.point, phase: liftStill ? .ended : .moved) }
            input.fingersOnScreen = list.filter { $0.phase != .ended }.map(\.location)
            if !list.isEmpty { changes += input.arena.handle(TouchEvent(time: clock.time, touches: list)) }
            if last {
                switch a.release {
                case .lift: input.heldFingers = []
                case .hold:
                    input.heldFingers = list.filter { $0.phase != .ended }.map {
                        HeldFinger(id: $0.id, point: $0.location)
                    }
                case .cancel:
                    input.heldFingers = []
                    input.fingersOnScreen = []
                    changes += input.arena.cancel()
                }
            }
        }
        changes += input.arena.advance(to: clock.time)
        input.touching = last ? nil : a
        try fireGesture(changes)
    }

    /// Notes each change in the trace (unless `noted` is false) and runs its rules, with that
    /// gesture as `gesture`.
    func fireGesture(_ changes: [GestureArena.Change], noted: Bool = true) throws(RunError) {
        let current = input.currentGesture
        for c in changes {
            let name = scene.gestures[c.gesture].name
            let p = input.arena.recognizers[c.gesture].location
            if noted { note("\(name).\(c.state.rawValue) at [\(formatNumber(p.x)), \(formatNumber(p.y))]") }
            try scrollGesture(c)
            guard let e = GestureEvent(rawValue: c.state.rawValue) else { continue }
            input.currentGesture = c.gesture
            try fire(.gesture(GestureID(c.gesture), e))
        }
        input.currentGesture = current
    }
}

extension Run {
    /// The scene's recognisers, in declaration order, and their `simultaneous` and `requireFail`
    /// pairs.
    static func arena(_ scene: Scene, bounds: Rect) -> GestureArena {
        var simultaneous: [(Int, Int)] = []
        var requireFail: [(Int, Int)] = []
        for (i, g) in scene.gestures.enumerated() {
            simultaneous += g.simultaneous.map { (i, $0.index) }
            requireFail += g.requireFail.map { (i, $0.index) }
        }
        return GestureArena(
            scene.gestures.map { $0.settings.recognizer(in: bounds) }, simultaneous: simultaneous,
            requireFail: requireFail)
    }
}
