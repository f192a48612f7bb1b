import Foundation
import Testing

/// Docs as tests (issue 23, Deliver 2): every fenced block of README.md and docs/*.md says, in an
/// HTML comment on the line before it, how it is checked, and is checked that way:
///
/// - `<!-- docs-test: output -->`: a transcript. Each `$ ` line is run (`scenerun` and
///   `swift run scenerun` are the built scenerun) and what it prints, standard error included,
///   is the lines below it. A line `…` stands for any lines, a `…` inside a line for any text.
/// - `<!-- docs-test: output of `COMMAND` -->`: the block is what COMMAND prints, as above.
/// - `<!-- docs-test: commands -->`: each line is a command line (a `#` comment ends it), run in
///   order; each must be accepted and run: exit 0, 1 or 2, never a usage error or a crash.
///   `but `LINE`` names a line that is not run, `without `PATH`` a file the scratch folder does
///   not hold, each with the reason after it.
/// - `<!-- docs-test: scene -->`: a whole scene, which must pass.
/// - `<!-- docs-test: fragment -->` (or `fragment of `KEY.KEY``): a part of a scene, checked
///   against the JSON Schema as a variant is (every key of the vocabulary, its type, nothing
///   required; `variants` too); `…` stands for what is left out.
/// - `<!-- docs-test: synopsis -->`: every `--option` of a `scenerun [COMMAND]` line is an option
///   of that command's `--help`.
/// - `<!-- docs-test: api `FOLDER`… -->`: every type, function and property the listing declares
///   is declared in the sources of those folders.
/// - `<!-- docs-test: targets -->`: every target of Package.swift is in the diagram, and every
///   arrow `A ── B, C` is a dependency Package.swift declares.
/// - `<!-- docs-test: in `FILE` -->`: the block's lines are lines of FILE, in order.
/// - `<!-- docs-test: tested by `TEST` -->`: another test checks the block; it must exist.
/// - `<!-- docs-test: illustrative: REASON -->`: not run, for the reason given.
///
/// Commands run in a scratch folder holding copies of `scenes/` and `docs/examples/`, so a command
/// that writes (reports, record mode) cannot touch the repository.
@Suite(.serialized) struct DocsBlocksTests {
    struct Block {
        var page: String, line: Int, language: String, marker: String, body: [String]
        var place: String { "\(page):\(line)" }
    }

    static var pages: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: repo.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// Every fenced block of the pages, with the marker on the line before it ("" when none).
    static func blocks() throws -> [Block] {
        var out: [Block] = []
        for page in pages {
            let lines = try String(contentsOf: repo.appendingPathComponent(page), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var i = 0
            while i < lines.count {
                guard lines[i].hasPrefix("```") else {
                    i += 1
                    continue
                }
                let before = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
                var marker = ""
                if before.hasPrefix("<!-- docs-test:"), before.hasSuffix("-->") {
                    marker = String(before.dropFirst("<!-- docs-test:".count).dropLast(3))
                        .trimmingCharacters(in: .whitespaces)
                }
                var end = i + 1
                while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
                out.append(
                    Block(
                        page: page, line: i + 1, language: String(lines[i].dropFirst(3)), marker: marker,
                        body: Array(lines[(i + 1)..<min(end, lines.count)])))
                i = end + 1
            }
        }
        return out
    }

    /// The `…` texts in backquotes of a marker.
    static func quoted(_ marker: String) -> [String] {
        marker.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The backquoted texts of a marker that follow `word` (`but `LINE``, `without `PATH``).
    static func quoted(_ marker: String, after word: String) -> [String] {
        let parts = marker.components(separatedBy: "`")
        return stride(from: 1, to: parts.count, by: 2).filter { parts[$0 - 1].hasSuffix(word + " ") }.map { parts[$0] }
    }

    static let kinds = [
        "output", "commands", "scene", "fragment", "synopsis", "api", "targets", "in", "tested by", "illustrative:",
    ]

    @Test func everyBlockSaysHowItIsChecked() throws {
        let all = try Self.blocks()
        #expect(all.count >= 40)
        for b in all {
            #expect(Self.kinds.contains { b.marker.hasPrefix($0) }, "\(b.place): a block without a docs-test marker")
            if b.marker.hasPrefix("illustrative:") {
                #expect(
                    b.marker.count > "illustrative: ".count + 10, "\(b.place): an illustrative block needs a reason")
            }
        }
        // An indented code block would escape this test: the docs fence every block.
        for page in Self.pages {
            var previous = ""
            var fenced = false
            for (n, line) in try String(contentsOf: repo.appendingPathComponent(page), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            {
                if line.hasPrefix("```") { fenced.toggle() }
                let indented = line.hasPrefix("    ") && line.dropFirst(4).first.map { $0 != " " } == true
                #expect(fenced || !(previous.isEmpty && indented), "\(page):\(n + 1): an indented code block; fence it")
                previous = String(line)
            }
        }
    }

    // MARK: running commands

    /// A scratch folder with copies of scenes/ and docs/examples/, and `scenerun` on the PATH.
    static func scratch(_ tag: String) throws -> URL {
        let dir = try temporaryFolder("docs-\(tag)")
        let fm = FileManager.default
        try fm.copyItem(at: repo.appendingPathComponent("scenes"), to: dir.appendingPathComponent("scenes"))
        try fm.createDirectory(at: dir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try fm.copyItem(
            at: repo.appendingPathComponent("docs/examples"), to: dir.appendingPathComponent("docs/examples"))
        try fm.createDirectory(at: dir.appendingPathComponent(".bin"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: dir.appendingPathComponent(".bin/scenerun"), withDestinationURL: try binary())
        return dir
    }

    /// Runs a command line of the docs in `dir`: exit code and what it printed (both streams).
    static func sh(_ command: String, in dir: URL) throws -> (code: Int32, out: String) {
        let line = command.replacingOccurrences(of: "swift run scenerun", with: "scenerun")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", line + " 2>&1"]
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        for k in env.keys where k == "CI" || k.hasPrefix("GITHUB_") || k == "FORCE_COLOR" { env[k] = nil }
        env["PATH"] = dir.appendingPathComponent(".bin").path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Whether `actual` reads as `expected`: a line `…` stands for any lines (none included), a
    /// `…` inside a line for any text.
    static func matches(_ actual: [Substring], _ expected: [String]) -> Bool {
        guard let e = expected.first else { return actual.isEmpty }
        if e == "…" {
            return (0...actual.count).contains { matches(actual.dropFirst($0).map { $0 }, Array(expected.dropFirst())) }
        }
        guard let a = actual.first, lineMatches(String(a), e) else { return false }
        return matches(Array(actual.dropFirst()), Array(expected.dropFirst()))
    }

    static func lineMatches(_ a: String, _ e: String) -> Bool {
        let parts = e.components(separatedBy: "…")
        guard parts.count > 1 else { return a == e }
        guard a.hasPrefix(parts[0]), a.hasSuffix(parts[parts.count - 1]),
            a.count >= parts[0].count + parts[parts.count - 1].count
        else { return false }
        var rest = Substring(a.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for middle in parts.dropFirst().dropLast() {
            guard let r = rest.range(of: middle) else { return false }
            rest = rest[r.upperBound...]
        }
        return true
    }

    static func check(output: String, of command: String, against expected: [String], at place: String) {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        #expect(
            matches(lines, expected),
            "\(place): `\(command)` printed:\n\(output)\nthe docs say:\n\(expected.joined(separator: "\n"))")
    }

    @Test func transcriptsAreWhatTheToolPrints() throws {
        var checked = 0
        for (n, b) in try Self.blocks().enumerated() where b.marker.hasPrefix("output") {
            let dir = try Self.scratch("out-\(n)")
            defer { try? FileManager.default.removeItem(at: dir) }
            if let command = Self.quoted(b.marker).first, b.marker.hasPrefix("output of") {
                Self.check(output: try Self.sh(command, in: dir).out, of: command, against: b.body, at: b.place)
                checked += 1
                continue
            }
            var i = 0
            #expect(b.body.first?.hasPrefix("$ ") == true, "\(b.place): a transcript begins with a `$ ` line")
            while i < b.body.count {
                let command = String(b.body[i].dropFirst(2))
                var j = i + 1
                while j < b.body.count, !b.body[j].hasPrefix("$ ") { j += 1 }
                Self.check(
                    output: try Self.sh(command, in: dir).out, of: command, against: Array(b.body[(i + 1)..<j]),
                    at: b.place)
                checked += 1
                i = j
            }
        }
        #expect(checked >= 8)
    }

    @Test func commandsRun() throws {
        var ran = 0
        for (n, b) in try Self.blocks().enumerated() where b.marker.hasPrefix("commands") {
            let skipped = Self.quoted(b.marker, after: "but")
            let dir = try Self.scratch("cmd-\(n)")
            defer { try? FileManager.default.removeItem(at: dir) }
            for path in Self.quoted(b.marker, after: "without") {
                try FileManager.default.removeItem(at: dir.appendingPathComponent(path))
            }
            for raw in b.body {
                let line = (raw.range(of: " #").map { String(raw[..<$0.lowerBound]) } ?? raw)
                    .trimmingCharacters(in: .whitespaces)
                guard !line.isEmpty, !skipped.contains(line) else { continue }
                let r = try Self.sh(line, in: dir)
                #expect([0, 1, 2].contains(r.code), "\(b.place): `\(line)` exited \(r.code):\n\(r.out)")
                ran += 1
            }
        }
        #expect(ran >= 10)
    }

    @Test func scenesPass() throws {
        for (n, b) in try Self.blocks().enumerated() where b.marker == "scene" {
            let dir = try Self.scratch("scene-\(n)")
            defer { try? FileManager.default.removeItem(at: dir) }
            try b.body.joined(separator: "\n").write(
                to: dir.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
            let r = try Self.sh("scenerun scene.yaml", in: dir)
            #expect(r.code == 0, "\(b.place): the scene does not pass:\n\(r.out)")
        }
    }

    @Test(.enabled(if: pythonHasSchemaTools, "Python's jsonschema and ruamel.yaml are not installed"))
    func fragmentsAreScenesParts() throws {
        var fragments: [[String: String]] = []
        for b in try Self.blocks() where b.marker.hasPrefix("fragment") {
            let text = b.body.joined(separator: "\n").replacingOccurrences(of: "…", with: "")
            fragments.append(["place": b.place, "text": text, "under": Self.quoted(b.marker).first ?? ""])
        }
        #expect(fragments.count >= 12)
        let input = try temporaryFolder("docs-fragments").appendingPathComponent("fragments.json")
        try JSONSerialization.data(withJSONObject: fragments).write(to: input)
        let script = """
            import json, sys, jsonschema
            from ruamel.yaml import YAML
            schema = json.load(open("schema/scene.schema.json"))
            # A part of a scene: its keys as a variant writes them, and variants themselves.
            part = dict(schema["definitions"]["scene-patch"], definitions=schema["definitions"])
            part["properties"] = dict(part["properties"], variants=schema["definitions"]["scene"]["properties"]["variants"])
            v = jsonschema.Draft7Validator(part)
            bad = 0
            for f in json.load(open(sys.argv[1])):
                doc = YAML(typ="safe", pure=True).load(f["text"])
                for key in reversed([k for k in f["under"].split(".") if k]):
                    doc = {key: doc}
                for e in v.iter_errors(doc):
                    bad += 1
                    print(f["place"], "/".join(map(str, e.absolute_path)), e.message[:200])
            print("fragments:", len(json.load(open(sys.argv[1]))), "invalid:", bad)
            """
        let r = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, input.path])
        #expect(r.code == 0 && r.out.hasSuffix("invalid: 0\n"), "\(r.out)\(r.err)")
    }

    @Test func synopsesNameRealOptions() throws {
        for b in try Self.blocks() where b.marker == "synopsis" {
            var command = ""
            var options: [String: Set<String>] = [:]
            for line in b.body {
                let words = line.split(separator: " ").map(String.init)
                if words.first == "scenerun" {
                    command =
                        words.count > 1 && ["run", "check", "merge", "mutate", "schema"].contains(words[1])
                        ? words[1] : ""
                }
                for w in words where w.contains("--") {
                    guard let r = w.range(of: "--") else { continue }
                    let name = "--" + w[r.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                    options[command, default: []].insert(name)
                }
            }
            for (command, names) in options {
                let help = try scenerun((command.isEmpty ? [] : [command]) + ["--help"]).out
                for name in names {
                    #expect(
                        help.contains(name + " ") || help.contains(name + "\n"),
                        "\(b.place): `scenerun \(command)` has no \(name)")
                }
            }
        }
    }

    @Test func apiListingsDeclareWhatTheSourcesDeclare() throws {
        for b in try Self.blocks() where b.marker.hasPrefix("api") {
            let sources = try Self.quoted(b.marker).map { try swiftSources(under: $0) }.joined()
            #expect(!sources.isEmpty, "\(b.place): no sources in \(b.marker)")
            var names = 0
            for line in b.body {
                for match in line.matches(
                    of: /(?:func|struct|class|enum|protocol|typealias|init|var|let|case) +([A-Za-z_][A-Za-z0-9_]*)/)
                {
                    let kind = line[match.range].split(separator: " ")[0]
                    let name = String(match.1)
                    names += 1
                    #expect(
                        sources.contains("\(kind) \(name)") || sources.contains("\(kind) `\(name)`"),
                        "\(b.place): `\(kind) \(name)` is declared nowhere in \(Self.quoted(b.marker))")
                }
            }
            #expect(names > 10, "\(b.place)")
        }
    }

    @Test func theTargetDiagramIsPackageSwift() throws {
        let manifest = try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8)
        // name → declared dependencies, from `.target(name: "X", dependencies: [...]` and the like.
        var declared: [String: String] = [:]
        let targets = manifest.replacingOccurrences(of: ".product(name: ", with: ".product(")
            .matches(of: /\.(target|executableTarget|testTarget|plugin)\(name: "([A-Za-z]+)"/)
        for (i, t) in targets.enumerated() {
            let end = i + 1 < targets.count ? targets[i + 1].range.lowerBound : manifest.endIndex
            declared[String(t.2)] = String(manifest[t.range.upperBound..<end])
        }
        for b in try Self.blocks() where b.marker == "targets" {
            var inDiagram: Set<String> = []
            for line in b.body {
                guard let arrow = line.range(of: "──") else { continue }
                let name = line[..<arrow.lowerBound].split(separator: " ").first.map(String.init) ?? ""
                inDiagram.insert(name)
                let deps = line[arrow.upperBound...].prefix { $0 != "(" }.split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                for d in deps where !d.contains(" ") {
                    #expect(
                        declared[name]?.contains("\"\(d)\"") == true,
                        "\(b.place): Package.swift does not declare \(name) ── \(d)")
                }
            }
            // The test targets and their helpers are not the product's architecture.
            for name in declared.keys
            where !name.hasSuffix("Tests") && !["TestSupport", "MallocCounter"].contains(name) {
                #expect(inDiagram.contains(name), "\(b.place): the target \(name) is not in the diagram")
            }
        }
    }

    @Test func blocksFromFilesAreInThem() throws {
        for b in try Self.blocks() where b.marker.hasPrefix("in ") {
            let file = try #require(Self.quoted(b.marker).first)
            let lines = try String(contentsOf: repo.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            var at = 0
            for line in b.body.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                guard let i = lines[at...].firstIndex(of: line) else {
                    Issue.record("\(b.place): `\(line)` is not a line of \(file) (after line \(at))")
                    break
                }
                at = i + 1
            }
        }
    }

    @Test func citedTestsExist() throws {
        let sources = try swiftSources(under: "Tests")
        for b in try Self.blocks() where b.marker.hasPrefix("tested by") {
            for name in Self.quoted(b.marker) {
                #expect(
                    sources.contains("func \(name)(") || sources.contains("struct \(name)"),
                    "\(b.place): no test \(name)")
            }
        }
    }
}
