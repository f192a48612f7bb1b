/// A JSON Schema (draft-07) of the scene format, generated from the vocabulary, for editors
/// (yaml-language-server) and for validating scene files outside scenerun. It checks the shape:
/// keys, kinds, value types, the loader's bounds on literal numbers, and variants as merge
/// patches of the scene; names, expressions and everything that needs the whole scene are checked
/// by scenerun itself (docs/editors.md lists what, and Tools/schema_plants.py holds it to that).
public enum SceneSchema {
    static func kind(_ k: KeyKind) -> JSON {
        switch k {
        case .number: return ref("number")
        case .bool: return ref("bool")
        case .point: return ref("point")
        case .viewName: return ref("reference")
        case .viewNames: return ref("names")
        case .literalNumber: return .object([("type", .string("number"))])
        case .literalPoint: return literalPoint
        case .literalCount:
            return .object([("type", .string("integer")), ("maximum", .number(Double(KeyKind.maximumCount)))])
        case .choice(let names): return choice(names)
        case .choices(let names):
            let list = JSON.object([("type", .string("array")), ("items", choice(names)), ("minItems", .number(1))])
            return .object([("oneOf", .array([choice(names), list]))])
        case .range:
            return .object([
                ("type", .string("array")), ("items", ref("number")), ("minItems", .number(2)),
                ("maxItems", .number(2)),
            ])
        case .referenceBounds:
            return .object([("oneOf", .array([ref("flag"), object([("insets", keyedInsets)])]))])
        case .boundaries:
            return named(
                object([
                    ("from", ref("point")), ("to", ref("point")),
                    ("path", .object([("allOf", .array([ref("points")])), ("minItems", .number(2))])),
                    ("closed", ref("flag")),
                ])
            )
        case .region: return ref("region")
        case .gestureName: return ref("reference")  // a copy of a repeated gesture: `drag[2]`
        case .gestureNames: return ref("names")
        case .fingerPaths: return fingerPaths
        case .insets: return object(ScrollInsetKey.names.map { ($0, .object([("type", .string("number"))])) })
        case .zoom:
            // Literal values, as the loader reads them: the scales as doubles (no float32
            // rounding: 1e-320 is a positive scale), `bounces` a plain true or false.
            return object(
                keyProperties(ZoomKey.self, float32: false).map { key, j in
                    guard key == ZoomKey.bounces.rawValue else { return (key, j) }
                    let doc = "\(ZoomKey.bounces.doc) (default: \(ZoomKey.bounces.defaultValue))"
                    return (key, described(.object([("type", .string("boolean"))]), doc))
                })
        }
    }
    static var keyedInsets: JSON { object(["top", "left", "bottom", "right"].map { ($0, ref("number")) }) }
    static func behaviorKeys<K: VocabularyKey>(_ k: K.Type) -> JSON { object(keyProperties(k)) }
    /// A touch step's mapping: its numbers are doubles (times and distances), not the engine's floats.
    static func touchStepKeys<K: VocabularyKey>(_ k: K.Type) -> JSON { object(keyProperties(k, float32: false)) }
    /// A gesture kind's mapping: the keys every kind has, then its own.
    static func gestureKeys<K: GestureKindKeys>(_ k: K.Type) -> JSON {
        object(keyProperties(GestureKey.self) + keyProperties(k), required: [GestureKey.view.rawValue])
    }
    static func keyProperties<K: VocabularyKey>(_ k: K.Type, float32: Bool = true) -> [(String, JSON)] {
        K.allCases.map { key -> (String, JSON) in
            // A positive number the engine reads must stay positive in float32, its precision:
            // above 2^-150, which rounds to 0.
            let low = key.minimum.map { float32 && $0.exclusive && $0.value == 0 ? 0x1p-150 : $0.value }
            let j = bounded(kind(key.kind), min: low, exclusive: key.minimum?.exclusive ?? false, max: key.maximum)
            return (key.rawValue, described(j, "\(key.doc) (default: \(key.defaultValue))"))
        }
    }

    static var definitions: JSON {
        let expr = notYAML11([("type", .string("string")), ("description", .string("an expression"))])
        let number = notYAML11([
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
                            case .active: return (k.rawValue, described(ref("flag"), k.doc))
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
            case .branch, .complete: return ref("bool")
            case .progress: return ref("number")
            case .log: return ref("value")
            case .then, .otherwise, .actions: return ref("actions")
            case .add: return ref("names")
            case .remove: return ref("names")
            case .set: return setTargets(behaviours: true)
            case .animate:
                return keyed(
                    AnimateKey.self,
                    { a -> JSON in
                        switch a {
                        case .duration, .delay: return ref("number")
                        case .curve: return choice(CurveName.names)
                        case .spring: return object([("damping", ref("number")), ("velocity", ref("number"))])
                        case .set: return setTargets(behaviours: false)
                        case .then: return ref("actions")
                        }
                    }, required: [.set]
                ).adding("not", .object([("required", .array([.string("curve"), .string("spring")]))]))
            case .start: return ref("name")
            case .removeView: return ref("reference")
            case .finish, .cancel: return .object([])
            case .velocity:
                return object(
                    [("item", ref("reference")), ("linear", ref("point")), ("angular", ref("number"))],
                    required: ["item"])
            case .haptic: return choice(HapticStyle.names)
            case .after: return .object([("allOf", .array([ref("number")])), ("minimum", .number(0))])
            case .startAnimator: return startAnimatorSchema
            case .pauseAnimator: return pauseAnimatorSchema
            case .continueAnimator: return continueAnimatorSchema
            case .stopAnimator: return stopAnimatorSchema
            case .resetAnimator: return .object([])
            case .scrollTo:
                return object([("view", ref("reference")), ("offset", ref("point"))], required: ["view", "offset"])
            case .zoomTo:
                return object([("view", ref("reference")), ("rect", ref("rect"))], required: ["view", "rect"])
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
                        case .gesture: return ref("reference")
                        case .path:
                            let keyframe = JSON.object([
                                ("type", .string("array")),
                                ("items", .array([bounded(ref("number"), min: 0), ref("number"), ref("number")])),
                                ("minItems", .number(3)), ("additionalItems", .bool(false)),
                            ])
                            return .object([("type", .string("array")), ("items", keyframe), ("minItems", .number(2))])
                        case .from, .to: return ref("point")
                        case .duration: return bounded(ref("number"), min: 0, exclusive: true)
                        case .curve: return choice(CurveName.names)
                        case .release: return choice(ReleaseMode.names)
                        }
                    }, required: [.gesture])
            case .flick:
                body = keyed(
                    FlickKey.self,
                    { f -> JSON in
                        switch f {
                        case .gesture: return ref("reference")
                        case .distance: return bounded(ref("number"), min: 0, exclusive: true)
                        case .from: return ref("point")
                        case .velocity:  // a flick moves
                            let zero = JSON.array([.number(0), .number(0)])
                            return .object([("allOf", .array([ref("point")])), ("not", .object([("const", zero)]))])
                        case .release: return choice(ReleaseMode.names)
                        }
                    }, required: [.gesture, .from, .velocity])
            case .tap, .press, .pinch, .rotate, .touches: body = touchStep(k)
            case .wait:
                let n = bounded(ref("number"), min: 0)
                let frames = notYAML11([
                    ("type", .array([.string("integer"), .string("string")])), ("minimum", .number(0)),
                    ("maximum", .number(1e15)),
                ])
                let one = JSON.object([("minProperties", .number(1)), ("maxProperties", .number(1))])
                body = .object([
                    (
                        "oneOf",
                        .array([n, object([("frames", frames), ("seconds", n)]).adding("allOf", .array([one]))])
                    )
                ])
            case .waitFor: body = ref("bool")
            case .timeout: body = bounded(ref("number"), min: 0, exclusive: true)
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
                let onScreen = ViewMember.expectableOnScreen.map(\.rawValue)
                let shown = described(
                    object(members.filter { onScreen.contains($0.0) }),
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
            case .rest: return ref("flag")
            case .restBy: return .object([("type", .string("number")), ("minimum", .number(0))])
            case .events:
                let count = JSON.object([
                    (
                        "oneOf",
                        .array([
                            .object([
                                ("type", .string("integer")), ("minimum", .number(0)),
                                ("maximum", .number(Double(Int.max))),
                            ]),
                            .object([
                                ("type", .string("string")),
                                (
                                    "pattern",
                                    .string(
                                        #"^ *([0-9]+|(>=|<=|==|>) *[0-9]+|< *0*[1-9][0-9]*|[0-9]+ *\.\.\. *[0-9]+) *$"#)
                                ),
                            ]),
                        ])
                    )
                ])
                // A gesture's, scroll view's, view's or transition's event, as `on` names it (a
                // copy of a repeated view by its index: `cell[3].contact`).
                let fired = "^" + objectEventKey + "$"
                return .object([
                    ("type", .string("object")),
                    ("properties", .object(CountedEvent.allCases.map { ($0.rawValue, described(count, $0.doc)) })),
                    ("patternProperties", .object([(fired, count)])), ("additionalProperties", .bool(false)),
                ])
            case .that: return .object([("type", .string("array")), ("items", expr)])
            }
        }
        let defs: [(String, JSON)] = [
            ("name", notYAML11([("type", .string("string")), ("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$"))])),
            (
                "reference",
                notYAML11([
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
            (
                "bool",
                notYAML11([
                    ("description", .string("true, false or an expression (a string)")),
                    ("type", .array([.string("boolean"), .string("string")])),
                ])
            ),
            ("flag", .object([("description", .string("true or false")), ("type", .string("boolean"))])),
            (
                "value",
                .object([
                    ("description", .string("a number, a boolean, a point, a rect or an expression")),
                    (
                        "anyOf",
                        .array([
                            notYAML11([("type", .array([.string("number"), .string("boolean"), .string("string")]))]),
                            list(2), list(4),
                        ])
                    ),
                ])
            ),
            ("expression", expr),
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
                            ("radius", .object([("allOf", .array([ref("number")])), ("minimum", .number(0))])),
                            ("size", ref("point")), ("inverse", ref("region")),
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
        ]
        // A variant: the scene's keys but `variants`, as a merge patch.
        let scene = object(topLevel.filter { $0.0 != TopLevelKey.variants.rawValue })
        let whole = object(topLevel, required: TopLevelKey.required.map(\.rawValue))
        return .object(defs + patchedDefinitions(defs) + [("scene", whole), ("scene-patch", patch(scene))])
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
            // A scene that includes parts is merged over them as a JSON Merge Patch: it needs none of
            // its own keys (its parts may bring its views and script), and `null` deletes a part's
            // key. A scene without parts is checked whole.
            ("type", .string("object")),
            (
                "properties",
                .object(topLevel.map { k, v in (k, k == TopLevelKey.include.rawValue ? v : nullable(patch(v))) })
            ),
            ("additionalProperties", .bool(false)),
            ("if", .object([("not", .object([("required", .array([.string(TopLevelKey.include.rawValue)]))]))])),
            ("then", ref("scene")),
            ("definitions", definitions),
        ]).render() + "\n"
    }
}
