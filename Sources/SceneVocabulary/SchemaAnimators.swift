/// The JSON Schema of property animators: `animators`, their timings and their actions.
extension SceneSchema {
    /// A timing: a curve name, `{ cubic: [x1, y1, x2, y2] }` or `{ spring: { … } }`.
    static var timingSchema: JSON {
        // Every number may be an expression (format 1.3); a literal keeps the loader's bounds.
        let positive = JSON.object([("allOf", .array([ref("number")])), ("exclusiveMinimum", .number(0))])
        let cubic = JSON.object([
            ("type", .string("array")), ("items", ref("number")), ("minItems", .number(4)), ("maxItems", .number(4)),
        ])
        let spring = keyed(SpringTimingKey.self) { k -> JSON in
            switch k {
            case .initialVelocity: return ref("point")
            case .dampingRatio, .mass, .stiffness, .damping: return positive
            }
        }
        let mapping = keyed(TimingKind.self) { k -> JSON in
            switch k {
            case .cubic: return cubic
            case .spring: return spring
            }
        }
        guard case .object(var pairs) = mapping else { return mapping }
        pairs += [("minProperties", .number(1)), ("maxProperties", .number(1))]
        return .object([("oneOf", .array([choice(CurveName.names), .object(pairs)]))])
    }

    /// An entry of `animators`.
    static var animatorSchema: JSON {
        keyed(AnimatorKey.self) { k -> JSON in
            switch k {
            case .duration: return .object([("type", .string("number")), ("exclusiveMinimum", .number(0))])
            case .timing: return ref("timing")
            case .set: return setTargets(behaviours: false)
            case .then: return ref("actions")
            case .pausesOnCompletion, .scrubsLinearly: return .object([("type", .string("boolean"))])
            }
        }
    }

    /// An animator action: the animator's name, or a mapping with `animator` and its own keys.
    static func nameOr(_ body: JSON) -> JSON { .object([("oneOf", .array([ref("name"), body]))]) }
    static let durationFactor = JSON.object([("allOf", .array([ref("number")])), ("minimum", .number(0))])

    static var startAnimatorSchema: JSON {
        nameOr(
            keyed(
                StartAnimatorKey.self,
                { k in
                    switch k {
                    case .animator: return ref("name")
                    case .afterDelay: return durationFactor
                    }
                }, required: [.animator]))
    }
    static var pauseAnimatorSchema: JSON { nameOr(object([("animator", ref("name"))], required: ["animator"])) }
    static var continueAnimatorSchema: JSON {
        nameOr(
            keyed(
                ContinueAnimatorKey.self,
                { k in
                    switch k {
                    case .animator: return ref("name")
                    case .timing: return ref("timing")
                    case .durationFactor: return durationFactor
                    }
                }, required: [.animator]))
    }
    static var stopAnimatorSchema: JSON {
        nameOr(
            keyed(
                StopAnimatorKey.self,
                { k in
                    switch k {
                    case .animator: return ref("name")
                    case .finish: return choice(StopFinish.names)
                    }
                }, required: [.animator]))
    }
}
