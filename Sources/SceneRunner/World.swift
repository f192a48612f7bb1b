import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary

/// The world's actions: a `set` of a view's property and `velocity`, which evaluate expressions
/// and raise run-time errors (`Run.eval`, `Run.runtimeError`).
extension RunWorld {
    /// `set` of property `property` of view `i` to `v` (the loader typed the value by property).
    func assign(_ t: SetTarget, _ i: Int, _ property: ViewProperty, _ v: Value, in run: Run) throws(RunError) {
        var f = views[i].frame
        let number = v.number ?? 0
        let point = v.point ?? .zero
        if [.x, .y, .frame].contains(property) && views[i].rotation != 0 {
            throw run.runtimeError(
                "`\(t.path)` of a rotated view is undefined in UIKit (its frame is the rotated bounding box); set "
                    + "`center` instead",
                at: t.location)
        }
        switch property {
        case .x: f.origin.x = number
        case .y: f.origin.y = number
        case .width: f = Rect(center: f.center, size: Vec2(number, f.size.y))
        case .height: f = Rect(center: f.center, size: Vec2(f.size.x, number))
        case .size: f = Rect(center: f.center, size: point)
        case .center: f = Rect(center: point, size: f.size)
        case .frame: f = v.rect ?? f
        case .alpha:
            if !(0...1).contains(number) {
                throw run.runtimeError(
                    "`\(t.path)` must be between 0 and 1, got \(formatNumber(number))", at: t.location)
            }
            setAlpha(i, number)
        case .hidden:
            setHidden(i, v.bool ?? false)
        case .rotation:
            turn(i, to: number)
        case .scale:
            if !(number > 0) {
                throw run.runtimeError("`\(t.path)` must be positive, got \(formatNumber(number))", at: t.location)
            }
            setScale(i, number)
        case .contentOffset, .contentInsetTop, .contentInsetLeft, .contentInsetBottom, .contentInsetRight, .zoomScale,
            .isScrollEnabled:
            return  // a scroll view's: the input concern's (`RunInput.setScrollProperty`)
        }
        if !(f.size.x > 0 && f.size.y > 0) || !f.origin.isFinite || !f.size.isFinite {
            throw run.runtimeError(
                "`\(t.path)` would give the view a size of \(formatNumber(f.size.x)) × \(formatNumber(f.size.y)); "
                    + "sizes must be positive",
                at: t.location)
        }
        if f != views[i].frame { place(i, frame: f) }
        placeRestingGroups(groupsOf[i])  // its groups' centres follow their items
    }

    /// `velocity`: linear and angular velocity added to an item, refused when the sum overflows.
    func addVelocity(
        to item: ViewID, linear: Expr?, angular: Expr?, at loc: SourceLocation, scope: Scope, in run: Run
    ) throws(RunError) {
        let id = item.index
        let name = views[id].spec.name
        if let l = linear {
            let v = try run.evalPoint(l, scope: scope)
            // The sum may overflow even when each value is finite: refuse it, do not pass inf on.
            guard (animator.linearVelocity(of: id) + v).isFinite else {
                throw run.runtimeError(
                    "adding `\(l.text)` to the velocity of `\(name)` overflows (the result is not a finite number)",
                    at: loc)
            }
            animator.addLinearVelocity(v, to: id)
        }
        if let w = angular {
            let a = try run.evalNumber(w, scope: scope)
            guard (animator.angularVelocity(of: id) + a).isFinite else {
                throw run.runtimeError(
                    "adding `\(w.text)` to the angular velocity of `\(name)` overflows (the result is not a "
                        + "finite number)",
                    at: loc)
            }
            animator.addAngularVelocity(a, to: id)
        }
    }
}
