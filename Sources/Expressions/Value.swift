import Geometry
import SceneVocabulary

/// The type of an expression's value (the vocabulary's value types).
public typealias ValueType = SceneVocabulary.ValueType

/// A value: a number (points, seconds, radians… as the context says), a boolean, a string, a
/// point `[x, y]` or a rect `[x, y, w, h]`.
public enum Value: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case string(String)
    case point(Vec2)
    case rect(Rect)

    public var type: ValueType {
        switch self {
        case .number: return .number
        case .bool: return .bool
        case .string: return .string
        case .point: return .point
        case .rect: return .rect
        }
    }

    public var description: String {
        switch self {
        case .number(let d): return formatNumber(d)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return "'\(s)'"
        case .point(let p): return "[\(formatNumber(p.x)), \(formatNumber(p.y))]"
        case .rect(let r):
            return
                "[\(formatNumber(r.origin.x)), \(formatNumber(r.origin.y)), \(formatNumber(r.size.x)), "
                + "\(formatNumber(r.size.y))]"
        }
    }

    public var number: Double? { if case .number(let d) = self { return d }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var point: Vec2? { if case .point(let p) = self { return p }; return nil }
    public var rect: Rect? { if case .rect(let r) = self { return r }; return nil }
    public var string: String? { if case .string(let s) = self { return s }; return nil }

    /// `true` when every number in the value is finite.
    public var isFinite: Bool {
        switch self {
        case .number(let d): return d.isFinite
        case .point(let p): return p.isFinite
        case .rect(let r): return r.origin.isFinite && r.size.isFinite
        default: return true
        }
    }
}

/// A number in its shortest exact form: `900`, `0.6`, `-1.5e-07` (sweep case names, the outcome
/// map, the JSON report's parameters).
public func shortestNumber(_ d: Double) -> String {
    if d == d.rounded(), Swift.abs(d) < 1e15 { return String(Int(d)) }
    return "\(d)"
}

/// Numbers for people: integers without a fraction, others with up to 6 decimals, trailing zeros
/// dropped; below 1e-6 (and from 1e15) in shortest exact form, so that a value that is almost but
/// not 0 never reads as 0 (`1.7763568394002505e-15`). Deterministic on every machine.
public func formatNumber(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    if d == d.rounded() && Swift.abs(d) < 1e15 { return String(Int64(d)) }
    if Swift.abs(d) >= 1e15 || Swift.abs(d) < 1e-6 {
        // Shortest round-trip form, exponent without `+`: 1e300, 1.5e-7.
        var s = String(String(d).filter { $0 != "+" })
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
    var s = formatFixed(d, decimals: 6)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s == "-0" ? "0" : s
}

/// `d` with exactly `decimals` digits after the point, rounded half away from zero.
public func formatFixed(_ d: Double, decimals: Int) -> String {
    if !d.isFinite { return formatNumber(d) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let neg = d < 0
    let scaled = (Swift.abs(d) * scale).rounded(.toNearestOrAwayFromZero)
    if scaled >= 9e18 { return String(d) }
    let n = UInt64(scaled)
    let intPart = n / UInt64(scale)
    let frac = n % UInt64(scale)
    var fs = String(frac)
    while fs.count < decimals { fs = "0" + fs }
    let body = decimals > 0 ? "\(intPart).\(fs)" : "\(intPart)"
    return (neg && n != 0 ? "-" : "") + body
}
