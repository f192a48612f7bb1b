import Foundation
import Testing

/// `--var NAME=VALUE` and `--vars-file FILE` (format 1.3, "The app's own constants"): the app's
/// constants replace the initial values of a scene's vars in every case; a name the scene lacks
/// or a value of another type is a usage error (64); a vars file is lenient with several scenes.
@Suite struct AppVarsTests {
    static let scene = """
        name: card
        vars: { threshold: 120, snapDamping: 0.5, label: "'x'", home: [10, 20] }
        views:
          card: { frame: [45, 200, 300, 400] }
        behaviors:
          snap: { snap: { item: card, to: [195, 400], damping: snapDamping } }
        script:
          - wait: 0.1
        expect:
          that: ["threshold == 280", "snapDamping == 0.6", "label == 'x'", "home == [10, 20]"]
        variants:
          other: { script: [ { wait: 0.2 } ] }
        """

    func folder(_ files: [String: String], _ tag: String = #function) throws -> URL {
        let dir = try temporaryFolder("appvars-" + tag.filter { $0.isLetter })
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func aVarReplacesTheInitialValueInEveryCase() throws {
        let dir = try folder(["card.yaml": Self.scene])
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try scenerun(["card.yaml"], in: dir)
        #expect(plain.code == 1)
        #expect(plain.out.contains("threshold = 120"), "\(plain.out)")
        let given = try scenerun(["--var", "threshold=280", "--var", "snapDamping=0.6", "card.yaml"], in: dir)
        #expect(given.code == 0, "\(given.out)\(given.err)")
        #expect(given.out.contains("2 passed, 0 failed"), "\(given.out)")
    }

    @Test func anUnknownNameIsAUsageErrorWithDidYouMean() throws {
        let dir = try folder(["card.yaml": Self.scene])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try scenerun(["--var", "thresold=280", "card.yaml"], in: dir)
        #expect(r.code == 64)
        #expect(
            r.err
                == "scenerun: error: --var thresold=280: card.yaml declares no var `thresold`; did you mean "
                + "`threshold`? (its vars: threshold, snapDamping, label, home)\n", "\(r.err)")
        #expect(r.out.isEmpty)
        #expect(try scenerun(["check", "--var", "nope=1", "card.yaml"], in: dir).code == 64)
        #expect(try scenerun(["mutate", "--var", "nope=1", "card.yaml"], in: dir).code == 64)
    }

    @Test func typesAreKeptExactly() throws {
        let dir = try folder([
            "card.yaml": Self.scene, "string.json": #"{ "threshold": "280" }"#,
            "list.yaml": "[1, 2]\n", "broken.json": "{ \"threshold\": \n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let quoted = try scenerun(["--var", "threshold='280'", "card.yaml"], in: dir)
        #expect(quoted.code == 64)
        #expect(quoted.err.contains("`threshold` is a number in card.yaml (declared at card.yaml:2:9); found a string"))
        let label = try scenerun(["--var", "label=5", "card.yaml"], in: dir)
        #expect(label.code == 64 && label.err.contains("`label` is a string in card.yaml"), "\(label.err)")
        let json = try scenerun(["--vars-file", "string.json", "card.yaml"], in: dir)
        #expect(json.code == 64)
        #expect(json.err.hasPrefix("scenerun: error: string.json:1:16: `threshold` is a number"), "\(json.err)")
        let three = try scenerun(["--var", "home=[1, 2, 3]", "card.yaml"], in: dir)
        #expect(three.code == 64 && three.err.contains("a point [x, y] or a rect"), "\(three.err)")
        let notNameValue = try scenerun(["--var", "threshold", "card.yaml"], in: dir)
        #expect(notNameValue.code == 64 && notNameValue.err.contains("expected NAME=VALUE"))
        let notAMap = try scenerun(["--vars-file", "list.yaml", "card.yaml"], in: dir)
        #expect(notAMap.code == 2)
        #expect(
            notAMap.err == "scenerun: error: list.yaml:1:1: a vars file is a flat map of names to values "
                + "(`threshold: 280`)\n", "\(notAMap.err)")
        #expect(try scenerun(["--vars-file", "broken.json", "card.yaml"], in: dir).code == 2)
        let missing = try scenerun(["--vars-file", "none.json", "card.yaml"], in: dir)
        #expect(missing.code == 64 && missing.err.contains("none.json"))
        #expect(try scenerun(["--vars-file", "card.txt", "card.yaml"], in: dir).code == 64)
    }

    @Test func aPlistAndAVarOverIt() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>threshold</key><integer>281</integer><key>snapDamping</key><real>0.6</real>
            <key>home</key><array><integer>10</integer><real>20</real></array><key>label</key><string>x</string>
            </dict></plist>
            """
        let dir = try folder(["card.yaml": Self.scene, "app.plist": plist])
        defer { try? FileManager.default.removeItem(at: dir) }
        let fromFile = try scenerun(["--vars-file", "app.plist", "card.yaml"], in: dir)
        #expect(fromFile.code == 1)
        #expect(fromFile.out.contains("threshold = 281"), "\(fromFile.out)")
        let varWins = try scenerun(["--vars-file", "app.plist", "--var", "threshold=280", "card.yaml"], in: dir)
        #expect(varWins.code == 0, "\(varWins.out)\(varWins.err)")
    }

    /// With several scenes `--var` is strict and `--vars-file` lenient; `--verbose` names what a
    /// scene ignored.
    @Test func severalScenes() throws {
        let other = """
            name: other
            vars: { threshold: 120 }
            views: { box: { frame: [0, 0, 10, 10] } }
            script: [ { wait: 0.1 } ]
            expect: { that: ["threshold == 280"] }
            """
        let dir = try folder([
            "card.yaml": Self.scene, "other.yaml": other,
            "app.json": #"{ "threshold": 280, "snapDamping": 0.6 }"#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let strict = try scenerun(
            ["--var", "snapDamping=0.6", "--var", "threshold=280", "card.yaml", "other.yaml"], in: dir)
        #expect(strict.code == 64)
        #expect(strict.err.contains("other.yaml declares no var `snapDamping` (its vars: threshold)"), "\(strict.err)")
        let lenient = try scenerun(["--verbose", "--vars-file", "app.json", "card.yaml", "other.yaml"], in: dir)
        #expect(lenient.code == 0, "\(lenient.out)\(lenient.err)")
        #expect(
            lenient.err.contains("note: other.yaml: --vars-file app.json sets `snapDamping`, not vars of this scene"))
        let quiet = try scenerun(["--vars-file", "app.json", "card.yaml", "other.yaml"], in: dir)
        #expect(quiet.code == 0 && quiet.err.isEmpty, "\(quiet.err)")
    }

    /// A swept scene: the var is replaced in every case of the sweep.
    @Test func sweepsTakeTheVarInEveryCase() throws {
        let swept = """
            name: swept
            vars: { threshold: 120 }
            sweep: { k: [1, 2, 3] }
            views: { box: { frame: [0, 0, 10, 10] } }
            script: [ { wait: 0.1 } ]
            expect: { that: ["threshold * k > 280"] }
            """
        let dir = try folder(["swept.yaml": swept])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try scenerun(["--var", "threshold=300", "swept.yaml"], in: dir)
        #expect(r.code == 0 && r.out.contains("3 passed, 0 failed"), "\(r.out)")
        #expect(try scenerun(["swept.yaml"], in: dir).out.contains("1 passed, 2 failed"))
    }

    /// The gallery scene takes its thresholds from the app's plist: the case fails when the app's
    /// threshold moves by one point either way, or its damping by 0.05, and `mutate` runs with the
    /// file (the vars are never mutated).
    @Test func theGallerySceneFollowsTheAppsPlist() throws {
        let scene = "scenes/gallery/app-constants.yaml"
        let plist = try String(
            contentsOfFile: repo.appendingPathComponent("scenes/gallery/app/Interaction.plist").path, encoding: .utf8)
        let withFile = try scenerun(["--vars-file", "scenes/gallery/app/Interaction.plist", scene])
        #expect(withFile.code == 0, "\(withFile.out)")
        let dir = try temporaryFolder("appvars-plist")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (from, to) in [
            ("<real>120</real>", "<real>119</real>"), ("<real>120</real>", "<real>121</real>"),
            ("<real>0.6</real>", "<real>0.55</real>"), ("<real>0.6</real>", "<real>0.65</real>"),
        ] {
            let changed = plist.replacingOccurrences(of: from, with: to)
            #expect(changed != plist)
            let file = dir.appendingPathComponent("Interaction.plist")
            try changed.write(to: file, atomically: true, encoding: .utf8)
            let r = try scenerun(["--vars-file", file.path, scene])
            #expect(r.code == 1, "\(to): \(r.out)")
        }
        let m = try scenerun(["mutate", "--vars-file", "scenes/gallery/app/Interaction.plist", scene])
        #expect(m.code == 0, "\(m.out)\(m.err)")
        #expect(
            m.out.contains("app-constants.yaml: 15 mutants: 15 killed, 0 survived; score 15/15 = 100.0 %"), "\(m.out)")
    }

    @Test func completionKnowsTheOptions() throws {
        let dir = try temporaryFolder("appvars-completion")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("scenerun.bash")
        try scenerun(["--generate-completion-script", "bash"]).out.write(to: script, atomically: true, encoding: .utf8)
        #expect(try CompletionTests.complete(["scenerun", "--va"], script: script) == ["--var", "--vars-file"])
        #expect(
            try CompletionTests.complete(["scenerun", "mutate", "--va"], script: script) == ["--var", "--vars-file"])
        #expect(
            try CompletionTests.complete(["scenerun", "check", "--va"], script: script) == ["--var", "--vars-file"])
    }
}
