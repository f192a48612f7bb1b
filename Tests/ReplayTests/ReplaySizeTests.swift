import Foundation
import Reports
import Results
import SceneLoader
import Testing

/// The sizes viewer.md holds the replay to: a 10 s case's page under 300 KB, and an index of
/// 1 000 cases that works in Chromium (its load time is measured, not bounded: no wall-clock
/// bounds in tests; docs/replay.md gives the figure and how it was measured).
@Suite(.serialized) struct ReplaySizeTests {
    /// The seed scene, `scenes/shade.yaml`, with 10 s more at the end of its script: 15.5 s of
    /// scene time, every tick recorded.
    @Test func theSeedSceneRunForTenSecondsMoreMakesAPageUnder300KB() throws {
        let path = repo.appendingPathComponent("scenes/shade.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let longer = text.replacingOccurrences(of: "\nexpect:\n", with: "\n  - wait: 10\nexpect:\n")
        #expect(longer != text)
        let r = recorded(try SceneFile.load(path: path, text: longer)[0])
        #expect(r.time >= 10, "\(r.time) s")
        let page = ReplayReporter.page(r, name: "001-shade.html")
        #expect(page.utf8.count < 300_000, "\(page.utf8.count) bytes for \(r.time) s")
    }

    /// 1 000 cases (the shipped ones, again and again, every third failed): every row is listed,
    /// the search and the status filter find what they should, the links go to the right rows.
    @Test(.enabled(if: chromium != nil, noChromium)) func anIndexOfAThousandCasesWorks() throws {
        let dir = try temporaryFolder("replay-thousand")
        defer { try? FileManager.default.removeItem(at: dir) }
        var results: [CaseResult] = []
        for i in 0..<1000 {
            var r = shipped[i % shipped.count]
            r.recording = nil
            r.name += " #\(i)"
            r.index = i
            if i % 3 == 0 { r.status = .failed }
            results.append(r)
        }
        let index = ReplayReporter.index(results)
        try index.write(to: dir.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let browser = try Browser()
        let page = try browser.open(dir.appendingPathComponent("index.html").absoluteString)
        try page.waitUntil("document.documentElement.dataset.ready === 'true'")
        // Measured, not bounded (the figure docs/replay.md gives): navigation start to the end of the load event.
        try page.waitUntil("performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
        let loaded = try page.number("performance.getEntriesByType('navigation')[0].loadEventEnd")
        print("ReplaySizeTests: an index of 1000 cases (\(index.utf8.count) bytes) loaded in \(Int(loaded)) ms")
        #expect(try page.number("document.querySelectorAll('#cases tbody tr').length") == 1000)
        try page.eval(
            "const s = document.getElementById('status'); s.value = 'failed'; s.dispatchEvent(new Event('change'))")
        #expect(try page.number("document.querySelectorAll('#cases tbody tr:not([hidden])').length") == 334)
        try page.click("#search")
        try page.type("#99")
        // #99 and #990 … #999: failed are #99, #990, #993, #996, #999.
        #expect(try page.number("document.querySelectorAll('#cases tbody tr:not([hidden])').length") == 5)
        // A change of the hash alone loads nothing: the index reads it on hashchange.
        try page.navigate(dir.appendingPathComponent("index.html").absoluteString + "#after=1000-x.html")
        try page.waitUntil("document.getElementById('found').textContent.startsWith('no case')")
        #expect(try page.string("document.getElementById('found').textContent") == "no case 1000-x.html")
        try noConsoleMessages(page)
    }
}
