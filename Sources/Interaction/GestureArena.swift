import Geometry

/// Who gets a touch: UIKit's arbitration between the recognisers that receive one touch
/// sequence (the named gesture and every other recogniser on its view and the superviews).
///
/// - By default the first recogniser to recognise (a continuous one's `began`, a discrete one's
///   `ended`) wins: every other one still `possible` fails, and one that wants to recognise
///   after it fails instead.
/// - `simultaneous` pairs (`shouldRecognizeSimultaneously`) recognise together: neither makes
///   the other fail.
/// - `requireFail` (`require(toFail:)`): a recogniser that wants to recognise while one it waits
///   for is still `possible` is held — it follows the touches but reads `possible` and reports
///   nothing — until that one fails (then it recognises, reporting `began`, or `began` and
///   `ended` when its touches ended meanwhile, or a discrete `ended`) or recognises (then it
///   fails). A recogniser it waits for that receives no touches is not waited for.
///
/// - A recogniser with a delegate (`asking`) that would begin — a continuous one's `began`, a
///   discrete one's recognition, once nothing else holds it back — asks the delegate first
///   (`gestureRecognizerShouldBegin`); refused, it fails and the others may recognise.
/// - A recogniser may be kept from single fingers (`exclude`, `gestureRecognizer(_:shouldReceive:)`):
///   it never sees their touches.
///
/// Every call returns the state changes the scene sees, in order: the recognisers in declaration
/// order, a winner before the recognisers it made fail.
public struct GestureArena: Sendable {
    public private(set) var recognizers: [any TouchRecognizer]
    /// The state the scene sees: the recogniser's own, except `possible` while it is held.
    public private(set) var visible: [GestureState]
    /// The recognisers that receive the current touch sequence, in declaration order.
    public private(set) var participants: [Int] = []
    var together: [[Bool]]
    var waitsFor: [[Int]]
    var held: [Bool]
    /// Received touches (or waits for more taps) and has not finished.
    var engaged: [Bool]
    /// Recognised during the current touch sequence.
    var won: [Bool]
    /// Asks the delegate before it begins.
    var asks: [Bool]
    /// The fingers each recogniser does not see during the current touch sequence.
    var excluded: [[Int]]

    /// A state change the scene sees.
    public struct Change: Sendable, Hashable {
        public var gesture: Int
        public var state: GestureState
        public init(gesture: Int, state: GestureState) { self.gesture = gesture; self.state = state }
    }

    /// `simultaneous` pairs either way round; `requireFail` pairs (a, b): a waits for b to fail.
    /// `asking`: the recognisers that ask the delegate before they begin.
    public init(
        _ recognizers: [any TouchRecognizer], simultaneous: [(Int, Int)] = [], requireFail: [(Int, Int)] = [],
        asking: [Int] = []
    ) {
        let n = recognizers.count
        self.recognizers = recognizers
        visible = recognizers.map(\.state)
        together = Array(repeating: Array(repeating: false, count: n), count: n)
        for (a, b) in simultaneous {
            together[a][b] = true
            together[b][a] = true
        }
        waitsFor = Array(repeating: [], count: n)
        for (a, b) in requireFail where !waitsFor[a].contains(b) { waitsFor[a].append(b) }
        held = Array(repeating: false, count: n)
        engaged = held
        won = held
        asks = held
        for g in asking where g < n { asks[g] = true }
        excluded = Array(repeating: [], count: n)
    }

    /// Whether `g` is held by `requireFail`.
    public func isHeld(_ g: Int) -> Bool { held[g] }

    /// A new touch sequence (no finger was down) reaches `participants`: each that finished its
    /// previous sequence starts again from `possible`.
    public mutating func begin(participants: [Int]) {
        self.participants = participants.sorted()
        for g in recognizers.indices {
            won[g] = false
            excluded[g] = []
        }
        for g in self.participants where !held[g] {
            if recognizers[g].isFinished || !engaged[g] { recognizers[g].reset() }
            visible[g] = recognizers[g].state
            engaged[g] = true
        }
    }

    /// Recogniser `g` does not see finger `finger` for the rest of the touch sequence.
    public mutating func exclude(finger: Int, from g: Int) {
        if !excluded[g].contains(finger) { excluded[g].append(finger) }
    }

    /// The touches of one frame, to every participant (without the fingers kept from it).
    public mutating func handle(_ event: TouchEvent, delegate: (any ArenaDelegate)? = nil) -> [Change] {
        var out: [Change] = []
        for g in participants where engaged[g] || held[g] {
            var seen = event
            if !excluded[g].isEmpty {
                seen.touches = event.touches.filter { !excluded[g].contains($0.id) }
                if seen.touches.isEmpty { continue }
            }
            let changes = recognizers[g].handle(seen)
            process(g, changes, into: &out, delegate)
        }
        return out
    }

    /// A `flick` continues held finger `finger` from `point` at `time`: every participant's
    /// velocity estimate starts afresh there (`TouchRecognizer.restartVelocity`).
    public mutating func restartVelocity(finger: Int, at point: Vec2, time: Double) {
        for g in participants { recognizers[g].restartVelocity(finger: finger, at: point, time: time) }
    }

    /// A step starts: a `flick` moving finger `finger` at `velocity`, or (nil) any other step.
    /// Every recogniser is told (`TouchRecognizer.flick`).
    public mutating func flick(finger: Int, velocity: Vec2?) {
        for g in recognizers.indices { recognizers[g].flick(finger: finger, velocity: velocity) }
    }

    /// Time passed: the recognisers' timers.
    public mutating func advance(to time: Double, delegate: (any ArenaDelegate)? = nil) -> [Change] {
        var out: [Change] = []
        for g in recognizers.indices where engaged[g] || held[g] {
            process(g, recognizers[g].advance(to: time), into: &out, delegate)
        }
        return out
    }

    /// The touches were cancelled: every participant that had begun is `cancelled`, every other
    /// one (held ones included) `failed`.
    public mutating func cancel(delegate: (any ArenaDelegate)? = nil) -> [Change] {
        var out: [Change] = []
        for g in participants {
            if held[g] {
                forceFail(g, into: &out, delegate)
            } else if engaged[g] {
                process(g, recognizers[g].cancel(), into: &out, delegate)
            }
        }
        return out
    }

    /// `g` fails whatever it was doing (its view is gone).
    public mutating func fail(_ g: Int, delegate: (any ArenaDelegate)? = nil) -> [Change] {
        var out: [Change] = []
        forceFail(g, into: &out, delegate)
        return out
    }

    // MARK: arbitration

    mutating func process(
        _ g: Int, _ changes: [GestureState], into out: inout [Change], _ delegate: (any ArenaDelegate)?
    ) {
        for c in changes {
            if visible[g] == .failed || visible[g] == .cancelled { return }
            switch c {
            case .failed:
                held[g] = false
                finish(g, .failed, into: &out, delegate)
            case .possible:
                break
            case .began, .changed, .ended, .cancelled:
                if held[g] { continue }
                if visible[g] == .possible {
                    // (a recogniser that began and ended in one event reports both here)
                    recognize(g, into: &out, delegate)
                } else if visible[g] == .began || visible[g] == .changed {
                    if c == .ended || c == .cancelled {
                        finish(g, c, into: &out, delegate)
                    } else {
                        visible[g] = c
                        out.append(Change(gesture: g, state: c))
                    }
                }
            }
        }
    }

    /// `g` wants to recognise: it wins, waits, or fails (held back by another, or refused by
    /// the delegate).
    mutating func recognize(_ g: Int, into out: inout [Change], _ delegate: (any ArenaDelegate)?) {
        let blocked = recognizers.indices.contains { k in
            k != g && !together[g][k] && (won[k] || visible[k] == .began || visible[k] == .changed)
        }
        let lost = waitsFor[g].contains { won[$0] || visible[$0] == .began || visible[$0] == .changed }
        if blocked || lost {
            forceFail(g, into: &out, delegate)
            return
        }
        if waitsFor[g].contains(where: { engaged[$0] && visible[$0] == .possible }) {
            held[g] = true
            return
        }
        held[g] = false
        if asks[g], let delegate, !delegate.shouldBegin(g, in: self) {
            forceFail(g, into: &out, delegate)
            return
        }
        won[g] = true
        if recognizers[g].isDiscrete {
            finish(g, .ended, into: &out, delegate)
        } else {
            visible[g] = .began
            out.append(Change(gesture: g, state: .began))
            let now = recognizers[g].state
            if now == .ended || now == .cancelled { finish(g, now, into: &out, delegate) }
        }
        for k in recognizers.indices where k != g && !together[g][k] && visible[k] == .possible && engaged[k] {
            forceFail(k, into: &out, delegate)
        }
    }

    mutating func forceFail(_ g: Int, into out: inout [Change], _ delegate: (any ArenaDelegate)?) {
        if visible[g] == .failed || visible[g] == .ended || visible[g] == .cancelled { return }
        recognizers[g].fail()
        held[g] = false
        finish(g, .failed, into: &out, delegate)
    }

    /// `g` reached a final state; those waiting for it may go on.
    mutating func finish(
        _ g: Int, _ state: GestureState, into out: inout [Change], _ delegate: (any ArenaDelegate)?
    ) {
        visible[g] = state
        engaged[g] = false
        out.append(Change(gesture: g, state: state))
        for w in recognizers.indices where held[w] && waitsFor[w].contains(g) {
            let waiting = waitsFor[w].contains { engaged[$0] && visible[$0] == .possible }
            if state != .failed || !waiting {
                held[w] = false
                if state == .failed { recognize(w, into: &out, delegate) } else { forceFail(w, into: &out, delegate) }
            }
        }
    }
}

/// What the arena asks of the app about its recognisers: `gestureRecognizerShouldBegin`.
public protocol ArenaDelegate: AnyObject {
    /// Whether recogniser `g` may begin now (a discrete one: be recognised); `arena` is the arena
    /// at that moment (the recognisers' values, `g`'s included).
    func shouldBegin(_ g: Int, in arena: GestureArena) -> Bool
}
