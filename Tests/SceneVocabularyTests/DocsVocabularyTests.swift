import Foundation
import SceneVocabulary
import Testing

/// The docs and the vocabulary name the same things (issue 23, Deliver 2): every table of the
/// vocabulary is in the generated reference of docs/scene-format.md, and every member or key the
/// docs write as `a.b` exists. The keys of the docs' YAML blocks are checked against the schema,
/// which the vocabulary generates (DocsBlocksTests).
@Suite struct DocsVocabularyTests {
    /// Every `enum X: String, VocabularyName` (or `VocabularyKey`) of Sources/SceneVocabulary.
    static func vocabularyTables() throws -> [String] {
        let folder = repoRoot.appendingPathComponent("Sources/SceneVocabulary")
        let walk = try #require(FileManager.default.enumerator(atPath: folder.path))
        var names: [String] = []
        while let file = walk.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(": String, Vocabulary") {
                guard let r = line.range(of: "enum ") else { continue }
                names.append(String(line[r.upperBound...].prefix { $0.isLetter || $0.isNumber }))
            }
        }
        return names.sorted()
    }

    /// The tables the reference shows: named in Reference.swift, or a kind's own keys.
    @Test func everyVocabularyTableIsInTheReference() throws {
        let tables = try Self.vocabularyTables()
        #expect(tables.count >= 30, "\(tables)")
        let reference = try String(
            contentsOf: repoRoot.appendingPathComponent("Sources/SceneVocabulary/Reference.swift"), encoding: .utf8)
        let kindKeys = Set(
            BehaviorKindName.allCases.compactMap { $0.keys.map { String(describing: $0) } }
                + GestureKind.allCases.map { String(describing: $0.keys) })
        #expect(kindKeys.count >= 9, "\(kindKeys)")
        for t in tables {
            #expect(
                reference.contains("\(t).self") || kindKeys.contains(t),
                "\(t) is not in the reference of docs/scene-format.md")
        }
    }

    /// The names of the reference's first column: every kind, key, event, property and member.
    static var referenceNames: Set<String> {
        var out: Set<String> = []
        for line in Reference.markdown.split(separator: "\n") where line.hasPrefix("| `") {
            out.insert(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        return out
    }

    /// The texts of the single-backquoted code spans of `text` (a ``double`` span is skipped).
    static func codeSpans(_ text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "`") {
            let ticks = rest[open...].prefix { $0 == "`" }.count
            let body = rest[rest.index(open, offsetBy: ticks)...]
            let fence = String(repeating: "`", count: ticks)
            guard let close = body.range(of: fence) else { break }
            if ticks == 1 { out.append(String(body[..<close.lowerBound])) }
            rest = body[close.upperBound...].drop { $0 == "`" }
        }
        return out
    }

    /// Code spans such as `contact.item`, `world.substeps`, `pull.ended`, `shade.presentation.y`:
    /// each part after the first is a name of the vocabulary (a rect's `origin` too), and after a
    /// built-in with members (`world`, `gesture`, `contact`) one of its members.
    @Test func everyDottedNameOfTheDocsExists() throws {
        let pages =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(
                atPath: repoRoot.appendingPathComponent("docs").path)).filter { $0.hasSuffix(".md") }.map {
                "docs/" + $0
            }
        let known = Self.referenceNames.union(["origin"])
        // `world.size` is a member, `world.substeps` a key of the `world` mapping.
        let builtins: [String: [String]] = [
            BuiltinName.world.rawValue: WorldMember.names + WorldKey.names,
            BuiltinName.gesture.rawValue: GestureMember.names, BuiltinName.contact.rawValue: ContactMember.names,
        ]
        let files = ["yaml", "yml", "json", "swift", "md", "html", "csv", "xml", "py", "png", "sh", "xsd", "1", "tmp"]
        // Dotted names that are not the format's: Python's `math.hypot`, JUnit's properties.
        let others = ["math", "scenerun", "scene"]
        var checked = 0
        for page in pages {
            var prose = ""  // the page without its fenced blocks
            var fenced = false
            for line in try String(contentsOf: repoRoot.appendingPathComponent(page), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    fenced.toggle()
                } else if !fenced {
                    prose += line + "\n"
                }
            }
            for span in Self.codeSpans(prose) {
                let parts = span.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard parts.count >= 2, let first = parts.first?.first, first.isLowercase,
                    parts.allSatisfy({ p in
                        p.first?.isLetter == true && p.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                    }),
                    let last = parts.last, !files.contains(last), !others.contains(parts[0])
                else { continue }
                checked += 1
                for p in parts.dropFirst() {
                    #expect(known.contains(p), "\(page): `\(span)`: `\(p)` is no name of the vocabulary")
                }
                if let members = builtins[parts[0]] {
                    #expect(members.contains(parts[1]), "\(page): `\(span)`: `\(parts[0])` has no member `\(parts[1])`")
                }
            }
        }
        #expect(checked > 30, "\(checked) dotted names checked")
    }
}
