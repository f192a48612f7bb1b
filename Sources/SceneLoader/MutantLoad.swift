import Diagnostics
import SceneModel
import Yams

// How `scenerun mutate` loads a mutant from the unedited load's records (`SceneFile.composed`)
// instead of building each case whole: a case whose edits are all inside rules takes the
// unedited case and builds only the edited rules again (`spliced`); any other case resumes the
// unedited build at the first step that reads an edited key (`resumed`). Both give the cases
// and the first error that building them whole gives (`scenerun mutate --no-optimise`).

/// One case's build by the unedited load: its builder before each step of `SceneBuilder.shared`
/// and after the last, the load work and nodes spent before the first, and the case it built,
/// with the load work and nodes spent once it was built, and what each key of `on` built.
struct BuildRecord {
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
        b.ruleMarks = nil
        b.scene.name = current.scene.name
        b.scene.variant = current.scene.variant
        return b
    }

    /// The case the unedited load built (`rec`), with the rules of the keys of `on` in `edited`
    /// built again from `on` (this build's), for a build whose edits are all inside those rules:
    /// every other step read the same nodes, the rules are read last and `own` reads nothing
    /// they build (`SceneBuilder.rulesStep`), so the rest of the case is the same. An edited
    /// rule is built with the load work and nodes the whole build would have spent before it,
    /// so that it fails as it would; `current` is this build with its top-level keys and name
    /// read. The case and the load work spent after it; nil when the keys of `on` are not the
    /// unedited ones, or when a load limit would be crossed (the whole build then says where).
    static func spliced(
        _ rec: BuildRecord, _ current: SceneBuilder, on: Node?, edited: Set<String>
    ) throws(Diagnostic) -> (scene: Scene, work: Int)? {
        guard let final = rec.final, let marks = rec.rules, SceneBuilder.rulesStep < rec.steps.count else {
            return nil
        }
        let limits = current.w.limits
        // What this build has spent more than the unedited one, so far.
        var work = current.w.work - rec.start.work
        var visited = current.w.visited - rec.start.visited
        var scene = final.scene
        if marks.contains(where: { edited.contains($0.key) }) {
            guard case .mapping(let m)? = on, m.count == marks.count else { return nil }
            var b = rec.steps[SceneBuilder.rulesStep]
            b.w.variant = current.w.variant
            b.w.variantNodes = current.w.variantNodes
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
        scene.name = current.scene.name
        scene.variant = current.scene.variant
        return (scene, work)
    }
}
