import Diagnostics
import SceneModel
import Yams

// How `scenerun mutate` loads a mutant from the unedited load's records (`SceneFile.composed`)
// instead of building each case whole: a case whose edits are all inside rules, transitions,
// behaviours and animators takes the unedited case and builds only those entries again (`spliced`,
// `SplicedUnits` says which edits qualify); any other case resumes the
// unedited build at the first step that reads an edited key (`resumed`). Both give the cases
// and the first error that building them whole gives (`scenerun mutate --no-optimise`).

/// One case's build by the unedited load: the load work and nodes spent when the case began
/// (before its top-level keys are read; a variant's before its patch is merged) and, on the
/// file's walker, once a variant's patch was merged; its builder before each step of
/// `SceneBuilder.shared` and after the last, the load work and nodes spent before the first, and
/// the case it built, with the load work and nodes spent once it was built, and what each key of
/// `on` built.
struct BuildRecord {
    var entry: (work: Int, visited: Int)
    var merged: (work: Int, visited: Int)?
    var start: (work: Int, visited: Int)
    var steps: [SceneBuilder]
    var final: (scene: Scene, work: Int, visited: Int)?
    var rules: [RuleMark]?
    var entries: [EntryMark]?
}

/// One entry of `transitions`, `behaviors` or `animators` (its body), or a behaviour's
/// `action`, while a case was built: the builder before it (`SceneBuilder.marked`), where its key is, its place in the
/// scene's list, and the load work and nodes spent once it was read. Kept for an entry that
/// makes one transition or behaviour (not a repeated behaviour's copies), in a mapping of at
/// most `most` entries (each mark holds the lists built before it).
struct EntryMark {
    enum Step { case transitions, behaviors, behaviorActions, animators }
    static let most = 64
    var step: Step
    var key: String
    var loc: SourceLocation
    var index: Int
    var before: SceneBuilder
    var end: (work: Int, visited: Int)
}

/// The entries of a case with an edit inside that `SceneFile.spliced` builds again: rules (by
/// their key of `on`), transitions, behaviours and animators (by name).
struct SplicedUnits {
    var rules: Set<String> = []
    var transitions: Set<String> = []
    var behaviors: Set<String> = []
    /// Behaviours whose `action` has an edit inside.
    var behaviorActions: Set<String> = []
    var animators: Set<String> = []

    /// Notes the entry the edit at `p` (from the case's top level) is inside; false when it is
    /// not inside one `spliced` builds again: a rule's key or anything in it, a transition's or
    /// a behaviour's value but the keys later steps read (a transition's `animator`; a
    /// behaviour's `children` and `repeat`), a behaviour's `action`, an animator's body.
    mutating func insert(_ p: ArraySlice<PathStep>) -> Bool {
        let p = Array(p)
        guard p.count >= 2, case .key(let top) = p[0], case .key(let name) = p[1] else { return false }
        if top == "on" {
            rules.insert(name)
            return true
        }
        guard p.count >= 3, case .key(let k) = p[2] else { return false }
        switch top {
        case "transitions" where k != "animator": transitions.insert(name)
        case "behaviors" where k == "action": behaviorActions.insert(name)
        case "behaviors" where !["children", "repeat"].contains(k): behaviors.insert(name)
        case "animators": animators.insert(name)
        default: return false
        }
        return true
    }

    func union(_ o: SplicedUnits) -> SplicedUnits {
        SplicedUnits(
            rules: rules.union(o.rules), transitions: transitions.union(o.transitions),
            behaviors: behaviors.union(o.behaviors), behaviorActions: behaviorActions.union(o.behaviorActions),
            animators: animators.union(o.animators))
    }

    /// The entries of `step` with an edit inside.
    func names(_ step: EntryMark.Step) -> Set<String> {
        switch step {
        case .transitions: return transitions
        case .behaviors: return behaviors
        case .behaviorActions: return behaviorActions
        case .animators: return animators
        }
    }
}

/// What `SceneFile.spliced` built again for the main case (each entry's value, and the load
/// work and nodes it spent more than the unedited entry), for the variants that patch only the
/// script and what it checks: their shared part reads the main case's nodes with the same
/// builder (`SceneFile.fromShared`), so each entry builds the same and costs the same.
final class SplicedEntries {
    enum Built {
        case transition(TransitionSpec)
        case behavior(BehaviorSpec)
        case action([Action])
        case animator(AnimatorSpec)
        case rules([Rule])
    }
    var built: [String: (value: Built, work: Int, visited: Int)] = [:]
}

/// What one key of `on` built while a case was built: its rules (a range of the scene's), and
/// the load work and nodes spent before and after reading it.
struct RuleMark {
    var key: String
    var start: (work: Int, visited: Int)
    var end: (work: Int, visited: Int)
    var rules: Range<Int>
}

/// The builds of the unedited load: the main case's and each variant's, by name. Filled by one
/// load, then only read.
final class BuildRecords: @unchecked Sendable {
    /// The nodes `Walker.countTree` counted in the file's tree.
    var treeSize: Int?
    var main: BuildRecord?
    var variants: [String: BuildRecord] = [:]
}

/// Where each case of a mutant's load resumes the unedited build (`SceneFile.resumed`): at the
/// first step of `SceneBuilder.shared` that reads a top-level key an edit is under; a variant's
/// also at its own patch's edited key. Nil when an edit is not under a key a step reads (a
/// top-level key renamed, a variant's name, `name`, `include`): every case is built whole.
/// When every edit a case reads is inside an entry `SplicedUnits` names (a rule, a transition,
/// a behaviour), the case is the unedited one with those entries built again
/// (`SceneFile.spliced`).
struct ResumePlan {
    let records: BuildRecords
    let main: Int
    let variants: [String: Int]
    /// The entries of the main case with an edit inside; nil when an edit it reads is elsewhere.
    let mainUnits: SplicedUnits?
    /// A variant's own patch's entries with an edit inside (added to the main case's).
    let variantUnits: [String: SplicedUnits]
    /// The variants whose patch has an edit that is not inside such an entry.
    let variantsElsewhere: Set<String>
    let edits: [TreeEdit]

    init?(_ records: BuildRecords, _ edits: [TreeEdit]) {
        var main = SceneBuilder.sharedSteps
        var variants: [String: Int] = [:]
        var mainUnits: SplicedUnits? = SplicedUnits()
        var variantUnits: [String: SplicedUnits] = [:]
        var elsewhere: Set<String> = []
        for e in edits {
            let p = e.path
            guard case .key(let top)? = p.first else { return nil }
            if top == "variants" {
                guard p.count >= 3, case .key(let v) = p[1], case .key(let k) = p[2],
                    let s = SceneBuilder.firstStep(reading: k)
                else { return nil }
                variants[v] = Swift.min(variants[v] ?? s, s)
                if !variantUnits[v, default: SplicedUnits()].insert(p[2...]) { elsewhere.insert(v) }
            } else {
                guard let s = SceneBuilder.firstStep(reading: top) else { return nil }
                main = Swift.min(main, s)
                if mainUnits?.insert(p[...]) != true { mainUnits = nil }
            }
        }
        self.records = records
        self.main = main
        self.variants = variants.mapValues { Swift.min($0, main) }
        self.mainUnits = mainUnits
        self.variantUnits = variantUnits
        self.variantsElsewhere = elsewhere
        self.edits = edits
    }

    /// Whether an edit is inside variant `name`'s patch.
    func patchEdited(_ name: String) -> Bool { variantUnits[name] != nil || variantsElsewhere.contains(name) }

    /// The nodes `Walker.countTree` counts in the edited tree, from the unedited tree (`original`)
    /// and its count: an edit never adds a node, nor nests deeper, and one that drops an item
    /// takes the item's nodes with it. Nil when not known (more than one edit with a drop).
    func treeSize(_ original: Node) -> Int? {
        guard var size = records.treeSize else { return nil }
        for e in edits {
            guard case .drop(let p, let i) = e else { continue }
            guard edits.count == 1, case .sequence(let items)? = Self.node(at: p[...], in: original), i < items.count
            else { return nil }
            size -= Self.count(items[i])
        }
        return size
    }

    /// The node at `path`, as `SceneFile.edit` finds it.
    static func node(at path: ArraySlice<PathStep>, in n: Node) -> Node? {
        guard let step = path.first else { return n }
        switch (step, n) {
        case (.key(let k), .mapping(let m)):
            return m.first { $0.key.string == k }.flatMap { node(at: path.dropFirst(), in: $0.value) }
        case (.index(let i), .sequence(let s)): return i < s.count ? node(at: path.dropFirst(), in: s[i]) : nil
        default: return nil
        }
    }

    /// The nodes of `n` as `Walker.countTree` counts them.
    static func count(_ n: Node) -> Int {
        switch n {
        case .mapping(let m): return m.reduce(1) { $0 + count($1.key) + count($1.value) }
        case .sequence(let s): return s.reduce(1) { $0 + count($1) }
        default: return 1
        }
    }

    /// Where variant `name` resumes.
    func step(_ name: String) -> Int { variants[name] ?? main }

    /// The entries with an edit inside that variant `name` reads (its own patch's and the main
    /// case's); nil when an edit it reads is elsewhere.
    func units(_ name: String) -> SplicedUnits? {
        guard let m = mainUnits, !variantsElsewhere.contains(name) else { return nil }
        return variantUnits[name].map { m.union($0) } ?? m
    }
}

extension SceneFile {
    /// The unedited load's build `rec` resumed at step `s` of `SceneBuilder.shared`, for a
    /// build whose steps before `s` read only unedited nodes: `current` (this build, its
    /// top-level keys and name read) takes the builder the steps before `s` made, and the load
    /// work and nodes they spent. Nil when that would cross a load limit (the whole build then
    /// says where).
    static func resumed(_ rec: BuildRecord, at s: Int, _ current: SceneBuilder) -> SceneBuilder? {
        guard s < rec.steps.count else { return nil }
        var b = rec.steps[s]
        b.w.work = current.w.work + (b.w.work - rec.start.work)
        b.w.visited = current.w.visited + (b.w.visited - rec.start.visited)
        guard b.w.work <= b.w.limits.loadWork, b.w.visited <= b.w.limits.nodes else { return nil }
        b.w.variant = current.w.variant
        b.w.variantNodes = current.w.variantNodes
        b.w.memo = current.w.memo
        b.ruleMarks = nil
        b.entryMarks = nil
        b.scene.name = current.scene.name
        b.scene.variant = current.scene.variant
        return b
    }

    /// The case the unedited load built (`rec`), with the entries `edited` names built again
    /// from this build's nodes (`top` gives the value of a top-level key), for a build whose
    /// edits are all inside those entries: every other entry and step read the same nodes, and
    /// what later steps read of a rebuilt transition (its name) or behaviour (its name, kind
    /// and items: checked) is the same, so the rest of the case is the same. Transitions,
    /// behaviours, then rules, as the build reads them: a transition or behaviour is built again
    /// from the builder the unedited load had before it, a rule from the one before the rules
    /// (`own` reads nothing they build, `SceneBuilder.rulesStep`). `shift` is the load work and
    /// nodes this build has spent more than the unedited one so far; an entry is built with what
    /// the whole build would have spent before it, so that it fails as it would, and `memo`
    /// parses its expressions. The case and the load work spent after it; nil when the keys of
    /// `on` are not the unedited ones, an edited transition or behaviour was not marked, a
    /// rebuilt behaviour names another kind or other views, or a load limit would be crossed
    /// (the whole build then says where). `keep` notes each entry built again; an entry `donor`
    /// holds (the main case's, for a variant that patches only `SceneBuilder.ownKeys`) is taken
    /// from it, with the load work and nodes it cost there.
    static func spliced(
        _ rec: BuildRecord, shift: (work: Int, visited: Int), memo: ExpressionMemo?, top: (String) -> Node?,
        edited: SplicedUnits, keep: SplicedEntries? = nil, from donor: SplicedEntries? = nil
    ) throws(Diagnostic) -> (scene: Scene, work: Int)? {
        guard let final = rec.final, let marks = rec.rules, let entries = rec.entries,
            SceneBuilder.rulesStep < rec.steps.count
        else { return nil }
        let limits = rec.steps[SceneBuilder.rulesStep].w.limits
        var (work, visited) = shift
        var scene = final.scene
        // The value of each edited entry in this case (nil: the case has no such entry).
        var tops: [String: Node?] = [:]
        func entry(_ step: EntryMark.Step, _ name: String) -> Node?? {
            let key = step == .transitions ? "transitions" : step == .animators ? "animators" : "behaviors"
            if tops[key] == nil { tops[key] = .some(top(key)) }
            guard let n = tops[key] ?? nil else { return .some(nil) }
            guard case .mapping(let m) = n else { return nil }
            guard let v = m.first(where: { $0.key.string == name })?.value else { return .some(nil) }
            guard step == .behaviorActions else { return v }
            guard case .mapping(let b) = v else { return nil }
            return .some(b.first { $0.key.string == "action" }?.value)
        }
        var done: Set<String> = []
        for mark in entries where edited.names(mark.step).contains(mark.key) {
            let id = "\(mark.step).\(mark.key)"
            if let d = donor?.built[id] {
                switch d.value {
                case .transition(let t): scene.transitions[mark.index] = t
                case .behavior(let b): scene.behaviors[mark.index] = b
                case .action(let a): scene.behaviors[mark.index].action = a
                case .animator(let a): scene.animators[mark.index] = a
                case .rules: return nil
                }
                (work, visited) = (work + d.work, visited + d.visited)
                done.insert(id)
                continue
            }
            guard let found = entry(mark.step, mark.key) else { return nil }
            guard let v = found else { continue }
            var b = mark.before
            b.w.work += work
            b.w.visited += visited
            guard b.w.work <= limits.loadWork, b.w.visited <= limits.nodes else { return nil }
            b.w.memo = memo
            switch mark.step {
            case .transitions:
                try b.transition(mark.key, v, mark.loc)
                guard b.scene.transitions.count == mark.index + 1 else { return nil }
                var t = b.scene.transitions[mark.index]
                t.animator = scene.transitions[mark.index].animator  // set by a later step
                scene.transitions[mark.index] = t
            case .behaviors:
                var children: [(Int, Node, [String])] = []
                var actions: [(Int, Node, copy: (String, Int)?)] = []
                try b.behaviorEntry(mark.key, v, mark.loc, &children, &actions)
                let old = scene.behaviors[mark.index]
                guard b.scene.behaviors.count == mark.index + 1, children.isEmpty else { return nil }
                var new = b.scene.behaviors[mark.index]
                guard new.kind.name == old.kind.name, new.kind.items == old.kind.items else { return nil }
                new.action = old.action  // read by a later part of the step
                scene.behaviors[mark.index] = new
            case .behaviorActions:
                scene.behaviors[mark.index].action = try b.actionList(v, b.scope)
            case .animators:
                try b.animatorBody(mark.index, mark.key, v)
                scene.animators[mark.index] = b.scene.animators[mark.index]
            }
            let before = (work, visited)
            work = b.w.work - mark.end.work
            visited = b.w.visited - mark.end.visited
            if let keep {
                let value: SplicedEntries.Built
                switch mark.step {
                case .transitions: value = .transition(scene.transitions[mark.index])
                case .behaviors: value = .behavior(scene.behaviors[mark.index])
                case .behaviorActions: value = .action(scene.behaviors[mark.index].action)
                case .animators: value = .animator(scene.animators[mark.index])
                }
                keep.built[id] = (value, work - before.0, visited - before.1)
            }
            done.insert(id)
        }
        // An edited entry this case has but the unedited load did not mark: built whole.
        for step in [EntryMark.Step.transitions, .behaviors, .behaviorActions, .animators] {
            for name in edited.names(step) where !done.contains("\(step).\(name)") {
                guard let found = entry(step, name), found == nil else { return nil }
            }
        }
        if marks.contains(where: { edited.rules.contains($0.key) }) {
            var b = rec.steps[SceneBuilder.rulesStep]
            guard case .mapping(let m)? = top("on"), m.count == marks.count else { return nil }
            b.w.memo = memo
            b.ruleMarks = nil
            var rules: [Rule] = []
            for ((k, v), mark) in zip(m, marks) {
                guard case .scalar(let key) = k, key.string == mark.key else { return nil }
                guard edited.rules.contains(mark.key) else {
                    rules += final.scene.rules[mark.rules]
                    continue
                }
                let id = "on.\(mark.key)"
                if let d = donor?.built[id] {
                    guard case .rules(let built) = d.value else { return nil }
                    rules += built
                    (work, visited) = (work + d.work, visited + d.visited)
                    continue
                }
                let before = (work, visited)
                b.w.work = mark.start.work + work
                b.w.visited = mark.start.visited + visited
                guard b.w.work <= limits.loadWork, b.w.visited <= limits.nodes else { return nil }
                b.scene.rules = []
                b.scene.rulesByEvent = [:]
                var seen: [String] = []
                try b.rule(k, v, seen: &seen)
                rules += b.scene.rules
                work = b.w.work - mark.end.work
                visited = b.w.visited - mark.end.visited
                keep?.built[id] = (.rules(b.scene.rules), work - before.0, visited - before.1)
            }
            scene.rules = []
            scene.rulesByEvent = [:]
            for r in rules { SceneBuilder.add(r, to: &scene) }
            SceneBuilder.orderTemplateRules(&scene)
        }
        work += final.work
        visited += final.visited
        guard work <= limits.loadWork, visited <= limits.nodes else { return nil }
        return (scene, work)
    }
}
