// The schema of a variant: a JSON Merge Patch (RFC 7396) of the scene, checked with the scene's
// own types. A patch writes any key of the scene at any depth, none is required, and `null`
// deletes the key it names; a list or a scalar replaces the scene's, so it is checked whole.

extension SceneSchema {
    /// The plain spellings YAML 1.1 reads as booleans: the loader refuses them wherever a name, a
    /// string, a number or a boolean is expected (write `true` or `false`, or quote the string).
    /// An editor reads YAML 1.2, where they are strings, so the schema refuses those strings.
    /// `y` and `n` (`Y`, `N`) are left out: they are common one-letter names (a sweep parameter
    /// `y`, written `"y"` in an expression), which the schema cannot tell from a plain `y`.
    static let yaml11Booleans = ["yes", "no", "on", "off", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF"]

    /// A string that is not a YAML 1.1 boolean.
    static func notYAML11(_ pairs: [(String, JSON)]) -> JSON {
        .object(pairs + [("not", .object([("enum", .array(yaml11Booleans.map(JSON.string)))]))])
    }

    /// The definitions whose values can be mappings, which a patch merges into instead of replacing.
    static let mergedDefinitions = ["behavior", "expect", "region", "animator", "timing"]

    /// The patch of `j`: every mapping's keys optional and nullable, every list and scalar as it is.
    static func patch(_ j: JSON) -> JSON {
        guard case .object(let pairs) = j else { return j }
        if let r = pairs.first(where: { $0.0 == "$ref" }), case .string(let target) = r.1 {
            let name = String(target.split(separator: "/").last ?? "")
            return mergedDefinitions.contains(name) ? ref(name + "-patch") : j
        }
        var out: [(String, JSON)] = []
        for (k, v) in pairs {
            // Whether a key is present, and how many, is decided by the merged scene.
            if ["required", "minProperties", "maxProperties"].contains(k) { continue }
            if k == "properties" || k == "patternProperties", case .object(let props) = v {
                out.append((k, .object(props.map { ($0.0, nullable(patch($0.1))) })))
            } else if k == "additionalProperties", case .object = v {
                out.append((k, nullable(patch(v))))
            } else if k == "oneOf" || k == "anyOf", case .array(let alternatives) = v {
                // The patched alternatives may overlap (`{}` patches every mapping): any one will do.
                out.append(("anyOf", .array(alternatives.map(patch))))
            } else if k == "allOf", case .array(let parts) = v {
                out.append((k, .array(parts.map(patch))))
            } else {
                out.append((k, v))  // a type, a bound, a pattern, a description: as they are
            }
        }
        return .object(out)
    }

    /// `j`, or null.
    static func nullable(_ j: JSON) -> JSON {
        .object([("anyOf", .array([.object([("type", .string("null"))]), j]))])
    }

    /// The patched copies of the definitions that can be mappings.
    static func patchedDefinitions(_ definitions: [(String, JSON)]) -> [(String, JSON)] {
        definitions.filter { mergedDefinitions.contains($0.0) }.map { ($0.0 + "-patch", patch($0.1)) }
    }
}

extension SceneSchema.JSON {
    /// This object schema with one more keyword.
    func adding(_ keyword: String, _ value: Self) -> Self {
        guard case .object(let pairs) = self else { return self }
        return .object(pairs + [(keyword, value)])
    }
}
