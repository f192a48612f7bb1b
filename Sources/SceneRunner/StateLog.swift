import Expectations
import Expressions
import Geometry
import Interaction
import SceneModel
import SceneVocabulary

/// A run's state at the end of every tick, as `scenerun mutate` compares a mutant's run with the
/// original's (its first difference): every view's model and on-screen values and velocities,
/// scroll offsets, vars, property animators, transitions, the counted events and whether the
/// animator runs. One log belongs to one case's run (a run is single-threaded).
public final class StateLog: @unchecked Sendable {
    /// What a column holds, and so how it is shown and how much a difference in it weighs.
    public enum Kind: Sendable, Equatable {
        /// A number in a unit (`pt`, `rad`, `pt/s`, `rad/s`, or none).
        case number(unit: String)
        /// A count (events).
        case count
        /// A boolean, 0 or 1.
        case flag
        /// One of `names`, by index.
        case state([String])
        /// A string of the log's `strings`, by index.
        case text
    }

    /// One column: its name as an author asserts it (`sheet.center.y`, `events.contact`), its
    /// kind and its weight class (`rank`: the lower, the more it says about a difference).
    public struct Column: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        public var rank: Int
        /// The largest difference that is rounding, not a change: 0.01 pt and pt/s, 0.0001 rad and
        /// rad/s, 0.000001 of a unitless number (scale, alpha, progress, a var's number); none
        /// for counts, flags, states and strings.
        public var tolerance: Double {
            guard case .number(let unit) = kind else { return 0 }
            switch unit {
            case "pt", "pt/s": return 0.01
            case "rad", "rad/s": return 1e-4
            default: return 1e-6
            }
        }
    }

    public private(set) var columns: [Column] = []
    /// The time of each row.
    public private(set) var times: [Double] = []
    /// The rows, one after the other (`columns.count` values each).
    public private(set) var values: [Double] = []
    /// The strings string vars took, in the order first seen (a `.text` column's values index it).
    public private(set) var strings: [String] = []
    private var stringIndex: [String: Int] = [:]

    public init() {}

    public var rowCount: Int { times.count }

    /// Value `c` of row `r`.
    public func value(_ r: Int, _ c: Int) -> Double { values[r * columns.count + c] }

    /// A value of column `c` as the report shows it (`512.4`, `true`, `finishing`, `'open'`), with
    /// the decimals that tell it from `other` (up to 6).
    public func text(_ c: Int, _ v: Double, against other: Double) -> String {
        switch columns[c].kind {
        case .number:
            for d in 1...6 where formatFixed(v, decimals: d) != formatFixed(other, decimals: d) {
                return formatFixed(v, decimals: d)
            }
            // Equal to 6 decimals: every digit, when they differ at all.
            return v != other ? "\(v)" : formatFixed(v, decimals: 1)
        case .count: return String(Int(v))
        case .flag: return v != 0 ? "true" : "false"
        case .state(let names): return Int(exactly: v).flatMap { names.indices.contains($0) ? names[$0] : nil } ?? "?"
        case .text: return Int(exactly: v).flatMap { strings.indices.contains($0) ? "'\(strings[$0])'" : nil } ?? "?"
        }
    }

    /// A log of its own holding this one's columns and first `rows` rows, with the strings those
    /// rows name (the strings are numbered in the order first seen, so those are the first ones):
    /// what the log held when its run had logged `rows` rows, for a run resumed there
    /// (`CaseRunner.resume`) to go on adding to.
    public func prefix(_ rows: Int) -> StateLog {
        let n = Swift.max(0, Swift.min(rows, rowCount))
        let log = StateLog()
        log.columns = columns
        log.times = Array(times[..<n])
        log.values = Array(values[..<(n * columns.count)])
        var named = 0
        for c in columns.indices where columns[c].kind == .text {
            for r in 0..<n { named = Swift.max(named, Int(value(r, c)) + 1) }
        }
        log.strings = Array(strings[..<named])
        for (i, s) in log.strings.enumerated() { log.stringIndex[s] = i }
        return log
    }

    func start(_ columns: [Column]) {
        self.columns = columns
        times = []
        values = []
    }

    func add(_ time: Double, _ row: [Double]) {
        times.append(time)
        values += row
    }

    func index(of s: String) -> Double {
        if let i = stringIndex[s] { return Double(i) }
        stringIndex[s] = strings.count
        strings.append(s)
        return Double(strings.count - 1)
    }
}

// Weight classes, most telling first: where a view is and how it looks, then the discrete
// state (events, removals, animators' and transitions' states), then how fast it moves.
private let position = 0
private let turn = 1
private let scaled = 2
private let faded = 3
private let discrete = 4
private let speed = 5
private let spin = 6
private let driven = 7
private let kept = 8
private let running = 9

extension Run {
    /// The state log's columns for this scene.
    var stateColumns: [StateLog.Column] {
        typealias C = StateLog.Column
        var out: [C] = []
        for v in scene.views {
            let n = v.name
            out += [
                C(name: "\(n).center.x", kind: .number(unit: "pt"), rank: position),
                C(name: "\(n).center.y", kind: .number(unit: "pt"), rank: position),
                C(name: "\(n).width", kind: .number(unit: "pt"), rank: position),
                C(name: "\(n).height", kind: .number(unit: "pt"), rank: position),
                C(name: "\(n).rotation", kind: .number(unit: "rad"), rank: turn),
                C(name: "\(n).scale", kind: .number(unit: ""), rank: scaled),
                C(name: "\(n).alpha", kind: .number(unit: ""), rank: faded),
                C(name: "\(n).removed", kind: .flag, rank: discrete),
                C(name: "\(n).presentation.center.x", kind: .number(unit: "pt"), rank: position),
                C(name: "\(n).presentation.center.y", kind: .number(unit: "pt"), rank: position),
                C(name: "\(n).presentation.rotation", kind: .number(unit: "rad"), rank: turn),
                C(name: "\(n).presentation.scale", kind: .number(unit: ""), rank: scaled),
                C(name: "\(n).presentation.alpha", kind: .number(unit: ""), rank: faded),
                C(name: "\(n).velocity.x", kind: .number(unit: "pt/s"), rank: speed),
                C(name: "\(n).velocity.y", kind: .number(unit: "pt/s"), rank: speed),
                C(name: "\(n).angularVelocity", kind: .number(unit: "rad/s"), rank: spin),
            ]
        }
        for v in scene.views where v.scroll != nil {
            out += [
                C(name: "\(v.name).contentOffset.x", kind: .number(unit: "pt"), rank: position),
                C(name: "\(v.name).contentOffset.y", kind: .number(unit: "pt"), rank: position),
                C(name: "\(v.name).contentInset.top", kind: .number(unit: "pt"), rank: position),
                C(name: "\(v.name).contentInset.left", kind: .number(unit: "pt"), rank: position),
                C(name: "\(v.name).contentInset.bottom", kind: .number(unit: "pt"), rank: position),
                C(name: "\(v.name).contentInset.right", kind: .number(unit: "pt"), rank: position),
                C(name: "\(v.name).zoomScale", kind: .number(unit: ""), rank: scaled),
            ]
        }
        for v in scene.vars {
            switch v.type {
            case .number: out.append(C(name: v.name, kind: .number(unit: ""), rank: kept))
            case .bool: out.append(C(name: v.name, kind: .flag, rank: kept))
            case .string: out.append(C(name: v.name, kind: .text, rank: kept))
            case .point:
                out += ["x", "y"].map { C(name: "\(v.name).\($0)", kind: .number(unit: ""), rank: kept) }
            case .rect:
                out += ["x", "y", "width", "height"].map {
                    C(name: "\(v.name).\($0)", kind: .number(unit: ""), rank: kept)
                }
            }
        }
        for a in scene.animators {
            out += [
                C(name: "\(a.name).state", kind: .state(AnimatorState.allCases.map(\.rawValue)), rank: discrete),
                C(name: "\(a.name).isRunning", kind: .flag, rank: discrete),
                C(name: "\(a.name).isReversed", kind: .flag, rank: discrete),
                C(name: "\(a.name).fractionComplete", kind: .number(unit: ""), rank: driven),
            ]
        }
        for t in scene.transitions {
            out += [
                C(name: "\(t.name).state", kind: .state(TransitionState.allCases.map(\.rawValue)), rank: discrete),
                C(name: "\(t.name).progress", kind: .number(unit: ""), rank: driven),
            ]
        }
        out += CountedEvent.allCases.map { C(name: "events.\($0.rawValue)", kind: .count, rank: discrete) }
        out.append(C(name: "animator.isRunning", kind: .flag, rank: running))
        return out
    }

    /// This tick's row of the state log (the columns of `stateColumns`).
    func stateRow(_ log: StateLog) -> [Double] {
        var row: [Double] = []
        row.reserveCapacity(log.columns.count)
        // Values appended one by one (an array literal per view is an allocation per tick), each
        // view's read in place.
        let animator = world.animator
        for i in world.views.indices {
            let shown = animating.presentation(i, in: self)
            let vel = animator.linearVelocity(of: i)
            let frame = world.views[i].frame
            row.append(frame.center.x); row.append(frame.center.y)
            row.append(frame.size.x); row.append(frame.size.y)
            row.append(world.views[i].rotation); row.append(world.views[i].scale); row.append(world.views[i].alpha)
            row.append(world.views[i].removed ? 1 : 0)
            row.append(shown.frame.center.x); row.append(shown.frame.center.y)
            row.append(shown.rotation); row.append(shown.scale); row.append(shown.alpha)
            row.append(vel.x); row.append(vel.y); row.append(animator.angularVelocity(of: i))
        }
        for (i, v) in scene.views.enumerated() where v.scroll != nil {
            let s = input.scrolls[i]
            let o = s?.contentOffset ?? Vec2(0, 0)
            let inset = s?.contentInset ?? .zero
            row += [o.x, o.y, inset.top, inset.left, inset.bottom, inset.right, s?.zoomScale ?? 1]
        }
        for k in scene.vars.indices {
            let value = k < vars.count ? vars[k] : nil
            switch (scene.vars[k].type, value) {
            case (.number, .number(let d)?): row.append(d)
            case (.bool, .bool(let b)?): row.append(b ? 1 : 0)
            case (.point, .point(let p)?): row += [p.x, p.y]
            case (.rect, .rect(let r)?): row += [r.origin.x, r.origin.y, r.size.x, r.size.y]
            case (.point, _): row += [0, 0]
            case (.rect, _): row += [0, 0, 0, 0]
            case (.number, _), (.bool, _): row.append(0)
            default: row.append(log.index(of: value?.string ?? value?.description ?? ""))
            }
        }
        let t = clock.time
        for a in animating.propertyAnimators {
            row.append(Double(AnimatorState.allCases.firstIndex(of: a.state) ?? 0))
            row.append(a.isRunning ? 1 : 0); row.append(a.isReversed ? 1 : 0)
            row.append(a.fractionComplete(at: t))
        }
        for c in transitioning.controllers {
            row.append(Double(TransitionState.allCases.firstIndex(of: c.state) ?? 0)); row.append(c.progress)
        }
        let counts = recording.eventCounts
        for e in CountedEvent.allCases { row.append(Double(counts[e])) }
        row.append(world.animator.isRunning ? 1 : 0)
        return row
    }
}
