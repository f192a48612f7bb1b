import Geometry
import Interaction
@_spi(Testing) import SceneRunner
import SceneVocabulary
import Testing

/// The input concern driven on its own, without a scene file (issue 34).
@Suite struct RunInputTests {
    static let dt = 1.0 / 60

    /// Runs the step in progress to its end; the frames it took.
    static func finish(_ input: RunInput, from t0: Double) -> Int {
        var frames = 0
        while input.touching != nil {
            frames += 1
            _ = input.advanceTouches(to: t0 + Double(frames) * dt, dt: dt)
        }
        return frames
    }

    static func step(
        _ input: RunInput, _ s: TouchScript, ids: [Int], still: [RunInput.HeldFinger], _ r: ReleaseMode
    )
        -> RunInput.ActiveTouches
    {
        .init(
            gesture: 0, script: s, start: 0, lastFrame: s.lastFrame(dt: dt), ids: ids, release: r, still: still,
            live: true)
    }

    /// A step's fingers are new fingers; `release: hold` keeps them down after its last frame,
    /// and the next step's fingers that go down at its start take their places (no new
    /// touch-down, no new identity), the held one it does not move staying still until it lifts.
    @Test func heldFingersCarryTheirIdentityIntoTheNextStep() {
        let input = RunInput(arena: GestureArena([]), scrolls: [:])
        var two = TouchScript.press(at: Vec2(100, 100), touches: 2, duration: 0.1, hold: true)
        let first = input.assignFingers(&two, continuing: false)
        #expect(first.ids == [0, 1] && first.still.isEmpty && input.nextFinger == 2)
        input.setTouching(Self.step(input, two, ids: first.ids, still: [], .hold))
        #expect(Self.finish(input, from: 0) == two.lastFrame(dt: Self.dt))
        #expect(input.heldFingers.map(\.id) == [0, 1] && input.fingersOnScreen.count == 2)

        var one = TouchScript.press(at: Vec2(300, 100), touches: 1, duration: 0.05, hold: false)
        let next = input.assignFingers(&one, continuing: input.isHolding)
        #expect(next.ids == [0] && next.still.map(\.id) == [1] && input.nextFinger == 2)
        #expect(one.fingers[0].down == nil)  // it continues finger 0
        input.setTouching(Self.step(input, one, ids: next.ids, still: next.still, .lift))
        _ = Self.finish(input, from: 0.1)
        #expect(input.heldFingers.isEmpty && input.fingersOnScreen.isEmpty)
    }

    /// `release: cancel` lets every finger go and takes them off the screen at the step's end.
    @Test func cancelLetsGoOfEveryFinger() {
        let input = RunInput(arena: GestureArena([]), scrolls: [:])
        var s = TouchScript.press(at: Vec2(10, 10), touches: 3, duration: 0.05, hold: true)
        let f = input.assignFingers(&s, continuing: false)
        input.setTouching(Self.step(input, s, ids: f.ids, still: [], .cancel))
        _ = Self.finish(input, from: 0)
        #expect(input.heldFingers.isEmpty && input.fingersOnScreen.isEmpty && input.nextFinger == 3)
    }

    /// `targetContentOffset` can be set only while a `willEndDragging` rule runs.
    @Test func theScrollTargetIsSetOnlyDuringARelease() {
        let input = RunInput(arena: GestureArena([]), scrolls: [:])
        #expect(!input.setScrollTarget(Vec2(0, 50)) && input.scrollRelease == nil)
        input.setScrollRelease((velocity: Vec2(0, 1), target: Vec2(0, 120)))
        #expect(input.setScrollTarget(Vec2(0, 50)))
        #expect(input.scrollRelease?.target == Vec2(0, 50) && input.scrollRelease?.velocity == Vec2(0, 1))
    }

    /// Gesture delegates' state: the arena a delegate's expression reads while the arena is in
    /// the middle of a change, and the touch-down point; a finger kept from a recogniser.
    @Test func delegatesConsultAndKeepFingersOut() {
        let input = RunInput(arena: GestureArena([TapRecognizer(taps: 1)]), scrolls: [:])
        input.consult(input.arena, touch: Vec2(3, 4))
        #expect(input.consulted?.touch == Vec2(3, 4) && input.consulted?.arena?.recognizers.count == 1)
        input.endConsulting()
        #expect(input.consulted == nil)
        var s = TouchScript.tap(at: Vec2(10, 10), taps: 1, touches: 1)
        let f = input.assignFingers(&s, continuing: false)
        input.begin(participants: [0])
        input.exclude(finger: f.ids[0], from: 0)
        _ = input.touchDown(s.touches(frame: 0, at: 0, dt: Self.dt, ids: f.ids), at: 0)
        input.setTouching(Self.step(input, s, ids: f.ids, still: [], .lift))
        _ = Self.finish(input, from: 0)
        #expect(input.arena.visible[0] == .possible)  // the tap never saw its finger
    }
}
