import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol (`--remote-debugging-pipe`: commands
/// on its file descriptor 3, answers and events on 4, each a JSON object ended by a NUL byte), as
/// a person would use a page: open it, click, type, hover, read the DOM, take a screenshot, and
/// collect every console message, exception and log entry it produces.
final class Browser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let writeFD: Int32
    private let readFD: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Events not yet taken, in order.
    private var events: [[String: Any]] = []
    let profile: URL
    /// Seconds a command or a wait may take before the test fails (generous: the machine is shared).
    var timeout = 120.0

    init(width: Int = 1200, height: Int = 900) throws {
        guard let binary = chromium else { throw Failure(description: "no chromium") }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("scenerun-cdp-\(UUID().uuidString)")
        var toChrome: [Int32] = [0, 0]
        var fromChrome: [Int32] = [0, 0]
        guard pipe(&toChrome) == 0, pipe(&fromChrome) == 0 else { throw Failure(description: "pipe failed") }
        // Closed in Chromium by exec, except the two it is given as 3 and 4.
        for fd in toChrome + fromChrome { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let args = [
            binary, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions",
            "--remote-debugging-pipe", "--user-data-dir=\(profile.path)", "--force-device-scale-factor=1",
            "--hide-scrollbars", "--window-size=\(width),\(height)", "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChrome[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChrome[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = args.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, binary, &actions, nil, cArgs, environ)
        close(toChrome[0])
        close(fromChrome[1])
        guard rc == 0 else {
            close(toChrome[1]); close(fromChrome[0])
            throw Failure(description: "posix_spawn \(binary) failed: \(rc)")
        }
        pid = child
        writeFD = toChrome[1]
        readFD = fromChrome[0]
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        _ = try? send("Browser.close")
        close(writeFD)
        // Chromium exits on Browser.close; it is killed if it has not within five seconds.
        var status: Int32 = 0
        var waited = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if waited > 500 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
            waited += 1
        }
        close(readFD)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends a command (to a page's session when `session` is given) and returns its result.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let s = session { message["sessionId"] = s }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var off = 0
            while off < raw.count {
                let n = write(writeFD, raw.baseAddress! + off, raw.count - off)  // unwrap: a non-empty buffer
                if n <= 0 { throw Failure(description: "writing to chromium failed") }
                off += n
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let m = try readMessage(until: deadline)
            if let got = m["id"] as? Int, got == id {
                if let e = m["error"] as? [String: Any] { throw Failure(description: "\(method): \(e)") }
                return m["result"] as? [String: Any] ?? [:]
            }
            if m["method"] != nil { events.append(m) }
        }
    }

    /// The next event named `method` (of `session`, when given), reading until it comes.
    func waitForEvent(
        _ method: String, session: String? = nil, where test: ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let k = events.firstIndex(where: {
                $0["method"] as? String == method && (session == nil || $0["sessionId"] as? String == session)
                    && test($0["params"] as? [String: Any] ?? [:])
            }) {
                return events.remove(at: k)
            }
            let m = try readMessage(until: deadline)
            if m["method"] != nil { events.append(m) }
        }
    }

    /// Takes the events of `session` read so far (for its console messages).
    func takeEvents(session: String) -> [[String: Any]] {
        let mine = events.filter { $0["sessionId"] as? String == session }
        events.removeAll { $0["sessionId"] as? String == session }
        return mine
    }

    /// Reads whatever events have arrived, without waiting.
    func drain() throws {
        while let m = try readMessage(until: Date(), wait: false) { if m["method"] != nil { events.append(m) } }
    }

    private func readMessage(until deadline: Date) throws -> [String: Any] {
        guard let m = try readMessage(until: deadline, wait: true) else {
            throw Failure(description: "chromium did not answer within \(timeout) s")
        }
        return m
    }

    private func readMessage(until deadline: Date, wait: Bool) throws -> [String: Any]? {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let m = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    throw Failure(description: "not a JSON object from chromium")
                }
                return m
            }
            let left = wait ? deadline.timeIntervalSinceNow : 0
            if wait && left <= 0 { return nil }
            var fds = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, Int32(max(0, min(left, 1)) * 1000))
            if ready == 0 {
                if !wait { return nil }
                continue
            }
            if ready < 0 { throw Failure(description: "poll failed") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(readFD, &chunk, chunk.count)
            if n <= 0 { throw Failure(description: "chromium closed its pipe") }
            buffer += chunk[..<n]
        }
    }

    /// Opens `url` in a new page and waits for its load event.
    func open(_ url: String, width: Int = 1200, height: Int = 900) throws -> Page {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetId = target["targetId"] as? String else { throw Failure(description: "no target") }
        let attached = try send("Target.attachToTarget", ["targetId": targetId, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no session") }
        let page = Page(browser: self, session: session, targetId: targetId)
        for domain in ["Page", "Runtime", "Log"] { try send(domain + ".enable", session: session) }
        try send("Page.setLifecycleEventsEnabled", ["enabled": true], session: session)
        try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try page.navigate(url)
        return page
    }
}

/// One page of the browser.
final class Page {
    let browser: Browser
    let session: String
    let targetId: String
    /// Every console message, uncaught exception and log entry of the page so far.
    private(set) var messages: [String] = []

    init(browser: Browser, session: String, targetId: String) {
        self.browser = browser; self.session = session; self.targetId = targetId
    }

    /// Loads `url` (a new document) and waits for its load event.
    func navigate(_ url: String) throws {
        _ = browser.takeEvents(session: session).map(collect)
        let r = try browser.send("Page.navigate", ["url": url], session: session)
        // The load of this navigation, not one of an earlier page still arriving (a link's
        // redirect through the index loads twice); a change of the hash alone loads nothing.
        guard let loader = r["loaderId"] as? String else { return }
        _ = try browser.waitForEvent("Page.lifecycleEvent", session: session) {
            $0["name"] as? String == "load" && $0["loaderId"] as? String == loader
        }
    }

    /// The console messages so far (reading what has arrived).
    func consoleMessages() throws -> [String] {
        try browser.drain()
        for e in browser.takeEvents(session: session) { collect(e) }
        return messages
    }

    private func collect(_ e: [String: Any]) {
        let p = e["params"] as? [String: Any] ?? [:]
        switch e["method"] as? String {
        case "Runtime.consoleAPICalled":
            let args = (p["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "?")" }
            messages.append("console.\(p["type"] ?? "?"): \(args.joined(separator: " "))")
        case "Runtime.exceptionThrown":
            let d = p["exceptionDetails"] as? [String: Any] ?? [:]
            let ex = (d["exception"] as? [String: Any])?["description"] ?? d["text"] ?? "?"
            messages.append("exception: \(ex)")
        case "Log.entryAdded":
            let entry = p["entry"] as? [String: Any] ?? [:]
            messages.append("log.\(entry["level"] ?? "?"): \(entry["text"] ?? "?") \(entry["url"] ?? "")")
        default: break
        }
    }

    /// The value of a JavaScript expression (awaited when it is a promise).
    @discardableResult
    func eval(_ js: String) throws -> Any? {
        let r = try browser.send(
            "Runtime.evaluate", ["expression": js, "returnByValue": true, "awaitPromise": true], session: session)
        if let ex = r["exceptionDetails"] as? [String: Any] {
            let d = (ex["exception"] as? [String: Any])?["description"] ?? ex["text"] ?? "?"
            throw Browser.Failure(description: "evaluating `\(js.prefix(200))`: \(d)")
        }
        return (r["result"] as? [String: Any])?["value"]
    }

    func string(_ js: String) throws -> String { "\(try eval(js) ?? "nil")" }

    func number(_ js: String) throws -> Double {
        guard let n = try eval(js) as? NSNumber else { throw Browser.Failure(description: "`\(js)` is not a number") }
        return n.doubleValue
    }

    /// Waits until `js` is true (polling every 20 ms, up to the browser's timeout; an error while
    /// a new document loads counts as not yet).
    func waitUntil(_ js: String) throws {
        let deadline = Date().addingTimeInterval(browser.timeout)
        while Date() < deadline {
            if (try? eval("!!(\(js))")) as? Bool == true { return }
            usleep(20_000)
        }
        throw Browser.Failure(description: "`\(js)` did not become true")
    }

    /// The centre of the first element `selector` matches, in CSS pixels of the viewport
    /// (scrolled into view first).
    func centre(of selector: String) throws -> (x: Double, y: Double) {
        let js = """
            (function () { const e = document.querySelector(\(jsString(selector)));
              if (!e) return null; e.scrollIntoView({ block: "center", inline: "center" });
              const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """
        guard let p = try eval(js) as? [NSNumber], p.count == 2 else {
            throw Browser.Failure(description: "no element \(selector)")
        }
        return (p[0].doubleValue, p[1].doubleValue)
    }

    /// A real mouse click (pressed and released) at a point of the viewport.
    func click(x: Double, y: Double) throws {
        try mouse("mouseMoved", x, y)
        try mouse("mousePressed", x, y, button: "left", clicks: 1)
        try mouse("mouseReleased", x, y, button: "left", clicks: 1)
    }

    func click(_ selector: String) throws {
        let p = try centre(of: selector)
        try click(x: p.x, y: p.y)
    }

    /// The mouse moved to a point (hover).
    func hover(x: Double, y: Double) throws { try mouse("mouseMoved", x, y) }

    private func mouse(_ type: String, _ x: Double, _ y: Double, button: String = "none", clicks: Int = 0) throws {
        try browser.send(
            "Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": button, "clickCount": clicks],
            session: session)
    }

    /// Types text into the focused element, as a keyboard would (one input event per character).
    func type(_ text: String) throws {
        for c in text { try browser.send("Input.insertText", ["text": String(c)], session: session) }
    }

    /// A key pressed and released (`ArrowRight`, `Escape`, `/`).
    func press(_ key: String, code: String, keyCode: Int, text: String? = nil) throws {
        var down: [String: Any] = [
            "type": text == nil ? "rawKeyDown" : "keyDown", "key": key, "code": code,
            "windowsVirtualKeyCode": keyCode,
        ]
        if let t = text { down["text"] = t }
        try browser.send("Input.dispatchKeyEvent", down, session: session)
        try browser.send(
            "Input.dispatchKeyEvent", ["type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": keyCode],
            session: session)
    }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        let r = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let b = r["data"] as? String, let d = Data(base64Encoded: b) else {
            throw Browser.Failure(description: "no screenshot")
        }
        return d
    }

    func close() throws { try browser.send("Target.closeTarget", ["targetId": targetId]) }
}

/// A JavaScript string literal.
func jsString(_ s: String) -> String {
    let d = try? JSONSerialization.data(withJSONObject: [s])
    let a = d.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
    return String(a.dropFirst().dropLast())
}
