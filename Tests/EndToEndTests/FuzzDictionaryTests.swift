import Foundation
import Testing

/// The scene fuzzer's dictionary (`Fuzz/scene.dict`, libFuzzer's `-dict`) is kept by hand, so it
/// goes stale as the format grows: it lacked 64 of the schema's names after format 1.2. This test
/// derives the names from the shipped schema, which itself derives from the vocabulary.
@Suite struct FuzzDictionaryTests {
    /// Every property name and every string value the schema names, as a fuzzer would type them.
    func schemaNames() throws -> Set<String> {
        let data = try Data(contentsOf: repo.appendingPathComponent("schema/scene.schema.json"))
        var names: Set<String> = []
        let word = try NSRegularExpression(pattern: #"^[A-Za-z][A-Za-z0-9.]*$"#)
        func isWord(_ s: String) -> Bool {
            word.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
        }
        func walk(_ o: Any) {
            if let d = o as? [String: Any] {
                for (k, v) in d {
                    if k == "properties", let p = v as? [String: Any] { names.formUnion(p.keys.filter(isWord)) }
                    if k == "enum", let e = v as? [Any] {
                        names.formUnion(e.compactMap { $0 as? String }.filter(isWord))
                    }
                    if k == "const", let c = v as? String, isWord(c) { names.insert(c) }
                    walk(v)
                }
            } else if let a = o as? [Any] {
                a.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: data))
        return names
    }

    @Test func theDictionaryNamesEverythingTheSchemaNames() throws {
        let names = try schemaNames()
        #expect(names.count > 200)  // the schema was read: keys, kinds, events, members
        let dict = try String(contentsOf: repo.appendingPathComponent("Fuzz/scene.dict"), encoding: .utf8)
        let entries = Set(
            dict.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") }.map {
                String($0.dropFirst().dropLast())
            })
        let missing = names.subtracting(entries).sorted()
        #expect(missing.isEmpty, "add to Fuzz/scene.dict (one \"name\" per line): \(missing)")
    }
}
