import Diagnostics
import Expressions
import Geometry
import SceneModel
import Yams

/// Reads scene files: Yams' node tree walked into `Scene`s, one per case (the scene and each
/// variant), with every error located.
public enum SceneFile {
    /// Loads the file at `path` (as given, for messages) from its bytes; `includes` reads the
    /// parts its `include` names (without it, an `include` is an error).
    public static func load(
        path: String, bytes: [UInt8], limits: LoadLimits = .default, includes: IncludeReader? = nil
    ) throws(DiagnosticList) -> [Scene] {
        try load(
            path: path, text: try text(path: path, bytes: bytes, limits: limits), limits: limits, includes: includes)
    }

    /// The text of a scene file's bytes: refused when too large, binary or not UTF-8 (located at
    /// the first bad byte); a UTF-8 byte order mark is dropped.
    static func text(path: String, bytes: [UInt8], limits: LoadLimits) throws(DiagnosticList) -> String {
        let start = SourceLocation(file: path, line: 1, column: 1)
        // A UTF-8 byte order mark (editors on Windows add one) is not part of the text.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if bytes.count > limits.fileSize {
            throw DiagnosticList([
                Diagnostic(
                    "the file is \(bytes.count) bytes, more than the limit of \(limits.fileSize); raise it with "
                        + "--max-file-size",
                    at: start)
            ])
        }
        if bytes.contains(0) {
            throw DiagnosticList([Diagnostic("the file is binary (it contains NUL bytes), not a YAML scene", at: start)]
            )
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            var line = 1
            var col = 1
            var i = 0
            // Locate the first invalid byte.
            while i < bytes.count {
                let n =
                    bytes[i] < 0x80
                    ? 1 : bytes[i] >> 5 == 0b110 ? 2 : bytes[i] >> 4 == 0b1110 ? 3 : bytes[i] >> 3 == 0b11110 ? 4 : 0
                if n == 0 || i + n > bytes.count || String(validating: bytes[i..<(i + n)], as: UTF8.self) == nil {
                    break
                }
                if bytes[i] == 10 { line += 1; col = 1 } else { col += 1 }
                i += n
            }
            throw DiagnosticList([
                Diagnostic(
                    "the file is not valid UTF-8 (byte \(i))", at: SourceLocation(file: path, line: line, column: col))
            ])
        }
        return text
    }

    /// The text of a file's bytes that messages and reports may quote (its source lines under an
    /// error), or nil: messages quote the scene, never another file's content. A file that is not
    /// YAML text a person wrote — binary, not UTF-8, or YAML whose top level is not a mapping (a
    /// scalar: /etc/passwd; a list; nothing) — is named with what is wrong, never quoted. A part
    /// (`isPart`) is quoted only when it parses as a YAML mapping; a scene with a YAML syntax
    /// error is still quoted (its own line under the error).
    public static func quotableText(_ bytes: [UInt8], isPart: Bool) -> String? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard !body.contains(0), let text = String(validating: body, as: UTF8.self) else { return nil }
        guard let root = try? Yams.compose(yaml: text) else { return isPart ? nil : text }
        if case .mapping = root { return text }
        return nil
    }

    /// Loads a scene from its text; `path` names it in messages and is where its includes are
    /// read from (through `includes`).
    public static func load(
        path: String, text: String, limits: LoadLimits = .default, includes: IncludeReader? = nil
    ) throws(DiagnosticList) -> [Scene] {
        try load(path: path, text: text, limits: limits, edits: [], includes: includes)
    }

    /// Loads a scene from its text, its node tree edited first (`scenerun mutate`: the file's
    /// own tree, not its parts').
    public static func load(
        path: String, text: String, limits: LoadLimits = .default, edits: [TreeEdit], includes: IncludeReader? = nil
    ) throws(DiagnosticList)
        -> [Scene]
    {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw DiagnosticList([diagnostic(from: error, file: path)])
        }
        return try load(path: path, text: text, root: root, limits: limits, edits: edits, includes: includes, memo: nil)
    }

    /// A scene file's text composed once, and the expressions its load parsed: `scenerun mutate`
    /// loads every mutant from it (`load(_:edits:includes:)`), so that only the edited values
    /// are read again. Nil when the text does not load.
    public static func composed(
        path: String, text: String, limits: LoadLimits = .default, includes: IncludeReader? = nil
    ) -> ComposedScene? {
        guard let root = try? Yams.compose(yaml: text) else { return nil }
        let memo = ExpressionMemo()
        let records = BuildRecords()
        guard
            (try? load(
                path: path, text: text, root: root, limits: limits, edits: [], includes: includes, memo: memo,
                record: records)) != nil
        else { return nil }
        memo.freeze()
        return ComposedScene(path: path, text: text, root: root, limits: limits, memo: memo, records: records)
    }

    /// Loads a composed scene with `edits` applied to its tree: what `load(path:text:edits:)`
    /// gives, without composing the text, parsing an unedited expression again or building the
    /// shared part again for a variant that patches only its script and expectations.
    public static func load(
        _ c: ComposedScene, edits: [TreeEdit], includes: IncludeReader? = nil
    ) throws(DiagnosticList) -> [Scene] {
        try load(
            path: c.path, text: c.text, root: c.root, limits: c.limits, edits: edits, includes: includes,
            memo: ExpressionMemo(over: c.memo), shareVariants: true, resume: ResumePlan(c.records, edits))
    }

    /// With `resume`, a case whose edits are all inside rules, transitions, behaviours and
    /// animators is the unedited load's, those entries built again (`spliced`); with `shareVariants`, a variant
    /// that patches only the script and what it checks is built from a copy of the main case's
    /// shared part (`fromShared`); with `resume`, every other case resumes the unedited load's
    /// build of it at the first step that reads an edited node (`resumed`): the same cases and
    /// the same first error as building them whole (`scenerun mutate --no-optimise` builds them
    /// whole).
    /// `record` keeps each build's steps, case, rules and entries for `resume`.
    static func load(
        path: String, text: String, root: Node?, limits: LoadLimits, edits: [TreeEdit], includes: IncludeReader?,
        memo: ExpressionMemo?, shareVariants: Bool = false, resume: ResumePlan? = nil, record: BuildRecords? = nil
    ) throws(DiagnosticList) -> [Scene] {
        do {
            let original = root
            var root = root
            if let r = root, !edits.isEmpty { root = apply(edits, to: r) }
            guard let root else {
                throw Diagnostic(
                    "the scene file is empty; a scene needs at least `views` and `script`",
                    at: SourceLocation(file: path, line: 1, column: 1))
            }
            var w = Walker(file: path, limits: limits)
            w.memo = memo
            if let o = original, let size = resume?.treeSize(o) {
                (w.work, w.visited) = (size, size)  // what `countTree` would count, as it would not fail
            } else {
                try w.countTree(root)
            }
            record?.treeSize = w.work
            guard case .mapping = root else {
                throw w.err(
                    "the top level of a scene must be a mapping of keys (name, world, views, …), "
                        + "found \(w.shape(root))",
                    root)
            }
            var parts = IncludeResolver(read: includes, limits: limits)
            guard case .mapping(let top) = try parts.resolve(root, path: path, chain: [], &w) else {
                throw w.err("the scene is not a mapping once its parts are merged", root)  // `resolve` keeps a mapping
            }
            w.visited = 0
            var cases: [Scene] = []
            var variantsNode: Node?
            var base: [(Node, Node)] = []
            for (k, v) in top {
                if case .scalar(let s) = k, s.string == "variants" { variantsNode = v } else { base.append((k, v)) }
            }
            let baseNode = Node.mapping(Node.Mapping(base, top.tag, top.style, top.mark))
            let defaultName = String(path.split(separator: "/").last ?? Substring(path)).replacingSuffix(".yaml")
                .replacingSuffix(".yml")
            func value(_ n: Node, _ key: String) -> Node? {
                guard case .mapping(let m) = n else { return nil }
                return m.first { $0.key.string == key }?.value
            }
            // The main case's shared part, and what reading it cost: a variant that patches only
            // `SceneBuilder.ownKeys` reads the same nodes for it, so it starts from a copy.
            var shared: (builder: SceneBuilder, cost: (work: Int, visited: Int))?
            let entry = (work: w.work, visited: w.visited)
            // What the main case's splice built again, for the variants that patch only `ownKeys`.
            var donor: SplicedEntries?
            if let r = resume, let edited = r.mainUnits, let rec = r.records.main,
                case let keep = SplicedEntries(),
                let c = try spliced(
                    rec, shift: (entry.work - rec.entry.work, entry.visited - rec.entry.visited), memo: memo,
                    top: { value(baseNode, $0) }, edited: edited, keep: keep)
            {
                donor = keep
                cases.append(c.scene)
                w.work = c.work
            } else {
                var builder = SceneBuilder(walker: w)
                let keys = try builder.topKeys(baseNode)
                let name = try builder.sceneName(keys, defaultName: defaultName)
                builder.scene = Scene(file: path, source: text, name: name, location: w.loc(baseNode))
                let before = (work: builder.w.work, visited: builder.w.visited)
                var from = 0
                if let r = resume, let rec = r.records.main, let b = resumed(rec, at: r.main, builder) {
                    builder = b
                    from = r.main
                }
                var steps: [SceneBuilder] = []
                if record != nil { (builder.ruleMarks, builder.entryMarks) = ([], []) }
                try builder.shared(keys, baseNode, from: from, before: record.map { _ in { steps.append($0) } })
                if record != nil { steps.append(builder) }
                shared = (builder, (builder.w.work - before.work, builder.w.visited - before.visited))
                let scene = try builder.own(keys, baseNode)
                if let record {
                    record.main = BuildRecord(
                        entry: entry, start: before, steps: steps, final: (scene, builder.w.work, builder.w.visited),
                        rules: builder.ruleMarks, entries: builder.entryMarks)
                }
                w.work = builder.w.work
                cases.append(scene)
            }
            w.visited = 0
            if let vn = variantsNode {
                for (name, node, at) in try w.namedMapping(vn, "variants") {
                    if case .mapping(let vm) = node, let nested = vm.first(where: { $0.key.string == "variants" }) {
                        throw w.err(
                            "a variant cannot have `variants` of its own; declare every variant at the top level",
                            nested.key)
                    }
                    if case .mapping(let vm) = node, let nested = vm.first(where: { $0.key.string == "include" }) {
                        throw w.err(
                            "a variant cannot `include` parts: the file's `include` is merged first, then the "
                                + "variant patches the result; include the part at the top level",
                            nested.key)
                    }
                    let entry = (work: w.work, visited: w.visited)
                    let edited = resume?.units(name)
                    // A variant whose patch is not edited, and whose edits are all inside entries
                    // `spliced` builds, is not merged again: its case is the unedited one, those
                    // entries built again from the keys the merge would make.
                    if let edited, let r = resume, !r.patchEdited(name), let rec = r.records.variants[name],
                        let m = rec.merged,
                        let c = try spliced(
                            rec, shift: (entry.work - rec.entry.work, entry.visited - rec.entry.visited), memo: memo,
                            top: { mergedValue(baseNode, node, $0, value) }, edited: edited,
                            from: patchesOwnKeysOnly(node) ? donor : nil)
                    {
                        cases.append(c.scene)
                        w.work = c.work
                        w.visited += m.visited - rec.entry.visited
                        continue
                    }
                    let merged = try merge(baseNode, node, &w)
                    let afterMerge = (work: w.work, visited: w.visited)
                    var vb = SceneBuilder(walker: w)
                    vb.w.variant = (name, at)
                    if shareVariants, let s = shared {
                        vb.w.variantNodes = w.locations(in: node)
                        if let c = try fromShared(s.builder, s.cost, vb.w, merged, patch: node, variant: name) {
                            cases.append(c.scene)
                            w.work = c.work
                            continue
                        }
                    }
                    let vkeys = try vb.topKeys(merged)
                    let vname = try vb.sceneName(vkeys, defaultName: defaultName)
                    vb.scene = Scene(file: path, source: text, name: "\(vname) / \(name)", location: w.loc(merged))
                    vb.scene.variant = name
                    if let edited, let rec = resume?.records.variants[name],
                        let c = try spliced(
                            rec, shift: (vb.w.work - rec.start.work, vb.w.visited - rec.start.visited), memo: memo,
                            top: { value(merged, $0) }, edited: edited)
                    {
                        cases.append(c.scene)
                        w.work = c.work
                        continue
                    }
                    if vb.w.variantNodes == nil { vb.w.variantNodes = w.locations(in: node) }
                    let start = (work: vb.w.work, visited: vb.w.visited)
                    var from = 0
                    if let r = resume, let rec = r.records.variants[name], let b = resumed(rec, at: r.step(name), vb) {
                        vb = b
                        from = r.step(name)
                    }
                    var steps: [SceneBuilder] = []
                    if record != nil { (vb.ruleMarks, vb.entryMarks) = ([], []) }
                    try vb.shared(vkeys, merged, from: from, before: record.map { _ in { steps.append($0) } })
                    if record != nil { steps.append(vb) }
                    let scene = try vb.own(vkeys, merged)
                    if let record {
                        record.variants[name] = BuildRecord(
                            entry: entry, merged: afterMerge, start: start, steps: steps,
                            final: (scene, vb.w.work, vb.w.visited), rules: vb.ruleMarks, entries: vb.entryMarks)
                    }
                    cases.append(scene)
                    w.work = vb.w.work
                }
            }
            return cases.flatMap(expand).map { c in
                var c = c
                c.includedSources = parts.texts
                return c
            }
        } catch let d as Diagnostic {
            throw DiagnosticList([d])
        } catch {
            throw DiagnosticList([Diagnostic("\(error)", at: SourceLocation(file: path, line: 1, column: 1))])
        }
    }

    /// A variant that patches only the script and what it checks (`SceneBuilder.ownKeys`), built
    /// as `SceneBuilder.build` would build it, from a copy of the main case's shared part: the
    /// nodes that part reads are the main case's, so it is the same and would spend the same
    /// work. Nil when the variant patches anything else, or when reading the shared part again
    /// would exceed a load limit (the full build then says where). Its scene and the file's load
    /// work after it.
    static func fromShared(
        _ shared: SceneBuilder, _ cost: (work: Int, visited: Int), _ walker: Walker, _ merged: Node, patch: Node,
        variant: String
    ) throws(Diagnostic) -> (scene: Scene, work: Int)? {
        guard patchesOwnKeysOnly(patch) else { return nil }
        var b = shared
        b.w.work = walker.work
        b.w.visited = walker.visited
        b.w.variant = walker.variant
        b.w.variantNodes = walker.variantNodes
        let top = try b.topKeys(merged)
        let name = try b.sceneName(top, defaultName: shared.scene.name)  // the main case's (not patched)
        b.w.work += cost.work
        b.w.visited += cost.visited
        guard b.w.work <= b.w.limits.loadWork, b.w.visited <= b.w.limits.nodes else { return nil }
        b.scene.name = "\(name) / \(variant)"
        b.scene.variant = variant
        return (try b.own(top, merged), b.w.work)
    }

    /// Whether a variant's patch is a mapping of `SceneBuilder.ownKeys` only.
    static func patchesOwnKeysOnly(_ patch: Node) -> Bool {
        guard case .mapping(let m) = patch else { return false }
        return m.allSatisfy {
            if case .scalar(let k) = $0.key { SceneBuilder.ownKeys.contains(k.string) } else { false }
        }
    }

    /// A swept scene's cases: every combination of its parameters' values, the first parameter
    /// varying slowest, each named `<name> [a=1, b=0.5]`.
    static func expand(_ scene: Scene) -> [Scene] {
        guard !scene.sweep.isEmpty else { return [scene] }
        var combos: [[Double]] = [[]]
        for p in scene.sweep { combos = combos.flatMap { c in p.values.map { c + [$0] } } }
        return combos.map { values in
            var s = scene
            s.parameters = values
            s.name +=
                " [" + zip(scene.sweep, values).map { "\($0.name)=\(shortestNumber($1))" }.joined(separator: ", ") + "]"
            return s
        }
    }

    /// A variant is a JSON Merge Patch (RFC 7396) of the scene: mappings merge key by key at
    /// every depth, lists and scalars replace (with their key), and `null` deletes the key it
    /// names.
    static func merge(_ base: Node?, _ over: Node, _ w: inout Walker) throws(Diagnostic) -> Node {
        guard case .mapping(let o) = over else { return over }
        var pairs: [(Node, Node)] = []
        var tag = o.tag
        var style = o.style
        var mark = o.mark
        if case .mapping(let b)? = base { pairs = Array(b); tag = b.tag; style = b.style; mark = b.mark }
        for (k, v) in o {
            try w.count(v)
            let i = pairs.firstIndex { $0.0.string == k.string }
            if isNull(v) {
                if let i { pairs.remove(at: i) }
            } else if let i {
                // A value the variant replaces (a list, a scalar, a mapping over anything else)
                // is written at the variant's key, where a rule or a name it makes is located;
                // mappings merged key by key keep the main case's.
                var keyed = false
                if case .mapping = v, case .mapping = pairs[i].1 { keyed = true }
                pairs[i] = (keyed ? pairs[i].0 : k, try merge(pairs[i].1, v, &w))
            } else {
                pairs.append((k, try merge(nil, v, &w)))
            }
        }
        return .mapping(Node.Mapping(pairs, tag, style, mark))
    }

    /// The value of top-level `key` in `merge(base, patch)`, merging only that key (nil when it
    /// has none); `value` reads a key of a mapping.
    static func mergedValue(_ base: Node, _ patch: Node, _ key: String, _ value: (Node, String) -> Node?) -> Node? {
        guard case .mapping(let p) = patch else { return value(base, key) }
        let overs = p.filter { $0.key.string == key }
        guard let over = overs.first?.value else { return value(base, key) }
        // Two of one key in one patch merge into one: not this shortcut's (no mapping: built whole).
        guard overs.count == 1 else { return .scalar(Node.Scalar("")) }
        if isNull(over) { return nil }
        // The variant's recorded load work and nodes stand for this merge's: a walker that
        // never reaches a limit counts them.
        var scratch = Walker(file: "", limits: LoadLimits.default)
        (scratch.work, scratch.visited) = (Int.min / 2, Int.min / 2)
        return try? merge(value(base, key), over, &scratch)
    }

    /// `null`, `~` or an empty plain value.
    static func isNull(_ n: Node) -> Bool {
        guard case .scalar(let s) = n, s.style == .plain else { return false }
        return ["null", "Null", "NULL", "~", ""].contains(s.string)
    }
}

extension String {
    func replacingSuffix(_ s: String) -> String { hasSuffix(s) ? String(dropLast(s.count)) : self }
}

/// A scene file composed once (`SceneFile.composed`): its tree, the expressions its load parsed
/// and each case's build, shared read-only by the threads that load its mutants.
public struct ComposedScene: @unchecked Sendable {
    let path: String
    let text: String
    let root: Node
    let limits: LoadLimits
    let memo: ExpressionMemo
    let records: BuildRecords
}

/// The expressions a load parsed, by their text, location and the constants in force: filled by
/// one load on one thread, then frozen and only read (by any thread). Parsing is a function of
/// those three, so a value found here is the one parsing would give.
final class ExpressionMemo: @unchecked Sendable {
    struct Key: Hashable {
        var text: String
        var location: SourceLocation
        var constants: [String: Double]
    }
    private var parsed: [Key: Expr] = [:]
    private var frozen = false
    /// A frozen memo looked in first (`SceneFile.load(_:edits:)`: the composed load's, under
    /// one mutant's load, which keeps what it parses for its other cases).
    private let parent: ExpressionMemo?

    init(over parent: ExpressionMemo? = nil) { self.parent = parent }

    func freeze() { frozen = true }

    func parse(_ text: String, at location: SourceLocation, constants: [String: Double]) throws(Diagnostic) -> Expr {
        let key = Key(text: text, location: location, constants: constants)
        if let e = parent?.parsed[key] ?? parsed[key] { return e }
        let e = try Expression.parse(text, at: location, constants: constants)
        if !frozen { parsed[key] = e }
        return e
    }
}
