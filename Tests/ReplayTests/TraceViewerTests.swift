import Foundation
import Reports
import Results
import Testing

/// The replay page as a trace viewer, used as a person would in headless Chromium over the
/// DevTools protocol: the action list, its search, the tick in the URL both ways, the links
/// between cases and the index's search and filter, on a seed scene, a gesture scene and a
/// scroll scene; no console message on any page.
@Suite(.serialized) struct TraceViewerTests {
    /// The shipped cases the tests open, by name, and their folder of pages.
    static let cases = [
        "Shade appears on a downward pan",  // the seed scene: a pan, a transition, haptics
        "Card flicked off screen",  // the seed card: a pan, rules, a removal
        "Long press lifts the card, then drags it",  // a gesture scene
        "Paging scroll view with a projected target",  // a scroll scene
    ]

    func folder() throws -> (URL, [CaseResult]) {
        let dir = try temporaryFolder("trace-viewer")
        try writeReplay(shipped, to: dir)
        return (dir, shipped)
    }

    @Test(.enabled(if: chromium != nil, noChromium)) func theActionListShowsEveryStepRuleAndEventAndFollowsTheTick()
        throws
    {
        let (dir, results) = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Browser()
        for name in Self.cases {
            let i = try #require(results.firstIndex { $0.name == name }, "no shipped case \(name)")
            let r = results[i]
            let rec = try #require(r.recording)
            let url = dir.appendingPathComponent(ReplayReporter.pageName(r, index: r.index ?? i)).absoluteString
            let page = try browser.open(url)
            #expect(try page.string("document.getElementById('selfcheck').dataset.ok") == "true", "\(name)")
            // Every step, rule and timer, every event and failure: one entry each, ticks in order.
            let n = rec.actions.count + rec.notes.count + r.failures.count
            #expect(try page.number("document.querySelectorAll('#actions li[data-action]').length") == Double(n))
            #expect(rec.actions.contains { $0.kind == .step } && rec.actions.contains { $0.kind == .rule }, "\(name)")
            let ticks = try #require(
                try page.eval("Array.from(document.querySelectorAll('#actions li')).map(e => Number(e.dataset.tick))")
                    as? [NSNumber]
            ).map(\.intValue)
            #expect(ticks == ticks.sorted() && ticks.allSatisfy { $0 >= 0 && $0 < rec.frames.count })
            // Each step's entry carries its scene line, and shows the step's source text.
            let steps = try #require(
                try page.eval(
                    "Array.from(document.querySelectorAll('#actions li[data-action=step]')).map(e => [e.dataset.line, e.textContent])"
                ) as? [[String]])
            let lines = r.source.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            let recorded = rec.actions.filter { $0.kind == .step }.sorted { $0.frame < $1.frame }
            #expect(steps.count == recorded.count)
            for s in steps {
                let line = try #require(Int(s[0]), "a step without a line: \(s)")
                let text = lines.map { $0[line - 1].trimmingCharacters(in: .whitespaces) } ?? ""
                #expect(text.isEmpty || s[1].contains(text), "\(s) shows line \(line): \(text)")
            }
            // An event has no line; a rule its rule's.
            #expect(
                try page.eval("document.querySelector('#actions li[data-action=event]').dataset.line") as? String == "")
            #expect(
                try page.eval(
                    "Array.from(document.querySelectorAll('#actions li[data-action=rule]')).every(e => /^\\d+$/.test(e.dataset.line))"
                )
                    as? Bool == true)

            // A click on an entry shows its tick: the scrubber, the root's data-shown-tick, the URL.
            let pick = "#actions li[data-action=rule]"
            let tick = try page.number("Number(document.querySelector('\(pick)').dataset.tick)")
            try page.click(pick)
            #expect(try page.number("Number(document.documentElement.dataset.shownTick)") == tick, "\(name)")
            #expect(try page.number("Number(document.getElementById('scrub').value)") == tick)
            try page.waitUntil("location.hash === '#tick=\(Int(tick))'")
            // The entries of the shown tick, and only they, are highlighted.
            #expect(
                try page.eval(
                    "Array.from(document.querySelectorAll('#actions li')).every(e => e.classList.contains('now') === (Number(e.dataset.tick) === \(Int(tick))))"
                ) as? Bool == true)
            // The keys move the tick, and the URL follows.
            try page.press("ArrowRight", code: "ArrowRight", keyCode: 39)
            #expect(try page.number("Number(document.documentElement.dataset.shownTick)") == tick + 1)
            try page.waitUntil("location.hash === '#tick=\(Int(tick) + 1)'")
            // The URL moves the tick: a new fragment, then a page opened at one.
            try page.eval("location.hash = '#tick=3'")
            try page.waitUntil("document.documentElement.dataset.shownTick === '3'")
            try page.navigate("about:blank")
            try page.navigate(url + "#tick=5")
            #expect(try page.string("document.documentElement.dataset.shownTick") == "5")
            #expect(try page.string("document.getElementById('scrub').value") == "5")

            // The search box filters the list (typed, as a person would), and says how many it kept.
            try page.click("#search")
            try page.type("rule")
            let visible = try #require(
                try page.eval(
                    "Array.from(document.querySelectorAll('#actions li')).filter(e => !e.hidden).map(e => e.textContent.toLowerCase())"
                ) as? [String])
            #expect(!visible.isEmpty && visible.allSatisfy { $0.contains("rule") })
            #expect(visible.count == rec.actions.filter { $0.kind == .rule }.count, "only the rules say `rule`")
            #expect(try page.string("document.getElementById('found').textContent") == "\(visible.count) of \(n)")
            try page.waitUntil("location.hash === '#tick=5&q=rule'")
            try page.press("Escape", code: "Escape", keyCode: 27)
            #expect(try page.number("document.querySelectorAll('#actions li:not([hidden])').length") == Double(n))
            let messages = try page.consoleMessages()
            #expect(messages.isEmpty, "\(name): \(messages)")
            try page.close()
        }
    }

    @Test(.enabled(if: chromium != nil, noChromium)) func pagesLinkToTheCasesBeforeAndAfterAndTheIndexFindsCases()
        throws
    {
        let (dir, results) = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Browser()
        let i = try #require(results.firstIndex { $0.name == Self.cases[0] })
        let names = results.enumerated().map { ReplayReporter.pageName($1, index: $1.index ?? $0) }
        let page = try browser.open(dir.appendingPathComponent(names[i]).absoluteString)
        // The links go through the index, which forwards to the case above or below in its list.
        #expect(
            try page.string("document.querySelector('a[rel=prev]').getAttribute('href')")
                == "index.html#before=\(names[i])")
        #expect(
            try page.string("document.querySelector('a[rel=next]').getAttribute('href')")
                == "index.html#after=\(names[i])")
        #expect(try page.string("document.querySelector('a[rel=index]').getAttribute('href')") == "index.html")
        // Clicking `next` opens the next case; `p` goes back.
        func title(_ t: String) -> String {
            "document.getElementById('title') && document.getElementById('title').textContent === \(jsString(t))"
        }
        try page.click("a[rel=next]")
        try page.waitUntil(title(results[i + 1].name))
        #expect(try page.string("location.pathname.split('/').pop()") == names[i + 1])
        try page.press("p", code: "KeyP", keyCode: 80, text: "p")
        try page.waitUntil(title(results[i].name))
        // Before the first page, after the last: the index says there is none.
        try page.navigate(dir.appendingPathComponent(names[0]).absoluteString)
        try page.click("a[rel=prev]")
        try page.waitUntil(
            "document.getElementById('found') && document.getElementById('found').textContent === 'no case before \(names[0])'"
        )
        try page.navigate(dir.appendingPathComponent(names[names.count - 1]).absoluteString)
        try page.press("n", code: "KeyN", keyCode: 78, text: "n")
        try page.waitUntil(
            "document.getElementById('found') && document.getElementById('found').textContent === 'no case after \(names[names.count - 1])'"
        )
        try page.navigate(dir.appendingPathComponent(names[i]).absoluteString)
        try page.click("a[rel=index]")
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")

        // The index: every case with its status and time; the search and the status filter.
        #expect(try page.number("document.querySelectorAll('#cases tbody tr').length") == Double(results.count))
        let shade = results.filter { $0.name.lowercased().contains("shade appears") }.count
        try page.click("#search")
        try page.type("shade appears")
        #expect(try page.number("document.querySelectorAll('#cases tbody tr:not([hidden])').length") == Double(shade))
        try page.waitUntil("location.hash === '#q=shade%20appears'")
        try page.eval(
            "document.getElementById('search').value = ''; document.getElementById('search').dispatchEvent(new Event('input'))"
        )
        try page.eval(
            "const s = document.getElementById('status'); s.value = 'passed'; s.dispatchEvent(new Event('change'))")
        let passed = results.filter { $0.status == .passed }.count
        #expect(try page.number("document.querySelectorAll('#cases tbody tr:not([hidden])').length") == Double(passed))
        #expect(
            try page.eval(
                "Array.from(document.querySelectorAll('#cases tbody tr:not([hidden]) td.st')).every(e => e.textContent === 'passed')"
            )
                as? Bool == true)
        // Opened with a filter in its URL.
        try page.navigate("about:blank")
        try page.navigate(dir.appendingPathComponent("index.html").absoluteString + "#q=card&status=passed")
        let cards = results.filter { $0.status == .passed && ($0.name + $0.file).lowercased().contains("card") }.count
        #expect(cards > 0)
        #expect(try page.number("document.querySelectorAll('#cases tbody tr:not([hidden])').length") >= Double(cards))
        #expect(try page.string("document.getElementById('status').value") == "passed")
        let time = try page.string("document.querySelector('#cases tbody tr td:nth-child(4)').textContent")
        #expect(time.hasSuffix(" s"), "the index shows each case's time: \(time)")
        let messages = try page.consoleMessages()
        #expect(messages.isEmpty, "\(messages)")
    }

    /// Hover shows a view's name, frame, velocity and rotation at the shown tick; the model is
    /// outlined where the screen shows something else; a scroll view's window, content and offset
    /// are drawn where the recording puts them; the property animators' fractions are a plot.
    @Test(.enabled(if: chromium != nil, noChromium)) func hoverModelScrollAndAnimatorsAreDrawnFromTheRecording()
        throws
    {
        let (dir, results) = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Browser()
        func open(_ name: String, tick: Int?) throws -> (Page, CaseResult, CaseRecording) {
            let i = try #require(results.firstIndex { $0.name == name }, "no shipped case \(name)")
            let url = dir.appendingPathComponent(ReplayReporter.pageName(results[i], index: results[i].index ?? i))
            let page = try browser.open(url.absoluteString + (tick.map { "#tick=\($0)" } ?? ""))
            #expect(try page.string("document.getElementById('selfcheck').dataset.ok") == "true", "\(name)")
            return (page, results[i], try #require(results[i].recording))
        }
        func f1(_ x: Double) -> String { String(format: "%.1f", x) }
        for name in Self.cases {
            let i = try #require(results.firstIndex { $0.name == name })
            let rec = try #require(results[i].recording)
            // The view on top at a tick where one is on screen (inside its scroll view's window,
            // which clips the rest of the content) and not under the finger.
            let tick = rec.frames.count / 2
            let (page, _, _) = try open(name, tick: tick)
            func visible(_ i: Int) -> Bool {
                guard let s = rec.views[i].scrollView else { return true }
                let (c, w) = (rec.frames[tick].views[i].center, rec.frames[tick].views[s])
                return abs(c.x - w.center.x) < w.size.x / 2 - 1 && abs(c.y - w.center.y) < w.size.y / 2 - 1
            }
            let k = try #require(
                rec.views.indices.last {
                    !rec.frames[tick].views[$0].removed && !rec.views[$0].hidden
                        && rec.views[$0].shape != "group" && visible($0)
                })
            let v = rec.frames[tick].views[k]
            let ctm = try #require(
                try page.eval(
                    "(function () { const m = document.getElementById('scene').getScreenCTM(); return [m.a, m.b, m.c, m.d, m.e, m.f]; })()"
                )
                    as? [NSNumber]
            ).map(\.doubleValue)
            let x = ctm[0] * v.center.x + ctm[2] * v.center.y + ctm[4]
            let y = ctm[1] * v.center.x + ctm[3] * v.center.y + ctm[5]
            try page.eval("window.scrollTo(0, 0)")
            try page.hover(x: x, y: y)
            let top = try page.string(
                "(function () { const e = document.elementFromPoint(\(x), \(y)); const g = e && e.closest('[data-view]'); return g ? g.dataset.view : ''; })()"
            )
            #expect(!top.isEmpty, "\(name): a view under [\(x), \(y)]")
            try page.waitUntil("document.getElementById('hover').dataset.view === \(jsString(top))")
            let shown = try #require(rec.views.firstIndex { $0.name == top })
            let w = rec.frames[tick].views[shown]
            let (c, s) = (abs(cos(w.rotation)), abs(sin(w.rotation)))
            let (fw, fh) = ((w.size.x * c + w.size.y * s) * w.scale, (w.size.x * s + w.size.y * c) * w.scale)
            let text = try page.string("document.getElementById('hover').textContent")
            let frame = "frame [\(f1(w.center.x - fw / 2)), \(f1(w.center.y - fh / 2)), \(f1(fw)), \(f1(fh))]"
            #expect(text.hasPrefix(top) && text.contains(frame), "\(name): \(text), wanted \(frame)")
            #expect(text.contains("velocity [\(f1(w.velocity.x)), \(f1(w.velocity.y))] pt/s"), "\(text)")
            #expect(text.contains("rotation \(String(format: "%.4f", w.rotation)) rad"), "\(text)")
            #expect(text.hasSuffix("tick \(tick)"))
            // It follows the tick.
            try page.press("ArrowRight", code: "ArrowRight", keyCode: 39)
            #expect(try page.string("document.getElementById('hover').textContent").hasSuffix("tick \(tick + 1)"))
            try page.hover(x: 2, y: 2)
            #expect(try page.eval("document.getElementById('hover').hidden") as? Bool == true)
            #expect(try page.consoleMessages().isEmpty, "\(name)")
            try page.close()
        }

        // The shade: its model (where `set` put it) outlined while the UIView animation follows.
        do {
            let name = Self.cases[0]
            let rec = try #require(results.first { $0.name == name }?.recording)
            let shade = try #require(rec.views.firstIndex { $0.name == "shade" })
            let t = try #require(rec.frames.indices.first { rec.frames[$0].views[shade].model != nil })
            let m = try #require(rec.frames[t].views[shade].model)
            let still = try #require(rec.frames.indices.first { rec.frames[$0].views[shade].model == nil })
            let (page, _, _) = try open(name, tick: t)
            #expect(try page.number("document.querySelectorAll('[data-model=shade]').length") == 1)
            let e = try page.number(
                "document.querySelector('[data-model=shade]').transform.baseVal.consolidate().matrix.f")
            #expect(abs(e - m.center.y) < 1e-3 && abs(m.center.y - rec.frames[t].views[shade].center.y) > 0.01)
            try page.eval("location.hash = '#tick=\(still)'")
            try page.waitUntil("document.documentElement.dataset.shownTick === '\(still)'")
            #expect(try page.number("document.querySelectorAll('[data-model]').length") == 0)
            #expect(try page.consoleMessages().isEmpty)
        }
        // The paging scroll view: its offset at a tick where it has moved, drawn once (one group with
        // its window, content and indicators, where the screen shows the scroll view).
        do {
            let name = Self.cases[3]
            let rec = try #require(results.first { $0.name == name }?.recording)
            #expect(rec.frames[0].scrollWindows.count == 1)
            let t = try #require(rec.frames.indices.first { rec.frames[$0].scrollWindows[0].offset.x > 100 })
            let w = rec.frames[t].scrollWindows[0]
            let o = w.offset
            let (page, _, _) = try open(name, tick: t)
            let view = rec.views[w.view].name
            #expect(
                try page.string("document.querySelector('[data-scroll]').dataset.offset")
                    == "\(ReplayReporterNumbers.num(o.x)),\(ReplayReporterNumbers.num(o.y))")
            for part in ["[data-scroll]", "[data-window]", "[data-content]", "[data-indicator=horizontal]"] {
                #expect(try page.number("document.querySelectorAll('\(part)').length") == 1, "\(part)")
            }
            #expect(try page.number("document.querySelectorAll('[data-indicator=vertical]').length") == 0)
            let place = rec.frames[t].views[w.view].onScreen.center
            let m = "document.querySelector('[data-scroll]').transform.baseVal.consolidate().matrix"
            let (e, f) = (try page.number(m + ".e"), try page.number(m + ".f"))
            #expect(abs(e - place.x) < 0.01 && abs(f - place.y) < 0.01)
            let left = try page.number("document.querySelector('[data-content]').x.baseVal.value")
            #expect(abs(left + o.x + rec.frames[t].views[w.view].size.x / 2) < 0.01)
            // The panel writes the page's offset (the data's, rounded to 0.01 pt) to 0.1 pt, as JavaScript rounds.
            let shown = try page.string(
                "'offset [' + document.querySelector('[data-scroll]').dataset.offset.split(',')"
                    + ".map(function (x) { return Number(x).toFixed(1); }).join(', ') + ']'")
            #expect(abs((Double(shown.dropFirst(8).prefix { $0 != "," }) ?? .nan) - o.x) < 0.051, "\(shown)")
            let panel = try page.string("document.getElementById('scrolls').textContent")
            #expect(panel.contains(shown) && panel.contains("of content 1950.0 × 400.0"), "\(panel)")
            let motion = w.isDragging ? "dragging" : w.isDecelerating ? "decelerating" : "400.0"
            #expect(panel.hasSuffix(motion), "\(panel)")
            #expect(
                try page.string("document.querySelector('[data-scroll] text').textContent").hasPrefix("\(view) offset"))
            #expect(try page.consoleMessages().isEmpty)
        }
        // A scroll view's insets and zoom scale, in the same drawing.
        do {
            let name = "Pull to refresh held at −60 through contentInset"
            let rec = try #require(results.first { $0.name == name }?.recording)
            let t = try #require(rec.frames.indices.first { rec.frames[$0].scrollWindows[0].inset.top > 0 })
            let (page, _, _) = try open(name, tick: t)
            #expect(try page.number("document.querySelectorAll('[data-inset]').length") == 1)
            #expect(try page.string("document.getElementById('scrolls').textContent").contains("insets ["))
            #expect(try page.consoleMessages().isEmpty)
        }
        do {
            let name = "Photo zoom, a double tap to a rect and a pinch past the maximum"
            let rec = try #require(results.first { $0.name == name }?.recording)
            let t = try #require(rec.frames.indices.first { rec.frames[$0].scrollWindows[0].zoomScale > 1.5 })
            let (page, _, _) = try open(name, tick: t)
            #expect(try page.string("document.querySelector('[data-scroll] text').textContent").contains("zoom ×"))
            #expect(try page.consoleMessages().isEmpty)
        }
        // A property animator: its fraction complete as a plot, its state beside it.
        do {
            let name = "Interruptible drawer on a property animator"
            let rec = try #require(results.first { $0.name == name }?.recording)
            #expect(rec.animatorNames == ["open"])
            let (page, _, _) = try open(name, tick: nil)
            let pts = try page.string(
                "document.querySelector('#plots polyline[data-series=open]').getAttribute('points')")
            #expect(pts.split(separator: " ").count == rec.frames.count)
            let mid = try #require(rec.frames.indices.first { rec.frames[$0].animators[0].fractionComplete > 0.3 })
            try page.eval("location.hash = '#tick=\(mid)'")
            try page.waitUntil("document.documentElement.dataset.shownTick === '\(mid)'")
            let a = rec.frames[mid].animators[0]
            let row = try page.string("document.getElementById('animators').textContent")
            #expect(row.contains(a.state) && row.contains(String(format: "%.3f", a.fractionComplete)), "\(row)")
            #expect(try page.consoleMessages().isEmpty)
        }
    }
}

/// The page's numbers as the data writes them (`ReplayReporter.num`, two decimals).
enum ReplayReporterNumbers {
    static func num(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        if r == 0 { return "0" }
        if r == r.rounded() { return String(Int(r)) }
        return "\(r)"
    }
}
