import Diagnostics
import Foundation
import SceneLoader
import SceneRunner
import TestSupport
import Testing

/// The repository root, found from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

func relativeFiles(_ dir: String, _ ext: String) -> [String] {
    let url = repoRoot.appendingPathComponent(dir)
    let items = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return items.filter { $0.hasSuffix(ext) }.sorted().map { "\(dir)/\($0)" }
}

func firstDiagnostic(_ path: String) -> Diagnostic? {
    let data = try! Data(contentsOf: repoRoot.appendingPathComponent(path))
    do {
        _ = try SceneFile.load(path: path, bytes: [UInt8](data))
        return nil
    } catch {
        return error.diagnostics.first
    }
}

/// Every file of scenes/invalid/ states its expected diagnostic on its first line (or in a
/// `.expected` file beside it, for files that cannot hold a comment); load errors must match it
/// exactly. Runtime errors are checked in the runner's tests.
@Suite struct InvalidScenesTests {
    static let files = relativeFiles("scenes/invalid", ".yaml")

    @Test func thereIsOneFilePerKind() {
        #expect(InvalidScenesTests.files.count >= 30)
    }

    @Test(arguments: files)
    func diagnosticMatches(_ path: String) throws {
        let text = String(decoding: try Data(contentsOf: repoRoot.appendingPathComponent(path)), as: UTF8.self)
        let expected: String
        if text.hasPrefix("# error: ") {
            expected = String(text.dropFirst(9).prefix { $0 != "\n" })
        } else {
            let side = repoRoot.appendingPathComponent(String(path.dropLast(5)) + ".expected")
            expected = String(decoding: try Data(contentsOf: side), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        if let d = firstDiagnostic(path) {
            #expect(d.description == expected)
            return
        }
        // It loads: the error must come when it runs (a runtime error makes the case invalid).
        let data = try Data(contentsOf: repoRoot.appendingPathComponent(path))
        let scene = try SceneFile.load(path: path, bytes: [UInt8](data))[0]
        let r = CaseRunner.run(scene)
        #expect(r.status == .invalid)
        #expect(r.diagnostics.first?.description == expected)
    }
}

@Suite struct ShippedScenesLoad {
    static var files: [String] {
        var out: [String] = []
        for dir in ["scenes", "scenes/gallery"] { out += relativeFiles(dir, ".yaml") }
        return out
    }

    @Test(arguments: files)
    func loadsWithoutError(_ path: String) throws {
        let data = try Data(contentsOf: repoRoot.appendingPathComponent(path))
        let cases = try SceneFile.load(path: path, bytes: [UInt8](data), includes: SceneFile.reader(repositoryFile))
        #expect(!cases.isEmpty)
        #expect(cases.allSatisfy { !$0.script.isEmpty })
    }
}
