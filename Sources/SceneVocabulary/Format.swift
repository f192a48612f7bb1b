// The scene format's version: the one this scenerun reads, and the one a scene says it is
// written for (`format: 1.3`).

/// A scene format's version, `major.minor`: a later format keeps the meaning of every earlier one.
public struct SceneFormat: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    /// The format this scenerun reads: the one constant `--version`, the `format` check, the
    /// docs (a docs test) and the schema use.
    public static let read = SceneFormat(major: 1, minor: 3)

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Reads `major.minor` as written, digits only: `1.2`, `1.10` (ten, after nine); nil for
    /// anything else (`1`, `1.2.3`, `abc`, `-1.2`, `1e2`).
    public init?(text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ p in !p.isEmpty && p.count <= 9 && p.allSatisfy(\.isASCII) }),
            let major = Int(parts[0]), let minor = Int(parts[1]), major >= 0, minor >= 0,
            parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
        else { return nil }
        self.init(major: major, minor: minor)
    }

    public var description: String { "\(major).\(minor)" }

    public static func < (a: SceneFormat, b: SceneFormat) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}
