import Expectations
import Foundation
import Reports
import Results
import SceneLoader
import Testing

/// A headless Chromium, if one is installed (`CHROMIUM` names another binary); nil otherwise.
let chromium: String? = {
    let fm = FileManager.default
    let env = ProcessInfo.processInfo.environment["CHROMIUM"].map { [$0] } ?? []
    return
        (env + [
            "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable",
        ])
        .first { fm.isExecutableFile(atPath: $0) }
}()

/// Why a browser test is skipped (reported as skipped by the test runner, never as passed).
let noChromium: Comment = "no chromium binary: install Debian's `chromium` package, as .ci/run does, or set CHROMIUM"

/// Runs Chromium headless on `url` with `args`; returns its standard output and error.
func runChromium(_ args: [String], url: String, in dir: URL) throws -> (out: String, err: String, code: Int32) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: chromium!)
    let profile = dir.appendingPathComponent("profile-\(UUID().uuidString)")
    p.arguments =
        [
            "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
            "--force-device-scale-factor=1", "--hide-scrollbars",
        ] + args + [url]
    let outURL = dir.appendingPathComponent("out-\(UUID().uuidString)")
    let errURL = dir.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    p.standardOutput = out
    p.standardError = err
    p.standardInput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    try out.close(); try err.close()
    defer { try? FileManager.default.removeItem(at: profile) }
    return (
        try String(contentsOf: outURL, encoding: .utf8), try String(contentsOf: errURL, encoding: .utf8),
        p.terminationStatus
    )
}

/// The page's console messages as Chromium logs them (`…:INFO:CONSOLE(12)] "message", source: …`).
func consoleLines(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
}

func writeReplay(_ results: [CaseResult], to dir: URL) throws {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for f in ReplayReporter.render(results) {
        try f.text.write(to: dir.appendingPathComponent(f.name), atomically: true, encoding: .utf8)
    }
}

func temporaryFolder(_ name: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: dir)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

@Suite struct BrowserTests {
    /// The index, every shipped case's page, a failing case, one stopped by a run-time error and
    /// one that never ran, loaded at once in frames
    /// of one page: each case page reports its self-check (the drawing agrees with the data, the
    /// keys, scrubber, speeds and play button work) to the parent, and Chromium logs no console
    /// message at all (no error, no warning).
    @Test(.enabled(if: chromium != nil, noChromium)) func everyShippedReplayLoadsWithoutConsoleErrors() throws {
        let dir = try temporaryFolder("replay-load")
        defer { try? FileManager.default.removeItem(at: dir) }
        let invalid = CaseResult(
            file: "scenes/invalid/x.yaml", name: "never ran", status: .invalid,
            diagnostics: [.init("unknown key", at: .init(file: "scenes/invalid/x.yaml", line: 1, column: 1))])
        // A failing case (opens at its failure, with ghosts and notes) and one a run-time error stops.
        let failing = recorded(try SceneFile.load(path: "fail.yaml", text: failingScene)[0])
        let stopped = recorded(
            try SceneFile.load(
                path: "stop.yaml",
                text: """
                    name: Stopped by a run-time error
                    views:
                      box: { frame: [100, 100, 50, 50] }
                    behaviors:
                      fall: { gravity: { items: [box] }, active: true }
                    script:
                      - wait: 0.3
                      - set: { box.alpha: 2 }

                    """)[0])
        #expect(failing.status == .failed && stopped.status == .invalid && stopped.recording != nil)
        let results = shipped + [failing, stopped, invalid]
        try writeReplay(results, to: dir)
        let pages = ReplayReporter.render(results).map(\.name)
        #expect(pages.count == results.count + 1)
        let harness = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>check</title></head><body>
            <pre id="result">pending</pre>
            <script>
            const pages = [\(pages.dropFirst().map { "\"\($0)\"" }.joined(separator: ","))];
            const got = {};
            window.addEventListener("message", function (ev) {
              if (!ev.data || !ev.data.page) return;
              got[ev.data.page] = ev.data.ok + " " + ev.data.text;
              const lines = pages.map(function (p) { return p + ": " + (got[p] || "no answer"); });
              document.getElementById("result").textContent = lines.join("\\n");
            });
            for (const p of ["index.html"].concat(pages)) {
              const f = document.createElement("iframe");
              f.src = p; f.width = 1000; f.height = 700;
              document.body.appendChild(f);
            }
            </script></body></html>
            """
        try harness.write(to: dir.appendingPathComponent("check.html"), atomically: true, encoding: .utf8)
        let start = Date()
        let r = try runChromium(
            ["--virtual-time-budget=20000", "--dump-dom"], url: dir.appendingPathComponent("check.html").absoluteString,
            in: dir)
        print(
            "chromium loaded \(pages.count - 1) replay pages in \(String(format: "%.2f", Date().timeIntervalSince(start))) s"
        )
        #expect(r.code == 0, "\(r.err)")
        let console = consoleLines(r.err)
        #expect(console.isEmpty, "console messages:\n\(console.joined(separator: "\n"))")
        guard let a = r.out.range(of: "<pre id=\"result\">"),
            let b = r.out.range(of: "</pre>", range: a.upperBound..<r.out.endIndex)
        else {
            Issue.record("no result in the dumped page:\n\(r.out.prefix(2000))")
            return
        }
        let lines = r.out[a.upperBound..<b.lowerBound].split(separator: "\n").map(String.init)
        #expect(lines.count == pages.count - 1)
        for l in lines { #expect(l.contains(": true selfcheck: ok"), "\(l)") }
        // its first failure
        #expect(lines.contains { $0.contains("snap-expected-at-the-wrong-point") && $0.hasSuffix("shown tick 30") })
        // where it stopped
        #expect(lines.contains { $0.contains("stopped-by-a-run-time-error") && $0.hasSuffix("shown tick 18") })
        print(lines.joined(separator: "\n"))
    }

    /// The index of a replay with two sweeps — the shipped shade sweep and one whose cases fail
    /// on one side of its map — loads with no console message; its grids have a cell per case,
    /// each linking to a page that exists, the failing cases marked, a legend per map.
    @Test(.enabled(if: chromium != nil, noChromium)) func theIndexShowsEachSweepAsAGridOfLinksToItsPages() throws {
        let dir = try temporaryFolder("replay-map")
        defer { try? FileManager.default.removeItem(at: dir) }
        let shade = shipped.filter { $0.sweep != nil }
        let dropped = try SceneFile.load(
            path: "drop.yaml",
            text: """
                name: Box dropped
                sweep:
                  g: [0.5, 1, 2]
                  t: [0.2, 0.4, 0.6]
                outcome: "box.y > 150"
                views:
                  box: { frame: [100, 100, 50, 50] }
                behaviors:
                  fall: { gravity: { items: [box], magnitude: "g" }, active: true }
                script:
                  - wait: "t"
                expect:
                  that: ["box.y < 250"]

                """
        ).map(recorded)
        #expect(shade.count == 63 && dropped.count == 9)
        let failing = dropped.filter { $0.status == .failed }.count
        #expect(failing > 0 && failing < 9, "some cases of the second sweep fail")
        try writeReplay(shade + dropped, to: dir)
        let r = try runChromium(
            ["--window-size=1000,900", "--dump-dom"], url: dir.appendingPathComponent("index.html").absoluteString,
            in: dir)
        #expect(r.code == 0, "\(r.err)")
        #expect(consoleLines(r.err).isEmpty, "\(consoleLines(r.err))")
        let dom = r.out
        #expect(dom.components(separatedBy: "<table class=\"grid\">").count == 3, "two grids")
        #expect(dom.contains("cancelled (47)") && dom.contains("completed (16)"), "the shade's legend")
        // Every cell links to a page of the folder.
        let cells = dom.components(separatedBy: "<td class=\"o").dropFirst()
        #expect(cells.count == 63 + 9)
        var links = Set<String>()
        for c in cells {
            guard let h = c.range(of: "href=\"") else {
                Issue.record("a cell without a link: \(c.prefix(200))"); continue
            }
            let href = String(c[h.upperBound...].prefix { $0 != "\"" })
            links.insert(href)
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(href).path), "\(href)")
        }
        #expect(links.count == 72, "each cell its own page")
        #expect(
            cells.filter { $0.hasPrefix("0 bad") || $0.hasPrefix("1 bad") }.count == failing, "failing cases are marked"
        )
        #expect(dom.contains("did not pass (\(failing))"))
        // The shade's cell at v=1500, y=300 is its completed case's page.
        let page = try #require(shade.firstIndex { $0.name.hasSuffix("[v=1500, y=300]") })
        let name = ReplayReporter.pageName(shade[page], index: page)
        #expect(dom.contains("<a href=\"\(name)\" title=\"v=1500, y=300: completed\">O</a>"))
    }

    /// A screenshot of the seed card's replay scrubbed (`#tick=N`) to where it has turned most
    /// while still on screen: the pixels at its centre and in a corner that only the turned card
    /// covers have its colour; a point the unturned card would cover, and where it started, do not.
    @Test(.enabled(if: chromium != nil, noChromium)) func screenshotShowsTheCardWhereTheTraceSaysAtTheScrubbedTick()
        throws
    {
        let r = try #require(shipped.first { $0.name == "Card flicked off screen" })
        let rec = try #require(r.recording)
        let dir = try temporaryFolder("replay-shot")
        defer { try? FileManager.default.removeItem(at: dir) }
        try writeReplay([r], to: dir)
        let page = dir.appendingPathComponent(ReplayReporter.pageName(r, index: 0))
        let card = 0
        let world = rec.worldSize
        // The tick where the card has turned most with its centre well inside the world, no finger on it.
        let tick = try #require(
            rec.frames.indices.filter { i in
                let v = rec.frames[i].views[card]
                return rec.frames[i].touch == nil && !v.removed && v.center.x > 60 && v.center.x < world.x - 60
                    && v.center.y > 60 && v.center.y < world.y - 60
            }.max { abs(rec.frames[$0].views[card].rotation) < abs(rec.frames[$1].views[card].rotation) })
        let v = rec.frames[tick].views[card]
        #expect(abs(v.rotation) > 0.5, "the card turns while dragged and flung")
        let url = page.absoluteString + "#tick=\(tick)"
        // The page's own mapping from scene points to pixels, then the screenshot, in parallel.
        let shot = dir.appendingPathComponent("shot.png")
        nonisolated(unsafe) var dom: (out: String, err: String, code: Int32)?
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            dom = try? runChromium(["--window-size=1100,900", "--dump-dom"], url: url, in: dir)
            group.leave()
        }
        let s = try runChromium(["--window-size=1100,900", "--screenshot=\(shot.path)"], url: url, in: dir)
        group.wait()
        #expect(s.code == 0, "\(s.err)")
        let d = try #require(dom)
        #expect(consoleLines(d.err).isEmpty && consoleLines(s.err).isEmpty, "\(consoleLines(d.err + s.err))")
        #expect(d.out.contains("data-ok=\"true\""))
        #expect(d.out.contains("shown tick \(tick)"))
        guard let m = d.out.range(of: "data-ctm=\"") else { Issue.record("no data-ctm in the page"); return }
        let ctm = d.out[m.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        try #require(ctm.count == 6)
        let png = try PNGImage([UInt8](try Data(contentsOf: shot)))
        #expect(png.width == 1100 && png.height == 900)
        func pixel(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            png.rgb(
                Int((ctm[0] * x + ctm[2] * y + ctm[4]).rounded(.down)),
                Int((ctm[1] * x + ctm[3] * y + ctm[5]).rounded(.down)))
        }
        /// A point of the card's own coordinates (from its centre, before it turns) in the scene.
        func scene(_ lx: Double, _ ly: Double, rotation: Double) -> (Double, Double) {
            (v.center.x + cos(rotation) * lx - sin(rotation) * ly, v.center.y + sin(rotation) * lx + cos(rotation) * ly)
        }
        let blue = (78, 121, 167)  // the first view's colour, #4e79a7, at alpha 1
        func near(_ p: (Int, Int, Int), _ q: (Int, Int, Int)) -> Bool {
            abs(p.0 - q.0) + abs(p.1 - q.1) + abs(p.2 - q.2) <= 6
        }
        #expect(v.alpha == 1)
        let (w, h) = (v.size.x, v.size.y)
        let centre = pixel(v.center.x, v.center.y)
        #expect(near(centre, blue), "centre of the card at tick \(tick): \(centre)")
        // Inside the turned card, outside the unturned one (checked here in the card's own frame).
        let inside = scene(0.42 * w, 0.42 * h, rotation: 0)
        let unturnedOnly = scene(0.45 * w, -0.45 * h, rotation: 0)
        func insideTurned(_ p: (Double, Double)) -> Bool {
            let dx = p.0 - v.center.x
            let dy = p.1 - v.center.y
            let lx = cos(v.rotation) * dx + sin(v.rotation) * dy
            let ly = -sin(v.rotation) * dx + cos(v.rotation) * dy
            return abs(lx) < w / 2 - 8 && abs(ly) < h / 2 - 8
        }
        let turnedCorner = scene(0.42 * w, 0.42 * h, rotation: v.rotation)
        #expect(
            near(pixel(turnedCorner.0, turnedCorner.1), blue),
            "a corner of the turned card: \(pixel(turnedCorner.0, turnedCorner.1))")
        if !insideTurned(inside) {
            #expect(
                !near(pixel(inside.0, inside.1), blue),
                "where the unturned card's corner would be: \(pixel(inside.0, inside.1))")
        }
        if !insideTurned(unturnedOnly) {
            #expect(
                !near(pixel(unturnedOnly.0, unturnedOnly.1), blue), "where the unturned card's other corner would be")
        }
        #expect(
            !insideTurned(inside) || !insideTurned(unturnedOnly), "the test needs a point only the unturned card covers"
        )
        let start = rec.frames[0].views[card].center
        if !insideTurned((start.x, start.y)) {
            #expect(!near(pixel(start.x, start.y), blue), "where the card started: \(pixel(start.x, start.y))")
        }
        print(
            "screenshot at tick \(tick): card centre [\(v.center.x), \(v.center.y)] rotation \(v.rotation) rad; centre pixel \(centre), turned corner \(pixel(turnedCorner.0, turnedCorner.1)), unturned corners \(pixel(inside.0, inside.1)) \(pixel(unturnedOnly.0, unturnedOnly.1)), start \(pixel(start.x, start.y))"
        )
        if let keep = ProcessInfo.processInfo.environment["SCENERUN_KEEP_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: shot, to: URL(fileURLWithPath: keep))
        }
    }
}
