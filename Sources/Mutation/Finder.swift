import Diagnostics
import Expressions
import SceneLoader

extension SceneFile {
    /// The mutants of a scene file's text, in file order (docs/mutate.md says which parts of a
    /// scene each operator changes; expectations are never changed), with the boundary sites and
    /// the `equivalent` comments. A file that does not compose, or a malformed `equivalent`
    /// comment, is an error.
    public static func mutationPlan(path: String, text: String) throws(DiagnosticList) -> MutationPlan {
        var plan = MutationPlan()
        let comments = try equivalentComments(text, file: path)
        plan.equivalent = comments.mapValues(\.reason)
        plan.equivalentColumns = comments.mapValues(\.column)
        guard let root = try SceneFile.sourceTree(path: path, text: text) else { return plan }
        var f = MutantFinder(file: path)
        f.words = MutantFinder.valueWords(root)
        f.scene(root, [])
        var order: [Mutant: Int] = [:]
        for (i, m) in f.mutants.enumerated() where order[m] == nil { order[m] = i }
        plan.mutants = order.keys.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }
        plan.boundaries = f.boundaries
        plan.aliases = MutantFinder.hasAlias(root)
        return plan
    }
}

/// Walks a scene's node tree for mutation sites.
struct MutantFinder {
    let file: String
    /// The gestures the scene declares: only their events move `ended` ↔ `cancelled`.
    var gestures: Set<String> = []
    /// The scene's vars (and its variants').
    var vars: Set<String> = []
    /// Every word written in a value of the file (not in a key): a var that is not among them is
    /// read by no expression, rule, check or expectation.
    var words: Set<String> = []
    var mutants: [Mutant] = []
    var boundaries: [BoundarySite] = []

    func loc(_ n: SourceNode) -> SourceLocation { n.location ?? SourceLocation(file: file, line: 1, column: 1) }

    /// The scene (or a variant): behaviours, transitions, property animators, views' physics,
    /// rules and, for the script operator, the script. Never `expect`, `vars`, `world` or
    /// `gestures`.
    mutating func scene(_ n: SourceNode, _ p: [PathStep]) {
        guard case .mapping(let m, _) = n else { return }
        for kv in m where kv.key.string == "gestures" { gestures.formUnion(pairs(kv.value).map(\.0)) }
        for kv in m where kv.key.string == "vars" { vars.formUnion(pairs(kv.value).map(\.0)) }
        for kv in m {
            guard let key = kv.key.string else { continue }
            let v = kv.value
            let q = p + [.key(key)]
            switch key {
            case "behaviors":
                for (name, b) in pairs(v) {
                    // What a behaviour's definition holds changes a case only if the case adds it.
                    let (m, bs) = (mutants.count, boundaries.count)
                    behavior(b, q + [.key(name)])
                    for i in m..<mutants.count { mutants[i].behavior = name }
                    for i in bs..<boundaries.count { boundaries[i].behavior = name }
                }
            case "transitions":
                // A transition's values change a case only if it starts there (or is completed
                // from the start); an animator's only if it becomes active; a view's only if the
                // case creates it.
                for (name, t) in pairs(v) {
                    let (m, bs) = (mutants.count, boundaries.count)
                    if case .mapping = t {
                        for (tk, tv) in pairs(t) {
                            let k = mutants.count
                            values(tv, q + [.key(name), .key(tk)])
                            if tk == "finalFrame" { for i in k..<mutants.count { mutants[i].frames = name } }
                        }
                    } else {
                        values(t, q + [.key(name)])
                    }
                    belong(from: m, bs, to: "transitions.\(name)")
                }
            case "animators":
                for (name, a) in pairs(v) {
                    let (m, bs) = (mutants.count, boundaries.count)
                    for (ak, av) in pairs(a) {
                        if ak == "then" {
                            actions(av, q + [.key(name), .key(ak)])
                        } else {
                            values(av, q + [.key(name), .key(ak)])
                        }
                    }
                    belong(from: m, bs, to: "animators.\(name)")
                }
            case "views":
                for (name, view) in pairs(v) {
                    let (m, bs) = (mutants.count, boundaries.count)
                    for (pk, pv) in pairs(view) where ["rotation", "collisionBounds"].contains(pk) {
                        values(pv, q + [.key(name), .key(pk)])
                    }
                    belong(from: m, bs, to: "views.\(name)")
                }
            case "on":
                guard case .mapping(let rules, _) = v else { break }
                for kv in rules {
                    guard let event = kv.key.string else { continue }
                    self.event(event, v, q)
                    // What the rule's actions hold changes a case only if the rule runs in it
                    // (the event's own mutant fires on another event: it has no site).
                    let (m, b) = (mutants.count, boundaries.count)
                    actions(kv.value, q + [.key(event)])
                    for i in m..<mutants.count { mutants[i].site = loc(kv.key) }
                    for i in b..<boundaries.count { boundaries[i].site = loc(kv.key) }
                }
            case "script": script(v, q)
            case "variants": for (name, variant) in pairs(v) { scene(variant, q + [.key(name)]) }
            default: break
            }
        }
    }

    /// The mutants and boundary sites found since `m` and `b` are inside `part`'s definition.
    mutating func belong(from m: Int, _ b: Int, to part: String) {
        for i in m..<mutants.count { mutants[i].part = part }
        for i in b..<boundaries.count { boundaries[i].part = part }
    }

    func pairs(_ n: SourceNode) -> [(String, SourceNode)] {
        guard case .mapping(let m, _) = n else { return [] }
        return m.compactMap { kv in kv.key.string.map { ($0, kv.value) } }
    }

    mutating func behavior(_ n: SourceNode, _ p: [PathStep]) {
        for (k, v) in pairs(n) {
            switch k {
            case "action": actions(v, p + [.key(k)])
            case "children": dropEach(v, p + [.key(k)], .behaviour)
            case "repeat": break  // how many copies the scene declares, not the interaction
            default: values(v, p + [.key(k)])
            }
        }
    }

    /// `pull.ended` ↔ `pull.cancelled`.
    mutating func event(_ name: String, _ on: SourceNode, _ p: [PathStep]) {
        guard case .mapping(let m, _) = on, let key = m.first(where: { $0.key.string == name })?.key else { return }
        let swaps = [".ended": ".cancelled", ".cancelled": ".ended"]
        // A copy's rule or a `[*]` rule (`drag[*].ended`) is the repeated gesture's.
        func gesture(_ n: Substring) -> String { String(n.prefix { $0 != "[" }) }
        for (from, to) in swaps where name.hasSuffix(from) && gestures.contains(gesture(name.dropLast(from.count))) {
            let renamed = String(name.dropLast(from.count)) + to
            mutants.append(
                Mutant(
                    op: .event, location: loc(key), change: "\(name) → \(renamed)", original: name, mutated: renamed,
                    edits: [.renameKey(p, from: name, to: renamed)]))
        }
    }

    /// Drops each item of a list (a behaviour from `children` or `add`, an action).
    mutating func dropEach(_ n: SourceNode, _ p: [PathStep], _ op: MutationOperator) {
        guard case .sequence(let s, _) = n else { return }
        for (i, item) in s.enumerated() {
            let text = render(item)
            mutants.append(
                Mutant(
                    op: op, location: loc(item), change: "drop \(short(text))", original: text, mutated: "",
                    edits: [.drop(p, i)]))
        }
    }

    /// A list of actions (or one action).
    mutating func actions(_ n: SourceNode, _ p: [PathStep]) {
        guard case .sequence(let s, _) = n else {
            action(n, p)
            return
        }
        dropEach(n, p, .action)
        let items = Array(s)
        for i in items.indices.dropLast() where render(items[i]) != render(items[i + 1]) {
            // Two actions that neither read what the other writes: the swap changes nothing.
            if commute(items[i], items[i + 1]) { continue }
            let a = render(items[i])
            let b = render(items[i + 1])
            mutants.append(
                Mutant(
                    op: .action, location: loc(items[i]), change: "swap \(short(a)) and \(short(b))",
                    original: "\(a), \(b)",
                    mutated: "\(b), \(a)", edits: [.swap(p, i)]))
        }
        for (i, item) in items.enumerated() { action(item, p + [.index(i)]) }
    }

    mutating func action(_ n: SourceNode, _ p: [PathStep]) {
        guard case .mapping(let m, _) = n else { return }
        let keys = m.compactMap { $0.key.string }
        if keys.contains("then") && keys.contains("else"), let t = m.first(where: { $0.key.string == "then" }) {
            let a = render(t.value)
            let b = render(m.first { $0.key.string == "else" }?.value ?? t.value)
            mutants.append(
                Mutant(
                    op: .condition, location: loc(t.key), change: "swap then and else",
                    original: "then: \(a) else: \(b)",
                    mutated: "then: \(b) else: \(a)", edits: [.swapValues(p, "then", "else")]))
        }
        for (k, v) in pairs(n) {
            let q = p + [.key(k)]
            switch k {
            case "then", "else", "do": actions(v, q)
            case "haptic": haptic(v, q)
            case "set":
                // A var that nothing reads: what it is set to changes nothing.
                for (target, value) in pairs(v) where !(vars.contains(target) && !words.contains(target)) {
                    values(value, q + [.key(target)])
                }
            case "add":
                if case .sequence(let s, _) = v, s.count > 1 { dropEach(v, q, .behaviour) }
            case "animate":
                for (ak, av) in pairs(v) {
                    if ak == "then" { actions(av, q + [.key(ak)]) } else { values(av, q + [.key(ak)]) }
                }
            default: values(v, q)
            }
        }
    }

    static let styles = ["light", "medium", "heavy", "soft", "rigid"]

    /// A haptic's style: the next of light, medium, heavy, soft, rigid (rigid → light).
    mutating func haptic(_ n: SourceNode, _ p: [PathStep]) {
        guard case .scalar(let s, _, _) = n, let i = MutantFinder.styles.firstIndex(of: s) else { return }
        let to = MutantFinder.styles[(i + 1) % MutantFinder.styles.count]
        mutants.append(
            Mutant(
                op: .event, location: loc(n), change: "haptic \(s) → \(to)", original: s, mutated: to,
                edits: [.scalar(p, to)]))
    }

    /// Every scalar below `n`: numbers, and the numbers and conditions of expressions.
    mutating func values(_ n: SourceNode, _ p: [PathStep]) {
        switch n {
        case .scalar(let s, let quote, _): expression(s, quote, n, p)
        case .sequence(let items, _): for (i, item) in items.enumerated() { values(item, p + [.index(i)]) }
        case .mapping: for (k, v) in pairs(n) { values(v, p + [.key(k)]) }
        case .alias: break
        }
    }

    /// A scalar read as an expression (a plain number is one): its literals, comparisons and
    /// `||` / `&&` operands. A scalar that is not an expression has none.
    mutating func expression(_ s: String, _ quote: SourceNode.Quote?, _ n: SourceNode, _ p: [PathStep]) {
        if s.isEmpty || s.count > Expression.maxLength { return }
        var base = loc(n)
        if quote != nil { base = base.advanced(byColumns: 1) }
        guard let e = try? Expression.parse(s, at: base) else { return }
        let offsets = ScalarOffsets(s, base: base)
        walk(e, s, offsets, p, top: e.location)
    }

    /// Whether the tree holds an alias: the composer copies the node an alias names, mark and
    /// all, so one written scalar appears at two places (or an alias it kept).
    static func hasAlias(_ root: SourceNode) -> Bool {
        var seen: Set<SourceLocation> = []
        func visit(_ n: SourceNode) -> Bool {
            switch n {
            case .alias: return true
            case .scalar(_, _, let at): return at.map { !seen.insert($0).inserted } ?? false
            case .sequence(let items, _): return items.contains { visit($0) }
            case .mapping(let pairs, _): return pairs.contains { visit($0.key) || visit($0.value) }
            }
        }
        return visit(root)
    }

    mutating func walk(_ e: Expr, _ text: String, _ offsets: ScalarOffsets, _ p: [PathStep], top: SourceLocation) {
        guard let start = offsets.offset(of: e) else { return }
        let rewrite = ScalarRewrite(
            path: p, text: text, start: start, length: e.text.unicodeScalars.count, top: top)
        if ComparisonLog.isLiteral(e) {
            number(e, rewrite)
            return
        }
        switch e.node {
        case .binary(let op, let l, let r):
            if ["<", "<=", ">", ">=", "==", "!="].contains(op) {
                let negated = "!(\(e.text))"
                var negate = Mutant(
                    op: .condition, location: e.location, change: "negate `\(e.text)`", original: text,
                    mutated: rewrite.apply(negated), edits: [.scalar(p, rewrite.apply(negated))])
                negate.read = top
                mutants.append(negate)
                if let side = ComparisonLog.constantSide(op, l, r), let cs = offsets.offset(of: side.constant) {
                    let lit = ScalarRewrite(
                        path: p, text: text, start: cs, length: side.constant.text.unicodeScalars.count, top: top)
                    boundaries.append(
                        BoundarySite(
                            comparison: e.location, location: side.constant.location, literal: side.constant.text,
                            constant: literalValue(side.constant), rewrite: lit))
                }
            }
            if op == "||" || op == "&&" {
                for (kept, dropped, keptFirst) in [(r, l, false), (l, r, true)] {
                    let whole = start == 0 && e.text.unicodeScalars.count == offsets.scalars.count
                    let k = whole || isAtomic(kept) ? kept.text : "(\(kept.text))"
                    let change = keptFirst ? "drop `\(op) \(dropped.text)`" : "drop `\(dropped.text) \(op)`"
                    var drop = Mutant(
                        op: .condition, location: dropped.location, change: change, original: text,
                        mutated: rewrite.apply(k), edits: [.scalar(p, rewrite.apply(k))])
                    drop.read = top
                    mutants.append(drop)
                }
            }
            walk(l, text, offsets, p, top: top)
            walk(r, text, offsets, p, top: top)
        case .unary(_, let x), .member(let x, _), .indexed(_, let x, _): walk(x, text, offsets, p, top: top)
        case .list(let xs), .call(_, let xs): for x in xs { walk(x, text, offsets, p, top: top) }
        case .ternary(let c, let a, let b):
            walk(c, text, offsets, p, top: top)
            walk(a, text, offsets, p, top: top)
            walk(b, text, offsets, p, top: top)
        case .number, .bool, .string, .name: break
        }
    }

    func isAtomic(_ e: Expr) -> Bool {
        switch e.node {
        case .binary, .ternary: return false
        default: return true
        }
    }

    /// ×0.5 and ×2; 0 → 1 and −1 (in the literal's unit: `0deg` → `1deg`).
    mutating func number(_ e: Expr, _ rewrite: ScalarRewrite) {
        let deg = e.text.hasSuffix("deg")
        let digits = deg ? String(e.text.dropLast(3)) : e.text
        let negative = digits.hasPrefix("-")
        guard let magnitude = Double(negative ? String(digits.dropFirst()).trimmingWhitespace() : digits) else {
            return
        }
        let v = negative ? -magnitude : magnitude
        let changes: [(String, Double)] = v == 0 ? [("0 → 1", 1), ("0 → -1", -1)] : [("×0.5", v * 0.5), ("×2", v * 2)]
        for (change, w) in changes {
            let text = shortestNumber(w) + (deg ? "deg" : "")
            let mutated = rewrite.apply(text)
            var m = Mutant(
                op: .number, location: e.location, change: change, original: e.text, mutated: text,
                edits: [.scalar(rewrite.path, mutated)])
            m.read = rewrite.top
            mutants.append(m)
        }
    }

    /// A literal's value as evaluation sees it (radians for `deg`).
    func literalValue(_ e: Expr) -> Double {
        switch e.node {
        case .number(let d): return d
        case .unary("-", let x): if case .number(let d) = x.node { return -d }
        default: break
        }
        return 0
    }

    /// The script operator: each gesture step at half its speed (the times of a `pan`'s path and
    /// its `duration` doubled, a `flick`'s velocity halved).
    mutating func script(_ n: SourceNode, _ p: [PathStep]) {
        guard case .sequence(let steps, _) = n else { return }
        for (i, step) in steps.enumerated() {
            for (k, g) in pairs(step) where k == "pan" || k == "flick" {
                let q = p + [.index(i), .key(k)]
                var edits: [TreeEdit] = []
                for (gk, gv) in pairs(g) {
                    if gk == "duration", case .scalar(let s, _, _) = gv, let d = Double(s) {
                        edits.append(.scalar(q + [.key(gk)], shortestNumber(d * 2)))
                    }
                    if gk == "velocity", case .sequence(let xs, _) = gv {
                        for (j, x) in xs.enumerated() {
                            if case .scalar(let s, _, _) = x, let d = Double(s) {
                                edits.append(.scalar(q + [.key(gk), .index(j)], shortestNumber(d * 0.5)))
                            }
                        }
                    }
                    if gk == "path", case .sequence(let keys, _) = gv {
                        for (j, kf) in keys.enumerated() {
                            if case .sequence(let xs, _) = kf, case .scalar(let s, _, _)? = xs.first, let d = Double(s)
                            {
                                edits.append(.scalar(q + [.key(gk), .index(j), .index(0)], shortestNumber(d * 2)))
                            }
                        }
                    }
                }
                if edits.isEmpty { continue }
                let key = pairs(step).isEmpty ? step : (stepKey(step, k) ?? step)
                mutants.append(
                    Mutant(
                        op: .script, location: loc(key), change: "\(k) speed ×0.5", original: render(g),
                        mutated: "", edits: edits))
            }
        }
    }

    func stepKey(_ step: SourceNode, _ k: String) -> SourceNode? {
        guard case .mapping(let m, _) = step else { return nil }
        return m.first { $0.key.string == k }?.key
    }
}

/// The offsets, in Unicode scalars, of the locations the expression parser gave an expression's
/// nodes (it counts lines at `\n` and columns in Unicode scalars from the scalar's start).
struct ScalarOffsets {
    var byLocation: [SourceLocation: Int] = [:]
    let scalars: [Unicode.Scalar]
    init(_ text: String, base: SourceLocation) {
        scalars = Array(text.unicodeScalars)
        var line = base.line
        var col = base.column
        var offset = 0
        for c in text {
            let here = SourceLocation(file: base.file, line: line, column: col)
            if byLocation[here] == nil { byLocation[here] = offset }
            if c == "\n" { line += 1; col = 1 } else { col += c.unicodeScalars.count }
            offset += c.unicodeScalars.count
        }
    }

    /// Where `e`'s text starts, when the text there is `e`'s (else nil: the site is skipped).
    func offset(of e: Expr) -> Int? {
        guard let o = byLocation[e.location] else { return nil }
        let t = Array(e.text.unicodeScalars)
        guard o + t.count <= scalars.count, Array(scalars[o..<(o + t.count)]) == t else { return nil }
        return o
    }
}

/// A rendering cut to 40 Unicode scalars, for a mutant's change.
func short(_ s: String) -> String {
    let u = Array(s.unicodeScalars)
    if u.count <= 40 { return s }
    return String(String.UnicodeScalarView(u[0..<39])) + "…"
}

/// A node as one line of flow YAML: `{ remove: all }`, `[pullUp, shadeAnimator]`.
func render(_ n: SourceNode) -> String {
    switch n {
    case .scalar(let s, let quote, _):
        if quote == .single { return "'\(s)'" }
        if quote == .double { return "\"\(s)\"" }
        return s
    case .sequence(let items, _): return "[" + items.map(render).joined(separator: ", ") + "]"
    case .mapping(let m, _):
        return "{ " + m.map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ") + " }"
    case .alias: return "*alias"
    }
}
