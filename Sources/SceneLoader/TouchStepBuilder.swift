import Diagnostics
import Expressions
import SceneModel
import SceneVocabulary
import Yams

/// The touch steps of format 1.2 (`tap`, `press`, `pinch`, `rotate`, `touches`), `release` on
/// every touch step, and the keyframe lists `pan` and `touches` share.
extension SceneBuilder {
    /// `release: lift | hold | cancel`, or `otherwise` when absent.
    mutating func release(_ n: Node?, otherwise: ReleaseMode = .lift) throws(Diagnostic) -> ReleaseMode {
        guard let n else { return otherwise }
        let s = try w.string(n, "`release`")
        guard let r = ReleaseMode(rawValue: s) else {
            throw err("`release` must be \(ReleaseMode.alternatives), found `\(s)`", n)
        }
        return r
    }

    /// Keyframes `[t, x, y]` (numbers or expressions), at least `minimum`, literal times
    /// not negative and increasing.
    mutating func keyframes(_ p: Node, minimum: Int, _ what: String, key: String) throws(Diagnostic) -> [Keyframe] {
        let items = try w.sequence(p, "`\(key)`")
        if items.count < minimum {
            throw err("a \(what) needs at least \(minimum) keyframe\(minimum == 1 ? "" : "s") [t, x, y]", p)
        }
        var frames: [Keyframe] = []
        var lastT: Double?
        for item in items {
            let parts = try w.sequence(item, "a keyframe [t, x, y]")
            guard parts.count == 3 else {
                throw err("a keyframe [t, x, y] must have 3 numbers, found \(parts.count)", item)
            }
            let t = try w.numberOrExpr(parts[0], "a keyframe [t, x, y]", scope)
            let x = try w.numberOrExpr(parts[1], "a keyframe [t, x, y]", scope)
            let y = try w.numberOrExpr(parts[2], "a keyframe [t, x, y]", scope)
            if let v = t.literalNumber {
                if v < 0 { throw err("keyframe times must not be negative, found \(formatNumber(v))", item) }
                if let last = lastT, v <= last {
                    throw err(
                        "keyframe times must increase: \(formatNumber(v)) s comes after \(formatNumber(last)) s", item)
                }
                lastT = v
            } else {
                lastT = nil
            }
            let point = Expr(node: .list([x, y]), location: w.loc(item), text: "[\(x.text), \(y.text)]")
            frames.append(Keyframe(t: t, p: point, location: w.loc(item)))
        }
        return frames
    }

    /// The mapping of a touch step with `K`'s keys, its `gesture` resolved.
    mutating func touchStepKeys<K: VocabularyKey>(
        _ n: Node, _ what: String, _: K.Type, required: [K]
    ) throws(Diagnostic) -> (pairs: [(String, Node)], gesture: GestureID) {
        let a = try w.mapping(n, "`\(what)`", known: K.names, required: required.map { $0.rawValue })
        let g = try gestureName(a.first { $0.0 == "gesture" }?.1 ?? n)  // a required key of every touch step
        return (a, g)
    }

    /// A number key of a touch step (a literal checked against the key's minimum, or an
    /// expression), or `otherwise` (a literal) when absent.
    mutating func stepNumber<K: VocabularyKey>(
        _ pairs: [(String, Node)], _ key: K, at n: Node
    ) throws(Diagnostic) -> Expr? {
        guard let x = pairs.first(where: { $0.0 == key.rawValue })?.1 else { return nil }
        let m = key.minimum
        return try w.numberOrExpr(
            x, "`\(key.rawValue)`", min: m?.exclusive == false ? m?.value : nil, positive: m?.exclusive == true, scope)
    }

    /// A number key with a default: the key's value, or `otherwise` where the key is absent.
    mutating func stepNumber<K: VocabularyKey>(
        _ pairs: [(String, Node)], _ key: K, otherwise: Double, at n: Node
    ) throws(Diagnostic) -> Expr {
        try stepNumber(pairs, key, at: n)
            ?? Expr(node: .number(otherwise), location: w.loc(n), text: formatNumber(otherwise))
    }

    /// A required number key (`touchStepKeys` has already refused a step without it; the error
    /// here is the same refusal, should a caller ever skip that check).
    mutating func requiredNumber<K: VocabularyKey>(
        _ pairs: [(String, Node)], _ key: K, at n: Node
    ) throws(Diagnostic) -> Expr {
        guard let e = try stepNumber(pairs, key, at: n) else {
            throw err("the step needs the key `\(key.rawValue)`", n)
        }
        return e
    }

    mutating func stepPoint(_ pairs: [(String, Node)], _ key: String, at n: Node) throws(Diagnostic) -> Expr {
        try w.pointOrExpr(pairs.first { $0.0 == key }?.1 ?? n, "`\(key)`", scope)  // a required key
    }

    mutating func stepCurve(_ pairs: [(String, Node)]) throws(Diagnostic) -> CurveName {
        guard let c = pairs.first(where: { $0.0 == "curve" })?.1 else { return .linear }
        return try pick(c, "`curve`") { "unknown curve `\($0)`" }
    }

    /// `tap`, `press`, `pinch`, `rotate` or `touches`: the step named `key` (`ScriptBuilder.step`
    /// calls it with those keys only).
    mutating func touchStep(_ key: StepKey, _ n: Node) throws(Diagnostic) -> Step {
        func value(_ pairs: [(String, Node)], _ k: String) -> Node? { pairs.first { $0.0 == k }?.1 }
        let fingers: TouchStep.Fingers
        let pairs: [(String, Node)]
        let gesture: GestureID
        var release = ReleaseMode.lift
        switch key {
        case .tap:
            (pairs, gesture) = try touchStepKeys(n, "tap", TapStepKey.self, required: [.gesture, .at])
            fingers = .tap(
                at: try stepPoint(pairs, "at", at: n),
                count: try stepNumber(pairs, TapStepKey.count, otherwise: 1, at: n),
                touches: try stepNumber(pairs, TapStepKey.touches, at: n))
            try wholeNumbers(pairs, ["count", "touches"])
            release = try self.release(value(pairs, "release"))
        case .press:
            (pairs, gesture) = try touchStepKeys(n, "press", PressKey.self, required: [.gesture, .at, .duration])
            fingers = .press(
                at: try stepPoint(pairs, "at", at: n), duration: try requiredNumber(pairs, PressKey.duration, at: n),
                touches: try stepNumber(pairs, PressKey.touches, at: n))
            try wholeNumbers(pairs, ["touches"])
            release = try self.release(value(pairs, "release"), otherwise: .hold)
        case .pinch:
            (pairs, gesture) = try touchStepKeys(
                n, "pinch", PinchStepKey.self, required: [.gesture, .center, .from, .to])
            fingers = .pinch(
                center: try stepPoint(pairs, "center", at: n),
                from: try requiredNumber(pairs, PinchStepKey.from, at: n),
                to: try requiredNumber(pairs, PinchStepKey.to, at: n),
                duration: try stepNumber(pairs, PinchStepKey.duration, otherwise: 0.25, at: n),
                curve: try stepCurve(pairs))
            release = try self.release(value(pairs, "release"))
        case .rotate:
            (pairs, gesture) = try touchStepKeys(n, "rotate", RotateKey.self, required: [.gesture, .center, .by])
            fingers = .rotate(
                center: try stepPoint(pairs, "center", at: n), by: try requiredNumber(pairs, RotateKey.by, at: n),
                radius: try stepNumber(pairs, RotateKey.radius, otherwise: 50, at: n),
                duration: try stepNumber(pairs, RotateKey.duration, otherwise: 0.25, at: n),
                curve: try stepCurve(pairs))
            release = try self.release(value(pairs, "release"))
        case .touches:
            (pairs, gesture) = try touchStepKeys(n, "touches", TouchesKey.self, required: [.gesture, .paths])
            let list = value(pairs, "paths") ?? n  // a required key
            let paths = try w.sequence(list, "`paths`")
            if paths.isEmpty { throw err("`paths` needs at least one finger's keyframes", list) }
            var all: [[Keyframe]] = []
            for p in paths { all.append(try keyframes(p, minimum: 1, "finger path", key: "paths")) }
            fingers = .paths(all)
            release = try self.release(value(pairs, "release"))
        case .pan, .flick, .wait, .waitFor, .timeout, .expect:
            throw err("`\(key.rawValue)` is not a touch step", n)  // not reached: `step` dispatches these elsewhere
        }
        let step = TouchStep(gesture: gesture, fingers: fingers, release: release, location: w.loc(n))
        try spendTouchWork(fingers, key, at: n, length: workLocation(step))
        return .touch(step)
    }

    /// A touch step's work, counted at load against the file's budget (`--max-load-work`) where
    /// its numbers are literals: the fingers it puts down × the frames it lasts (taps × touches ×
    /// frames for a `tap`), which is what building its fingers and feeding them frame by frame
    /// costs. A step that would cost more than the budget is refused before any of it is built.
    /// A tap's and a press's numbers are literals; a `touches` step whose keyframe times are
    /// expressions is not counted (its fingers are its paths, nodes the file already paid for).
    /// The refusal is located where the step's length is written (`length`).
    mutating func spendTouchWork(
        _ fingers: TouchStep.Fingers, _ key: StepKey, at n: Node, length: SourceLocation
    ) throws(Diagnostic) {
        guard let units = Self.touchWork(fingers, frameRate: scene.world.frameRate) else { return }
        let left = Double(w.limits.loadWork - w.work)
        if units > left {
            throw Diagnostic(
                "this `\(key.rawValue)` step makes \(formatNumber(units.rounded(.up))) finger-frames (fingers × "
                    + "frames\(key == .tap ? ", taps × touches × frames" : "")), more than the \(Int(left)) units of "
                    + "load work left for the file; raise the limit with --max-load-work",
                at: length)
        }
        try w.spend(Int(units), n)
    }

    /// Literal values at `keys` must be whole numbers (counts of taps or fingers).
    mutating func wholeNumbers(_ pairs: [(String, Node)], _ keys: [String]) throws(Diagnostic) {
        for (k, x) in pairs where keys.contains(k) {
            if case .scalar(let s) = x, s.style == .plain, let v = Double(s.string), v != v.rounded() {
                throw err("`\(k)` must be a whole number, found \(formatNumber(v))", x)
            }
        }
    }
}

extension SceneBuilder {
    /// Where a touch step's finger-frames are written, for their refusal: the `touches` of a tap
    /// or press when its fingers outnumber its frames (taps × (2 taps − 1) for a tap), else where
    /// its length is (`TouchStep.lengthLocation`).
    func workLocation(_ step: TouchStep) -> SourceLocation {
        switch step.fingers {
        case .tap(_, let count, let touches?):
            let n = count.literalNumber ?? 1
            if (touches.literalNumber ?? 0) > n * Swift.max(1, 2 * n - 1) { return touches.location }
        case .press(_, let d, let touches?):
            if (touches.literalNumber ?? 0) > Swift.max(1, (d.literalNumber ?? 0) * scene.world.frameRate) {
                return touches.location
            }
        default: break
        }
        return step.lengthLocation()
    }

    /// At least the finger-frames a touch step makes, from its literal numbers (nil when one it
    /// needs is an expression): the fingers it puts down × the frames it lasts. A `tap` of `n`
    /// taps puts down `n` × `touches` fingers (one when unsaid: the recogniser's own count is
    /// known when it runs) over at least 2n − 1 frames (each tap is down one frame and up one).
    static func touchWork(_ f: TouchStep.Fingers, frameRate: Double) -> Double? {
        func frames(_ seconds: Double) -> Double { Swift.max(1, seconds * frameRate) }
        switch f {
        case .tap(_, let count, let touches):
            guard let n = count.literalNumber else { return nil }
            let k = touches.map { $0.literalNumber } ?? 1
            guard let k else { return nil }
            return n * k * Swift.max(1, 2 * n - 1)
        case .press(_, let duration, let touches):
            guard let d = duration.literalNumber else { return nil }
            let k = touches.map { $0.literalNumber } ?? 1
            guard let k else { return nil }
            return k * frames(d)
        case .pinch(_, _, _, let duration, _), .rotate(_, _, _, let duration, _):
            guard let d = duration.literalNumber else { return nil }
            return 2 * frames(d)
        case .paths(let paths):
            let ends = paths.map { $0.last?.t.literalNumber }
            guard !ends.contains(where: { $0 == nil }) else { return nil }
            return Double(paths.count) * frames(ends.compactMap { $0 }.max() ?? 0)
        }
    }
}
