import Diagnostics
import Geometry
import SceneVocabulary

/// Supplies the value of a scope path (`[shade, frame]`, `[time]`) during evaluation.
public protocol NameResolver {
    func resolve(_ path: [String], at location: SourceLocation) throws(Diagnostic) -> Value
    /// Where comparisons record the values they saw (`scenerun mutate`); nil records nothing.
    var comparisonLog: ComparisonLog? { get }
    /// The point `p` of coordinate space `from` in space `to` (a view's name, or `screen`).
    func convert(_ p: Vec2, from: String, to: String, at location: SourceLocation) throws(Diagnostic) -> Vec2
    /// The value of the dotted name `parts` (an expression's `.name` node, which lives as long as
    /// its expression) read in `scope`, when the resolver has a faster way to it than splitting
    /// the name and resolving its path at every read (a runner resolves each name once); nil: read
    /// it the usual way (`splitName`, `resolve`, the value members), which gives the same value
    /// and every error.
    func read(name parts: [String], in scope: Scope, at location: SourceLocation) throws(Diagnostic) -> Value?
}

extension NameResolver {
    public var comparisonLog: ComparisonLog? { nil }
    public func read(name parts: [String], in scope: Scope, at location: SourceLocation) throws(Diagnostic) -> Value? {
        nil
    }
    /// Without views, only the screen: a view's coordinates are unknown.
    public func convert(_ p: Vec2, from: String, to: String, at location: SourceLocation) throws(Diagnostic) -> Vec2 {
        guard from == screenSpace && to == screenSpace else {
            throw Diagnostic("`convert` has no views to convert between here", at: location)
        }
        return p
    }
}

/// The rubber band of UIKit scroll views: `(1 − 1/(|x|·c/d + 1))·d`, sign kept (points).
public func rubberBand(offset x: Double, dimension d: Double, constant c: Double = 0.55) -> Double {
    guard d > 0 else { return 0 }
    let m = (1 - 1 / (Swift.abs(x) * c / d + 1)) * d
    return x < 0 ? -m : m
}

/// Evaluates a type-checked expression. Total: division by zero and non-finite results are
/// located errors, never silent values.
public func evaluate(_ e: Expr, _ r: some NameResolver, scope: Scope) throws(Diagnostic) -> Value {
    let v = try eval(e, r, scope)
    if !v.isFinite { throw Diagnostic("`\(e.text)` is not a finite number (\(v))", at: e.location) }
    return v
}

/// A member of a value (`ValueMember`): `x`, `y` of a point; `x y width height minX midX maxX
/// minY midY maxY origin size center` of a rect. Nil when the value has no such member.
public func memberValue(of v: Value, named m: String) -> Value? {
    ValueMember(rawValue: m).flatMap { memberValue(of: v, $0) }
}

/// Member `member` of a value; nil when the value has no such member.
public func memberValue(of v: Value, _ member: ValueMember) -> Value? {
    guard member.type(on: v.type) != nil else { return nil }
    switch (v, member) {
    case (.point(let p), .x): return .number(p.x)
    case (.point(let p), .y): return .number(p.y)
    case (.rect(let r), .x): return .number(r.origin.x)
    case (.rect(let r), .y): return .number(r.origin.y)
    case (.rect(let r), .width): return .number(r.size.x)
    case (.rect(let r), .height): return .number(r.size.y)
    case (.rect(let r), .minX): return .number(r.minX)
    case (.rect(let r), .midX): return .number(r.midX)
    case (.rect(let r), .maxX): return .number(r.maxX)
    case (.rect(let r), .minY): return .number(r.minY)
    case (.rect(let r), .midY): return .number(r.midY)
    case (.rect(let r), .maxY): return .number(r.maxY)
    case (.rect(let r), .origin): return .point(r.origin)
    case (.rect(let r), .size): return .point(r.size)
    case (.rect(let r), .center): return .point(r.center)
    case (.point, _), (.rect, _), (.number, _), (.bool, _), (.string, _): return nil
    }
}

func member(_ v: Value, _ m: String, _ e: Expr) throws(Diagnostic) -> Value {
    if let x = memberValue(of: v, named: m) { return x }
    throw Diagnostic("a \(v.type) has no member `\(m)`", at: e.location)
}

func eval(_ e: Expr, _ r: some NameResolver, _ scope: Scope) throws(Diagnostic) -> Value {
    func finite(_ d: Double) throws(Diagnostic) -> Value {
        if !d.isFinite { throw Diagnostic("`\(e.text)` is not a finite number", at: e.location) }
        return .number(d)
    }
    switch e.node {
    case .number(let d): return .number(d)
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    case .name(let parts):
        if let v = try r.read(name: parts, in: scope, at: e.location) { return v }
        return try evalName(parts, e, r, scope)
    case .indexed(let name, let index, let members):
        // The copy's name is made for this evaluation: read the usual way (a resolver that
        // resolves each name once would keep every one made).
        let k = try copyIndex(name, index, r, scope)
        return try evalName(["\(name)[\(k)]"] + members, e, r, scope)
    case .member(let base, let m):
        return try member(try eval(base, r, scope), m, e)
    case .list(let items):
        var ns: [Double] = []
        for i in items { ns.append(try num(i, r, scope)) }
        return ns.count == 2 ? .point(Vec2(ns[0], ns[1])) : .rect(Rect(x: ns[0], y: ns[1], width: ns[2], height: ns[3]))
    case .unary(let op, let x):
        let v = try eval(x, r, scope)
        if op == "!" { return .bool(!(v.bool ?? false)) }
        if let p = v.point { return .point(-p) }
        return .number(-(v.number ?? 0))
    case .binary(let op, let l, let rr):
        if op == "&&" {
            guard try eval(l, r, scope).bool == true else { return .bool(false) }
            return .bool(try eval(rr, r, scope).bool == true)
        }
        if op == "||" {
            if try eval(l, r, scope).bool == true { return .bool(true) }
            return .bool(try eval(rr, r, scope).bool == true)
        }
        let a = try eval(l, r, scope)
        let b = try eval(rr, r, scope)
        // The checker typed both sides; numbers are read as such (a point or rect has no number).
        let x = a.number ?? .nan
        let y = b.number ?? .nan
        if let log = r.comparisonLog, op.first == "<" || op.first == ">" { log.record(e, x, y) }
        switch op {
        case "==": return .bool(a == b)
        case "!=": return .bool(a != b)
        case "<": return .bool(x < y)
        case "<=": return .bool(x <= y)
        case ">": return .bool(x > y)
        case ">=": return .bool(x >= y)
        case "+":
            if let p = a.point, let q = b.point { return .point(p + q) }
            return try finite(x + y)
        case "-":
            if let p = a.point, let q = b.point { return .point(p - q) }
            return try finite(x - y)
        case "*":
            if let p = a.point, let s = b.number { return .point(s * p) }
            if let s = a.number, let p = b.point { return .point(s * p) }
            return try finite(x * y)
        case "/", "%":
            let d = y
            if d == 0 { throw Diagnostic("division by zero in `\(e.text)` (`\(rr.text)` is 0)", at: e.location) }
            if let p = a.point { return .point(p / d) }
            if op == "%" { return try finite(x.truncatingRemainder(dividingBy: d)) }
            return try finite(x / d)
        default:
            throw Diagnostic("unknown operator `\(op)`", at: e.location)
        }
    case .ternary(let c, let a, let b):
        return try eval(c, r, scope).bool == true ? try eval(a, r, scope) : try eval(b, r, scope)
    case .call(let name, let args):
        guard let f = builtin(named: name) else { throw Diagnostic("unknown function `\(name)`", at: e.location) }
        var vs: [Value] = []
        for (i, a) in args.enumerated() {
            if f.spaces.contains(i), case .name(let parts) = a.node {
                vs.append(.string(parts.joined(separator: ".")))
            } else {
                vs.append(try eval(a, r, scope))
            }
        }
        var call = Builtin.Call(args: vs, expr: e)
        call.convert = { (p, from, to) throws(Diagnostic) in try r.convert(p, from: from, to: to, at: e.location) }
        return try f.evaluate(call)
    }
}

/// The dotted name `parts` of `e`, split and resolved.
func evalName(_ parts: [String], _ e: Expr, _ r: some NameResolver, _ scope: Scope) throws(Diagnostic) -> Value {
    try readName(parts, in: scope, r, at: e.location)
}

/// The value of the dotted name `parts` in `scope` the usual way: split (`splitName`), its path
/// resolved by `r`, then its value members; errors located at `location`.
public func readName(
    _ parts: [String], in scope: Scope, _ r: some NameResolver, at location: SourceLocation
) throws(Diagnostic) -> Value {
    if parts == ["pi"] { return .number(Double.pi) }
    guard let split = splitName(parts, in: scope) else {
        throw Diagnostic("unknown name `\(parts.joined(separator: "."))`", at: location)
    }
    var v = try r.resolve(split.path, at: location)
    for m in split.members {
        guard let x = memberValue(of: v, named: m) else {
            throw Diagnostic("a \(v.type) has no member `\(m)`", at: location)
        }
        v = x
    }
    return v
}

func num(_ e: Expr, _ r: some NameResolver, _ scope: Scope) throws(Diagnostic) -> Double {
    let v = try eval(e, r, scope)
    guard let d = v.number, d.isFinite else { throw Diagnostic("`\(e.text)` is not a finite number", at: e.location) }
    return d
}

/// The copy a run-time index picks (`card[top]`): a whole number from 0 to the copies' count − 1,
/// else an error located at the index that names its value and the range.
public func copyIndex(
    _ name: String, _ index: Expr, _ r: some NameResolver, _ scope: Scope
) throws(Diagnostic) -> Int {
    try pickCopy(name, count: scope.copies[name] ?? 0, index, r, scope)
}

/// The copy of `name`'s `count` copies that `index` picks, evaluated now: a whole number from 0
/// to `count` − 1, else an error located at the index that names its value and the range.
public func pickCopy(
    _ name: String, count: Int, _ index: Expr, _ r: some NameResolver, _ scope: Scope
) throws(Diagnostic) -> Int {
    let v = try num(index, r, scope)
    let range =
        count == 1
        ? "`\(name)` has one copy, `\(name)[0]`"
        : "`\(name)` has \(count) copies, `\(name)[0]` … `\(name)[\(count - 1)]`"
    guard v == v.rounded() else {
        throw Diagnostic(
            "the index `\(index.text)` of `\(name)[…]` is \(formatNumber(v)), not a whole number; \(range)",
            at: index.location)
    }
    guard v >= 0, v < Double(count) else {
        throw Diagnostic(
            "the index `\(index.text)` of `\(name)[…]` is \(formatNumber(v)), out of range: \(range)",
            at: index.location)
    }
    return Int(v)
}
