import Driver
import Foundation
import Mutation
import Testing

/// `mutate --replay DIR` as a person uses it in headless Chromium: the index shows the scene's
/// source with every mutant marked by its status where it edits, the score and a status filter
/// (in the URL both ways); a mutant's page says what changed and what became of it, and for a
/// survivor links each case's replay in the mutant's run beside the original's; no console
/// message on any page. What the pages show is compared with the JSON report of the same run.
@Suite(.serialized) struct MutationReportTests {
    /// Gravity that the expectations pin (its mutants are killed) and an item behaviour they do
    /// not (nothing collides: its mutants survive).
    static let drop = """
        name: Drop
        world: { size: [400, 800] }
        views:
          box: { frame: [0, 0, 100, 100] }
        behaviors:
          fall: { gravity: { items: [box], magnitude: 1 }, active: true }
          bouncy: { item: { items: [box], elasticity: 0.5 }, active: true }
        script:
          - wait: 0.5
        expect:
          that: ["box.y > 100", "box.y < 150"]

        """

    /// Each mutant of the JSON report: id, line, column, status, original text.
    struct Row {
        var id: String, line: Int, column: Int, status: String, original: String, failing: [String]
    }

    func report() throws -> (URL, [Row]) {
        let dir = try temporaryFolder("mutation-report")
        let scene = dir.appendingPathComponent("drop.yaml")
        try Self.drop.write(to: scene, atomically: true, encoding: .utf8)
        var r = MutateRequest(paths: [scene.path])
        r.replay = dir.appendingPathComponent("report").path
        r.json = dir.appendingPathComponent("mutate.json").path
        r.jobs = 1
        let errors = Errors()
        let console = Console(
            out: { (_: String) throws(OutputError) in }, err: { errors.add($0) }, note: { _ in })
        let code = mutate(r, console: console, environment: [:], isTerminal: false)
        #expect(code == 0, "\(errors.all)")
        let data = try Data(contentsOf: dir.appendingPathComponent("mutate.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let mutants = try #require(json["mutants"] as? [[String: Any]])
        let rows = mutants.map { m in
            Row(
                id: m["id"] as? String ?? "", line: m["line"] as? Int ?? 0, column: m["column"] as? Int ?? 0,
                status: m["status"] as? String ?? "", original: m["original"] as? String ?? "",
                failing: m["failingCases"] as? [String] ?? [])
        }
        return (dir, rows)
    }

    @Test(.enabled(if: chromium != nil, noChromium)) func theSourceMarksEveryMutantAndTheFilterAndPagesWork()
        throws
    {
        let (dir, rows) = try report()
        defer { try? FileManager.default.removeItem(at: dir) }
        let killed = rows.filter { $0.status == "killed" }
        let survivors = rows.filter { $0.status != "killed" }
        #expect(rows.count == 4 && killed.count == 2 && survivors.count == 2, "\(rows.map(\.status))")
        let root = dir.appendingPathComponent("report")
        let browser = try Browser()
        let page = try browser.open(root.appendingPathComponent("index.html").absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")

        // Every mutant is marked in the source, on its line, with its status, before its token.
        #expect(try page.number("document.querySelectorAll('pre.source [data-mutant]').length") == 4)
        for m in rows {
            let sel = "pre.source [data-mutant=\(jsString(m.id))]"
            #expect(try page.string("document.querySelector(\(jsString(sel))).dataset.status") == m.status, "\(m.id)")
            #expect(try page.string("document.querySelector(\(jsString(sel))).dataset.line") == "\(m.line)")
            #expect(
                try page.string("document.querySelector(\(jsString(sel))).closest('.ln').id") == "L\(m.line)")
            // The token after the marks of its place is the original text, at the mutant's column.
            let token = try page.string(
                "(function () { let e = document.querySelector(\(jsString(sel))); "
                    + "while (e && !(e.classList && e.classList.contains('tok'))) e = e.nextSibling; "
                    + "return e ? e.textContent : ''; })()")
            #expect(token == m.original, "\(m.id): \(token)")
            let before = try page.string(
                "(function () { const e = document.querySelector(\(jsString(sel))); const r = document.createRange(); "
                    + "r.setStart(e.closest('.ln').querySelector('i').nextSibling, 0); r.setEndBefore(e); "
                    + "return r.toString(); })()")
            #expect(before.unicodeScalars.count == m.column, "\(m.id): ' ' and \(m.column - 1) columns before it")
        }
        #expect(try page.string("document.querySelector('.score b').textContent") == "50.0 %")
        #expect(try page.string("document.querySelector('.summary').textContent").contains("score 2/4 = 50.0 %"))

        // The status filter: the marks and rows of other statuses are hidden, and the URL says it.
        try page.eval(
            "const s = document.getElementById('status'); s.value = 'killed'; s.dispatchEvent(new Event('change'))")
        #expect(try page.number("document.querySelectorAll('pre.source [data-mutant]:not([hidden])').length") == 2)
        #expect(
            try page.eval(
                "Array.from(document.querySelectorAll('[data-mutant]:not([hidden])')).every(e => e.dataset.status === 'killed')"
            ) as? Bool == true)
        #expect(try page.string("location.hash") == "#status=killed")
        #expect(try page.string("document.getElementById('found').textContent") == "2 of 4 mutants")
        // Opened with a status in its URL.
        let st = survivors[0].status
        try page.navigate("about:blank")
        try page.navigate(root.appendingPathComponent("index.html").absoluteString + "#status=\(st)")
        #expect(try page.string("document.getElementById('status').value") == st)
        #expect(try page.number("document.querySelectorAll('table.mutants tbody tr:not([hidden])').length") == 2)
        try noConsoleMessages(page)

        // A survivor's page: what changed, its status, its cases' replays, the mutant's beside the original's.
        let s = survivors[0]
        try page.click("pre.source [data-mutant=\(jsString(s.id))]")
        try page.waitUntil("document.documentElement.dataset.mutant === \(jsString(s.id))")
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        let what = try page.string("document.getElementById('what').textContent")
        #expect(
            what.hasPrefix("\(dir.appendingPathComponent("drop.yaml").path):\(s.line):\(s.column) number 0.5 → "),
            "\(what)")
        #expect(try page.string("document.getElementById('status').textContent") == s.status)
        #expect(try page.string("document.querySelector('.ln.del .tok').textContent") == "0.5")
        #expect(try page.number("document.querySelectorAll('#cases a[data-run=mutant]').length") == 1)
        #expect(try page.number("document.querySelectorAll('#cases a[data-run=original]').length") == 1)
        for run in ["original", "mutant"] {
            let href = try page.string("document.querySelector('#cases a[data-run=\(run)]').getAttribute('href')")
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(href).path), "\(href)")
        }
        try noConsoleMessages(page)
        try page.click("#cases a[data-run=mutant]")
        try page.waitUntil(
            "document.getElementById('selfcheck') && document.getElementById('selfcheck').dataset.ok === 'true'")
        #expect(try page.string("document.getElementById('title').textContent") == "Drop")
        try noConsoleMessages(page)

        // A killed mutant's page names the case that failed; `n` and `p` walk the mutants.
        #expect(rows[0].status == "killed" && rows[0].failing == ["Drop"])
        try page.navigate(root.appendingPathComponent("mutant-1.html").absoluteString)
        #expect(try page.string("document.documentElement.dataset.mutant") == rows[0].id)
        #expect(try page.string("document.getElementById('failing').textContent") == "failing cases: Drop")
        #expect(try page.number("document.querySelectorAll('#cases').length") == 0)
        #expect(try page.number("document.querySelectorAll('a[rel=prev]').length") == 0)
        try page.press("n", code: "KeyN", keyCode: 78, text: "n")
        try page.waitUntil("document.documentElement.dataset.mutant === \(jsString(rows[1].id))")
        try page.press("p", code: "KeyP", keyCode: 80, text: "p")
        try page.waitUntil("document.documentElement.dataset.mutant === \(jsString(rows[0].id))")
        try noConsoleMessages(page)
    }
}

/// No console message, exception or log entry on `page` so far.
func noConsoleMessages(_ page: Page, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let messages = try page.consoleMessages()
    #expect(messages.isEmpty, "\(messages)", sourceLocation: sourceLocation)
}

/// The errors `mutate` writes.
final class Errors: @unchecked Sendable {
    private var lines: [String] = []
    private let lock = NSLock()
    func add(_ s: String) { lock.withLock { lines.append(s) } }
    var all: [String] { lock.withLock { lines } }
}
