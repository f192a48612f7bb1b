import Diagnostics
import Expressions
import Geometry
import SceneModel

/// A failed expectation: where it is written and what went wrong.
public struct Failure: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String
    public init(location: SourceLocation, message: String) { self.location = location; self.message = message }
}

/// The outcome of one case.
public enum CaseStatus: String, Sendable { case passed, failed, invalid }

/// The result of running one scene case: what reports are made of.
public struct CaseResult: Sendable {
    public var file: String
    public var name: String
    public var status: CaseStatus
    public var failures: [Failure]
    /// Load or runtime errors (status invalid).
    public var diagnostics: [Diagnostic]
    /// Scene time at the end (s) and ticks run.
    public var time: Double
    public var ticks: Int
    /// The file text, to render source lines.
    public var source: String?
    /// A summary of the trace: one line per notable event (`--verbose`).
    public var trace: [String]
    /// Every tick: the column names, then one row per tick (`--trace`).
    public var tickColumns: [String] = []
    public var ticksTrace: [[Double]] = []
    /// Units of engine work the case used (bodies, contacts and joints summed over sub-steps; `--max-work`).
    public var work = 0
    public init(file: String, name: String, status: CaseStatus, failures: [Failure] = [], diagnostics: [Diagnostic] = [],
                time: Double = 0, ticks: Int = 0, source: String? = nil, trace: [String] = []) {
        self.file = file; self.name = name; self.status = status; self.failures = failures; self.diagnostics = diagnostics
        self.time = time; self.ticks = ticks; self.source = source; self.trace = trace
    }
}

/// `t = 4.000 s`.
public func timeText(_ t: Double) -> String { "t = \(formatFixed(t, decimals: 3)) s" }

/// Judges an expectation against a snapshot; `scope` is the scene's expression scope.
public func judge(_ e: Expectation, _ s: Snapshot, scope: Scope) -> [Failure] {
    var out: [Failure] = []
    let at = timeText(s.time)
    for t in e.transitions {
        let got = s.transitions.first { $0.name == t.name }?.state ?? "idle"
        if got != t.state { out.append(Failure(location: t.location, message: "transition \(t.name) expected \(t.state), got \(got) at \(at)")) }
    }
    for v in e.views {
        guard let view = s.views.first(where: { $0.name == v.view }) else { continue }
        let want: Value
        do { want = try evaluate(v.value, s, scope: scope) } catch {
            out.append(Failure(location: error.location, message: error.message)); continue
        }
        let tol = v.within
        func cmp(_ label: String, _ expected: Double, _ got: Double) {
            if Swift.abs(expected - got) > tol {
                out.append(Failure(location: v.location, message: "\(v.view).\(label) expected \(formatNumber(expected)) ± \(formatNumber(tol)), got \(formatNumber(got)) at \(at)"))
            }
        }
        switch v.property {
        case "frame":
            guard let r = want.rect else { continue }
            let f = view.frame
            let before = out.count
            for (l, a, b) in [("x", r.origin.x, f.origin.x), ("y", r.origin.y, f.origin.y), ("width", r.size.x, f.size.x), ("height", r.size.y, f.size.y)] {
                if out.count == before { cmp("frame.\(l)", a, b) }
            }
        case "center":
            guard let p = want.point else { continue }
            let c = view.frame.center
            let before = out.count
            cmp("center.x", p.x, c.x)
            if out.count == before { cmp("center.y", p.y, c.y) }
        case "removed":
            if want.bool != view.removed {
                out.append(Failure(location: v.location, message: "\(v.view).removed expected \(want), got \(view.removed) at \(at)"))
            }
        default:
            guard let n = want.number else { continue }
            let got: Double
            switch v.property {
            case "x": got = view.frame.origin.x
            case "y": got = view.frame.origin.y
            case "width": got = view.frame.size.x
            case "height": got = view.frame.size.y
            case "rotation": got = view.rotation
            default: got = view.alpha
            }
            cmp(v.property, n, got)
        }
    }
    if let (want, loc) = e.rest, want != s.paused {
        out.append(Failure(location: loc, message: want ? "expected the animator to be at rest, but it is still running at \(at)" : "expected the animator to be running, but it is at rest at \(at)"))
    }
    if let (limit, loc) = e.restBy {
        if !s.paused {
            out.append(Failure(location: loc, message: "expected the animator at rest by t = \(formatFixed(limit, decimals: 3)) s, but it is still running at \(at)"))
        } else if let p = s.lastPause, p > limit + 1e-9 {
            out.append(Failure(location: loc, message: "expected the animator at rest by t = \(formatFixed(limit, decimals: 3)) s, it came to rest at \(timeText(p))"))
        }
    }
    for ev in e.events {
        let n = s.count(ev.name)
        if !ev.spec.matches(n) { out.append(Failure(location: ev.location, message: "events.\(ev.name) expected \(ev.spec), got \(n) at \(at)")) }
    }
    for x in e.that {
        do {
            let v = try evaluate(x, s, scope: scope)
            if v.bool != true { out.append(Failure(location: x.location, message: "expected `\(x.text)` to hold, but it is false at \(at)")) }
        } catch {
            out.append(Failure(location: error.location, message: error.message))
        }
    }
    return out
}
