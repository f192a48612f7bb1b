import Diagnostics
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// Touch steps (`pan`, `flick`, `tap`, `press`, `pinch`, `rotate`, `touches`): their fingers
/// frame by frame, fed to the recognisers through the arena; the state changes the scene sees
/// run their rules.
extension RunInput {
    /// The recognisers that receive a touch sequence whose step names gesture `g` and whose
    /// fingers go down on the views `hit` (each finger's hit-tested view, nil for the reference
    /// view): `g`, as in 1.1 wherever the fingers land, and every recogniser on a hit view, on
    /// its superviews and on the reference view, in declaration order.
    public static func participants(of g: Int, hit: [Int?], in tree: ViewTree, scene: Scene) -> [Int] {
        var chain: [Int] = []
        for h in hit { if let h { chain += tree.chain(h) } }
        return scene.gestures.indices.filter { k in
            guard k != g, let v = scene.gestures[k].view?.index else { return true }
            return chain.contains(v)
        }
    }

    /// The finger path of a `pan` or of a finger of `touches`, its keyframes evaluated now.
    func touchPath(_ keyframes: [Keyframe], curve: CurveName, in run: Run) throws(RunError) -> TouchPath {
        var frames: [(t: Double, p: Vec2)] = []
        for k in keyframes {
            let t = try run.stepNumber(k.t, "a keyframe time", minimum: 0)
            if let last = frames.last, t <= last.t {
                throw run.runtimeError(
                    "keyframe times must increase: \(formatNumber(t)) s comes after \(formatNumber(last.t)) s",
                    at: k.location)
            }
            frames.append((t, try run.evalPoint(k.p)))
        }
        return TouchPath(keyframes: frames, curve: curve.curve)
    }

    /// The finger of a `pan` step.
    func script(_ p: PanSpec, in run: Run) throws(RunError) -> TouchScript {
        let path = try touchPath(p.keyframes, curve: p.curve, in: run)
        return TouchScript.single(path, continuing: isHolding, hold: p.release != .lift)
    }

    /// The finger of a `flick` step: from `from` at `velocity` for `distance`, a frame apart.
    func flickScript(
        from: Expr, velocity: Expr, distance: Expr, release: ReleaseMode, in run: Run
    ) throws(RunError) -> (script: TouchScript, velocity: Vec2) {
        let v = try run.evalPoint(velocity)
        if v.length == 0 {
            throw run.runtimeError(
                "a flick needs a non-zero `velocity`, got `\(velocity.text)` = [0, 0]", at: velocity.location)
        }
        let path = TouchPath.flick(
            from: try run.evalPoint(from), velocity: v,
            distance: try run.stepNumber(distance, "`distance`", positive: true), frame: run.dt)
        return (TouchScript.single(path, continuing: isHolding, hold: release != .lift), v)
    }

    /// The fingers of a step, in the step's coordinates and times.
    func touchScript(_ t: TouchStep, continuing: Bool, in run: Run) throws(RunError) -> TouchScript {
        // The fingers a step puts down when it does not say `touches`: as many as the recogniser needs.
        let touchesOfGesture = arena.recognizers[t.gesture.index].numberOfTouchesRequired
        func fingers(_ e: Expr?) throws(RunError) -> Int {
            guard let e else { return touchesOfGesture }
            return Int(try run.stepNumber(e, "`touches`", minimum: 1).rounded(.toNearestOrAwayFromZero))
        }
        let hold = t.release != .lift
        switch t.fingers {
        case .tap(let at, let count, let touches):
            if continuing {
                throw run.runtimeError(
                    "a tap needs every finger up, but \(heldFingers.count) stay down from an earlier step with "
                        + "`release: hold`; lift them first",
                    at: t.location)
            }
            let n = Int(try run.stepNumber(count, "`count`", minimum: 1).rounded(.toNearestOrAwayFromZero))
            return .tap(at: try run.evalPoint(at), taps: n, touches: try fingers(touches), hold: hold)
        case .press(let at, let duration, let touches):
            return .press(
                at: try run.evalPoint(at), touches: try fingers(touches),
                duration: try run.stepNumber(duration, "`duration`", positive: true), hold: hold)
        case .pinch(let center, let from, let to, let duration, let curve):
            return .pinch(
                center: try run.evalPoint(center), from: try run.stepNumber(from, "`from`", positive: true),
                to: try run.stepNumber(to, "`to`", positive: true),
                duration: try run.stepNumber(duration, "`duration`", positive: true), curve: curve.curve, hold: hold)
        case .rotate(let center, let by, let radius, let duration, let curve):
            return .rotate(
                center: try run.evalPoint(center), angle: try run.evalNumber(by),
                radius: try run.stepNumber(radius, "`radius`", positive: true),
                duration: try run.stepNumber(duration, "`duration`", positive: true), curve: curve.curve, hold: hold)
        case .paths(let paths):
            return .paths(try paths.map { e throws(RunError) in try touchPath(e, curve: .linear, in: run) }, hold: hold)
        }
    }

    /// Starts a touch step (the script's tick loop runs it: `Run.perform`). Fingers held down by
    /// an earlier step (`release: hold`) continue: the step's fingers that go down at its start
    /// take their places, with no new touch-down. A gesture attached to a removed view fails: it
    /// receives no touches, and the step's time still passes. A `flick` (`flick`: its velocity) that
    /// continues a held finger starts the recognisers' velocity estimates afresh where it starts,
    /// so that it releases at exactly its velocity whatever the finger did before.
    func beginStep(
        gesture g: Int, script: TouchScript, release: ReleaseMode, at loc: SourceLocation,
        lengthAt: SourceLocation? = nil, flick: Vec2?, in run: Run
    ) throws(RunError) {
        try run.clock.checkWait(script.duration, counted: false, at: lengthAt ?? loc)
        setCurrentGesture(g)
        let continuing = isHolding
        if continuing && !arena.participants.contains(g) {
            let names = arena.participants.map { "`\(run.scene.gestures[$0].name)`" }.joined(separator: ", ")
            throw run.runtimeError(
                "`\(run.scene.gestures[g].name)` does not receive the fingers held down by an earlier step "
                    + "(release: hold), which touch \(names); lift them first",
                at: loc)
        }
        var s = script
        let (ids, held) = assignFingers(&s, continuing: continuing)
        let now = run.now
        var active = ActiveTouches(
            gesture: g, script: s, start: now, lastFrame: s.lastFrame(dt: run.dt), ids: ids, release: release,
            still: held, live: true)
        let delegate = GestureDelegate(run)
        if let vi = run.scene.gestures[g].view?.index, run.world.views[vi].removed {
            active.live = false
            dropHeldFingers()
            run.note("\(run.scene.gestures[g].name) failed: `\(run.scene.views[vi].name)` was removed")
            let changes = fail(g, delegate: delegate)
            try delegate.check()
            try fireGesture(changes, noted: false, in: run)
        } else {
            let first = s.touches(frame: 0, at: 0, dt: run.dt, ids: ids)
            let down = first.filter { $0.phase == .began }
            var refused: [(gesture: Int, finger: Int)] = []
            if !continuing {
                // Hit-testing on the model's tree decides which other recognisers see the touches.
                let tree = run.viewTree()
                var hit = down.map { tree.hitTest($0.location) }
                if hit.isEmpty { hit = [run.scene.gestures[g].view?.index] }  // no finger down yet
                var participants = Self.participants(of: g, hit: hit, in: tree, scene: run.scene)
                // `shouldReceiveTouch` at each touch-down: a recogniser refused every finger does
                // not take part in the sequence.
                refused = Self.refusals(down, of: participants, delegate, in: run)
                try delegate.check()
                participants.removeAll { h in
                    !down.isEmpty && down.allSatisfy { t in refused.contains { $0.gesture == h && $0.finger == t.id } }
                }
                begin(participants: participants)
                try failDisabledScrollPans(in: run)
            } else {
                refused = Self.refusals(down, of: arena.participants, delegate, in: run)
                try delegate.check()
            }
            for r in refused { exclude(finger: r.finger, from: r.gesture) }
            if flick != nil && continuing, let f = s.fingers.first, f.down == nil {
                restartVelocity(finger: ids[0], at: f.position(at: 0), time: now)
            }
            // A flick's finger moves at exactly its velocity, and the pan's samples are it.
            self.flick(finger: ids.first ?? -1, velocity: flick)
            let changes = touchDown(first, at: now, delegate: delegate)
            try delegate.check()
            try fireGesture(changes, in: run)
        }
        setTouching(active)
    }

    /// The recognisers among `participants` whose `shouldReceiveTouch` refuses a finger of
    /// `touches` (each asked at that finger's touch-down point), in order.
    static func refusals(
        _ touches: [Touch], of participants: [Int], _ delegate: GestureDelegate, in run: Run
    ) -> [(gesture: Int, finger: Int)] {
        var out: [(gesture: Int, finger: Int)] = []
        for t in touches {
            for h in participants where run.scene.gestures[h].shouldReceiveTouch != nil {
                if !delegate.shouldReceive(h, at: t.location) { out.append((h, t.id)) }
            }
        }
        return out
    }

    /// The touch events of this frame, and the recognisers' timers; a finger that goes down
    /// during the step is kept from the recognisers whose `shouldReceiveTouch` refuses it.
    func touches(in run: Run) throws(RunError) {
        let delegate = GestureDelegate(run)
        let changes = advanceTouches(to: run.now, dt: run.dt, delegate: delegate) { t in
            for r in Self.refusals([t], of: arena.participants, delegate, in: run) {
                exclude(finger: r.finger, from: r.gesture)
            }
        }
        try delegate.check()
        try fireGesture(changes, in: run)
    }

    /// Notes each change in the trace (unless `noted` is false) and runs its rules, with that
    /// gesture as `gesture`.
    func fireGesture(_ changes: [GestureArena.Change], noted: Bool = true, in run: Run) throws(RunError) {
        let current = currentGesture
        for c in changes {
            let name = run.scene.gestures[c.gesture].name
            let p = arena.recognizers[c.gesture].location
            if noted { run.note("\(name).\(c.state.rawValue) at [\(formatNumber(p.x)), \(formatNumber(p.y))]") }
            try scrollGesture(c, in: run)
            guard let e = GestureEvent(rawValue: c.state.rawValue) else { continue }
            setCurrentGesture(c.gesture)
            try run.fire(.gesture(GestureID(c.gesture), e))
        }
        setCurrentGesture(current)
    }

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
            requireFail: requireFail, asking: scene.gestures.indices.filter { scene.gestures[$0].shouldBegin != nil })
    }
}
