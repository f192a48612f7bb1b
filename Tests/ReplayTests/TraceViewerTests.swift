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
        #expect(try page.string("document.querySelector('a[rel=prev]').getAttribute('href')") == names[i - 1])
        #expect(try page.string("document.querySelector('a[rel=next]').getAttribute('href')") == names[i + 1])
        #expect(try page.string("document.querySelector('a[rel=index]').getAttribute('href')") == "index.html")
        // Clicking `next` opens the next case; `p` goes back.
        try page.click("a[rel=next]")
        _ = try browser.waitForEvent("Page.loadEventFired", session: page.session)
        #expect(try page.string("document.getElementById('title').textContent") == results[i + 1].name)
        try page.press("p", code: "KeyP", keyCode: 80, text: "p")
        _ = try browser.waitForEvent("Page.loadEventFired", session: page.session)
        #expect(try page.string("document.getElementById('title').textContent") == results[i].name)
        // The first page has no previous, the last no next.
        try page.navigate(dir.appendingPathComponent(names[0]).absoluteString)
        #expect(try page.number("document.querySelectorAll('a[rel=prev]').length") == 0)
        try page.navigate(dir.appendingPathComponent(names[names.count - 1]).absoluteString)
        #expect(try page.number("document.querySelectorAll('a[rel=next]').length") == 0)
        try page.click("a[rel=index]")
        _ = try browser.waitForEvent("Page.loadEventFired", session: page.session)

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
}
