import Geometry
import Interaction
import Testing

let frame = 1.0 / 60

/// A state change seen at a frame (frame 0 is the step's start).
struct Seen: Equatable, CustomStringConvertible {
    var frame: Int
    var gesture: Int
    var state: GestureState
    var description: String { "\(frame):\(gesture).\(state)" }
}

/// Plays `script` into `arena` as the runner does: frame 0's touches at the step's start, then
/// per frame the touches and the timers; `then` more frames with no touches (a `wait`).
func play(
    _ script: TouchScript, _ arena: inout GestureArena, participants: [Int], from first: Int = 0,
    ids: [Int]? = nil, wait: Int = 0, cancel: Bool = false
) -> [Seen] {
    var seen: [Seen] = []
    if first == 0 { arena.begin(participants: participants) }
    let ids = ids ?? Array(0..<script.fingers.count)
    let last = script.lastFrame(dt: frame)
    for k in 0...last {
        let t = Double(k) * frame
        let touches = script.touches(frame: k, at: t, dt: frame, ids: ids)
        let time = Double(first + k) * frame
        var changes: [GestureArena.Change] = []
        if !touches.isEmpty { changes += arena.handle(TouchEvent(time: time, touches: touches)) }
        if k > 0 { changes += arena.advance(to: time) }
        if cancel && k == last { changes += arena.cancel() }
        seen += changes.map { Seen(frame: first + k, gesture: $0.gesture, state: $0.state) }
    }
    for k in 0..<wait {
        let time = Double(first + last + 1 + k) * frame
        seen += arena.advance(to: time).map { Seen(frame: first + last + 1 + k, gesture: $0.gesture, state: $0.state) }
    }
    return seen
}

func pan(_ minimumDistance: Double = 10) -> any TouchRecognizer {
    PanTouches(PanRecognizer(minimumDistance: minimumDistance, bounds: screen))
}

@Suite struct TapTests {
    /// 0.05 s per touch and 0.1 s between taps: at 60 Hz the fingers go down at frames 0 and 9
    /// and lift at frames 3 and 12; a double tap is recognised at the second lift.
    @Test func doubleTapTiming() {
        let s = TouchScript.tap(at: Vec2(100, 100), taps: 2, touches: 1)
        #expect(abs(s.duration - 0.2) < 1e-12)
        #expect(s.lastFrame(dt: frame) == 12)
        let phases = (0...12).map { k in
            s.touches(frame: k, at: Double(k) * frame, dt: frame, ids: [0, 1]).map(\.phase)
        }
        #expect(phases[0] == [.began] && phases[3] == [.ended] && phases[9] == [.began] && phases[12] == [.ended])
        #expect(phases[4].isEmpty && phases[8].isEmpty && phases[1] == [.moved])
        var arena = GestureArena([TapRecognizer(taps: 2)])
        #expect(play(s, &arena, participants: [0]) == [Seen(frame: 12, gesture: 0, state: .ended)])
    }

    /// A double-tap recogniser given one tap fails `tapMaximumInterval` (0.35 s) after the lift:
    /// lifted at 0.05 s, it fails at the first frame after 0.4 s, frame 25.
    @Test func doubleTapFailsWithoutSecondTap() {
        var arena = GestureArena([TapRecognizer(taps: 2)])
        let seen = play(.tap(at: Vec2(100, 100), taps: 1, touches: 1), &arena, participants: [0], wait: 40)
        #expect(seen == [Seen(frame: 25, gesture: 0, state: .failed)])
    }

    @Test func twoFingerTapNeedsTwoFingers() {
        var two = GestureArena([TapRecognizer(taps: 1, touches: 2)])
        #expect(play(.tap(at: Vec2(100, 100), taps: 1, touches: 2), &two, participants: [0]).map(\.state) == [.ended])
        var one = GestureArena([TapRecognizer(taps: 1, touches: 2)])
        #expect(play(.tap(at: Vec2(100, 100), taps: 1, touches: 1), &one, participants: [0]).map(\.state) == [.failed])
        #expect(one.recognizers[0].location == Vec2(100, 100))
        #expect(two.recognizers[0].location == Vec2(100, 100))  // between the fingers
    }

    /// A touch held longer than `tapMaximumDuration` (0.5 s) or moved more than 10 pt is no tap.
    @Test func longTouchOrMovedTouchIsNoTap() {
        var held = GestureArena([TapRecognizer()])
        let press = TouchScript.press(at: Vec2(50, 50), touches: 1, duration: 0.6, hold: false)
        #expect(play(press, &held, participants: [0]) == [Seen(frame: 31, gesture: 0, state: .failed)])
        var moved = GestureArena([TapRecognizer()])
        let drag = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(50, 50)), (0.05, Vec2(50, 62))]), continuing: false, hold: false)
        #expect(play(drag, &moved, participants: [0]) == [Seen(frame: 3, gesture: 0, state: .failed)])
    }
}

@Suite struct LongPressTests {
    /// Began at minimumDuration (0.5 s = frame 30), changed as the finger moves on, ended at the lift.
    @Test func pressThenDrag() {
        var arena = GestureArena([LongPressRecognizer()])
        let press = TouchScript.press(at: Vec2(100, 100), touches: 1, duration: 0.8, hold: true)
        #expect(play(press, &arena, participants: [0]) == [Seen(frame: 30, gesture: 0, state: .began)])
        let drag = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (0.1, Vec2(100, 160))]), continuing: true, hold: false)
        let seen = play(drag, &arena, participants: [0], from: 48, ids: [0])
        #expect(seen.map(\.state) == [.changed, .changed, .changed, .changed, .changed, .ended])
        #expect(seen.first?.frame == 49 && seen.last?.frame == 54)
        #expect(arena.recognizers[0].location == Vec2(100, 160))
    }

    /// The movement allowed before `began` is `allowableMovement`: 9 pt keeps it, 11 pt fails it.
    @Test func allowableMovement() {
        for (moved, expected) in [(9.0, GestureState.began), (11.0, .failed)] {
            var arena = GestureArena([LongPressRecognizer(minimumDuration: 0.5, allowableMovement: 10)])
            let wobble = TouchScript.single(
                TouchPath(keyframes: [(0, Vec2(0, 0)), (0.2, Vec2(moved, 0)), (0.7, Vec2(moved, 0))]),
                continuing: false, hold: true)
            #expect(play(wobble, &arena, participants: [0]).first?.state == expected)
        }
    }

    @Test func liftedEarlyFails() {
        var arena = GestureArena([LongPressRecognizer(minimumDuration: 0.5, allowableMovement: 10)])
        let short = TouchScript.press(at: Vec2(0, 0), touches: 1, duration: 0.4, hold: false)
        #expect(play(short, &arena, participants: [0]) == [Seen(frame: 24, gesture: 0, state: .failed)])
        var later = GestureArena([LongPressRecognizer(minimumDuration: 1.5, allowableMovement: 10)])
        let hold = TouchScript.press(at: Vec2(0, 0), touches: 1, duration: 0.1, hold: true)
        #expect(play(hold, &later, participants: [0], wait: 100).map(\.frame) == [90])  // a wait lets it begin
    }
}

@Suite struct PinchRotationTests {
    /// Spacing 100 → 260 pt linearly in 0.3 s (18 frames, 8.89 pt each): it begins at frame 1
    /// (more than 8 pt), then scale = spacing / spacing at began, velocity = (160 / 0.3) / 108.89.
    @Test func pinchScaleFromFingerPaths() {
        var arena = GestureArena([PinchRecognizer()])
        let s = TouchScript.pinch(
            center: Vec2(200, 400), from: 100, to: 260, duration: 0.3, curve: .linear, hold: false)
        let seen = play(s, &arena, participants: [0])
        #expect(seen.first == Seen(frame: 1, gesture: 0, state: .began))
        #expect(seen.last == Seen(frame: 18, gesture: 0, state: .ended))
        guard let r = arena.recognizers[0] as? PinchRecognizer else { Issue.record("not a pinch"); return }
        let atBegan = 100 + 160.0 / 18
        #expect(abs(r.scale - 260 / atBegan) < 1e-12)
        #expect(abs(r.velocity - (160 / 0.3) / atBegan) < 1e-9)
        #expect(r.location == Vec2(200, 400))
    }

    /// Mid-pinch, fingers closing from 200 to 100 pt: 5.6 pt a frame, so it begins at frame 2;
    /// at frame 9 scale = spacing(9) / spacing(2).
    @Test func pinchMidway() {
        var arena = GestureArena([PinchRecognizer()])
        let s = TouchScript.pinch(center: Vec2(0, 0), from: 200, to: 100, duration: 0.3, curve: .linear, hold: true)
        var partial = s
        partial.duration = 0.15
        partial.fingers = partial.fingers.map {
            var f = $0; f.up = nil; return f
        }
        _ = play(partial, &arena, participants: [0])
        guard let r = arena.recognizers[0] as? PinchRecognizer else { Issue.record("not a pinch"); return }
        let spacing = { (k: Double) in 200 - 100 * k / 18 }
        #expect(abs(r.scale - spacing(9) / spacing(2)) < 1e-12)
        #expect(r.scale < 1)
    }

    /// Turning 90° in 0.4 s (24 frames of 3.75°): it begins at frame 2 (7.5° ≥ 0.1 rad), so at
    /// the end rotation = 90° − 7.5°, velocity = (π/2) / 0.4 rad/s.
    @Test func rotationFromFingerPaths() {
        var arena = GestureArena([RotationRecognizer()])
        let s = TouchScript.rotate(
            center: Vec2(200, 400), angle: Double.pi / 2, radius: 60, duration: 0.4, curve: .linear, hold: false)
        let seen = play(s, &arena, participants: [0])
        #expect(seen.first == Seen(frame: 2, gesture: 0, state: .began))
        #expect(seen.last?.state == .ended)
        guard let r = arena.recognizers[0] as? RotationRecognizer else { Issue.record("not a rotation"); return }
        let step = (Double.pi / 2) / 24
        #expect(abs(r.rotation - (Double.pi / 2 - 2 * step)) < 1e-12)
        #expect(abs(r.velocity - (Double.pi / 2) / 0.4) < 1e-9)
        #expect(abs(r.location.x - 200) < 1e-9 && abs(r.location.y - 400) < 1e-9)
    }

    /// Anticlockwise turns are negative, and turns past ±π keep counting.
    @Test func rotationUnwraps() {
        var arena = GestureArena([RotationRecognizer()])
        let s = TouchScript.rotate(
            center: Vec2(0, 0), angle: -3 * Double.pi, radius: 50, duration: 1, curve: .linear, hold: false)
        _ = play(s, &arena, participants: [0])
        guard let r = arena.recognizers[0] as? RotationRecognizer else { Issue.record("not a rotation"); return }
        let step = 3 * Double.pi / 60  // 9° a frame: it began at frame 1
        #expect(abs(r.rotation - (-3 * Double.pi + step)) < 1e-9)
    }

    @Test func oneFingerNeverPinches() {
        var arena = GestureArena([PinchRecognizer(), RotationRecognizer()])
        let drag = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(0, 0)), (0.2, Vec2(100, 0))]), continuing: false, hold: false)
        #expect(play(drag, &arena, participants: [0, 1]).map(\.state) == [.failed, .failed])
    }
}

@Suite struct SwipeTests {
    func swipe(_ to: Vec2, in duration: Double, direction: SwipeDirection = .right) -> [Seen] {
        var arena = GestureArena([SwipeRecognizer(directions: [direction])])
        let s = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (duration, Vec2(100, 100) + to)]), continuing: false, hold: false
        )
        return play(s, &arena, participants: [0])
    }

    /// 100 pt right in 0.1 s (1000 pt/s): recognised when 50 pt along, at frame 3.
    @Test func fastSwipe() {
        #expect(swipe(Vec2(100, 0), in: 0.1) == [Seen(frame: 3, gesture: 0, state: .ended)])
        #expect(swipe(Vec2(-100, 0), in: 0.1, direction: .left).map(\.state) == [.ended])
        #expect(swipe(Vec2(0, 100), in: 0.1, direction: .down).map(\.state) == [.ended])
    }

    /// Too slow (50 pt in 0.25 s = 200 pt/s < 300), the wrong way, or more than 30° off: it fails.
    @Test func failures() {
        #expect(swipe(Vec2(100, 0), in: 0.5) == [Seen(frame: 15, gesture: 0, state: .failed)])
        #expect(swipe(Vec2(-100, 0), in: 0.1).map(\.state) == [.failed])
        #expect(swipe(Vec2(100, 60), in: 0.1).map(\.state) == [.failed])  // 31°
        #expect(swipe(Vec2(100, 55), in: 0.1).map(\.state) == [.ended])  // 28.8°
        #expect(swipe(Vec2(30, 0), in: 0.1).map(\.state) == [.failed])  // lifted before 50 pt
    }
}

@Suite struct CancelTests {
    /// `release: cancel`: a recogniser that had begun is cancelled, one still possible fails.
    @Test func cancelEveryKind() {
        let drag = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (0.2, Vec2(100, 200))]), continuing: false, hold: true)
        var p = GestureArena([pan()])
        #expect(play(drag, &p, participants: [0], cancel: true).map(\.state).suffix(2) == [.changed, .cancelled])
        var lp = GestureArena([LongPressRecognizer()])
        let press = TouchScript.press(at: Vec2(0, 0), touches: 1, duration: 0.6, hold: true)
        #expect(play(press, &lp, participants: [0], cancel: true).map(\.state) == [.began, .cancelled])
        var pinch = GestureArena([PinchRecognizer(), RotationRecognizer()], simultaneous: [(0, 1)])
        let spread = TouchScript.pinch(
            center: Vec2(0, 0), from: 100, to: 200, duration: 0.2, curve: .linear, hold: true)
        let seen = play(spread, &pinch, participants: [0, 1], cancel: true)
        #expect(seen.filter { $0.gesture == 0 }.last?.state == .cancelled)
        #expect(seen.filter { $0.gesture == 1 }.map(\.state) == [.failed])  // no turn: never began
        var tap = GestureArena([TapRecognizer()])
        let touch = TouchScript.press(at: Vec2(0, 0), touches: 1, duration: 0.03, hold: true)
        #expect(play(touch, &tap, participants: [0], cancel: true) == [Seen(frame: 2, gesture: 0, state: .failed)])
    }
}

@Suite struct ArbitrationTests {
    /// The classic pair: a single tap that requires the double tap to fail is held until the
    /// double tap gives up (frame 25), then recognised; with a second tap the double wins.
    @Test func singleWaitsForDouble() {
        let single = 0
        let double = 1
        var a = GestureArena([TapRecognizer(), TapRecognizer(taps: 2)], requireFail: [(single, double)])
        let one = play(.tap(at: Vec2(100, 100), taps: 1, touches: 1), &a, participants: [0, 1], wait: 40)
        #expect(
            one == [Seen(frame: 25, gesture: double, state: .failed), Seen(frame: 25, gesture: single, state: .ended)])
        var b = GestureArena([TapRecognizer(), TapRecognizer(taps: 2)], requireFail: [(single, double)])
        let two = play(.tap(at: Vec2(100, 100), taps: 2, touches: 1), &b, participants: [0, 1], wait: 40)
        #expect(
            two == [Seen(frame: 12, gesture: double, state: .ended), Seen(frame: 12, gesture: single, state: .failed)])
        // Without the requirement the single tap wins at the first lift and the double fails.
        var c = GestureArena([TapRecognizer(), TapRecognizer(taps: 2)])
        let free = play(.tap(at: Vec2(100, 100), taps: 1, touches: 1), &c, participants: [0, 1], wait: 40)
        #expect(
            free == [Seen(frame: 3, gesture: single, state: .ended), Seen(frame: 3, gesture: double, state: .failed)])
    }

    /// First to begin wins: a long press that began keeps a pan on the same view from beginning;
    /// a pan that begins first makes the long press fail; `simultaneous` lets both run.
    @Test func firstToBeginWins() {
        let press = TouchScript.press(at: Vec2(100, 100), touches: 1, duration: 0.6, hold: true)
        let drag = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (0.2, Vec2(100, 200))]), continuing: true, hold: false)
        var a = GestureArena([LongPressRecognizer(), pan()])
        let pressed = play(press, &a, participants: [0, 1])
        #expect(pressed == [Seen(frame: 30, gesture: 0, state: .began), Seen(frame: 30, gesture: 1, state: .failed)])
        let after = play(drag, &a, participants: [0, 1], from: 36, ids: [0])
        #expect(after.allSatisfy { $0.gesture == 0 } && after.last?.state == .ended)

        // (a long press that allows 50 pt, so that it does not fail by itself at 10)
        var b = GestureArena([LongPressRecognizer(allowableMovement: 50), pan()])
        let early = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (0.2, Vec2(100, 200))]), continuing: false, hold: false)
        let seen = play(early, &b, participants: [0, 1])
        #expect(
            seen.prefix(2) == [Seen(frame: 2, gesture: 1, state: .began), Seen(frame: 2, gesture: 0, state: .failed)])

        var c = GestureArena([LongPressRecognizer(), pan()], simultaneous: [(1, 0)])
        _ = play(press, &c, participants: [0, 1])
        let both = play(drag, &c, participants: [0, 1], from: 36, ids: [0])
        #expect(both.filter { $0.gesture == 1 }.first?.state == .began)
        #expect(both.filter { $0.gesture == 1 }.last?.state == .ended)
        #expect(both.filter { $0.gesture == 0 }.last?.state == .ended)
    }

    /// A pan that requires a swipe to fail: a quick flick is a swipe (the pan fails); a slow drag
    /// fails the swipe at 50 pt and the held pan then reports `began`, its translation counting
    /// from its own hysteresis as if it had begun when it wanted to.
    @Test func panWaitsForSwipe() {
        let quick = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (0.1, Vec2(200, 100))]), continuing: false, hold: false)
        var a = GestureArena([pan(), SwipeRecognizer()], requireFail: [(0, 1)])
        let fast = play(quick, &a, participants: [0, 1])
        #expect(fast == [Seen(frame: 3, gesture: 1, state: .ended), Seen(frame: 3, gesture: 0, state: .failed)])

        let slow = TouchScript.single(
            TouchPath(keyframes: [(0, Vec2(100, 100)), (1, Vec2(200, 100))]), continuing: false, hold: false)
        var b = GestureArena([pan(), SwipeRecognizer()], requireFail: [(0, 1)])
        let seen = play(slow, &b, participants: [0, 1])
        #expect(
            seen.prefix(3) == [
                Seen(frame: 30, gesture: 1, state: .failed), Seen(frame: 30, gesture: 0, state: .began),
                Seen(frame: 31, gesture: 0, state: .changed),
            ])
        #expect(b.isHeld(0) == false && seen.last == Seen(frame: 60, gesture: 0, state: .ended))
    }

    /// Pinch and rotation on one photo, simultaneous: both begin from one two-finger gesture.
    @Test func pinchAndRotateTogether() {
        let fingers = TouchScript.paths(
            [
                TouchPath(keyframes: [(0, Vec2(150, 400)), (0.3, Vec2(100, 380))]),
                TouchPath(keyframes: [(0, Vec2(250, 400)), (0.3, Vec2(300, 420))]),
            ], hold: false)
        var alone = GestureArena([PinchRecognizer(), RotationRecognizer()])
        let one = play(fingers, &alone, participants: [0, 1])
        #expect(Set(one.map(\.gesture)).count == 2 && one.contains(Seen(frame: 2, gesture: 1, state: .failed)))
        var both = GestureArena(
            [PinchRecognizer(), RotationRecognizer()], simultaneous: [(0, 1)])
        let seen = play(fingers, &both, participants: [0, 1])
        #expect(seen.filter { $0.state == .began }.map(\.gesture) == [0, 1])
        #expect(seen.filter { $0.state == .ended }.map(\.gesture) == [0, 1])
    }

    /// Through the arena a lone pan reports what `PanRecognizer` reports for the same touches.
    @Test func lonePanAsBefore() {
        let path = TouchPath(keyframes: [(0, Vec2(195, 40)), (0.05, Vec2(195, 120)), (0.15, Vec2(195, 400))])
        var arena = GestureArena([pan()])
        let seen = play(.single(path, continuing: false, hold: false), &arena, participants: [0])
        var direct = PanRecognizer(minimumDistance: 10, bounds: screen)
        direct.touchDown(path.position(at: 0), at: 0)
        var expected: [Seen] = []
        for k in 1...9 {
            if let c = direct.touchMoved(path.position(at: Double(k) * frame), at: Double(k) * frame) {
                expected.append(Seen(frame: k, gesture: 0, state: c))
            }
        }
        if let c = direct.touchUp(at: 9 * frame) { expected.append(Seen(frame: 9, gesture: 0, state: c)) }
        #expect(seen == expected)
        guard let p = arena.recognizers[0] as? PanTouches else { Issue.record("not a pan"); return }
        #expect(p.pan.translation == direct.translation && p.pan.velocity == direct.velocity)
    }
}
