import Foundation
import Testing

/// Record mode's round trip on gallery scenes: each `(file, old, new)` puts a wrong value into a
/// copy of `scenes/gallery/<file>`; the copies fail, `--update` rewrites them (its summary must
/// contain `summary`), and every copy comes back byte for byte.
func expectRecordModeRestores(_ changes: [(String, String, String)], summary: String, tag: String) throws {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("scenerun-\(tag)-record-\(getpid())")
    try? fm.removeItem(at: dir)
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    var originals: [String: String] = [:]
    for (file, old, new) in changes {
        let text = try String(contentsOf: repo.appendingPathComponent("scenes/gallery/\(file)"), encoding: .utf8)
        originals[file] = text
        #expect(text.components(separatedBy: old).count == 2, "\(file): `\(old)` must occur once")
        try text.replacingOccurrences(of: old, with: new).write(
            to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }
    #expect(try scenerun([dir.path]).code == 1)
    let r = try scenerun(["--update", dir.path], env: ["CI": ""])
    #expect(r.code == 0, "\(r.out)\(r.err)")
    #expect(r.out.contains(summary), "\(r.out)")
    for (file, text) in originals {
        #expect(try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8) == text, "\(file) differs")
    }
}
