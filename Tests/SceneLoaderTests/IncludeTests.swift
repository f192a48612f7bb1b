import Diagnostics
import SceneLoader
import SceneModel
import Testing

/// `include:` (scene-format.md, "Many views, shared parts"): parts merged in order under the
/// including file, which wins, then each variant on the merged scene; errors located in the file
/// that holds them.
@Suite struct IncludeTests {
    /// Loads `scenes/s.yaml` with `text`, its parts read from `files` (paths from the root).
    func load(_ text: String, _ files: [String: String]) throws(DiagnosticList) -> [Scene] {
        try SceneFile.load(
            path: "scenes/s.yaml", text: text, includes: SceneFile.reader(files.mapValues { Array($0.utf8) }))
    }

    func error(_ text: String, _ files: [String: String] = [:]) -> String {
        do {
            _ = try load(text, files)
            return "no error"
        } catch { return error.diagnostics.first?.description ?? "no diagnostic" }
    }

    static let script = "script: [ { wait: 0.1 } ]\n"

    @Test func partsMergeInOrderThenTheFileWins() throws {
        let files = [
            "scenes/parts/a.yaml": """
            name: from a
            world: { timeout: 3, frameRate: 30 }
            views:
              box: { frame: [0, 0, 10, 10], alpha: 0.2 }

            """,
            "scenes/parts/b.yaml": "world: { timeout: 4 }\nviews:\n  box: { alpha: 0.4 }\n",
        ]
        let s = try load(
            "include: [parts/a.yaml, parts/b.yaml]\nviews: { box: { hidden: true } }\n" + Self.script, files)
        #expect(s.count == 1)
        #expect(s[0].name == "from a")  // only a part names it
        #expect(s[0].world.timeout == 4)  // b, after a
        #expect(s[0].world.frameRate == 30)  // a's, untouched by b
        #expect(s[0].views[0].alpha == 0.4)  // key by key at every depth
        #expect(s[0].views[0].hidden)  // the file's own key
        #expect(s[0].views[0].frame.size.x == 10)
        let mine = try load("include: parts/a.yaml\nname: mine\nworld: { timeout: 7 }\n" + Self.script, files)
        #expect(mine[0].name == "mine" && mine[0].world.timeout == 7)  // the file wins
    }

    @Test func aVariantPatchesTheMergedSceneAndItsNullDeletesWhatAPartBrought() throws {
        let files = [
            "scenes/parts/walls.yaml": """
            views:
              ball: { frame: [0, 0, 10, 10] }
            behaviors:
              walls: { collision: { items: [ball], referenceBounds: true }, active: true }

            """
        ]
        let cases = try load(
            """
            include: [parts/walls.yaml]
            behaviors:
              fall: { gravity: { items: [ball] }, active: true }
            \(Self.script)variants:
              noWalls: { behaviors: { walls: null } }
              lighter: { views: { ball: { alpha: 0.5 } } }

            """, files)
        #expect(cases.map(\.name) == ["s", "s / noWalls", "s / lighter"])
        #expect(cases[0].behaviors.map(\.name) == ["walls", "fall"])
        #expect(cases[1].behaviors.map(\.name) == ["fall"])
        #expect(cases[2].behaviors.map(\.name) == ["walls", "fall"] && cases[2].views[0].alpha == 0.5)
        // The file's own `null` deletes a part's key too.
        let dropped = try load("include: parts/walls.yaml\nbehaviors: { walls: null }\n" + Self.script, files)
        #expect(dropped[0].behaviors.isEmpty)
    }

    @Test func aPartsOwnPartsAreMergedUnderItRelativeToItsFolder() throws {
        let files = [
            "scenes/parts/box.yaml": "include: ../shared/world.yaml\nviews:\n  box: { frame: [0, 0, 10, 10] }\n",
            "scenes/shared/world.yaml": "world: { timeout: 2, size: [300, 600] }\n",
        ]
        let s = try load("include: parts/box.yaml\nworld: { timeout: 5 }\n" + Self.script, files)[0]
        #expect(s.world.timeout == 5 && s.world.size.x == 300)
        #expect(s.includedSources.keys.sorted() == ["scenes/parts/box.yaml", "scenes/shared/world.yaml"])
        #expect(s.includedSources["scenes/shared/world.yaml"] == files["scenes/shared/world.yaml"])
    }

    @Test func aPartNeedsNoScriptButTheSceneDoes() throws {
        let files = [
            "scenes/parts/v.yaml": "views:\n  v: { frame: [0, 0, 1, 1] }\n", "scenes/parts/s.yaml": Self.script,
        ]
        #expect(try load("include: [parts/v.yaml, parts/s.yaml]\n", files)[0].script.count == 1)
        #expect(
            error("include: [parts/v.yaml]\n", files) == "scenes/s.yaml:1:1: error: the scene needs the key `script`")
    }

    @Test(arguments: [
        (
            "include:\n  - parts/missing.yaml\n",
            "scenes/s.yaml:2:5: error: cannot include `parts/missing.yaml` (scenes/parts/missing.yaml): no such file"
        ),
        (
            "include: [parts/a.yaml]\n",
            "scenes/parts/b.yaml:2:11: error: `include` of `a.yaml` makes a cycle: scenes/parts/a.yaml → "
                + "scenes/parts/b.yaml → scenes/parts/a.yaml"
        ),
        (
            "include: [parts/self.yaml]\n",
            "scenes/parts/self.yaml:1:11: error: `include` of `self.yaml` makes a cycle: "
                + "scenes/parts/self.yaml → scenes/parts/self.yaml"
        ),
        (
            "include: [parts/bad.yaml]\n",
            "scenes/parts/bad.yaml:3:18: error: view `wall` must have a positive size, found 10 × -5"
        ),
        (
            "include: [parts/syntax.yaml]\n",
            "scenes/parts/syntax.yaml:2:1: error: YAML syntax error: did not find expected node content"
                + " (while parsing a flow node at 2:1)"
        ),
        (
            "include: [parts/empty.yaml]\n",
            "scenes/parts/empty.yaml:1:1: error: the included file is empty; a part "
                + "holds scene keys"
        ),
        (
            "include: [parts/list.yaml]\n",
            "scenes/parts/list.yaml:1:1: error: the top level of an included part must be "
                + "a mapping of scene keys, found a list"
        ),
        (
            "include: [parts/variants.yaml]\n",
            "scenes/parts/variants.yaml:1:1: error: a part cannot declare `variants`: "
                + "a variant patches the whole scene, so it belongs to the scene file"
        ),
        (
            "include: [parts/binary.yaml]\n",
            "scenes/parts/binary.yaml:1:1: error: the file is binary (it contains NUL "
                + "bytes), not a YAML scene"
        ),
        (
            "include: [[parts/a.yaml]]\n",
            "scenes/s.yaml:1:11: error: an `include` entry (a path) must be a string, "
                + "found a list"
        ),
        ("include: ['']\n", "scenes/s.yaml:1:11: error: an `include` entry is an empty path"),
        (
            "include: [\"parts/a.yaml\\0.png\"]\n",
            "scenes/s.yaml:1:11: error: an `include` entry holds a NUL character (\\0), which no file name can hold"
        ),
        (
            "include: []\nvariants:\n  v: { include: [parts/a.yaml] }\n",
            "scenes/s.yaml:3:8: error: a variant cannot `include` parts: the file's `include` is merged first, then the "
                + "variant patches the result; include the part at the top level"
        ),
    ])
    func everyErrorIsLocatedInTheFileThatHoldsIt(_ text: String, _ expected: String) {
        let files = [
            "scenes/parts/a.yaml": "views:\n  v: { frame: [0, 0, 1, 1] }\ninclude: [b.yaml]\n",
            "scenes/parts/b.yaml": "# b includes a back\ninclude: [a.yaml]\n",
            "scenes/parts/self.yaml": "include: [self.yaml]\n",
            "scenes/parts/bad.yaml": "# a wall\nviews:\n  wall: { frame: [0, 0, 10, -5] }\n",
            "scenes/parts/syntax.yaml": "views: [\n",
            "scenes/parts/empty.yaml": "",
            "scenes/parts/list.yaml": "- views\n",
            "scenes/parts/variants.yaml": "variants: {}\n",
            "scenes/parts/binary.yaml": "views: {}\u{0}\n",
        ]
        #expect(error(text + "views: { v: { frame: [0, 0, 1, 1] } }\n" + Self.script, files) == expected)
    }

    @Test func aSceneLoadedFromTextHasNoFolderToIncludeFrom() {
        do {
            _ = try SceneFile.load(path: "t.yaml", text: "include: [parts/a.yaml]\n" + Self.script)
            Issue.record("loaded")
        } catch {
            #expect(
                error.diagnostics.first?.description
                    == "t.yaml:1:11: error: cannot include `parts/a.yaml`: this scene was loaded from a text, not a "
                    + "file, so there is no folder to read parts from")
        }
    }

    @Test func includesAreCountedInTheLoadWorkBudget() {
        var limits = LoadLimits()
        limits.loadWork = 300
        let part = "views:\n" + (0..<100).map { "  v\($0): { frame: [0, 0, 1, 1] }\n" }.joined()
        do {
            _ = try SceneFile.load(
                path: "s.yaml", text: "include: [p.yaml]\n" + Self.script, limits: limits,
                includes: SceneFile.reader(["p.yaml": Array(part.utf8)]))
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.first?.message.contains("--max-load-work") == true, "\(error)")
        }
    }

    @Test(arguments: [
        ("parts/a.yaml", "scenes/s.yaml", "scenes/parts/a.yaml"),
        ("./a.yaml", "scenes/s.yaml", "scenes/a.yaml"),
        ("../shared/a.yaml", "scenes/gallery/s.yaml", "scenes/shared/a.yaml"),
        ("../../a.yaml", "s.yaml", "../../a.yaml"),
        ("/etc/a.yaml", "scenes/s.yaml", "/etc/a.yaml"),
        ("a.yaml", "/abs/s.yaml", "/abs/a.yaml"),
        ("x//a.yaml", "s.yaml", "x/a.yaml"),
    ])
    func includePathsAreRelativeToTheIncludingFile(_ entry: String, _ from: String, _ expected: String) {
        #expect(SceneFile.includePath(entry, from: from) == expected)
    }

    @Test func theDirectIncludesOfAFileForWatchAndTheOutputCheck() {
        #expect(
            SceneFile.includes(path: "a/s.yaml", bytes: Array("include: [p/x.yaml, ../y.yaml]\n".utf8)) == [
                "a/p/x.yaml", "y.yaml",
            ])
        #expect(SceneFile.includes(path: "s.yaml", bytes: Array("include: one.yaml\n".utf8)) == ["one.yaml"])
        #expect(SceneFile.includes(path: "s.yaml", bytes: Array("views: [\n".utf8)).isEmpty)
    }
}

extension IncludeTests {
    /// A part that says it is written for a newer format is refused at its own `format` (issue 40).
    @Test func aPartsFormatIsChecked() {
        let e = error(
            "include: parts/new.yaml\n" + Self.script,
            ["scenes/parts/new.yaml": "format: 1.4\nviews: { box: { frame: [0, 0, 10, 10] } }\n"])
        #expect(
            e == "scenes/parts/new.yaml:1:9: error: this scene is written for scene format 1.4; this scenerun reads "
                + "up to 1.3 (update scenerun)")
    }
}
