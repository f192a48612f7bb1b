import Diagnostics
import Expressions
import Geometry
import Yams

/// The app's own constants (`--var NAME=VALUE`, `--vars-file FILE` in JSON or YAML): values read
/// as YAML with their types kept exactly — `5` is a number, `"5"` a string, `true` a bool, two
/// numbers a point, four a rect. (An XML property list is read by the driver, with Foundation.)
public enum AppVars {
    /// `NAME=VALUE` of `--var`: the name and the value, or why it is neither.
    public static func argument(_ text: String) -> Result<(name: String, value: Value), AppVarsError> {
        guard let eq = text.firstIndex(of: "=") else {
            return .failure(AppVarsError("expected NAME=VALUE, for example threshold=280"))
        }
        let name = String(text[..<eq])
        let raw = String(text[text.index(after: eq)...])
        if name.isEmpty { return .failure(AppVarsError("the name before '=' is empty")) }
        if raw.isEmpty { return .failure(AppVarsError("the value after '\(name)=' is empty")) }
        let node: Node?
        do { node = try Yams.compose(yaml: raw) } catch {
            return .failure(
                AppVarsError("the value of `\(name)` is not YAML: \(diagnostic(from: error, file: "").message)"))
        }
        guard let node, let v = value(node) else {
            return .failure(
                AppVarsError(
                    "the value of `\(name)` must be a number, true or false, a string, a point [x, y] or a rect "
                        + "[x, y, w, h]; found `\(raw)`"))
        }
        return .success((name, v))
    }

    /// A flat map of names to values, the text of a JSON or YAML file at `path`; each entry with
    /// where its value is written. A file that is not such a map is an error located in it.
    public static func map(
        text: String, path: String
    ) throws(Diagnostic) -> [(
        name: String, value: Value, location: SourceLocation
    )] {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch { throw diagnostic(from: error, file: path) }
        func at(_ n: Node) -> SourceLocation {
            SourceLocation(file: path, line: n.mark?.line ?? 1, column: n.mark?.column ?? 1)
        }
        guard let root, case .mapping(let m) = root else {
            throw Diagnostic(
                "a vars file is a flat map of names to values (`threshold: 280`)",
                at: root.map(at) ?? SourceLocation(file: path, line: 1, column: 1))
        }
        var out: [(name: String, value: Value, location: SourceLocation)] = []
        for (k, v) in m {
            guard case .scalar(let ks) = k, !ks.string.isEmpty else {
                throw Diagnostic("a name in a vars file is a string", at: at(k))
            }
            guard let value = value(v) else {
                throw Diagnostic(
                    "the value of `\(ks.string)` must be a number, true or false, a string, a point [x, y] or a rect "
                        + "[x, y, w, h]",
                    at: at(v))
            }
            out.append((ks.string, value, at(v)))
        }
        return out
    }

    /// A node's value, its type kept exactly: a plain scalar that reads as a finite number is a
    /// number, `true` and `false` are bools, any other scalar (a quoted one always) a string; a
    /// list of two numbers a point, of four a rect. Nil for anything else.
    static func value(_ n: Node) -> Value? {
        switch n {
        case .scalar(let s):
            if s.style == .plain {
                if s.string == "true" { return .bool(true) }
                if s.string == "false" { return .bool(false) }
                if let d = Double(s.string), d.isFinite { return .number(d) }
                if s.string.isEmpty || Walker.nonFinite.contains(s.string) || s.string == "null" || s.string == "~" {
                    return nil
                }
            }
            return .string(s.string)
        case .sequence(let items):
            var numbers: [Double] = []
            for i in items {
                guard case .number(let d)? = value(i) else { return nil }
                numbers.append(d)
            }
            return value(numbers: numbers)
        default: return nil
        }
    }

    /// Two numbers make a point, four a rect; any other count nil.
    public static func value(numbers: [Double]) -> Value? {
        switch numbers.count {
        case 2: return .point(Vec2(numbers[0], numbers[1]))
        case 4: return .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        default: return nil
        }
    }

    /// A value written as a literal expression (a var's initial value when the app gives it).
    public static func literal(_ v: Value, at location: SourceLocation) -> Expr {
        func n(_ d: Double) -> Expr { Expr(node: .number(d), location: location, text: formatNumber(d)) }
        let node: Expr.Node
        switch v {
        case .number(let d): node = .number(d)
        case .bool(let b): node = .bool(b)
        case .string(let s): node = .string(s)
        case .point(let p): node = .list([n(p.x), n(p.y)])
        case .rect(let r): node = .list([n(r.origin.x), n(r.origin.y), n(r.size.x), n(r.size.y)])
        }
        return Expr(node: node, location: location, text: v.description)
    }
}

/// Why a `--var` or a vars file could not be read.
public struct AppVarsError: Error, Equatable, Sendable {
    public var message: String
    public init(_ m: String) { message = m }
}
