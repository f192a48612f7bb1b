import Diagnostics
import Expressions
import Results

/// `--replay DIR`: one self-contained HTML page per case (data, script and style inline; no
/// network) and an index. Every byte follows from the run: no timestamps, no random ids.
public struct ReplayReporter: Reporter {
    public init() {}
    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        Self.render(results).map { ReportFile(name: $0.name, text: $0.text) }
    }
    /// A file the replay writes: its name in the folder and its text.
    public struct File: Sendable {
        public var name: String
        public var text: String
    }

    /// The index and one page per case, in report order.
    public static func render(_ results: [CaseResult]) -> [File] {
        var files = [File(name: "index.html", text: index(results))]
        for (i, r) in results.enumerated() {
            let name = pageName(r, index: r.index ?? i)
            files.append(File(name: name, text: page(r, name: name)))
        }
        return files
    }

    /// `index.html`: every case with its status, scene time, ticks and first failure, linking to
    /// its page; a search box and a status filter above the list. It depends only on what the
    /// JSON report carries, so that `merge` writes it for shards.
    public static func index(_ results: [CaseResult]) -> String {
        var rows: [String] = []
        for (i, r) in results.enumerated() {
            let name = pageName(r, index: r.index ?? i)
            let first =
                (r.failures.first.map { "\($0.location): \($0.message)" }
                    ?? r.diagnostics.first.map { "\($0.location): \($0.message)" }) ?? ""
            rows.append(
                "<tr class=\"\(r.status.rawValue)\" data-status=\"\(r.status.rawValue)\"><td class=\"st\">"
                    + "\(r.status.rawValue)</td><td><a href=\"\(html(name))\">\(html(r.name))</a></td>"
                    + "<td>\(html(r.file))</td><td class=\"n\">\(formatFixed(r.time, decimals: 3)) s</td>"
                    + "<td class=\"n\">\(r.ticks)</td><td class=\"msg\">\(html(first))</td></tr>"
            )
        }
        let s = Summary(results)
        let options =
            ["<option value=\"\">every status (\(results.count))</option>"]
            + [("failed", s.failed), ("invalid", s.invalid), ("passed", s.passed)].map { st, n in
                "<option value=\"\(st)\">\(st) (\(n))</option>"
            }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>scenerun replay</title>
            <style>\(ReplayAssets.indexStyle)</style></head>
            <body><h1>scenerun replay</h1>
            <p class="summary">\(results.count) cases: \(s.passed) passed, \(s.failed) failed, \(s.invalid) invalid</p>
            \(ReplayMap.render(results) { pageName(results[$0], index: results[$0].index ?? $0) })\
            <p class="find"><input id="search" type="search" placeholder="search cases (/)" \
            aria-label="search the cases">\
            <select id="status" aria-label="show the cases of one status">\(options.joined())</select>\
            <span id="found">\(results.count) cases</span></p>
            <table id="cases"><thead><tr><th>status</th><th>case</th><th>file</th><th>time</th><th>ticks</th>\
            <th>first failure</th></tr></thead><tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
            <script>\(ReplayAssets.indexScript)</script>
            </body></html>

            """
    }

    /// `003-shade-presented.html`: the case's place in the whole run (1-based: a shard's pages
    /// keep the unsharded run's names) and its name, in characters a file system and a URL take
    /// as they are.
    public static func pageName(_ r: CaseResult, index: Int) -> String {
        var slug = ""
        for c in r.name.lowercased().unicodeScalars {
            if ("a"..."z").contains(c) || ("0"..."9").contains(c) {
                slug.unicodeScalars.append(c)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        // keeps a variant's name
        if slug.count > 60 { slug = String(slug.prefix(36)) + "--" + String(slug.suffix(22)) }
        let n = String(index + 1)
        return String(repeating: "0", count: Swift.max(0, 3 - n.count)) + n + (slug.isEmpty ? "" : "-" + slug) + ".html"
    }

    /// One case's page, named `name` in its folder (a page name is letters, digits, `-` and
    /// `.html`: it stands in a URL as it is). It links to the index (`a[rel=index]`) and, through
    /// it, to the cases around it: `a[rel=prev]` is `index.html#before=NAME`, which the index
    /// forwards to the page above this one in its list, `a[rel=next]` (`#after=NAME`) to the one
    /// below. A page cannot name its neighbours itself: a shard's pages are the unsharded run's,
    /// byte for byte, and only the index (`merge` writes it for the shards) knows every case.
    public static func page(_ r: CaseResult, name: String? = nil) -> String {
        var links = "<a rel=\"index\" href=\"index.html\" title=\"every case\">all cases</a>"
        if let me = name.map(html) {
            links =
                "<a rel=\"prev\" href=\"index.html#before=\(me)\" title=\"the previous case (p)\">← previous</a>"
                + links + "<a rel=\"next\" href=\"index.html#after=\(me)\" title=\"the next case (n)\">next →</a>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(html(r.name)) · scenerun replay</title>
            <style>\(ReplayAssets.pageStyle)</style></head>
            <body>
            <header><span id="status" class="badge"></span><h1 id="title"></h1><span id="file"></span>\
            <nav>\(links)</nav></header>
            \(ReplayAssets.pageBody)
            <script id="replay-data" type="application/json">\(script(data(r)))</script>
            <script>\(ReplayAssets.pageScript)</script>
            </body></html>

            """
    }

    /// Each scroll view's window over its content, one value per frame: the offset the screen
    /// shows, the content size, the insets (top, left, bottom, right), the zoom scale, and
    /// whether a finger drags it (`drag`) or it moves on its own (`dec`).
    static func scrollWindows(_ frames: [CaseRecording.Frame]) -> String {
        guard let first = frames.first else { return "[]" }
        var out: [String] = []
        for (j, w) in first.scrollWindows.enumerated() {
            let ws = frames.map { j < $0.scrollWindows.count ? $0.scrollWindows[j] : w }
            func col(_ d: Int, _ f: (CaseRecording.ScrollWindow) -> Double) -> String { list(ws.map { num(f($0), d) }) }
            out.append(
                "{\"view\":\(w.view),\"ox\":\(col(2) { $0.offset.x }),\"oy\":\(col(2) { $0.offset.y })"
                    + ",\"cw\":\(col(2) { $0.contentSize.x }),\"ch\":\(col(2) { $0.contentSize.y })"
                    + ",\"it\":\(col(2) { $0.inset.top }),\"il\":\(col(2) { $0.inset.left })"
                    + ",\"ib\":\(col(2) { $0.inset.bottom }),\"ir\":\(col(2) { $0.inset.right })"
                    + ",\"z\":\(col(4) { $0.zoomScale })"
                    + ",\"drag\":\(col(0) { $0.isDragging ? 1 : 0 }),\"dec\":\(col(0) { $0.isDecelerating ? 1 : 0 })}")
        }
        return "[" + out.joined(separator: ",\n") + "]"
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// A number rounded to `decimals`, in the shortest form that reads back as that value.
    static func num(_ x: Double, _ decimals: Int) -> String {
        guard x.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (x * scale).rounded() / scale
        if r == 0 { return "0" }
        if Swift.abs(r) < 1e15, r == r.rounded() { return String(Int(r)) }
        return "\(r)"
    }

    /// A JSON string that can stand inside a `<script>` element (never `</script>` in the data).
    static func str(_ s: String) -> String { JSONReporter.string(s, forScript: true) }

    /// JSON inside a script element: `str` already escaped every `<`.
    static func script(_ json: String) -> String { json }

    /// Text for HTML: the XML escaping of the JUnit report, which HTML reads the same way.
    static func html(_ s: String) -> String { JUnitReporter.xml(s) }
}
