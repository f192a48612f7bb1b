import Diagnostics
import Expectations
import Expressions
import Foundation
import Geometry
@_spi(Testing) import SceneLoader
import SceneModel
import SceneVocabulary
import Testing

let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite struct VocabularyTests {
    /// docs/scene-format.md's reference section is the vocabulary's own text. To update it, run
    /// `SCENERUN_WRITE_REFERENCE=1 swift test --filter VocabularyTests` (refused when CI is set).
    @Test func docsReferenceIsTheVocabulary() throws {
        let docs = repoRoot.appendingPathComponent("docs/scene-format.md")
        var text = try String(contentsOf: docs, encoding: .utf8)
        let begin = "<!-- reference: generated from Sources/SceneVocabulary -->\n"
        let end = "<!-- end of reference -->"
        guard let a = text.range(of: begin), let b = text.range(of: end) else {
            Issue.record("docs/scene-format.md has no reference markers"); return
        }
        let current = String(text[a.upperBound..<b.lowerBound])
        let env = ProcessInfo.processInfo.environment
        if current != Reference.markdown, env["SCENERUN_WRITE_REFERENCE"] == "1", env["CI"] == nil {
            text.replaceSubrange(a.upperBound..<b.lowerBound, with: Reference.markdown)
            try text.write(to: docs, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == Reference.markdown, "docs/scene-format.md's reference section differs from the vocabulary")
    }

    /// schema/scene.schema.json is what `scenerun schema` prints. To update it:
    /// `swift run scenerun schema > schema/scene.schema.json`.
    @Test func committedSchemaIsCurrent() throws {
        let committed = try String(
            contentsOf: repoRoot.appendingPathComponent("schema/scene.schema.json"), encoding: .utf8)
        #expect(
            committed == SceneSchema.json,
            "schema/scene.schema.json is stale: run `swift run scenerun schema > schema/scene.schema.json`")
        // Every key of every behaviour kind is in it, with its description.
        for k in AttachmentKey.allCases { #expect(committed.contains("\"\(k.rawValue)\": {\n")) }
        #expect(committed.contains(#""additionalProperties": false"#))
    }

    /// Every path the type checker accepts resolves at run time to a value of the type the
    /// checker gave it: the scope and the resolver come from the same tables.
    @Test func everyTypedPathResolves() throws {
        let s = try SceneFile.load(
            path: "t.yaml",
            text: """
                vars: { n: 1, p: [1, 2] }
                views: { v: { frame: [0, 0, 10, 20], scroll: { contentSize: [10, 40] } } }
                gestures: { g: { pan: { in: v } } }
                transitions: { t: { kind: present, to: v } }
                animators: { a: { duration: 1 } }
                script: [ { wait: 1 } ]
                """)[0]
        var snap = Snapshot(
            time: 1, elapsed: 0.5, paused: true, lastPause: nil, worldSize: Vec2(390, 844),
            views: [ViewState(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 20), rotation: 0, alpha: 1)],
            transitions: [(name: "t", state: "idle", progress: 0)], gestures: [.idle("g")],
            contact: ContactSnapshot(point: .zero, boundary: "", item: "v", otherItem: ""),
            vars: [.number(1), .point(Vec2(1, 2))], names: s.names)
        snap.animators = [
            AnimatorSnapshot(name: "a", state: "active", isRunning: true, fractionComplete: 0.5, isReversed: false)
        ]
        snap.position = "end"
        let scope = s.scope.adding("contact", SceneBuilder.contactSchema).adding("position", .value(.string))
        var paths: [([String], ValueType)] = []
        func walk(_ prefix: [String], _ n: NameSchema) {
            switch n {
            case .value(let t): paths.append((prefix, t))
            case .object(let ms): for (k, m) in ms { walk(prefix + [k], m) }
            }
        }
        for (root, n) in scope.roots { walk([root], n) }
        // Every member of every table, each once: one scroll view (and its `presentation`, without
        // the scroll view's own members but with the offset the screen shows), two gestures (the named pan's members and `gesture`'s),
        // one animator, the builtin values, two variables.
        let expected =
            2 * ViewMember.allCases.count - ViewMember.allCases.filter(\.ofScrollViewOnly).count + 1
            + GestureKind.pan.members.count
            + GestureMember.ofCurrentGesture.count + WorldMember.allCases.count
            + TransitionMember.allCases.count + ContactMember.allCases.count + AnimatorMember.allCases.count
            + (BuiltinName.allCases.count - 3) + 2
        #expect(paths.count == expected)
        for (path, type) in paths {
            let e = try Expression.parse(path.joined(separator: "."), at: s.location)
            #expect(try typeCheck(e, in: scope) == type)
            let v = try evaluate(e, snap, scope: scope)
            #expect(v.type == type, "\(path.joined(separator: ".")) is a \(v.type), the scope says \(type)")
        }
    }

    /// A member the tables do not know is an error at run time too, never a default.
    @Test func unknownMembersAreErrors() throws {
        let snap = Snapshot(
            time: 0, elapsed: 0, paused: true, lastPause: nil, worldSize: Vec2(1, 1),
            views: [ViewState(name: "v", frame: Rect(x: 0, y: 0, width: 1, height: 1), rotation: 0, alpha: 1)])
        let here = Diagnostics.SourceLocation(file: "t", line: 1, column: 1)
        for path in [["v", "colour"], ["world", "depth"], ["gesture", "force"], ["nothing"], ["v"]] {
            #expect(throws: Diagnostic.self) { try snap.resolve(path, at: here) }
        }
    }

    @Test func namesAreUniqueInEveryTable() {
        func unique<N: VocabularyName>(_ n: N.Type) -> Bool { Set(N.names).count == N.allCases.count }
        #expect(
            unique(BehaviorKindName.self) && unique(AttachmentKey.self) && unique(ViewMember.self)
                && unique(BehaviorProperty.self))
        // Every settable view property can be read back under the same name.
        for p in ViewProperty.allCases { #expect(ViewMember(rawValue: p.rawValue)?.type == p.type) }
    }
}
