// The JSON Schema of the touch steps of format 1.2.
extension SceneSchema {
    /// `touches.paths`: one list of keyframes `[t, x, y]` per finger.
    static var fingerPaths: JSON {
        // [t, x, y]: a time is not negative.
        let time = bounded(ref("number"), min: 0, exclusive: false, max: nil)
        let keyframe = JSON.object([
            ("type", .string("array")), ("items", .array([time, ref("number"), ref("number")])),
            ("minItems", .number(3)), ("additionalItems", .bool(false)),
        ])
        let path = JSON.object([("type", .string("array")), ("items", keyframe), ("minItems", .number(1))])
        return .object([("type", .string("array")), ("items", path), ("minItems", .number(1))])
    }

    /// The body of a `tap`, `press`, `pinch`, `rotate` or `touches` step (an empty object for another).
    static func touchStep(_ k: StepKey) -> JSON {
        switch k {
        case .tap: return required(touchStepKeys(TapStepKey.self), [TapStepKey.gesture, .at])
        case .press: return required(touchStepKeys(PressKey.self), [PressKey.gesture, .at, .duration])
        case .pinch: return required(touchStepKeys(PinchStepKey.self), [PinchStepKey.gesture, .center, .from, .to])
        case .rotate: return required(touchStepKeys(RotateKey.self), [RotateKey.gesture, .center, .by])
        case .touches: return required(touchStepKeys(TouchesKey.self), [TouchesKey.gesture, .paths])
        case .pan, .flick, .wait, .waitFor, .timeout, .expect: return .object([])
        }
    }

    /// `object` with its `required` keys.
    static func required<K: VocabularyName>(_ object: JSON, _ keys: [K]) -> JSON {
        guard case .object(var pairs) = object else { return object }
        pairs.insert(("required", .array(keys.map { JSON.string($0.rawValue) })), at: 2)
        return .object(pairs)
    }
}
