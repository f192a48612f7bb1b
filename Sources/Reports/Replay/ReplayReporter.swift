import Diagnostics
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
        for (i, r) in results.enumerated() { files.append(File(name: pageName(r, index: r.index ?? i), text: page(r))) }
        return files
    }

    /// `index.html`: every case with its status, ticks and first failure, linking to its page.
    /// It depends only on what the JSON report carries, so that `merge` writes it for shards.
    public static func index(_ results: [CaseResult]) -> String {
        var rows: [String] = []
        for (i, r) in results.enumerated() {
            let name = pageName(r, index: r.index ?? i)
            let first =
                (r.failures.first.map { "\($0.location): \($0.message)" }
                    ?? r.diagnostics.first.map { "\($0.location): \($0.message)" }) ?? ""
            rows.append(
                "<tr class=\"\(r.status.rawValue)\"><td class=\"st\">\(r.status.rawValue)</td><td><a "
                    + "href=\"\(html(name))\">\(html(r.name))</a></td>"
                    + "<td>\(html(r.file))</td><td class=\"n\">\(r.ticks)</td><td "
                    + "class=\"msg\">\(html(first))</td></tr>"
            )
        }
        let s = Summary(results)
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>scenerun replay</title>
            <style>\(ReplayAssets.indexStyle)</style></head>
            <body><h1>scenerun replay</h1>
            <p class="summary">\(results.count) cases: \(s.passed) passed, \(s.failed) failed, \(s.invalid) invalid</p>
            \(ReplayMap.render(results) { pageName(results[$0], index: results[$0].index ?? $0) })\
                        <table><thead><tr><th>status</th><th>case</th><th>file</th><th>ticks</th>\
            <th>first failure</th></tr></thead><tbody>
            \(rows.joined(separator: "\n"))
            </tbody></table>
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

    /// One case's page.
    public static func page(_ r: CaseResult) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(html(r.name)) · scenerun replay</title>
        <style>\(ReplayAssets.pageStyle)</style></head>
        <body>
        \(ReplayAssets.pageBody)
        <script id="replay-data" type="application/json">\(script(data(r)))</script>
        <script>\(ReplayAssets.pageScript)</script>
        </body></html>

        """
    }

    // MARK: data

    /// The case as JSON: columns per view (one value per frame), events with their frame.
    static func data(_ r: CaseResult) -> String {
        var o: [String] = []
        o.append("\"name\":\(str(r.name))")
        o.append("\"file\":\(str(r.file))")
        o.append("\"status\":\(str(r.status.rawValue))")
        o.append("\"ticks\":\(r.ticks)")
        func sourceLine(_ l: SourceLocation) -> String {
            let lines = (r.sourceText(of: l.file) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            return l.line >= 1 && l.line <= lines.count ? String(lines[l.line - 1]) : ""
        }
        func loc(_ l: SourceLocation) -> String {
            "\(str("\(l.file):\(l.line):\(l.column)")),\"line\":\(str(sourceLine(l)))"
        }
        o.append(
            "\"diagnostics\":["
                + r.diagnostics.map { "{\"loc\":\(loc($0.location)),\"msg\":\(str($0.message))}" }.joined(
                    separator: ",") + "]")
        guard let rec = r.recording else {
            o.append(
                "\"failures\":["
                    + r.failures.map { "{\"loc\":\(loc($0.location)),\"msg\":\(str($0.message)),\"f\":-1,\"view\":-1}" }
                    .joined(separator: ",") + "]")
            return "{" + o.joined(separator: ",") + "}"
        }
        let frames = rec.frames
        o.append("\"world\":[\(num(rec.worldSize.x, 2)),\(num(rec.worldSize.y, 2))]")
        o.append("\"fps\":\(num(rec.frameRate, 3))")
        o.append("\"t\":" + list(frames.map { num($0.time, 4) }))
        o.append("\"run\":" + list(frames.map { $0.running ? "1" : "0" }))
        var views: [String] = []
        for (i, v) in rec.views.enumerated() {
            func col(_ d: Int, _ f: (CaseRecording.ViewFrame) -> Double) -> String {
                list(frames.map { num(f($0.views[i]), d) })
            }
            let path = list(v.path.map { "[\(num($0.x, 2)),\(num($0.y, 2))]" })
            views.append(
                "{\"name\":\(str(v.name)),\"shape\":\(str(v.shape)),\"path\":\(path),\"hidden\":\(v.hidden)"
                    + ",\"cx\":\(col(2) { $0.center.x }),\"cy\":\(col(2) { $0.center.y })"
                    + ",\"w\":\(col(2) { $0.size.x }),\"h\":\(col(2) { $0.size.y })"
                    + ",\"r\":\(col(4) { $0.rotation }),\"s\":\(col(4) { $0.scale }),\"a\":\(col(3) { $0.alpha })"
                    + ",\"vx\":\(col(1) { $0.velocity.x }),\"vy\":\(col(1) { $0.velocity.y })"
                    + ",\"rm\":\(col(0) { $0.removed ? 1 : 0 })}")
        }
        o.append("\"views\":[" + views.joined(separator: ",\n") + "]")
        o.append("\"gestures\":" + list(rec.gestureNames.map(str)))
        o.append(
            "\"touch\":"
                + list(
                    frames.map { f in
                        f.touch.map {
                            let point = "\(num($0.point.x, 2)),\(num($0.point.y, 2))"
                            return "[\($0.gesture),\(point),\(str($0.state)),\($0.down ? 1 : 0)]"
                        } ?? "0"
                    }))
        o.append(
            "\"fingers\":"
                + list(frames.map { f in list(f.fingers.map { "[\(num($0.x, 2)),\(num($0.y, 2))]" }) }))
        o.append("\"scrolls\":" + scrollWindows(frames))
        o.append("\"behaviors\":" + list(rec.behaviorNames.map(str)))
        // Behaviour geometry: each distinct guide once, then per frame the guides it shows.
        var guideIndex: [CaseRecording.Guide: Int] = [:]
        var guides: [String] = []
        var guideAt: [String] = []
        for f in frames {
            var ids: [String] = []
            for g in f.guides {
                let index = guideIndex[g] ?? guides.count
                if guideIndex[g] == nil {
                    guideIndex[g] = index
                    let pts = list(g.points.map { "[\(num($0.x, 2)),\(num($0.y, 2))]" })
                    guides.append("[\(g.behavior),\(str(g.kind)),\(pts),\(g.closed ? 1 : 0),\(str(g.label))]")
                }
                ids.append(String(index))
            }
            guideAt.append(list(ids))
        }
        o.append("\"guides\":" + list(guides))
        o.append("\"guideAt\":" + list(guideAt))
        o.append("\"active\":" + list(frames.map { f in list(f.behaviors.map { String($0) }) }))
        var transitions: [String] = []
        for (i, name) in rec.transitionNames.enumerated() {
            let states = list(frames.map { str($0.transitions[i].state) })
            let progress = list(frames.map { num($0.transitions[i].progress, 4) })
            transitions.append("{\"name\":\(str(name)),\"state\":\(states),\"p\":\(progress)}")
        }
        o.append("\"transitions\":[" + transitions.joined(separator: ",") + "]")
        o.append(
            "\"contacts\":"
                + list(
                    rec.contacts.map { c in
                        let other =
                            c.other.isEmpty
                            ? (c.boundary.isEmpty ? "reference bounds" : "boundary " + c.boundary) : c.other
                        let label = str(c.item + (other.isEmpty ? "" : " – " + other))
                        return "[\(c.frame),\(num(c.point.x, 2)),\(num(c.point.y, 2)),\(c.began ? 1 : 0),\(label)]"
                    }))
        o.append("\"haptics\":" + list(rec.haptics.map { "[\($0.frame),\(str($0.style))]" }))
        o.append("\"notes\":" + list(rec.notes.map { "[\($0.frame),\(str($0.text))]" }))
        o.append(
            "\"checkpoints\":"
                + list(
                    rec.checkpoints.map { c in
                        let ghosts = list(
                            c.ghosts.map {
                                let center = "\(num($0.center.x, 2)),\(num($0.center.y, 2))"
                                let frame = "\(center),\(num($0.size.x, 2)),\(num($0.size.y, 2))"
                                return "[\($0.view),\(frame),\(num($0.rotation, 4)),\(num($0.scale, 4))]"
                            })
                        return
                            "{\"f\":\(c.frame),\"loc\":\(loc(c.location)),\"passed\":\(c.passed),\"ghosts\":\(ghosts)}"
                    }))
        o.append(
            "\"failures\":"
                + list(
                    r.failures.enumerated().map { (k, x) in
                        let f = k < rec.failureFrames.count ? rec.failureFrames[k] : frames.count - 1
                        let v = k < rec.failureViews.count ? (rec.failureViews[k] ?? -1) : -1
                        return "{\"loc\":\(loc(x.location)),\"msg\":\(str(x.message)),\"f\":\(f),\"view\":\(v)}"
                    }))
        return "{" + o.joined(separator: ",\n") + "}"
    }

    /// Each scroll view's window over its content, one value per frame: the offset the screen
    /// shows, the content size, the insets (top, left, bottom, right) and the zoom scale.
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
                    + ",\"z\":\(col(4) { $0.zoomScale })}")
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
