import Diagnostics

// The JSON values the scene schema is made of, and the schema shapes every part uses.

extension SceneSchema {
    /// A JSON value with its keys in a fixed order.
    indirect enum JSON {
        case string(String), number(Double), bool(Bool), array([JSON]), object([(String, JSON)])

        func render(_ indent: String = "") -> String {
            let inner = indent + "  "
            switch self {
            case .string(let s): return quote(s)
            case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : "\(d)"
            case .bool(let b): return b ? "true" : "false"
            case .array(let items):
                if items.allSatisfy({
                    if case .string = $0 { return true }; if case .number = $0 { return true }; return false
                }) {
                    return "[" + items.map { $0.render() }.joined(separator: ", ") + "]"
                }
                return "[\n" + items.map { inner + $0.render(inner) }.joined(separator: ",\n") + "\n" + indent + "]"
            case .object(let pairs):
                if pairs.isEmpty { return "{}" }
                return "{\n" + pairs.map { inner + quote($0.0) + ": " + $0.1.render(inner) }.joined(separator: ",\n")
                    + "\n" + indent + "}"
            }
        }

        func quote(_ s: String) -> String { jsonString(s) }
    }

    static func ref(_ name: String) -> JSON { .object([("$ref", .string("#/definitions/\(name)"))]) }
    /// The definition of a value of type `t`.
    static func ref(_ t: ValueType) -> JSON {
        switch t {
        case .number: return ref("number")
        case .bool: return ref("bool")
        case .point: return ref("point")
        case .rect: return ref("rect")
        case .string: return notYAML11([("type", .string("string"))])
        }
    }
    static func described(_ j: JSON, _ doc: String) -> JSON {
        guard case .object(var pairs) = j else { return j }
        pairs.insert(("description", .string(doc)), at: 0)
        return .object(pairs)
    }
    static func object(_ props: [(String, JSON)], required: [String] = [], closed: Bool = true) -> JSON {
        var pairs: [(String, JSON)] = [("type", .string("object")), ("properties", .object(props))]
        if !required.isEmpty { pairs.append(("required", .array(required.map(JSON.string)))) }
        if closed { pairs.append(("additionalProperties", .bool(false))) }
        return .object(pairs)
    }
    /// A mapping of user names (views, behaviours …) to `value`; with `copies`, a key may name a
    /// copy of a repeated view (`cell[3]`).
    static func named(_ value: JSON, copies: Bool = false) -> JSON {
        .object([
            ("type", .string("object")), ("propertyNames", ref(copies ? "reference" : "name")),
            ("additionalProperties", value),
        ])
    }
    static func choice(_ names: [String]) -> JSON {
        .object([("type", .string("string")), ("enum", .array(names.map(JSON.string)))])
    }
    static func keyed<K: VocabularyName>(_ k: K.Type, _ value: (K) -> JSON, required: [K] = []) -> JSON {
        object(K.allCases.map { ($0.rawValue, described(value($0), $0.doc)) }, required: required.map(\.rawValue))
    }
}
