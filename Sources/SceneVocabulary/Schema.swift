import Diagnostics

/// A JSON Schema (draft-07) of the scene format, generated from the vocabulary, for editors
/// (yaml-language-server) and for validating scene files outside scenerun. It checks the shape:
/// keys, kinds, value types; names, expressions and everything that needs the whole scene are
/// checked by scenerun itself.
public enum SceneSchema {
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
        case .string: return .object([("type", .string("string"))])
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
    static func kind(_ k: KeyKind) -> JSON {
        switch k {
        case .number: return ref("number")
        case .bool: return ref("bool")
        case .point: return ref("point")
        case .viewName: return ref("reference")
        case .viewNames: return ref("names")
        case .literalNumber: return .object([("type", .string("number"))])
        case .literalCount: return .object([("type", .string("integer"))])
        case .choice(let names): return choice(names)
        case .choices(let names):
            return .object([
                ("oneOf", .array([choice(names), .object([("type", .string("array")), ("items", choice(names))])]))
            ])
        case .range:
            return .object([
                ("type", .string("array")), ("items", ref("number")), ("minItems", .number(2)),
                ("maxItems", .number(2)),
            ])
        case .referenceBounds:
            return .object([("oneOf", .array([ref("bool"), object([("insets", keyedInsets)])]))])
        case .boundaries:
            return named(
                object([("from", ref("point")), ("to", ref("point")), ("path", ref("points")), ("closed", ref("bool"))])
            )
        case .region: return ref("region")
        case .gestureName: return ref("name")
        case .gestureNames: return ref("names")
        case .fingerPaths: return fingerPaths
        }
    }
    static var keyedInsets: JSON { object(["top", "left", "bottom", "right"].map { ($0, ref("number")) }) }
    static func behaviorKeys<K: VocabularyKey>(_ k: K.Type) -> JSON { object(keyProperties(k)) }
    /// A gesture kind's mapping: the keys every kind has, then its own.
    static func gestureKeys<K: GestureKindKeys>(_ k: K.Type) -> JSON {
        object(keyProperties(GestureKey.self) + keyProperties(k), required: [GestureKey.view.rawValue])
    }
    static func keyProperties<K: VocabularyKey>(_ k: K.Type) -> [(String, JSON)] {
        K.allCases.map { key -> (String, JSON) in
            var j = kind(key.kind)
            var bounds: [(String, JSON)] = []
            if let m = key.minimum {
                bounds.append((m.exclusive ? "exclusiveMinimum" : "minimum", .number(m.value)))
            }
            if let m = key.maximum { bounds.append(("maximum", .number(m))) }
            if !bounds.isEmpty {  // beside a $ref, draft-07 ignores other keywords: wrap it
                j = .object([("allOf", .array([j]))] + bounds)
            }
            return (key.rawValue, described(j, "\(key.doc) (default: \(key.defaultValue))"))
        }
    }

    static var definitions: JSON {
        let expr = JSON.object([("type", .string("string")), ("description", .string("an expression"))])
        let number = JSON.object([
            ("description", .string("a number, or an expression (a string)")),
            ("type", .array([.string("number"), .string("string")])),
        ])
        let list = { (n: Int) in
            JSON.object([
                ("type", .string("array")), ("items", ref("number")), ("minItems", .number(Double(n))),
                ("maxItems", .number(Double(n))),
            ])
        }
        let behaviorKinds: [(String, JSON)] = BehaviorKindName.allCases.map { k in
            (k.rawValue, described(k.keys.map { behaviorKeys($0) } ?? ref("names"), k.doc))  // children: names
        }
        let behavior = JSON.object([
            ("type", .string("object")),
            (
                "properties",
                .object(
                    behaviorKinds
                        + BehaviorEntryKey.allCases.map { k -> (String, JSON) in
                            switch k {
                            case .active: return (k.rawValue, described(ref("bool"), k.doc))
                            case .action: return (k.rawValue, described(ref("actions"), k.doc))
                            case .repeat: return (k.rawValue, described(repeatCount(orName: true), k.doc))
                            }
                        })
            ),
            ("additionalProperties", .bool(false)),
            ("minProperties", .number(1)),
        ])
        let action = keyed(ActionKey.self) { k -> JSON in
            switch k {
            case .branch, .progress, .complete, .log: return ref("value")
            case .then, .otherwise, .actions: return ref("actions")
            case .add: return ref("names")
            case .remove: return ref("names")
            case .set: return .object([("type", .string("object")), ("additionalProperties", ref("value"))])
            case .animate:
                return keyed(
                    AnimateKey.self,
                    { a -> JSON in
                        switch a {
                        case .duration, .delay: return ref("number")
                        case .curve: return choice(CurveName.names)
                        case .spring: return object([("damping", ref("number")), ("velocity", ref("number"))])
                        case .set:
                            return .object([("type", .string("object")), ("additionalProperties", ref("value"))])
                        case .then: return ref("actions")
                        }
                    }, required: [.set])
            case .start: return ref("name")
            case .removeView: return ref("reference")
            case .finish, .cancel: return .object([])
            case .velocity:
                return object(
                    [("item", ref("reference")), ("linear", ref("point")), ("angular", ref("number"))],
                    required: ["item"])
            case .haptic: return choice(HapticStyle.names)
            case .after: return ref("number")
            case .startAnimator: return startAnimatorSchema
            case .pauseAnimator: return pauseAnimatorSchema
            case .continueAnimator: return continueAnimatorSchema
            case .stopAnimator: return stopAnimatorSchema
            case .resetAnimator: return .object([])
            }
        }
        let bare = choice(["finish", "cancel", ActionKey.resetAnimator.rawValue])
        let oneAction = JSON.object([("oneOf", .array([bare, action]))])
        var stepProps: [(String, JSON)] = StepKey.allCases.map { k -> (String, JSON) in
            let body: JSON
            switch k {
            case .pan:
                body = keyed(
                    PanKey.self,
                    { p -> JSON in
                        switch p {
                        case .gesture: return ref("name")
                        case .path:
                            return .object([("type", .string("array")), ("items", list(3)), ("minItems", .number(2))])
                        case .from, .to: return ref("point")
                        case .duration: return ref("number")
                        case .curve: return choice(CurveName.names)
                        case .release: return choice(ReleaseMode.names)
                        }
                    }, required: [.gesture])
            case .flick:
                body = keyed(
                    FlickKey.self,
                    { f -> JSON in
                        switch f {
                        case .gesture: return ref("name")
                        case .distance: return ref("number")
                        case .from, .velocity: return ref("point")
                        case .release: return choice(ReleaseMode.names)
                        }
                    }, required: [.gesture, .from, .velocity])
            case .tap, .press, .pinch, .rotate, .touches: body = touchStep(k)
            case .wait:
                let n = JSON.object([
                    ("type", .array([.string("number"), .string("string")])), ("minimum", .number(0)),
                ])
                body = .object([("oneOf", .array([n, object([("frames", n), ("seconds", n)])]))])
            case .waitFor: body = ref("value")
            case .timeout: body = ref("number")
            case .expect: body = ref("expect")
            }
            return (k.rawValue, described(body, k.doc))
        }
        if case .object(let pairs) = action, let props = pairs.first(where: { $0.0 == "properties" }),
            case .object(let ap) = props.1
        {
            stepProps += ap
        }
        let step = JSON.object([("oneOf", .array([bare, object(stepProps)]))])
        let expect = keyed(ExpectKey.self) { k -> JSON in
            switch k {
            case .transition:
                return .object([
                    ("type", .string("object")), ("additionalProperties", choice(TransitionStateName.names)),
                ])
            case .views:
                let members: [(String, JSON)] = ViewMember.expectable.map { m in
                    (m.rawValue, described(ref(m.type), m.doc))
                }
                let shown = described(
                    object(members.filter { $0.0 != ViewMember.removed.rawValue }),
                    "the same members as the screen shows them during an animation")
                return named(
                    object(
                        members + [
                            (
                                "within",
                                described(
                                    .object([("type", .string("number")), ("minimum", .number(0))]), "the tolerance")
                            ),
                            (ViewMember.presentation, shown),
                        ]), copies: true)
            case .rest: return ref("bool")
            case .restBy: return .object([("type", .string("number"))])
            case .events:
                let count = JSON.object([
                    (
                        "oneOf",
                        .array([
                            .object([("type", .string("integer")), ("minimum", .number(0))]),
                            .object([
                                ("type", .string("string")),
                                ("pattern", .string(#"^ *([0-9]+|(>=|<=|==|>|<) *[0-9]+|[0-9]+ *\.\.\. *[0-9]+) *$"#)),
                            ]),
                        ])
                    )
                ])
                return object(CountedEvent.allCases.map { ($0.rawValue, described(count, $0.doc)) })
            case .that: return .object([("type", .string("array")), ("items", expr)])
            }
        }
        return .object([
            ("name", .object([("type", .string("string")), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$"))])),
            (
                "reference",
                .object([
                    ("description", .string("a name, or a copy of a repeated view or behaviour: cell[3], cell[i]")),
                    ("type", .string("string")), ("pattern", .string(#"^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]+\])?$"#)),
                ])
            ),
            (
                "names",
                .object([
                    (
                        "oneOf",
                        .array([ref("reference"), .object([("type", .string("array")), ("items", ref("reference"))])])
                    )
                ])
            ),
            ("number", number),
            ("bool", .object([("type", .array([.string("boolean"), .string("string")]))])),
            (
                "value",
                .object([
                    ("description", .string("a number, a boolean, a point, a rect or an expression")),
                    ("type", .array([.string("number"), .string("boolean"), .string("string"), .string("array")])),
                ])
            ),
            ("point", .object([("oneOf", .array([list(2), expr]))])),
            ("rect", .object([("oneOf", .array([list(4), expr]))])),
            ("points", .object([("type", .string("array")), ("items", ref("point"))])),
            (
                "region",
                .object([
                    ("type", .string("object")),
                    (
                        "properties",
                        .object([
                            ("radius", ref("number")), ("size", ref("point")), ("inverse", ref("region")),
                            ("union", .object([("type", .string("array")), ("items", ref("region"))])),
                            (
                                "difference",
                                .object([
                                    ("type", .string("array")), ("items", ref("region")), ("minItems", .number(2)),
                                    ("maxItems", .number(2)),
                                ])
                            ),
                            ("intersection", .object([("type", .string("array")), ("items", ref("region"))])),
                        ])
                    ), ("additionalProperties", .bool(false)), ("minProperties", .number(1)),
                    ("maxProperties", .number(1)),
                ])
            ),
            ("behavior", behavior),
            ("timing", timingSchema),
            ("animator", animatorSchema),
            ("actions", .object([("type", .string("array")), ("items", oneAction)])),
            ("step", step),
            ("expect", expect),
        ])
    }

    static var topLevel: [(String, JSON)] {
        TopLevelKey.allCases.map { k -> (String, JSON) in
            let body: JSON
            switch k {
            case .include:
                let path = JSON.object([("type", .string("string")), ("minLength", .number(1))])
                body = .object([
                    ("oneOf", .array([path, .object([("type", .string("array")), ("items", path)])]))
                ])
            case .name: body = .object([("type", .string("string"))])
            case .world:
                body = keyed(WorldKey.self) { w -> JSON in
                    switch w {
                    case .size: return ref("point")
                    case .frameRate, .substeps, .timeout:
                        return .object([("type", .string("number")), ("exclusiveMinimum", .number(0))])
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
            case .views:
                body = named(
                    keyed(ViewKey.self) { v -> JSON in
                        // A repeated view's numbers may be expressions of `i` (strings).
                        let number = JSON.array([.string("number"), .string("string")])
                        switch v {
                        case .frame:
                            let n = JSON.object([("type", number)])
                            let p = JSON.object([("type", number), ("exclusiveMinimum", .number(0))])
                            return .object([
                                ("type", .string("array")), ("items", .array([n, n, p, p])), ("minItems", .number(4)),
                                ("additionalItems", .bool(false)),
                            ])
                        case .size:
                            let p = JSON.object([("type", number), ("exclusiveMinimum", .number(0))])
                            return .object([
                                ("type", .string("array")), ("items", .array([p, p])), ("minItems", .number(2)),
                                ("additionalItems", .bool(false)),
                            ])
                        case .center:
                            return .object([
                                ("type", .string("array")), ("items", .object([("type", number)])),
                                ("minItems", .number(2)),
                                ("maxItems", .number(2)),
                            ])
                        case .rotation: return .object([("type", number)])
                        case .scale: return .object([("type", number), ("exclusiveMinimum", .number(0))])
                        case .alpha:
                            return .object([("type", number), ("minimum", .number(0)), ("maximum", .number(1))])
                        case .hidden: return .object([("type", .string("boolean"))])
                        case .collisionBounds:
                            return .object([
                                (
                                    "oneOf",
                                    .array([
                                        choice(["rectangle", "ellipse"]),
                                        object([("path", ref("points"))], required: ["path"]),
                                    ])
                                )
                            ])
                        case .superview: return ref("name")
                        case .repeat: return repeatCount(orName: false)
                        }
                    })
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
                            case .finalFrame: return ref("rect")
                            case .duration, .completionSpeed:
                                return .object([("type", .string("number")), ("minimum", .number(0))])
                            case .interactive: return choice(InteractionKind.names)
                            case .completionCurve: return choice(CurveName.names)
                            case .animations:
                                let props = object([
                                    ("scale", .object([("type", .string("array"))])),
                                    ("translate", .object([("type", .string("array"))])),
                                    ("alpha", .object([("type", .string("array"))])),
                                ])
                                return object([("from", props), ("to", props)])
                            case .initial: return choice(["idle", "completed"])
                            case .animator: return ref("name")
                            }
                        }, required: [.kind]))
            case .gestures:
                body = named(
                    object(GestureKind.allCases.map { ($0.rawValue, described(gestureKeys($0.keys), $0.doc)) }))
            case .on:
                body = .object([
                    ("type", .string("object")),
                    (
                        "propertyNames",
                        .object([
                            (
                                "pattern",
                                .string(
                                    "^(" + PlainEvent.names.joined(separator: "|") + "|[A-Za-z_][A-Za-z0-9_]*\\.("
                                        + (GestureEvent.names + ["ended"]).joined(separator: "|") + "))$")
                            )
                        ])
                    ),
                    ("additionalProperties", ref("actions")),
                ])
            case .script:
                body = .object([("type", .string("array")), ("items", ref("step")), ("minItems", .number(1))])
            case .expect: body = ref("expect")
            case .variants:
                body = named(
                    .object([
                        ("type", .string("object")), ("not", .object([("required", .array([.string("variants")]))])),
                    ]))
            }
            return (k.rawValue, described(body, k.doc))
        }
    }

    /// The schema as JSON text, with a newline at the end.
    public static var json: String {
        JSON.object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("$id", .string("scene.schema.json")),
            ("title", .string("scenerun scene")),
            (
                "description",
                .string(
                    "A scene file of scenerun: UIKit Dynamics interactions, run headless. See docs/scene-format.md.")
            ),
            ("type", .string("object")),
            ("properties", .object(topLevel)),
            // A scene that includes parts may get its views and script from them.
            ("if", .object([("not", .object([("required", .array([.string(TopLevelKey.include.rawValue)]))]))])),
            ("then", .object([("required", .array(TopLevelKey.required.map { .string($0.rawValue) }))])),
            ("additionalProperties", .bool(false)),
            ("definitions", definitions),
        ]).render() + "\n"
    }
}
