// Parts of the scene schema: numeric bounds, and the keys `set` and `animate` write:
// `view.property`, `behaviour.property` or a variable, each with the type of what it sets. Whether
// the name is a view, a behaviour of the right kind or a variable (and a variable's type) needs the
// whole scene: scenerun checks that.

extension SceneSchema {
    /// `j` (a number, or an expression the bound does not apply to) within the loader's bounds.
    static func bounded(_ j: JSON, min: Double? = nil, exclusive: Bool = false, max: Double? = nil) -> JSON {
        var bounds: [(String, JSON)] = []
        if let m = min { bounds.append((exclusive ? "exclusiveMinimum" : "minimum", .number(m))) }
        if let m = max { bounds.append(("maximum", .number(m))) }
        // Beside a $ref, draft-07 ignores other keywords: the reference goes in an allOf.
        return bounds.isEmpty ? j : .object([("allOf", .array([j]))] + bounds)
    }

    static let identifier = "[A-Za-z_][A-Za-z0-9_]*"

    /// `[x, y]` of two literal numbers.
    static let literalPoint = JSON.object([
        ("type", .string("array")), ("items", .object([("type", .string("number"))])), ("minItems", .number(2)),
        ("maxItems", .number(2)),
    ])

    /// `format: 1.2`: a number with a fraction (YAML reads `1.2` as one) up to the format scenerun
    /// reads, or the text `major.minor` (whose value scenerun compares: `"1.10"` is after 1.9).
    static var format: JSON {
        let number = JSON.object([
            ("type", .string("number")), ("exclusiveMinimum", .number(0)),
            ("maximum", .number(Double(SceneFormat.read.description) ?? 0)),
            ("not", .object([("type", .string("integer"))])),
        ])
        let text = JSON.object([("type", .string("string")), ("pattern", .string("^[0-9]{1,9}\\.[0-9]{1,9}$"))])
        return .object([("oneOf", .array([number, text]))])
    }

    /// The mapping of a `set`: with `behaviours`, behaviour and animator properties and variables too.
    static func setTargets(behaviours: Bool) -> JSON {
        func members(_ names: [String], _ value: JSON) -> (String, JSON)? {
            // A dotted property (`contentInset.top`) matches its dot only.
            let alternatives = names.map {
                $0.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "\\.")
            }
            return names.isEmpty
                ? nil : ("^\(identifier)(\\[[^\\]]+\\])?\\.(\(alternatives.joined(separator: "|")))$", value)
        }
        var patterns: [(String, JSON)] = []
        for t in [ValueType.number, .bool, .point, .rect] {
            var names = ViewProperty.allCases.filter { $0.type == t }.map(\.rawValue)
            if behaviours {
                names += BehaviorProperty.allCases.filter { $0.type == t }.map(\.rawValue)
                names += AnimatorProperty.allCases.filter { $0.type == t }.map(\.rawValue)
            }
            if let p = members(names, ref(t)) { patterns.append(p) }
        }
        if behaviours { patterns.append(("^\(identifier)$", ref("value"))) }
        return .object([
            ("type", .string("object")), ("patternProperties", .object(patterns)),
            ("additionalProperties", .bool(false)),
        ])
    }

    /// The keys of a view.
    static var viewKeys: JSON {
        keyed(ViewKey.self) { v -> JSON in
            // A repeated view's numbers may be expressions of `i` (strings).
            let number = JSON.array([.string("number"), .string("string")])
            switch v {
            case .frame:
                let n = notYAML11([("type", number)])
                let p = notYAML11([("type", number), ("exclusiveMinimum", .number(0))])
                return .object([
                    ("type", .string("array")), ("items", .array([n, n, p, p])), ("minItems", .number(4)),
                    ("additionalItems", .bool(false)),
                ])
            case .size:
                let p = notYAML11([("type", number), ("exclusiveMinimum", .number(0))])
                return .object([
                    ("type", .string("array")), ("items", .array([p, p])), ("minItems", .number(2)),
                    ("additionalItems", .bool(false)),
                ])
            case .center:
                return .object([
                    ("type", .string("array")), ("items", notYAML11([("type", number)])), ("minItems", .number(2)),
                    ("maxItems", .number(2)),
                ])
            case .rotation: return notYAML11([("type", number)])
            case .scale: return notYAML11([("type", number), ("exclusiveMinimum", .number(0))])
            case .alpha: return notYAML11([("type", number), ("minimum", .number(0)), ("maximum", .number(1))])
            case .hidden: return .object([("type", .string("boolean"))])
            case .collisionBounds:
                return .object([
                    (
                        "oneOf",
                        .array([
                            choice(["rectangle", "ellipse"]),
                            object(
                                [
                                    (  // Box2D's polygons: 3 to 8 vertices
                                        "path",
                                        .object([
                                            ("allOf", .array([ref("points")])), ("minItems", .number(3)),
                                            ("maxItems", .number(8)),
                                        ])
                                    )
                                ], required: ["path"]),
                        ])
                    )
                ])
            case .superview: return ref("name")
            case .scroll:
                return keyed(
                    ScrollKey.self,
                    { k in
                        switch k {
                        case .contentSize:
                            return .object([
                                ("type", .string("array")),
                                ("items", notYAML11([("type", number), ("minimum", .number(0))])),
                                ("minItems", .number(2)), ("maxItems", .number(2)),
                            ])
                        case .decelerationRate:
                            return .object([
                                (
                                    "oneOf",
                                    .array([
                                        choice(DecelerationRateName.names),
                                        .object([
                                            ("type", .string("number")), ("exclusiveMinimum", .number(0)),
                                            ("maximum", .number(k.maximum ?? 1)),
                                        ]),
                                    ])
                                )
                            ])
                        case .bounces, .paging, .alwaysBounceVertical, .alwaysBounceHorizontal, .isScrollEnabled:
                            return .object([("type", .string("boolean"))])
                        case .contentInset, .zoom: return kind(k.kind)
                        case .zooming: return ref("name")
                        }
                    })
            case .repeat: return repeatCount(orName: false)
            case .group: return object([("items", ref("names"))], required: ["items"])
            }
        }
    }
}

extension SceneSchema {
    /// The events of one gesture, view, scroll view or transition (`drag.began`), as a pattern's
    /// alternatives: what `on` and `expect.events` name after a dot.
    static let objectEvents = (GestureEvent.names + ViewEvent.names + ["ended"] + ScrollEvent.names).joined(
        separator: "|")
    /// `name.event`, the name a plain one or a copy of a repeated view (`cell[3].contact`).
    static let objectEventKey = "[A-Za-z_][A-Za-z0-9_]*(\\[[^\\]]+\\])?\\.(" + objectEvents + ")"
}
