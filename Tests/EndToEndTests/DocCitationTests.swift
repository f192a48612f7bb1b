import Foundation
import Testing

/// The guarantees docs/record-mode.md and docs/cli.md state cite the tests that check them, as
/// `(test: `name`, …)`: every cited test exists, so a guarantee cannot outlive its test.
@Suite struct DocCitationTests {
    @Test(arguments: ["docs/record-mode.md", "docs/cli.md"])
    func everyCitedTestExists(_ page: String) throws {
        let text = try String(contentsOf: repo.appendingPathComponent(page), encoding: .utf8)
        let sources = try swiftSources(under: "Tests")
        var cited: [String] = []
        // "(test: `a`, `b`)", possibly over several lines.
        for part in text.components(separatedBy: "(test:").dropFirst() {
            let inside = part.prefix { $0 != ")" }
            cited += inside.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        #expect(cited.count >= 2, "\(page) cites \(cited.count) tests")
        for name in cited {
            #expect(sources.contains("func \(name)("), "\(page) cites `\(name)`, which no test declares")
        }
    }
}
