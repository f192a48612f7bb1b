import Foundation
import Testing

/// The manual pages (`swift package plugin generate-manual`) list scenerun's exit codes, those of
/// docs/cli.md's table (issue 23). swift-argument-parser's generator writes its EXIT STATUS
/// section itself, one fixed sentence (`.Ex -std`: "exits 0 on success, and >0 if an error
/// occurs"), and takes no exit codes from a command (apple/swift-argument-parser#160); so each
/// command lists its codes in its help, which is the page's DESCRIPTION, as docs/cli.md says.
@Suite struct ManualTests {
    /// The codes of docs/cli.md's exit code table.
    static func documentedCodes() throws -> [String] {
        let page = try String(contentsOf: repo.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let table = try #require(page.components(separatedBy: "## Exit codes").dropFirst().first)
        return table.split(separator: "\n").prefix { !$0.hasPrefix("## ") }
            .compactMap { line -> String? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return cells.first.flatMap { Int($0) }.map(String.init)
            }
    }

    /// The codes listed under "Exit status:" in a text.
    static func listedCodes(_ text: String) -> [String] {
        guard let list = text.components(separatedBy: "Exit status:").dropFirst().first else { return [] }
        return list.split(separator: "\n").map { $0.replacingOccurrences(of: "\\&", with: "") }
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test func theHelpListsTheDocumentedCodes() throws {
        let codes = try Self.documentedCodes()
        #expect(codes == ["0", "1", "2", "64", "73", "74", "130"])
        #expect(Self.listedCodes(try scenerun(["--help"]).out) == codes)
        #expect(Self.listedCodes(try scenerun(["run", "--help"]).out) == codes)
        for command in ["check", "merge", "mutate"] {
            let listed = Self.listedCodes(try scenerun([command, "--help"]).out)
            #expect(!listed.isEmpty && Set(listed).isSubset(of: codes), "\(command): \(listed)")
        }
    }

    /// swift-argument-parser's `generate-manual`, as the plugin builds it (`.ci/run` runs the
    /// plugin before the tests).
    static var generator: URL? {
        let build = repo.appendingPathComponent(".build")
        let fm = FileManager.default
        for triple in (try? fm.contentsOfDirectory(atPath: build.path)) ?? [] {
            for configuration in ["debug", "release"] {
                let tool = build.appendingPathComponent("\(triple)/\(configuration)/generate-manual-tool")
                if fm.isExecutableFile(atPath: tool.path) { return tool }
            }
        }
        return nil
    }

    @Test(
        .enabled(
            if: generator != nil,
            "swift-argument-parser's generate-manual is not built: run `swift package plugin generate-manual` once"))
    func theManualPagesListTheDocumentedCodes() throws {
        let dir = try temporaryFolder("manual")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tool = try #require(Self.generator)
        let r = try run(tool, [try binary().path, "--multi-page", "--output-directory", dir.path])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        let codes = try Self.documentedCodes()
        let page = try String(contentsOf: dir.appendingPathComponent("scenerun.1"), encoding: .utf8)
        #expect(Self.listedCodes(page) == codes, "\(page)")
        let runPage = try String(contentsOf: dir.appendingPathComponent("scenerun.run.1"), encoding: .utf8)
        #expect(Self.listedCodes(runPage) == codes, "\(runPage)")
        // The generator's own section, as docs/cli.md describes it.
        #expect(page.contains(".Sh \"EXIT STATUS\"\n.Ex -std"))
    }
}
