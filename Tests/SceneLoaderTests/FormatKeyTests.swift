import Diagnostics
import SceneLoader
import SceneVocabulary
import Testing

/// `format: 1.2` (issue 40, item 5; scene-format.md, "Saying which format a scene is written
/// for"): an older or equal format runs, a newer one is refused at its value before any other key
/// is read, and a value not written `major.minor` is a located error.
@Suite struct FormatKeyTests {
    static let rest = "views: { box: { frame: [0, 0, 10, 10] } }\nscript: [ { wait: 1 } ]\n"

    @Test func theToolReadsFormatOnePointTwo() {
        #expect(SceneFormat.read.description == "1.3")
    }

    @Test(arguments: ["1.3", "1.2", "1.1", "1.0", "0.9", "\"1.2\"", "'1.1'", "01.2"])
    func anOlderOrEqualFormatRuns(_ v: String) throws {
        let s = try load("format: \(v)\n" + Self.rest)
        #expect(s.count == 1)
    }

    @Test func aNewerFormatIsRefusedNamingBoth() {
        #expect(
            loadError("format: 1.4\n" + Self.rest)
                == "t.yaml:1:9: error: this scene is written for scene format 1.4; this scenerun reads up to 1.3 "
                + "(update scenerun)")
        // `1.10` is one point ten, after 1.9 (read as written, not as the number 1.1).
        #expect(loadError("format: 1.10\n" + Self.rest).contains("written for scene format 1.10; this scenerun"))
        #expect(loadError("format: 2.0\n" + Self.rest).contains("written for scene format 2.0;"))
    }

    /// The format is checked before the other keys: a newer format's keys are unknown here.
    @Test func theFormatIsCheckedBeforeUnknownKeys() {
        let e = loadError("constants: { rows: 3 }\nformat: 1.4\n" + Self.rest)
        #expect(e.hasPrefix("t.yaml:2:9: error: this scene is written for scene format 1.4;"), "\(e)")
        // Without `format`, the same key is an unknown key.
        #expect(loadError("constants: { rows: 3 }\n" + Self.rest).contains("unknown key `constants`"))
    }

    @Test func aMalformedFormatIsALocatedError() {
        let what =
            "error: `format` names the scene format the scene is written for as major.minor (this scenerun reads "
            + "up to `format: 1.3`), found "
        #expect(
            loadError("format: 1\n" + Self.rest)
                == "t.yaml:1:9: \(what)a scalar `1`; name the minor version too (`format: 1.0`)")
        #expect(loadError("format: abc\n" + Self.rest) == "t.yaml:1:9: \(what)a scalar `abc`")
        #expect(loadError("format: 1.2.1\n" + Self.rest) == "t.yaml:1:9: \(what)a scalar `1.2.1`")
        #expect(loadError("format: -1.2\n" + Self.rest) == "t.yaml:1:9: \(what)a scalar `-1.2`")
        #expect(loadError("format: [1, 2]\n" + Self.rest) == "t.yaml:1:9: \(what)a list")
        #expect(loadError("format:\n" + Self.rest) == "t.yaml:1:8: \(what)null")
    }

    /// A variant that names a newer format is refused too (it is read as the scene is).
    @Test func aVariantsFormatIsChecked() {
        let e = loadError(Self.rest + "variants:\n  later: { format: 1.4 }\n")
        #expect(e.hasPrefix("t.yaml:4:20: error: this scene is written for scene format 1.4;"), "\(e)")
    }
}
