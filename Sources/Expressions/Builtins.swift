import Diagnostics
import Geometry

/// One built-in function of the expression language: its name, arity, type rule, evaluation
/// and a one-line description. The type checker, the evaluator, did-you-mean and the docs
/// consistency test all read `builtins`; adding a function is adding a row.
public struct Builtin: Sendable {
    /// The result of a type rule: the result type, or the argument at fault and what it needed.
    public enum Typing: Sendable {
        case type(ValueType)
        case wrongArgument(Int, ValueType)
        case mismatch(String)
    }
    /// A call being evaluated: its arguments' values and the call itself (for located errors).
    public struct Call {
        public var args: [Value]
        public var expr: Expr
        /// A point of one coordinate space in another's (a view's name, or `screen`): the
        /// resolver's `convert`.
        var convert: (Vec2, String, String) throws(Diagnostic) -> Vec2 = { p, _, _ in p }
        var n: [Double] { args.map { $0.number ?? 0 } }
        /// A located error at the call.
        func error(_ message: String) -> Diagnostic { Diagnostic("\(message) in `\(expr.text)`", at: expr.location) }
        /// A number result, refused when it is not finite (outside the function's domain).
        func finite(_ d: Double, _ why: @autoclosure () -> String) throws(Diagnostic) -> Value {
            if !d.isFinite { throw error(why()) }
            return .number(d)
        }
    }

    public let name: String
    public let arity: ClosedRange<Int>
    /// The signature as the docs write it, e.g. `clamp(x, lo, hi)`.
    public let signature: String
    public let doc: String
    /// The arguments that name a coordinate space (a view by its name, or `screen`) instead of
    /// holding a value: the checker reads them as names, the evaluation as strings.
    public var spaces: [Int] = []
    let typing: @Sendable ([ValueType]) -> Typing
    let evaluate: @Sendable (Call) throws(Diagnostic) -> Value
}

/// Numbers in, a number out.
private func numeric(_ ts: [ValueType]) -> Builtin.Typing {
    for (i, t) in ts.enumerated() where t != .number { return .wrongArgument(i, .number) }
    return .type(.number)
}

/// Exactly these argument types, then `result`.
private func exactly(_ want: [ValueType], _ result: ValueType) -> @Sendable ([ValueType]) -> Builtin.Typing {
    { ts in
        for (i, t) in ts.enumerated() where t != want[i] { return .wrongArgument(i, want[i]) }
        return .type(result)
    }
}

/// A one-argument numeric function whose result must be finite (domain errors are located).
private func unary(
    _ name: String, _ doc: String, _ f: @escaping @Sendable (Double) -> Double,
    domain: @escaping @Sendable (Double) -> String? = { _ in nil }
) -> Builtin {
    Builtin(name: name, arity: 1...1, signature: "\(name)(x)", doc: doc, typing: numeric) { (c) throws(Diagnostic) in
        let x = c.n[0]
        if let why = domain(x) { throw c.error(why) }
        return try c.finite(f(x), "`\(name)(\(formatNumber(x)))` is not a finite number")
    }
}

/// Every built-in function, in the order the docs list them.
public let builtins: [Builtin] = [
    Builtin(
        name: "abs", arity: 1...1, signature: "abs(x)", doc: "absolute value; of a point, of each coordinate",
        typing: { ts in ts[0] == .point ? .type(.point) : numeric(ts) }
    ) { c in
        if let p = c.args[0].point { return .point(abs(p)) }
        return .number(Swift.abs(c.n[0]))
    },
    Builtin(
        name: "min", arity: 2...8, signature: "min(a, b, …)", doc: "the smallest of 2 to 8 numbers", typing: numeric
    ) { c in .number(c.n.min() ?? 0) },
    Builtin(name: "max", arity: 2...8, signature: "max(a, b, …)", doc: "the largest of 2 to 8 numbers", typing: numeric)
    { c in .number(c.n.max() ?? 0) },
    Builtin(name: "clamp", arity: 3...3, signature: "clamp(x, lo, hi)", doc: "x limited to lo…hi", typing: numeric) {
        c in
        .number(Swift.min(Swift.max(c.n[0], c.n[1]), c.n[2]))
    },
    unary("sqrt", "square root; an error below 0", { $0.squareRoot() }) { x in
        x < 0 ? "square root of a negative number (\(formatNumber(x)))" : nil
    },
    Builtin(name: "hypot", arity: 2...2, signature: "hypot(x, y)", doc: "√(x² + y²)", typing: numeric) {
        (c) throws(Diagnostic) in
        try c.finite((c.n[0] * c.n[0] + c.n[1] * c.n[1]).squareRoot(), "the result is not a finite number")
    },
    unary("sin", "sine of an angle in radians", { Elementary.sin($0) }),
    unary("cos", "cosine of an angle in radians", { Elementary.cos($0) }),
    Builtin(
        name: "atan2", arity: 2...2, signature: "atan2(y, x)", doc: "the angle of the vector (x, y), radians in −π…π",
        typing: numeric
    ) { c in
        .number(Elementary.atan2(c.n[0], c.n[1]))
    },
    unary("log", "natural logarithm; an error at or below 0", { Elementary.log($0) }) { x in
        x <= 0 ? "the logarithm of \(formatNumber(x)) is undefined (the argument must be positive)" : nil
    },
    unary("exp", "e to the power x; an error when the result overflows", { Elementary.exp($0) }),
    Builtin(
        name: "pow", arity: 2...2, signature: "pow(x, y)",
        doc: "x to the power y; an error when undefined (a negative x to a fractional y, 0 to a negative y)",
        typing: numeric
    ) { (c) throws(Diagnostic) in
        let (x, y) = (c.n[0], c.n[1])
        if x < 0 && y != y.rounded() {
            throw c.error(
                "a negative number (\(formatNumber(x))) to a fractional power (\(formatNumber(y))) is undefined")
        }
        if x == 0 && y < 0 { throw c.error("0 to a negative power (\(formatNumber(y))) is undefined") }
        return try c.finite(Elementary.pow(x, y), "`pow(\(formatNumber(x)), \(formatNumber(y)))` overflows")
    },
    unary("floor", "the largest whole number ≤ x", { $0.rounded(.down) }),
    unary("ceil", "the smallest whole number ≥ x", { $0.rounded(.up) }),
    unary("round", "the nearest whole number, halves away from zero", { $0.rounded(.toNearestOrAwayFromZero) }),
    unary("sign", "−1, 0 or 1", { $0 > 0 ? 1 : $0 < 0 ? -1 : 0 }),
    Builtin(
        name: "lerp", arity: 3...3, signature: "lerp(a, b, t)",
        doc: "a + (b − a)·t, of numbers or of points (t a number)",
        typing: { ts in
            guard ts[0] == ts[1], ts[0] == .number || ts[0] == .point else {
                return .mismatch("`lerp` interpolates two numbers or two points, got a \(ts[0]) and a \(ts[1])")
            }
            return ts[2] == .number ? .type(ts[0]) : .wrongArgument(2, .number)
        }
    ) { (c) throws(Diagnostic) in
        let t = c.n[2]
        if let a = c.args[0].point, let b = c.args[1].point {
            let p = a + t * (b - a)
            if !p.isFinite { throw c.error("the result is not a finite point") }
            return .point(p)
        }
        return try c.finite(c.n[0] + (c.n[1] - c.n[0]) * t, "the result is not a finite number")
    },
    Builtin(
        name: "length", arity: 1...1, signature: "length(p)", doc: "the length of a point taken as a vector",
        typing: exactly([.point], .number)
    ) { c in .number((c.args[0].point ?? .zero).length) },
    Builtin(
        name: "distance", arity: 2...2, signature: "distance(p, q)", doc: "the distance between two points",
        typing: exactly([.point, .point], .number)
    ) { c in .number(distance(c.args[0].point ?? .zero, c.args[1].point ?? .zero)) },
    Builtin(
        name: "normalize", arity: 1...1, signature: "normalize(p)", doc: "the unit vector along p; an error for [0, 0]",
        typing: exactly([.point], .point)
    ) { (c) throws(Diagnostic) in
        let p = c.args[0].point ?? .zero
        if p.length == 0 { throw c.error("cannot normalize the zero vector") }
        return .point(p / p.length)
    },
    Builtin(
        name: "rubberband", arity: 2...3, signature: "rubberband(offset, dimension, c = 0.55)",
        doc: "UIKit's rubber band (1 − 1/(|x|·c/d + 1))·d, sign kept", typing: numeric
    ) { (c) throws(Diagnostic) in
        let n = c.n
        if n[1] <= 0 { throw c.error("the dimension of `rubberband` must be positive, got \(formatNumber(n[1]))") }
        return .number(rubberBand(offset: n[0], dimension: n[1], constant: n.count > 2 ? n[2] : 0.55))
    },
    Builtin(
        name: "intersects", arity: 2...2, signature: "intersects(r, s)", doc: "whether two rects overlap",
        typing: exactly([.rect, .rect], .bool)
    ) { c in .bool((c.args[0].rect ?? .zero).intersects(c.args[1].rect ?? .zero)) },
    Builtin(
        name: "contains", arity: 2...2, signature: "contains(r, p)", doc: "whether a rect contains a point",
        typing: exactly([.rect, .point], .bool)
    ) { c in .bool((c.args[0].rect ?? .zero).contains(c.args[1].point ?? .zero)) },
    Builtin(
        name: "approx", arity: 3...3, signature: "approx(a, b, tolerance)",
        doc: "whether two numbers (or points) are within the tolerance",
        typing: { ts in
            guard ts[0] == ts[1], ts[0] == .number || ts[0] == .point else {
                return .mismatch("`approx` compares two numbers or two points, got a \(ts[0]) and a \(ts[1])")
            }
            return ts[2] == .number ? .type(.bool) : .wrongArgument(2, .number)
        }
    ) { c in
        if let p = c.args[0].point, let q = c.args[1].point { return .bool(distance(p, q) <= c.n[2]) }
        return .bool(Swift.abs(c.n[0] - c.n[1]) <= c.n[2])
    },
    Builtin(
        name: "convert", arity: 3...3, signature: "convert(p, from, to)",
        doc: "the point p of view `from`'s coordinates in view `to`'s (UIKit's convert(_:from:)); `screen` is the "
            + "window",
        spaces: [1, 2], typing: exactly([.point, .string, .string], .point)
    ) { (c) throws(Diagnostic) in
        .point(try c.convert(c.args[0].point ?? .zero, c.args[1].string ?? "", c.args[2].string ?? ""))
    },
]

/// The name of the window's coordinate space in `convert`.
public let screenSpace = "screen"

/// The built-in named `name`, if any.
public func builtin(named name: String) -> Builtin? { builtins.first { $0.name == name } }
