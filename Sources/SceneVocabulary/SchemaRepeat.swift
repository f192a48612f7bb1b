extension SceneSchema {
    /// `repeat`: a count from 1 (an integer), or, for a behaviour, the name of a repeated view.
    static func repeatCount(orName: Bool) -> JSON {
        let count = JSON.object([("type", .string("integer")), ("minimum", .number(1))])
        return orName ? .object([("oneOf", .array([count, ref("name")]))]) : count
    }
}
