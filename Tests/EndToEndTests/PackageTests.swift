import Foundation
import Testing

/// House rules of the package: each target's declared dependencies are exactly the project
/// modules (and products) its sources import; no type is named like its module.
@Suite struct PackageTests {
    /// Target name → its declared dependencies, read from Package.swift's `.target(…)` and
    /// `.executableTarget(…)` entries.
    func declared(
        _ manifest: String = "Package.swift", kinds: String = "target|executableTarget"
    ) throws -> [String: Set<String>] {
        let text = try String(contentsOf: repo.appendingPathComponent(manifest), encoding: .utf8)
        var out: [String: Set<String>] = [:]
        let pattern = try NSRegularExpression(
            pattern: #"\.(?:"# + kinds + #")\(name: "([A-Za-z]+)"(?:, dependencies: \[(.*?)\])?"#,
            options: [.dotMatchesLineSeparators])
        for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(m.range(at: 1), in: text)!])  // group 1 always matches
            var deps: Set<String> = []
            if let r = Range(m.range(at: 2), in: text) {
                let list = String(text[r])
                for p in try NSRegularExpression(pattern: #""([A-Za-z]+)""#).matches(
                    in: list, range: NSRange(list.startIndex..., in: list))
                {
                    deps.insert(String(list[Range(p.range(at: 1), in: list)!]))  // group 1 always matches
                }
                // A product names its package too (`.product(name: "Yams", package: "Yams")`): keep the product.
                deps.subtract(["swift-argument-parser"])
            }
            out[name] = deps
        }
        return out
    }

    @Test func dependenciesEqualImports() throws {
        let targets = try declared()
        #expect(targets.count >= 15)
        let platform: Set<String> = ["Foundation", "Glibc", "Darwin", "Musl", "ucrt", "Dispatch", "Testing"]
        for (name, deps) in targets {
            let dir = repo.appendingPathComponent("Sources/\(name)")
            guard let files = FileManager.default.enumerator(atPath: dir.path) else {
                Issue.record("no Sources/\(name)"); continue
            }
            var imports: Set<String> = []
            while let f = files.nextObject() as? String {
                guard f.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    if let i = words.firstIndex(of: "import"), i + 1 < words.count,
                        words[..<i].allSatisfy({ $0.hasPrefix("@") })
                    {
                        imports.insert(String(words[i + 1]))
                    }
                }
            }
            imports.subtract(platform)
            #expect(imports == deps, "\(name): imports \(imports.sorted()) but Package.swift declares \(deps.sorted())")
        }
    }

    /// Test targets too: each declares exactly the modules its files import (EndToEndTests also
    /// names the `scenerun` executable, which it runs and does not import, so that it is built
    /// first).
    @Test func testTargetsDependOnWhatTheyImport() throws {
        let targets = try declared(kinds: "testTarget")
        #expect(targets.count >= 15)
        let platform: Set<String> = [
            "Foundation", "FoundationXML", "Glibc", "Darwin", "Musl", "Dispatch", "Testing", "XCTest",
        ]
        for (name, declaredDeps) in targets {
            var deps = declaredDeps
            if name == "EndToEndTests" { deps.remove("scenerun") }
            let dir = repo.appendingPathComponent("Tests/\(name)")
            guard let files = FileManager.default.enumerator(atPath: dir.path) else {
                Issue.record("no Tests/\(name)"); continue
            }
            var imports: Set<String> = []
            while let f = files.nextObject() as? String {
                guard f.hasSuffix(".swift") else { continue }
                for line in try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8).split(
                    separator: "\n")
                where line.hasPrefix("import ") || line.hasPrefix("@") {  // top-level: not a line of a string
                    let words = line.split(separator: " ")
                    if let i = words.firstIndex(of: "import"), i + 1 < words.count,
                        words[..<i].allSatisfy({ $0.hasPrefix("@") })
                    {
                        imports.insert(String(words[i + 1]))
                    }
                }
            }
            imports.subtract(platform)
            #expect(imports == deps, "\(name): imports \(imports.sorted()) but Package.swift declares \(deps.sorted())")
        }
    }

    @Test func noTypeIsNamedLikeItsModule() throws {
        for name in try declared().keys {
            let dir = repo.appendingPathComponent("Sources/\(name)")
            guard let files = FileManager.default.enumerator(atPath: dir.path) else { continue }
            while let f = files.nextObject() as? String {
                guard f.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                for kind in ["enum", "struct", "class", "protocol"] {
                    #expect(
                        !text.contains("\(kind) \(name) ") && !text.contains("\(kind) \(name):")
                            && !text.contains("\(kind) \(name) {"),
                        "Sources/\(name)/\(f) declares a \(kind) named like its module")
                }
            }
        }
    }
    /// The fuzzing package compiles the same sources through symbolic links (the benchmark
    /// package depends on this one instead): each of its targets that is also a target here
    /// declares the same dependencies, so that an arrow added here cannot break `Fuzz/fuzz.sh`
    /// unnoticed.
    @Test func sidePackagesDeclareTheSameArrows() throws {
        let main = try declared()
        for manifest in ["Fuzz/Package.swift"] {
            let side = try declared(manifest)
            let shared = side.keys.filter { main[$0] != nil }
            #expect(shared.count >= 3, "\(manifest) shares \(shared.count) targets")
            for name in shared {
                #expect(
                    side[name] == main[name],
                    "\(manifest): \(name) declares \(side[name]?.sorted() ?? []), Package.swift \(main[name]?.sorted() ?? [])"
                )
            }
        }
    }

    /// Every Swift file of Sources and Tests is at most 500 lines; every line of Sources outside
    /// the engine (`Dynamics`, whose solvers keep Box2D's compact algebra) is at most 120 columns.
    @Test func filesAndLinesStayShort() throws {
        var files = 0
        for top in ["Sources", "Tests"] {
            let dir = repo.appendingPathComponent(top)
            guard let walk = FileManager.default.enumerator(atPath: dir.path) else {
                Issue.record("no \(top)"); continue
            }
            while let f = walk.nextObject() as? String {
                guard f.hasSuffix(".swift") else { continue }
                files += 1
                let lines = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count <= 501, "\(top)/\(f) has \(lines.count - 1) lines")  // the last is empty
                guard top == "Sources", !f.hasPrefix("Dynamics/") else { continue }
                for (n, line) in lines.enumerated() where line.count > 120 {
                    Issue.record("\(top)/\(f):\(n + 1) is \(line.count) columns")
                }
            }
        }
        #expect(files > 100)
    }

    /// Tests reach internals only through `@_spi(Testing)` declarations, never a blanket
    /// `@testable import` (which needs a debug build and exposes every internal name).
    @Test func testsImportInternalsOnlyThroughSPI() throws {
        let dir = repo.appendingPathComponent("Tests")
        guard let files = FileManager.default.enumerator(atPath: dir.path) else { Issue.record("no Tests"); return }
        var spiImports = 0
        while let f = files.nextObject() as? String {
            guard f.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            for line in text.split(separator: "\n") {
                #expect(!line.hasPrefix("@testable "), "Tests/\(f): \(line)")
                if line.hasPrefix("@_spi(Testing) import ") { spiImports += 1 }
            }
        }
        #expect(spiImports > 0)
    }

    /// The vocabulary's switches are exhaustive: a case added to one of its enums does not compile
    /// until every property of the enum answers for it (no `default:`, no `self == .x ? … : …`).
    @Test func vocabularySwitchesAreExhaustive() throws {
        let dir = repo.appendingPathComponent("Sources/SceneVocabulary")
        guard let walk = FileManager.default.enumerator(atPath: dir.path) else { Issue.record("no vocabulary"); return }
        var files = 0
        while let f = walk.nextObject() as? String {
            guard f.hasSuffix(".swift") else { continue }
            files += 1
            let text = try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                #expect(!code.hasPrefix("default:"), "Sources/SceneVocabulary/\(f):\(n + 1): \(code)")
                #expect(!code.contains("self == ."), "Sources/SceneVocabulary/\(f):\(n + 1): \(code)")
            }
        }
        #expect(files > 10)
    }
}
