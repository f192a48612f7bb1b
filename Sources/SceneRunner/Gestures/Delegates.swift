import Expressions
import Geometry
import Interaction
import SceneModel

/// The app's gesture-recogniser delegate: a gesture's `shouldBegin`
/// (`gestureRecognizerShouldBegin`), asked by the arena when the recogniser would begin, with
/// `gesture` naming it and its members as they are at that moment; and its `shouldReceiveTouch`
/// (`gestureRecognizer(_:shouldReceive:)`), asked at each touch-down with `touch` the point. The
/// arena cannot throw: the first run-time error of an expression is kept here, the recogniser
/// is refused, and the caller throws it once the arena's call returns (`check`).
final class GestureDelegate: ArenaDelegate {
    unowned let run: Run
    private(set) var error: RunError?

    init(_ run: Run) { self.run = run }

    func shouldBegin(_ g: Int, in arena: GestureArena) -> Bool {
        guard error == nil, let e = run.scene.gestures[g].shouldBegin else { return error == nil }
        return ask(e, gesture: g, arena: arena, touch: nil)
    }

    /// Whether gesture `g` receives a touch that goes down at `point`.
    func shouldReceive(_ g: Int, at point: Vec2) -> Bool {
        guard error == nil, let e = run.scene.gestures[g].shouldReceiveTouch else { return error == nil }
        return ask(e, gesture: g, arena: nil, touch: point)
    }

    private func ask(_ e: Expr, gesture g: Int, arena: GestureArena?, touch: Vec2?) -> Bool {
        let current = run.input.currentGesture
        run.input.consult(arena, touch: touch)
        run.input.setCurrentGesture(g)
        defer {
            run.input.endConsulting()
            run.input.setCurrentGesture(current)
        }
        do throws(RunError) {
            let answer = try run.evalBool(e)
            run.note("\(run.scene.gestures[g].name) \(touch == nil ? "shouldBegin" : "shouldReceiveTouch") \(answer)")
            return answer
        } catch {
            self.error = error
            return false
        }
    }

    /// Throws the first error an expression raised.
    func check() throws(RunError) { if let error { throw error } }
}
