import Diagnostics
import FuzzSupport
import Glibc
import RecordMode
import Results
import SceneLoader
import Yams

// libFuzzer calls this with each input: SCENE [NUL CONTROL]. The scene text is first varied as
// the control's first byte says (line endings, a byte order mark, tabs, combining marks, U+2028
// and U+0085 in quoted strings, trailing comments), then the control picks 1 to 3 of the
// document's values (scalars or lists, by the parser's census) and what a run "observed" there:
// numbers, a word, a count or a rest time, failing or passing, swept or not. Record mode plans
// the update and makes it exactly as `scenerun --update` does before writing (`plan`, then
// `rewrite`). The oracle, written independently of record mode:
//  - every failing observation is rewritten or listed as left alone;
//  - a rewrite is the old bytes with each changed scalar's text replaced and no other byte
//    changed (offsets from the parser's line:column, counted here by libyaml's rules);
//  - parsed again, the new text is the old document (same nodes, kinds, tags, styles, anchors)
//    with only the observed values changed, each to a text that holds what was observed.
// A refusal (nothing written) is always allowed. Anything else is a finding (fatalError).

let file = "fuzz.yaml"
let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = input.firstIndex(of: 0) ?? input.count
    let control = Array(input[min(cut + 1, input.count)...])
    func c(_ k: Int) -> UInt8 { k < control.count ? control[k] : 0 }
    let scene = vary(Array(input[..<cut]), c(0))
    // Aliases expanded, at most the loader's default --max-nodes: record mode only edits files the
    // loader accepted (the census of a larger expansion is slow, not wrong).
    let start = scene.starts(with: bom) ? 3 : 0
    guard let text = String(validating: scene[start...], as: UTF8.self), let root = try? Yams.compose(yaml: text),
        nodes(root, budget: 200_000) <= 200_000
    else { return 0 }
    let source = SourceText(bytes: scene)
    guard let census = source.census, let oldText = source.text else { return 0 }
    let targets = (Array(census.scalars.keys) + Array(census.sequences.keys)).sorted()
    guard !targets.isEmpty else { return 0 }

    var results: [CaseResult] = []
    var observed: [YAMLCensus.Position: Observation] = [:]
    let count = Int(c(1) % 3) + 1
    for j in 0..<count {
        let k = 2 + 4 * j
        let p = targets[Int(c(k)) % targets.count]
        let o = observation(at: p, census: census, kind: c(k + 1), c(k + 2), c(k + 3), mayPass: c(1) & 8 != 0)
        var r = CaseResult(file: file, name: "c\(j)", status: o.passed ? .passed : .failed)
        if !o.passed { r.failures = [Failure(location: o.location, message: "observed")] }
        r.observations = [o]
        if c(k + 1) & 0x40 != 0 {
            r.sweep = SweepInfo(scene: "c", outcomeText: nil, parameters: [], outcome: nil)
        } else if observed[p] == nil {
            observed[p] = o
        }
        results.append(r)
    }
    let scope: ExpectationRewriter.Scope = c(1) & 4 != 0 ? .all : .failing
    let plan = ExpectationRewriter.plan(results, scope: scope, sources: [file: source])

    // Every failure is rewritten or listed.
    let edited = Set((plan.edits[file] ?? []).map(\.location))
    let listed = Set(plan.leftAlone.filter(\.failing).map(\.location))
    for r in results {
        for o in r.observations where !o.passed && !edited.contains(o.location) && !listed.contains(o.location) {
            fatalError("a failing observation at \(o.location) is neither rewritten nor listed: \(plan.leftAlone)")
        }
    }
    for l in plan.leftAlone where l.location.line < 1 || l.location.column < 1 {
        fatalError("left alone without a place: \(l)")
    }
    let edits = plan.edits[file] ?? []
    let why = plan.leftAlone.map { "\($0.location.line):\($0.location.column) \($0.why)" }
    guard !edits.isEmpty else {
        say("\(results.count) observed, nothing to rewrite; left alone: \(why)")
        return 0
    }
    switch ExpectationRewriter.rewrite(edits, in: source) {
    case .failure(let refusal):
        if refusal.location.line < 1 || refusal.location.column < 1 { fatalError("a refusal without a place: \(refusal)") }
        say("\(edits.count) edits refused: \(refusal.location.line):\(refusal.location.column) \(refusal.why)")
    case .success(let new):
        check(old: scene, oldText: oldText, new: new, census: census, observed: observed)
        say("rewritten: \(edits.map { "\($0.location.line):\($0.location.column) \($0.old) → \($0.new)" }); left alone: \(why)")
    }
    return 0
}

/// With RECORDFUZZ_VERBOSE set (replaying inputs, not fuzzing): what became of each input.
let verbose = getenv("RECORDFUZZ_VERBOSE") != nil
func say(_ s: @autoclosure () -> String) { if verbose { print(s()) } }

/// What a run saw at `p`: the kind from the control byte, the values near the written ones.
func observation(
    at p: YAMLCensus.Position, census: YAMLCensus.Census, kind: UInt8, _ a: UInt8, _ b: UInt8, mayPass: Bool
) -> Observation {
    let location = SourceLocation(file: file, line: p.line, column: p.column)
    let delta = Double(Int16(bitPattern: UInt16(a) << 8 | UInt16(b))) / 8
    let tolerance = [0.5, 0.01, 0.001, 1e-6, 2, 0][Int(b) % 6]
    let written = census.sequences[p]?.items.map { Double($0.value ?? "") ?? 0 }
        ?? [Double(census.scalars[p]?.value ?? "") ?? 0]
    let passed = mayPass && kind & 0x80 != 0
    let what: Observation.Observed
    switch kind % 8 {
    case 0, 1, 2:
        var values = written.enumerated().map { k, v in a & 0x80 != 0 || k == Int(a) % written.count ? v + delta : v }
        if kind % 8 == 2 { values.append(delta) }  // a shape that does not match
        // An empty flow list (`[ ]`) was observed as no numbers: nothing to make special.
        switch values.isEmpty ? 0 : a {
        case 0xFF: values[0] = .nan
        case 0xFE: values[0] = .infinity
        case 0xFD: values[0] = 1e300
        case 0xFC: values[0] = -Double.leastNonzeroMagnitude
        default: break
        }
        what = .numbers(values, tolerance: tolerance)
    case 3: what = .word(words[Int(a) % words.count])
    case 4: what = .count(Int(Int16(bitPattern: UInt16(a) << 8 | UInt16(b))))
    case 5: what = .restTime(Double(a) / 16 + Double(b) / 4096, tick: b & 1 == 0 ? 1.0 / 60 : 1.0 / 120)
    default: what = .numbers([(written.first ?? 0) + delta], tolerance: tolerance)
    }
    return Observation(location: location, observed: what, passed: passed)
}

/// Words a run may observe (states, booleans, strings a view holds), some that YAML reads
/// otherwise when written plainly.
let words = [
    "began", "ended", "possible", "true", "false", "a b", "a: b", "#c", "- x", "[a]", "{a}", "", "null", "~", "1",
    "e\u{301}", "\u{2028}", "'q", "\"q", "x\\y", "&a", "*a", "!t", "x #y", "\t", "\u{85}", "é", "y: 1\nz",
]

/// The bytes of `new` must be those of `old` with each changed scalar's text replaced; parsed
/// again, the same document with only the observed values changed, each holding what was seen.
func check(
    old: [UInt8], oldText: String, new: [UInt8], census: YAMLCensus.Census,
    observed: [YAMLCensus.Position: Observation]
) {
    let start = old.starts(with: bom) ? 3 : 0
    guard new.starts(with: bom) == (start == 3) else { fatalError("the byte order mark changed") }
    guard let newText = String(validating: new[start...], as: UTF8.self) else { fatalError("not UTF-8") }
    guard let a = try? Yams.compose(yaml: oldText), let b = try? Yams.compose(yaml: newText) else {
        fatalError("the rewritten text does not parse: \(newText.debugDescription)")
    }
    let (x, y) = (flatten(a), flatten(b))
    guard x.count == y.count else { fatalError("\(x.count) nodes became \(y.count)") }
    // The positions record mode may change, each with the value observed there.
    var allowed: [YAMLCensus.Position: [(Observation, Int)]] = [:]
    for (p, o) in observed {
        if let s = census.sequences[p] {
            for (k, item) in s.items.enumerated() { allowed[item.position, default: []].append((o, k)) }
        } else {
            allowed[p, default: []].append((o, 0))
        }
    }
    let scalars = Array(oldText.unicodeScalars)
    var spans: [(Range<Int>, [UInt8])] = []
    for (u, v) in zip(x, y) {
        guard u.shape == v.shape else { fatalError("at \(u.position): \(u.shape) became \(v.shape)") }
        guard u.value != v.value else { continue }
        guard let seen = allowed[u.position] else {
            fatalError("`\(u.value)` at \(u.position), not observed, became `\(v.value)`")
        }
        guard seen.contains(where: { holds(v.value, $0.0.observed, $0.1) }) else {
            fatalError("`\(v.value)` at \(u.position) does not hold what was observed: \(seen)")
        }
        guard let at = offset(of: u.position, in: scalars).map({ $0 + start }) else {
            fatalError("no offset for \(u.position)")
        }
        let (was, now) = (written(u), written(v))
        let from = skipProperties(old, at)
        guard from + was.count <= old.count, Array(old[from..<(from + was.count)]) == was else {
            fatalError("\(u.position): rewrote a scalar whose text is not `\(String(decoding: was, as: UTF8.self))`")
        }
        spans.append((from..<(from + was.count), now))
    }
    var expected = old
    for (r, now) in spans.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) { expected.replaceSubrange(r, with: now) }
    guard expected == new else {
        fatalError(
            "bytes other than the values changed:\n\(String(decoding: old, as: UTF8.self).debugDescription)\n"
                + "→ \(String(decoding: new, as: UTF8.self).debugDescription)")
    }
}

/// Whether the new text of a value holds what was observed (item `k` of a list of numbers).
func holds(_ text: String, _ o: Observation.Observed, _ k: Int) -> Bool {
    switch o {
    case .numbers(let values, let tolerance):
        guard k < values.count, let v = Double(text), v.isFinite else { return false }
        return Swift.abs(v - values[k]) <= Swift.max(tolerance, 1e-12 * Swift.abs(values[k]))
    case .word(let w): return text == w
    case .count(let n): return text == String(n)
    case .restTime(let t, let tick):
        guard let v = Double(text) else { return false }
        return v >= t - 1e-9 && v < t + tick
    }
}
