import Diagnostics
import Expressions
import Geometry
import Results
import SceneModel
import SceneVocabulary

/// `t = 4.000 s`.
public func timeText(_ t: Double) -> String { "t = \(formatFixed(t, decimals: 3)) s" }

/// Judges an expectation against a snapshot; `scope` is the scene's expression scope.
public func judge(_ e: Expectation, _ s: Snapshot, scope: Scope) -> [Failure] {
    var observations: [Observation] = []
    return judge(e, s, scope: scope, observations: &observations)
}

/// Judges an expectation and records what each value expectation observed (`that:` records
/// nothing: it is never rewritten). An expression that cannot be evaluated is reported as a
/// failure at its location.
public func judge(_ e: Expectation, _ s: Snapshot, scope: Scope, observations: inout [Observation]) -> [Failure] {
    var errors: [Diagnostic] = []
    let out = judge(e, s, scope: scope, observations: &observations, errors: &errors)
    return out + errors.map { Failure(location: $0.location, message: $0.message) }
}

/// Judges an expectation; an expression that cannot be evaluated (a run-time error: `log(0)`, a
/// removed view) goes to `errors`, not to the failures, so that the case is invalid (exit 2),
/// not failed.
public func judge(
    _ e: Expectation, _ s: Snapshot, scope: Scope, observations: inout [Observation], errors: inout [Diagnostic]
) -> [Failure] {
    var out: [Failure] = []
    let at = timeText(s.time)
    func observe(_ location: SourceLocation, _ what: Observation.Observed, _ before: Int) {
        observations.append(Observation(location: location, observed: what, passed: out.count == before))
    }
    for t in e.transitions {
        let (name, got) = (s.transitions[t.id.index].name, s.transitions[t.id.index].state)
        let before = out.count
        if got != t.state.rawValue {
            out.append(
                Failure(
                    location: t.location,
                    message: "transition \(name) expected \(t.state.rawValue), got \(got) at \(at)",
                    expected: .text(t.state.rawValue), actual: .text(got), time: s.time))
        }
        observe(t.location, .word(got), before)
    }
    for v in e.views {
        let view = v.onScreen ? s.views[v.view.index].presented() : s.views[v.view.index]
        let before = out.count
        defer {
            switch view.value(v.property) {
            case .rect(let f):
                observe(
                    v.location, .numbers([f.origin.x, f.origin.y, f.size.x, f.size.y], tolerance: v.within), before)
            case .point(let p): observe(v.location, .numbers([p.x, p.y], tolerance: v.within), before)
            case .number(let n): observe(v.location, .numbers([n], tolerance: v.within), before)
            case .bool(let b): observe(v.location, .word(b ? "true" : "false"), before)
            case .string(let t): observe(v.location, .word(t), before)
            }
        }
        let want: Value
        do { want = try evaluate(v.value, s, scope: scope) } catch {
            errors.append(error); continue
        }
        let tol = v.within
        let label = "\(view.name).\(v.onScreen ? ViewMember.presentation + "." : "")\(v.property.rawValue)"
        func cmp(_ label: String, _ expected: Double, _ got: Double) -> Bool {
            if Swift.abs(expected - got) > tol {
                out.append(
                    Failure(
                        location: v.location,
                        message:
                            "\(label) expected \(formatNumber(expected)) ± \(formatNumber(tol)), got "
                            + "\(formatNumber(got)) at \(at)",
                        expected: .number(expected), actual: .number(got), tolerance: tol, time: s.time))
                return false
            }
            return true
        }
        switch view.value(v.property) {
        case .rect(let f):
            guard let r = want.rect else { continue }
            for (l, a, b) in [
                ("x", r.origin.x, f.origin.x), ("y", r.origin.y, f.origin.y), ("width", r.size.x, f.size.x),
                ("height", r.size.y, f.size.y),
            ] {
                if !cmp("\(label).\(l)", a, b) { break }
            }
        case .point(let c):
            guard let p = want.point else { continue }
            let (lx, ly) = v.property == .size ? ("width", "height") : ("x", "y")  // a size's parts
            if cmp("\(label).\(lx)", p.x, c.x) { _ = cmp("\(label).\(ly)", p.y, c.y) }
        case .number(let got):
            guard let n = want.number else { continue }
            _ = cmp(label, n, got)
        case .bool(let got):
            if want.bool != got {
                out.append(
                    Failure(
                        location: v.location, message: "\(label) expected \(want), got \(got) at \(at)",
                        expected: .text("\(want)"), actual: .text("\(got)"), time: s.time))
            }
        case .string(let got):
            if want.string != got {
                out.append(
                    Failure(
                        location: v.location, message: "\(label) expected \(want), got '\(got)' at \(at)",
                        expected: want.string.map { .text($0) }, actual: .text(got), time: s.time))
            }
        }
    }
    if let (want, loc) = e.rest {
        let before = out.count
        if want != s.paused {
            out.append(
                Failure(
                    location: loc,
                    message: want
                        ? "expected the animator to be at rest, but it is still running at \(at)"
                        : "expected the animator to be running, but it is at rest at \(at)",
                    expected: .text(want ? "rest" : "running"), actual: .text(s.paused ? "rest" : "running"),
                    time: s.time))
        }
        observe(loc, .word(s.paused ? "true" : "false"), before)
    }
    if let (limit, loc) = e.restBy {
        let before = out.count
        if !s.paused {
            out.append(
                Failure(
                    location: loc,
                    message:
                        "expected the animator at rest by t = \(formatFixed(limit, decimals: 3)) s, but it is still "
                        + "running at \(at)",
                    expected: .number(limit), time: s.time))
        } else if let p = s.lastPause, p > limit + 1e-9 {
            out.append(
                Failure(
                    location: loc,
                    message:
                        "expected the animator at rest by t = \(formatFixed(limit, decimals: 3)) s, it came to rest "
                        + "at \(timeText(p))",
                    expected: .number(limit), actual: .number(p), time: s.time))
        }
        if s.paused, let p = s.lastPause { observe(loc, .restTime(p, tick: s.tickDuration), before) }
    }
    for ev in e.events {
        let n = s.count(ev.event)
        let before = out.count
        if !ev.spec.matches(n) {
            out.append(
                Failure(
                    location: ev.location,
                    message: "events.\(ev.event.name) expected \(ev.spec), got \(n) at \(at)",
                    expected: .text("\(ev.spec)"), actual: .number(Double(n)), time: s.time))
        }
        observe(ev.location, .count(n), before)
    }
    for x in e.that {
        do {
            let v = try evaluate(x, s, scope: scope)
            if v.bool != true {
                let values = explain(x, s, scope: scope)
                out.append(
                    Failure(
                        location: x.location,
                        message:
                            "expected `\(x.text)` to hold, but it is false at "
                            + "\(at)\(values.isEmpty ? "" : ": " + values)",
                        time: s.time))
            }
        } catch {
            errors.append(error)
        }
    }
    return out
}

/// The values of the operands of the comparison that made a boolean expression false: each side
/// of a failing comparison, descending into the failing side of `&&` and both sides of `||`.
/// Literal operands are left out (their value is written in the expression).
func explain(_ e: Expr, _ s: Snapshot, scope: Scope) -> String {
    var parts: [String] = []
    func show(_ x: Expr) {
        if case .number = x.node { return }
        if case .bool = x.node { return }
        if case .string = x.node { return }
        guard let v = try? evaluate(x, s, scope: scope) else { return }
        let item = "\(x.text) = \(v)"
        if !parts.contains(item) { parts.append(item) }
        if case .indexed(_, let index, _) = x.node { show(index) }  // `card[top].alpha = 0.5, top = 4`
    }
    func walk(_ x: Expr) {
        switch x.node {
        case .binary(let op, let l, let r) where op == "&&":
            if (try? evaluate(l, s, scope: scope))?.bool != true { walk(l) } else { walk(r) }
        case .binary(let op, let l, let r) where op == "||":
            walk(l); walk(r)
        case .binary(_, let l, let r):
            show(l); show(r)
        case .unary("!", let y):
            walk(y)
        case .call(_, let args):
            for a in args { show(a) }
        default:
            show(x)
        }
    }
    walk(e)
    return parts.joined(separator: ", ")
}
