import Diagnostics
import Geometry
import SceneVocabulary

/// The names an expression may use: a tree of objects whose leaves are typed values.
public indirect enum NameSchema: Sendable {
    case value(ValueType)
    case object([(String, NameSchema)])

    func member(_ name: String) -> NameSchema? {
        if case .object(let ms) = self { return ms.first { $0.0 == name }?.1 }
        return nil
    }
    var memberNames: [String] {
        if case .object(let ms) = self { return ms.map(\.0) }
        return []
    }
}

/// The root names visible to an expression, in a fixed order (for deterministic suggestions).
public struct Scope: Sendable {
    public private(set) var roots: [(String, NameSchema)] = []
    /// Where each root name is in `roots` (a scene of 500 copies has over 500 roots: a name is
    /// found without a scan).
    private var positions: [String: Int] = [:]
    /// What to say of a name that is not in scope but means something to the scene (a repeated
    /// view's template: "name a copy, `cell[0]` … `cell[19]`"), instead of a did-you-mean.
    public var hints: [String: String] = [:]
    /// The views' names, the coordinate spaces `convert` takes beside `screen`.
    public var views: [String] = []
    /// The number of copies of each repeated view and gesture, by its template's name: what a
    /// run-time index (`card[top]`) may pick from, `card[0]` … `card[count - 1]`.
    public var copies: [String: Int] = [:]
    public init(_ roots: [(String, NameSchema)] = []) { for (n, s) in roots { add(n, s) } }
    public mutating func add(_ name: String, _ schema: NameSchema) {
        if let k = positions[name] {
            roots.remove(at: k)
            for j in k..<roots.count { positions[roots[j].0] = j }
        }
        positions[name] = roots.count
        roots.append((name, schema))
    }
    public func adding(_ name: String, _ schema: NameSchema) -> Scope { var s = self; s.add(name, schema); return s }
    func root(_ name: String) -> NameSchema? { positions[name].map { roots[$0].1 } }
    /// Whether `name` is a root name of this scope (a view, a variable …).
    public func contains(_ name: String) -> Bool { root(name) != nil }
}

/// Members of values: `point.x`, `rect.maxY` … (`ValueMember`).
func valueMember(_ t: ValueType, _ name: String) -> ValueType? { ValueMember(rawValue: name)?.type(on: t) }

func valueMemberNames(_ t: ValueType) -> [String] { ValueMember.members(of: t).map(\.rawValue) }

/// How a dotted name splits into a scope path and value members (`shade.frame.maxY` →
/// path [shade, frame], members [maxY]).
public func splitName(_ parts: [String], in scope: Scope) -> (path: [String], members: [String], type: ValueType)? {
    guard var node = scope.root(parts[0]) else { return nil }
    var i = 1
    while case .object = node {
        guard i < parts.count, let m = node.member(parts[i]) else { return nil }
        node = m
        i += 1
    }
    guard case .value(var t) = node else { return nil }
    let path = Array(parts[0..<i])
    for m in parts[i...] {
        guard let mt = valueMember(t, m) else { return nil }
        t = mt
    }
    return (path, Array(parts[i...]), t)
}

/// Checks names, arities and types; returns the expression's type.
public func typeCheck(_ e: Expr, in scope: Scope, expecting: ValueType? = nil) throws(Diagnostic) -> ValueType {
    let t = try check(e, scope)
    if let want = expecting, want != t {
        throw Diagnostic("expected a \(want), but `\(e.text)` is a \(t)", at: e.location)
    }
    return t
}

func check(_ e: Expr, _ scope: Scope) throws(Diagnostic) -> ValueType {
    switch e.node {
    case .number: return .number
    case .bool: return .bool
    case .string: return .string
    case .name(let parts):
        if parts == ["pi"] { return .number }
        if let r = splitName(parts, in: scope) { return r.type }
        // Find the first bad component for a precise message.
        guard var node = scope.root(parts[0]) else {
            let hint =
                scope.hints[parts[0]].map { "; \($0)" }
                ?? closestMatch(to: parts[0], in: scope.roots.map(\.0) + ["pi"]).map { "; did you mean `\($0)`?" } ?? ""
            throw Diagnostic("unknown name `\(parts[0])`\(hint)", at: e.location)
        }
        var prefix = parts[0]
        for m in parts.dropFirst() {
            switch node {
            case .object:
                guard let next = node.member(m) else {
                    let hint = closestMatch(to: m, in: node.memberNames).map { "; did you mean `\($0)`?" } ?? ""
                    throw Diagnostic("`\(prefix)` has no member `\(m)`\(hint)", at: e.location)
                }
                node = next
            case .value(let t):
                guard let mt = valueMember(t, m) else {
                    let hint = closestMatch(to: m, in: valueMemberNames(t)).map { "; did you mean `\($0)`?" } ?? ""
                    throw Diagnostic("`\(prefix)` is a \(t) and has no member `\(m)`\(hint)", at: e.location)
                }
                node = .value(mt)
            }
            prefix += "." + m
        }
        throw Diagnostic(
            "`\(prefix)` is not a value; name one of its members: \(node.memberNames.joined(separator: ", "))",
            at: e.location)
    case .indexed(let name, let index, let members):
        guard scope.copies[name] != nil else {
            let known = scope.copies.keys.sorted()
            let what = scope.contains(name) ? "`\(name)` is not repeated" : "unknown name `\(name)`"
            let hint =
                known.isEmpty
                ? "only a copy of a repeated view or gesture takes an index"
                : "an index picks a copy of \(known.map { "`\($0)`" }.joined(separator: ", "))"
            throw Diagnostic("\(what): \(hint)", at: e.location)
        }
        _ = try typeCheck(index, in: scope, expecting: .number)
        return try check(copyName(e, name, 0, members), scope)
    case .member(let base, let m):
        let t = try check(base, scope)
        guard let mt = valueMember(t, m) else {
            throw Diagnostic("a \(t) has no member `\(m)`", at: e.location)
        }
        return mt
    case .list(let items):
        for i in items { _ = try typeCheck(i, in: scope, expecting: .number) }
        return items.count == 2 ? .point : .rect
    case .unary(let op, let x):
        let t = try check(x, scope)
        if op == "!" {
            guard t == .bool else { throw Diagnostic("`!` needs a bool, but `\(x.text)` is a \(t)", at: e.location) }
            return .bool
        }
        guard t == .number || t == .point else {
            throw Diagnostic("`-` needs a number or a point, but `\(x.text)` is a \(t)", at: e.location)
        }
        return t
    case .binary(let op, let l, let r):
        let a = try check(l, scope)
        let b = try check(r, scope)
        switch op {
        case "&&", "||":
            guard a == .bool && b == .bool else {
                throw Diagnostic("`\(op)` needs two bools, got a \(a) and a \(b)", at: e.location)
            }
            return .bool
        case "==", "!=":
            guard a == b else {
                throw Diagnostic("`\(op)` compares values of one type, got a \(a) and a \(b)", at: e.location)
            }
            return .bool
        case "<", "<=", ">", ">=":
            guard a == .number && b == .number else {
                throw Diagnostic("`\(op)` compares numbers, got a \(a) and a \(b)", at: e.location)
            }
            return .bool
        case "+", "-":
            if a == .number && b == .number { return .number }
            if a == .point && b == .point { return .point }
            throw Diagnostic("`\(op)` cannot \(op == "+" ? "add" : "subtract") a \(a) and a \(b)", at: e.location)
        case "*":
            if a == .number && b == .number { return .number }
            if (a == .point && b == .number) || (a == .number && b == .point) { return .point }
            throw Diagnostic("`*` cannot multiply a \(a) and a \(b)", at: e.location)
        case "/", "%":
            if a == .number && b == .number { return .number }
            if a == .point && b == .number && op == "/" { return .point }
            throw Diagnostic("`\(op)` cannot divide a \(a) by a \(b)", at: e.location)
        default:
            throw Diagnostic("unknown operator `\(op)`", at: e.location)
        }
    case .ternary(let c, let a, let b):
        _ = try typeCheck(c, in: scope, expecting: .bool)
        let ta = try check(a, scope)
        let tb = try check(b, scope)
        guard ta == tb else {
            throw Diagnostic("both branches of `?:` must have one type, got a \(ta) and a \(tb)", at: e.location)
        }
        return ta
    case .call(let name, let args):
        guard let f = builtin(named: name) else {
            let hint = closestMatch(to: name, in: builtins.map(\.name)).map { "; did you mean `\($0)`?" } ?? ""
            throw Diagnostic("unknown function `\(name)`\(hint)", at: e.location)
        }
        guard f.arity.contains(args.count) else {
            let (lo, hi) = (f.arity.lowerBound, f.arity.upperBound)
            throw Diagnostic(
                "`\(name)` takes \(lo == hi ? "\(lo)" : "\(lo) to \(hi)") argument\(hi == 1 ? "" : "s"), got "
                    + "\(args.count)",
                at: e.location)
        }
        var ts: [ValueType] = []
        for (i, a) in args.enumerated() {
            if f.spaces.contains(i) {
                try checkSpace(a, argument: i, of: name, scope)
                ts.append(.string)
            } else {
                ts.append(try check(a, scope))
            }
        }
        switch f.typing(ts) {
        case .type(let t): return t
        case .wrongArgument(let i, let want):
            throw Diagnostic(
                "argument \(i + 1) of `\(name)` must be a \(want), but `\(args[i].text)` is a \(ts[i])",
                at: args[i].location)
        case .mismatch(let message):
            throw Diagnostic(message, at: e.location)
        }
    }
}

/// An argument that names a coordinate space: a view's name, or `screen` (the window).
func checkSpace(_ a: Expr, argument i: Int, of function: String, _ scope: Scope) throws(Diagnostic) {
    guard case .name(let parts) = a.node, parts.count == 1 else {
        throw Diagnostic(
            "argument \(i + 1) of `\(function)` names a view (or `\(screenSpace)` for the window), but `\(a.text)` "
                + "is not a view's name",
            at: a.location)
    }
    let name = parts[0]
    if name == screenSpace || scope.views.contains(name) { return }
    let hint =
        scope.hints[name].map { "; \($0)" }
        ?? closestMatch(to: name, in: scope.views + [screenSpace]).map { "; did you mean `\($0)`?" } ?? ""
    throw Diagnostic(
        "argument \(i + 1) of `\(function)` names a view (or `\(screenSpace)` for the window); `\(name)` is not a "
            + "view\(hint)",
        at: a.location)
}

/// The dotted name `name[k].members…` of copy `k`, located where `e` is (its text stays `e`'s,
/// so an error names what was written).
func copyName(_ e: Expr, _ name: String, _ k: Int, _ members: [String]) -> Expr {
    Expr(node: .name(["\(name)[\(k)]"] + members), location: e.location, text: e.text)
}
