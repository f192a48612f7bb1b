import Diagnostics
import SceneModel
import Yams

// How `scenerun mutate` loads a mutant from the unedited load's records (`SceneFile.composed`)
// instead of building each case whole: a case whose edits are all inside rules takes the
// unedited case and builds only the edited rules again (`spliced`); any other case resumes the
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
/// When every edit a case reads is inside a rule (under `on: { EVENT: … }`), the case is the
/// unedited one with those rules built again (`rules`, `SceneFile.spliced`).
struct ResumePlan {
    let records: BuildRecords
    let main: Int
    let variants: [String: Int]
    /// The keys of `on` with an edit inside, of the main case's; nil when an edit it reads is
    /// elsewhere.
    let mainRules: Set<String>?
    /// A variant's own patch's keys of `on` with an edit inside (added to the main case's).
    let variantRules: [String: Set<String>]
    /// The variants whose patch has an edit that is not inside a rule.
    let variantsElsewhere: Set<String>
    let edits: [TreeEdit]

    init?(_ records: BuildRecords, _ edits: [TreeEdit]) {
        var main = SceneBuilder.sharedSteps
        var variants: [String: Int] = [:]
        var mainRules: Set<String>? = []
        var variantRules: [String: Set<String>] = [:]
        var elsewhere: Set<String> = []
        for e in edits {
            let p = e.path
            guard case .key(let top)? = p.first else { return nil }
            if top == "variants" {
                guard p.count >= 3, case .key(let v) = p[1], case .key(let k) = p[2],
                    let s = SceneBuilder.firstStep(reading: k)
                else { return nil }
                variants[v] = Swift.min(variants[v] ?? s, s)
                if k == "on", p.count >= 4, case .key(let event) = p[3] {
                    variantRules[v, default: []].insert(event)
                } else {
                    elsewhere.insert(v)
                }
            } else {
                guard let s = SceneBuilder.firstStep(reading: top) else { return nil }
                main = Swift.min(main, s)
                if top == "on", p.count >= 2, case .key(let event) = p[1] {
                    mainRules?.insert(event)
                } else {
                    mainRules = nil
                }
            }
        }
        self.records = records
        self.main = main
        self.variants = variants.mapValues { Swift.min($0, main) }
        self.mainRules = mainRules
        self.variantRules = variantRules
        self.variantsElsewhere = elsewhere
        self.edits = edits
    }

    /// Whether an edit is inside variant `name`'s patch.
    func patchEdited(_ name: String) -> Bool { variantRules[name] != nil || variantsElsewhere.contains(name) }

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

    /// The keys of `on` with an edit inside that variant `name` reads (its own patch's and the
    /// main case's); nil when an edit it reads is elsewhere.
    func rules(_ name: String) -> Set<String>? {
        guard let m = mainRules, !variantsElsewhere.contains(name) else { return nil }
        return m.union(variantRules[name] ?? [])
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
        b.scene.name = current.scene.name
        b.scene.variant = current.scene.variant
        return b
    }

    /// The case the unedited load built (`rec`), with the rules of the keys of `on` in `edited`
    /// built again from `on` (this build's), for a build whose edits are all inside those rules:
    /// every other step read the same nodes, the rules are read last and `own` reads nothing
    /// they build (`SceneBuilder.rulesStep`), so the rest of the case is the same. `shift` is
    /// the load work and nodes this build has spent more than the unedited one so far; an
    /// edited rule is built with what the whole build would have spent before it, so that it
    /// fails as it would, and `memo` parses its expressions. The case and the load work spent
    /// after it; nil when the keys of `on` are not the unedited ones, or when a load limit would
    /// be crossed (the whole build then says where).
    static func spliced(
        _ rec: BuildRecord, shift: (work: Int, visited: Int), memo: ExpressionMemo?, on: () -> Node?,
        edited: Set<String>
    ) throws(Diagnostic) -> (scene: Scene, work: Int)? {
        guard let final = rec.final, let marks = rec.rules, SceneBuilder.rulesStep < rec.steps.count else {
            return nil
        }
        var b = rec.steps[SceneBuilder.rulesStep]
        let limits = b.w.limits
        var (work, visited) = shift
        var scene = final.scene
        if marks.contains(where: { edited.contains($0.key) }) {
            guard case .mapping(let m)? = on(), m.count == marks.count else { return nil }
            b.w.memo = memo
            b.ruleMarks = nil
            var rules: [Rule] = []
            for ((k, v), mark) in zip(m, marks) {
                guard case .scalar(let key) = k, key.string == mark.key else { return nil }
                guard edited.contains(mark.key) else {
                    rules += final.scene.rules[mark.rules]
                    continue
                }
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
