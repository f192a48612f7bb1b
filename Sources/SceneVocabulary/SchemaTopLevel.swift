extension SceneSchema {
    /// The top-level keys of a scene: each key's schema, from the vocabulary.
    static var topLevel: [(String, JSON)] {
        TopLevelKey.allCases.map { k -> (String, JSON) in
            let body: JSON
            switch k {
            case .format: body = format
            case .include:
                let path = notYAML11([("type", .string("string")), ("minLength", .number(1))])
                body = .object([
                    ("oneOf", .array([path, .object([("type", .string("array")), ("items", path)])]))
                ])
            // Any scalar is read as the title's text (`name: 7`, `name: null`).
            case .name: body = notYAML11([("type", .array(["string", "number", "boolean", "null"].map(JSON.string)))])
            case .world:
                body = keyed(WorldKey.self) { w -> JSON in
                    switch w {
                    case .size:
                        let p = JSON.object([("type", .string("number")), ("exclusiveMinimum", .number(0))])
                        return .object([
                            ("type", .string("array")), ("items", p), ("minItems", .number(2)),
                            ("maxItems", .number(2)),
                        ])
                    case .frameRate:
                        return .object([
                            ("type", .string("number")), ("minimum", .number(1)), ("maximum", .number(1000)),
                        ])
                    case .substeps:
                        return .object([
                            ("type", .string("integer")), ("minimum", .number(1)), ("maximum", .number(1000)),
                        ])
                    case .timeout: return .object([("type", .string("number")), ("exclusiveMinimum", .number(0))])
                    case .rest:
                        return keyed(RestKey.self) { _ in
                            .object([("type", .string("number")), ("minimum", .number(0))])
                        }
                    }
                }
            case .vars: body = named(ref("value"))
            case .sweep:
                body = named(
                    .object([
                        (
                            "oneOf",
                            .array([
                                .object([
                                    ("type", .string("array")), ("items", .object([("type", .string("number"))])),
                                    ("minItems", .number(1)),
                                ]),
                                object(
                                    [
                                        ("from", .object([("type", .string("number"))])),
                                        ("to", .object([("type", .string("number"))])),
                                        ("steps", .object([("type", .string("integer")), ("minimum", .number(1))])),
                                    ], required: ["from", "to", "steps"]),
                            ])
                        )
                    ]))
            case .outcome: body = ref("value")
            case .views: body = named(viewKeys)
            case .behaviors: body = named(ref("behavior"))
            case .animators: body = named(ref("animator"))
            case .transitions:
                body = named(
                    keyed(
                        TransitionKey.self,
                        { t -> JSON in
                            switch t {
                            case .kind: return choice(TransitionKind.names)
                            case .from, .to: return ref("name")
                            case .finalFrame:  // a literal frame has a positive size
                                let n = ref("number")
                                let p = bounded(n, min: 0, exclusive: true)
                                return .object([
                                    (
                                        "anyOf",
                                        .array([
                                            ref("expression"),
                                            .object([
                                                ("type", .string("array")), ("items", .array([n, n, p, p])),
                                                ("minItems", .number(4)), ("additionalItems", .bool(false)),
                                            ]),
                                        ])
                                    )
                                ])
                            case .duration: return .object([("type", .string("number")), ("minimum", .number(0))])
                            case .completionSpeed:
                                return .object([("type", .string("number")), ("exclusiveMinimum", .number(0))])
                            case .interactive: return choice(InteractionKind.names)
                            case .completionCurve: return choice(CurveName.names)
                            case .animations:
                                let number = JSON.object([("type", .string("number"))])
                                let pair = { (item: JSON) in
                                    JSON.object([
                                        ("type", .string("array")), ("items", item), ("minItems", .number(2)),
                                        ("maxItems", .number(2)),
                                    ])
                                }
                                let props = object([
                                    ("scale", pair(number)), ("translate", pair(pair(number))), ("alpha", pair(number)),
                                ])
                                return object([("from", props), ("to", props)])
                            case .initial: return choice(["idle", "completed"])
                            case .animator: return ref("name")
                            }
                        }, required: [.kind]))
            case .gestures:
                body = named(
                    object(
                        GestureKind.allCases.map { k in
                            // `scrollView: list` is short for `scrollView: { in: list }` (and `scrollViewZoom`).
                            let keys =
                                k == .scrollView || k == .scrollViewZoom
                                ? .object([("oneOf", .array([ref("name"), gestureKeys(k.keys)]))]) : gestureKeys(k.keys)
                            return (k.rawValue, described(keys, k.doc))
                        }
                            + GestureEntryKey.allCases.map { k -> (String, JSON) in
                                switch k {
                                case .repeat: return (k.rawValue, described(repeatCount(orName: true), k.doc))
                                }
                            }))
            case .on:
                body = .object([
                    ("type", .string("object")),
                    (
                        "propertyNames",
                        .object([
                            (
                                "pattern",
                                .string(
                                    "^(" + PlainEvent.names.joined(separator: "|") + "|" + objectEventKey + ")$")
                            )
                        ])
                    ),
                    ("additionalProperties", ref("actions")),
                ])
            case .script:
                body = .object([("type", .string("array")), ("items", ref("step")), ("minItems", .number(1))])
            case .expect: body = ref("expect")
            case .variants: body = named(ref("scene-patch"))
            }
            return (k.rawValue, described(body, k.doc))
        }
    }
}
