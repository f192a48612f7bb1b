import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// The input concern of a run: the recognisers and who gets a touch (the arena), the touch step
/// in progress, the fingers held down between steps and on the screen, and the scroll views. It
/// owns its state: only its methods change it. The methods here read nothing of the run (a unit
/// test drives them); those in Touches.swift and Scroll.swift are given the run, for the
/// expressions they evaluate, the views they read and the rules they run.
@_spi(Testing) public final class RunInput {
    /// A touch step in progress.
    @_spi(Testing) public struct ActiveTouches {
        public var gesture: Int
        public var script: TouchScript
        public var start: Double
        public var frame = 0
        public var lastFrame: Int
        /// The identity of each of the script's fingers.
        public var ids: [Int]
        public var release: ReleaseMode
        /// Fingers held down by an earlier step that this one does not move: they stay still
        /// (and lift at its end with `release: lift`).
        public var still: [HeldFinger]
        /// False when the gesture's view was removed: time passes and no finger touches.
        public var live: Bool

        public init(
            gesture: Int, script: TouchScript, start: Double, lastFrame: Int, ids: [Int], release: ReleaseMode,
            still: [HeldFinger], live: Bool
        ) {
            self.gesture = gesture; self.script = script; self.start = start; self.lastFrame = lastFrame
            self.ids = ids; self.release = release; self.still = still; self.live = live
        }
    }

    /// A finger down between steps (`release: hold`).
    @_spi(Testing) public struct HeldFinger {
        public var id: Int
        public var point: Vec2
    }

    /// Every recogniser of the scene, and who gets a touch.
    public private(set) var arena: GestureArena
    /// The gesture whose rules run, or whose step is in progress (`gesture` in expressions).
    public private(set) var currentGesture: Int?
    /// The touch step in progress.
    public private(set) var touching: ActiveTouches?
    /// Fingers down between touch steps (`release: hold`), in the order they went down.
    public private(set) var heldFingers: [HeldFinger] = []
    /// Where the fingers on the screen are after this frame's touches (the replay draws them).
    public private(set) var fingersOnScreen: [Vec2] = []
    /// The identity of the next finger to go down.
    public private(set) var nextFinger = 0
    /// The scroll views' content offsets and motions, by view index (Scroll.swift).
    public private(set) var scrolls: [Int: ScrollView]
    /// The delegate's arguments while a `willEndDragging` rule runs.
    public private(set) var scrollRelease: (velocity: Vec2, target: Vec2)?
    /// While a gesture delegate's expression runs (`shouldBegin`, `shouldReceiveTouch`): the
    /// arena as the recognisers are at that moment, which expressions read instead of `arena`
    /// (the arena is in the middle of a change), and the touch-down point `touch` reads.
    public private(set) var consulted: (arena: GestureArena?, touch: Vec2?)?
    /// What the app changed of each scroll view in this tick (by view index): its `didScroll`
    /// and `didZoom` run once, at the end of the tick.
    public private(set) var appChanges: [Int: (scrolled: Bool, zoomed: Bool)] = [:]

    public init(arena: GestureArena, scrolls: [Int: ScrollView]) {
        self.arena = arena
        self.scrolls = scrolls
    }

    /// The stored properties `init(copying:)` knows (a test compares it with `Mirror`'s).
    static let copiedFieldCount = 10

    /// A copy of `i` (its state is values: the arena, the recognisers and the scroll views are
    /// structs). The recognisers and scroll views keep the settings the scene gave them at set-up.
    init(copying i: RunInput) {
        arena = i.arena
        currentGesture = i.currentGesture
        touching = i.touching
        heldFingers = i.heldFingers
        fingersOnScreen = i.fingersOnScreen
        nextFinger = i.nextFinger
        scrolls = i.scrolls
        scrollRelease = i.scrollRelease
        consulted = i.consulted
        appChanges = i.appChanges
    }

    /// Whether fingers stay down from an earlier step.
    public var isHolding: Bool { !heldFingers.isEmpty }

    public func setCurrentGesture(_ g: Int?) { currentGesture = g }

    /// The identities of a step's fingers: a finger that goes down at the step's start takes the
    /// place of a held one (no new touch-down: its `down` becomes nil) while held ones remain and
    /// `continuing`; every other finger is a new one. Also the held fingers the step does not move.
    public func assignFingers(_ s: inout TouchScript, continuing: Bool) -> (ids: [Int], still: [HeldFinger]) {
        var ids: [Int] = []
        var held = heldFingers
        for i in s.fingers.indices {
            if continuing && !held.isEmpty && (s.fingers[i].down ?? 0) <= 0 {
                s.fingers[i].down = nil
                ids.append(held.removeFirst().id)
            } else {
                if s.fingers[i].down == nil { s.fingers[i].down = 0 }
                ids.append(nextFinger)
                nextFinger += 1
            }
        }
        return (ids, held)
    }

    /// A step's gesture receives no touch (its view was removed): the held fingers are let go.
    public func dropHeldFingers() { heldFingers = [] }

    /// The touch step `a` is in progress (nil: none).
    public func setTouching(_ a: ActiveTouches?) { touching = a }

    /// A new touch sequence goes to these recognisers.
    public func begin(participants: [Int]) { arena.begin(participants: participants) }

    /// The recognisers' velocity estimates start afresh for a `flick` that continues a held finger.
    public func restartVelocity(finger: Int, at point: Vec2, time: Double) {
        arena.restartVelocity(finger: finger, at: point, time: time)
    }

    /// A step starts: a `flick` of finger `finger` at `velocity`, or (nil) any other step.
    public func flick(finger: Int, velocity: Vec2?) { arena.flick(finger: finger, velocity: velocity) }

    /// The first touches of a step, at time `t`: the screen shows them with the held fingers.
    public func touchDown(
        _ first: [Touch], at t: Double, delegate: (any ArenaDelegate)? = nil
    ) -> [GestureArena.Change] {
        fingersOnScreen = heldFingers.map(\.point) + first.map(\.location)
        return first.isEmpty ? [] : arena.handle(TouchEvent(time: t, touches: first), delegate: delegate)
    }

    /// Gesture `g` fails (it receives no touch).
    public func fail(_ g: Int, delegate: (any ArenaDelegate)? = nil) -> [GestureArena.Change] {
        arena.fail(g, delegate: delegate)
    }

    /// Recogniser `g` never sees finger `finger` in this touch sequence (`shouldReceiveTouch`).
    public func exclude(finger: Int, from g: Int) { arena.exclude(finger: finger, from: g) }

    /// A gesture delegate's expression runs with `arena` and `touch` (nil: it ended).
    public func consult(_ arena: GestureArena?, touch: Vec2?) { consulted = (arena, touch) }
    public func endConsulting() { consulted = nil }

    /// This frame's touches of the step in progress at time `t` (frames `dt` apart) and the
    /// recognisers' timers; the last frame lifts, holds or cancels the fingers as the step says.
    /// `touchDown` is told of each finger that goes down after the step's first frame, before
    /// the recognisers see it (`shouldReceiveTouch`).
    public func advanceTouches(
        to t: Double, dt: Double, delegate: (any ArenaDelegate)? = nil, touchDown: (Touch) -> Void = { _ in }
    ) -> [GestureArena.Change] {
        guard var a = touching else { return arena.advance(to: t, delegate: delegate) }
        a.frame += 1
        let last = a.frame >= a.lastFrame
        var changes: [GestureArena.Change] = []
        if a.live {
            var list = a.script.touches(frame: a.frame, at: t - a.start, dt: dt, ids: a.ids)
            let liftStill = last && a.release == .lift
            list += a.still.map { Touch(id: $0.id, location: $0.point, phase: liftStill ? .ended : .moved) }
            // A finger that goes down while none is on the screen starts a new touch sequence
            // (the next tap of a `tap` step, a later finger of `touches`): as in UIKit, a
            // recogniser that recognised or failed in the previous one starts again from
            // `possible` (a one-tap recogniser ends once per tap); one still waiting for more taps
            // goes on.
            if fingersOnScreen.isEmpty && list.contains(where: { $0.phase == .began }) {
                arena.begin(participants: arena.participants)
            }
            fingersOnScreen = list.filter { $0.phase != .ended }.map(\.location)
            for touch in list where touch.phase == .began { touchDown(touch) }
            if !list.isEmpty { changes += arena.handle(TouchEvent(time: t, touches: list), delegate: delegate) }
            if last {
                switch a.release {
                case .lift: heldFingers = []
                case .hold:
                    heldFingers = list.filter { $0.phase != .ended }.map { HeldFinger(id: $0.id, point: $0.location) }
                case .cancel:
                    heldFingers = []
                    fingersOnScreen = []
                    changes += arena.cancel(delegate: delegate)
                }
            }
        }
        changes += arena.advance(to: t, delegate: delegate)
        touching = last ? nil : a
        return changes
    }

    /// Scroll view `v`'s new state.
    public func setScroll(_ v: Int, _ s: ScrollView) { scrolls[v] = s }

    /// The app changed scroll view `v`'s offset or zoom (`set`, `scrollTo`).
    public func noteAppChange(_ v: Int, scrolled: Bool, zoomed: Bool) {
        guard scrolled || zoomed else { return }
        let old = appChanges[v] ?? (false, false)
        appChanges[v] = (old.scrolled || scrolled, old.zoomed || zoomed)
    }

    /// The changes of `noteAppChange` since the last call, by view index, in view order.
    public func takeAppChanges() -> [(view: Int, news: (scrolled: Bool, zoomed: Bool))] {
        let out = appChanges.keys.sorted().compactMap { v in appChanges[v].map { (view: v, news: $0) } }
        appChanges = [:]
        return out
    }

    /// The delegate's arguments while a `willEndDragging` rule runs (nil: after it).
    public func setScrollRelease(_ r: (velocity: Vec2, target: Vec2)?) { scrollRelease = r }

    /// `set: { targetContentOffset: p }`: false when no `willEndDragging` rule is running.
    public func setScrollTarget(_ p: Vec2) -> Bool {
        guard scrollRelease != nil else { return false }
        scrollRelease?.target = p
        return true
    }

    /// The nearest scroll view view `i` is inside (directly or through other views) in `scene`, if any.
    public func enclosingScrollView(_ i: Int, in scene: Scene) -> Int? {
        var next = scene.views[i].superview?.index
        var seen: [Int] = []
        while let s = next, !seen.contains(s) {
            if scrolls[s] != nil { return s }
            seen.append(s)
            next = scene.views[s].superview?.index
        }
        return nil
    }
}
