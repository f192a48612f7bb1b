import Diagnostics
import Driver
import Expressions
import Reports
import Results
import SceneLoader

// `mutate --replay DIR` (docs/mutate.md, "The HTML report"; viewer.md): `index.html` shows each
// scene's score and its source with every mutant marked where it edits, by status, with a status
// filter; `mutant-N.html` says what mutant N changed and what became of it, linking, for a
// survivor, each case's original page beside the mutant's (`original/`, `mutant-N/`). Every byte
// follows from the run: the same mutants give the same pages, on every `--jobs`.

/// The statuses of a mutant whose every case passed, whose run the report replays (as the runner
/// picks them: `MutateRequest.replay`). By name, so that a new status of survivor needs no change
/// here beyond its name.
let replayedStatuses: Set<String> = ["survived", "unasserted", "unobserved"]

/// The statuses counted against the score: survivors, with or without coverage.
let survivorStatuses: Set<String> = replayedStatuses.union(["noCoverage"])

/// What each status means, as a mutant's page says it.
let statusMeaning: [String: String] = [
    "killed": "a case failed an expectation: the scene pins this change",
    "timeout": "a case ran past the mutant's time limit: killed by timeout",
    "survived": "every case passed: nothing the scene asserts notices this change",
    "unasserted": "a case's run differs from the original's, and nothing asserts it: add an expectation",
    "unobserved": "no case's run changes: the change needs a new case, not a new expectation",
    "noCoverage": "no case reaches this: add a case that does",
    "invalid": "the mutated scene does not load: not counted",
    "equivalent": "declared equivalent in the scene: not run, not counted",
]

/// `--replay DIR`: `original/` and `mutant-N/` (each survivor's cases, N its run index + 1), each
/// with the case pages and their index, `mutant-N.html` for every mutant, and `index.html`.
/// `sources` holds each scene file's text, as the mutants were made from it.
func writeMutationReport(
    _ dir: String, report: MutationReport, sources: [String: String], originals: [CaseResult],
    mutants: [[CaseResult]], console: Console
) -> Int32 {
    let survivors = report.outcomes.filter { replayedStatuses.contains($0.status.rawValue) }
    // The original pages are numbered across files, so that two files' cases never share a name.
    var originals = originals
    for i in originals.indices { originals[i].index = i }
    var files: [(String, String)] = ReplayReporter.render(originals).map { ("original/" + $0.name, $0.text) }
    var cases: [Int: [MutantCaseLink]] = [:]
    for (o, results) in zip(survivors, mutants) {
        let folder = "mutant-\(o.index + 1)"
        files += ReplayReporter.render(results).map { ("\(folder)/" + $0.name, $0.text) }
        cases[o.index] = results.map { r in
            let orig = originals.first { $0.file == r.file && $0.name == r.name }
            return MutantCaseLink(
                name: r.name, status: r.status.rawValue,
                mutant: "\(folder)/" + ReplayReporter.pageName(r, index: r.index ?? 0),
                original: orig.map { "original/" + ReplayReporter.pageName($0, index: $0.index ?? 0) })
        }
    }
    let outcomes = report.outcomes
    for (k, o) in outcomes.enumerated() {
        let page = MutantPage(
            outcome: o, lines: yamlLines(sources[o.location.file] ?? ""), cases: cases[o.index] ?? [],
            previous: k > 0 ? mutantPageName(outcomes[k - 1]) : nil,
            next: k + 1 < outcomes.count ? mutantPageName(outcomes[k + 1]) : nil)
        files.append((mutantPageName(o), page.text))
    }
    files.append(("index.html", mutationIndex(report, sources: sources)))
    // Every page's folder (`original/`, `mutant-N/`) is entered without following a link, and
    // every destination checked, before the first page is written.
    do throws(OutputError) { try writeFiles(files, below: dir, for: dir) } catch {
        console.err(error.message)
        return error.code
    }
    return 0
}

/// `mutant-12.html`: mutant 12 of the whole run (its index + 1, as its replay folder).
func mutantPageName(_ o: MutantOutcome) -> String { "mutant-\(o.index + 1).html" }

/// A case of a replayed survivor: its pages in the mutant's run and the original's.
struct MutantCaseLink {
    var name: String
    var status: String
    var mutant: String
    var original: String?
}

/// Where a mutant's mark goes on its line (0-based scalar offsets) and how many scalars its token
/// takes: the original text when the line has it at the column, else the left side of the
/// change (`90` of `90 → 89.9`), else the word at the column, else one scalar.
func tokenSpan(_ o: MutantOutcome, line: [Unicode.Scalar]) -> (start: Int, length: Int) {
    let start = Swift.min(Swift.max(0, o.location.column - 1), line.count)
    let rest = Array(line[start...])
    func has(_ s: String) -> Bool {
        let t = Array(s.unicodeScalars)
        return !t.isEmpty && rest.count >= t.count && Array(rest[0..<t.count]) == t
    }
    if has(o.original) { return (start, o.original.unicodeScalars.count) }
    if let arrow = o.change.range(of: " → ") {
        let left = String(o.change[..<arrow.lowerBound])
        if has(left) { return (start, left.unicodeScalars.count) }
    }
    var n = 0
    while n < rest.count,
        rest[n].properties.isAlphabetic || ("0"..."9").contains(rest[n])
            || "_.-".unicodeScalars
                .contains(rest[n])
    {
        n += 1
    }
    return (start, Swift.max(n, rest.isEmpty ? 0 : 1))
}

/// One line of source, escaped, with each mutant's badge (`data-mutant`, `data-status`,
/// `data-line`) before its token and the token marked with the status of its first mutant; a
/// token ends where the next mark begins, so marks never nest.
func markedLine(_ text: String, number: Int, mutants: [MutantOutcome]) -> String {
    let line = Array(text.unicodeScalars)
    let spans = mutants.map { tokenSpan($0, line: line) }
    let starts = Array(Set(spans.map(\.start))).sorted()
    var out = ""
    var at = 0
    func plain(_ a: Int, _ b: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: line[a..<b])
        return html(String(s))
    }
    for (k, start) in starts.enumerated() {
        out += plain(at, start)
        let here = mutants.indices.filter { spans[$0].start == start }
        for i in here {
            let o = mutants[i]
            let st = o.status.rawValue
            out +=
                "<a class=\"m s-\(st)\" href=\"\(mutantPageName(o))\" data-mutant=\"\(html(o.id))\" "
                + "data-status=\"\(st)\" data-line=\"\(number)\" title=\"\(html("\(changeText(o)): \(st)"))\">"
                + "</a>"
        }
        let limit = k + 1 < starts.count ? starts[k + 1] : line.count
        let end = Swift.min(limit, start + (here.map { spans[$0].length }.max() ?? 0))
        if end > start {
            let worst = here.map { mutants[$0].status.rawValue }.min { statusRank($0) < statusRank($1) } ?? ""
            out += "<span class=\"tok s-\(worst)\">\(plain(start, end))</span>"
        }
        at = end
    }
    return out + plain(at, line.count)
}

/// How much a status asks of the author, most first: a token with several mutants is marked
/// with the first of theirs in this order.
func statusRank(_ status: String) -> Int {
    let order = ["survived", "unasserted", "unobserved", "noCoverage", "timeout", "killed", "invalid", "equivalent"]
    return order.firstIndex(of: status) ?? order.count
}

/// What a mutant changes, in words: `number 375 → 187.5 (×0.5)` when the texts before and after
/// are short and on one line, else its operator and change (`action drop { remove: all }`).
func changeText(_ o: MutantOutcome) -> String {
    func short(_ s: String) -> Bool { !s.isEmpty && s.unicodeScalars.count <= 32 && !s.contains("\n") }
    if !o.change.contains("→") && short(o.original) && short(o.mutated) {
        return "\(o.op) \(o.original) → \(o.mutated) (\(o.change))"
    }
    return "\(o.op) \(o.change)"
}

/// The status filter's options: every status, then each status that has mutants, with counts.
func statusOptions(_ outcomes: [MutantOutcome]) -> String {
    var o = "<option value=\"\">every status (\(outcomes.count))</option>"
    for s in MutantStatus.allCases {
        let n = outcomes.filter { $0.status == s }.count
        if n > 0 { o += "<option value=\"\(s.rawValue)\">\(s.rawValue) (\(n))</option>" }
    }
    return o
}

/// `index.html`: the run's counts and score, a status filter, and per scene file its score, its
/// source with every mutant marked, and the list of its mutants.
func mutationIndex(_ report: MutationReport, sources: [String: String]) -> String {
    var sections = ""
    for f in report.files {
        let mine = report.outcomes.filter { $0.location.file == f.file }
        sections += "<section class=\"file\" data-file=\"\(html(f.file))\"><h2>\(html(f.file))</h2>\n"
        if f.problem != nil {
            sections += "<pre class=\"problem\">\(html(problemText(f)))</pre></section>\n"
            continue
        }
        let c = MutationCounts(mine)
        let score = c.percent.map { formatFixed($0, decimals: 1) + " %" } ?? "no score"
        sections += "<p class=\"score\"><b>\(score)</b> \(html(c.text))</p>\n<pre class=\"source\">"
        let lines = yamlLines(sources[f.file] ?? "")
        let width = String(lines.count).count
        for (i, text) in lines.enumerated() {
            let n = i + 1
            let here = mine.filter { $0.location.line == n }
            let number = String(repeating: " ", count: width - String(n).count) + String(n)
            sections +=
                "<span class=\"ln\(here.isEmpty ? "" : " has")\" id=\"L\(n)\" data-line=\"\(n)\">"
                + "<i>\(number)</i> \(markedLine(text, number: n, mutants: here))</span>"
        }
        sections += "</pre>\n<table class=\"mutants\"><thead><tr><th>status</th><th>mutant</th><th>detail</th>"
        sections += "</tr></thead><tbody>\n"
        for o in mine {
            let st = o.status.rawValue
            let why = o.detail ?? (o.failingCases.isEmpty ? "" : "failed: " + o.failingCases.joined(separator: ", "))
            sections +=
                "<tr data-status=\"\(st)\" data-mutant=\"\(html(o.id))\"><td class=\"st s-\(st)\">\(st)</td>"
                + "<td><a href=\"\(mutantPageName(o))\">\(html("\(o.location.line):\(o.location.column)"))</a> "
                + "\(html(changeText(o)))</td><td class=\"msg\">\(html(why))</td></tr>\n"
        }
        sections += "</tbody></table></section>\n"
    }
    let all = MutationCounts(report.outcomes)
    let shard = report.shard.map { " (shard \($0))" } ?? ""
    return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>scenerun mutate</title>
        <style>\(MutationPageAssets.style)</style></head>
        <body><h1>scenerun mutate</h1>
        <p class="summary">total\(html(shard)): \(html(all.text))</p>
        <p class="find"><select id="status" aria-label="show the mutants of one status">\
        \(statusOptions(report.outcomes))</select> <span id="found">\(report.outcomes.count) mutants</span></p>
        \(sections)<script>\(MutationPageAssets.indexScript)</script>
        </body></html>

        """
}

/// A mutant's page: what changed (its place, operator and change, the line before and after),
/// its status and what it means, why (the failing cases, the detail), and for a survivor each
/// case's original page beside the mutant's.
struct MutantPage {
    var outcome: MutantOutcome
    /// The lines of its scene file.
    var lines: [String]
    var cases: [MutantCaseLink]
    var previous: String?
    var next: String?

    var text: String {
        let o = outcome
        let st = o.status.rawValue
        let l = o.location
        var links = "<a rel=\"index\" href=\"index.html#status=\(st)\" title=\"every mutant\">all mutants</a>"
        if let p = previous {
            links = "<a rel=\"prev\" href=\"\(p)\" title=\"the previous mutant (p)\">← previous</a>" + links
        }
        if let n = next { links += "<a rel=\"next\" href=\"\(n)\" title=\"the next mutant (n)\">next →</a>" }
        let what = "\(l) \(changeText(o))"
        var body = "<p class=\"what\" id=\"what\">\(html(what))</p>\n"
        body += "<p class=\"meaning\" id=\"meaning\">\(html(statusMeaning[st] ?? st))</p>\n"
        body += "<pre class=\"source\" id=\"source\">\(context)</pre>\n"
        if !o.original.isEmpty || !o.mutated.isEmpty {
            body += "<table class=\"change\"><tr><th>original</th><td><code>\(html(o.original))</code></td></tr>"
            body += "<tr><th>mutated</th><td><code>\(html(o.mutated.isEmpty ? "(dropped)" : o.mutated))</code>"
            body += "</td></tr></table>\n"
        }
        if !o.failingCases.isEmpty {
            body += "<p id=\"failing\">failing cases: \(html(o.failingCases.joined(separator: ", ")))</p>\n"
        }
        if let d = o.detail { body += "<p id=\"detail\">\(html(d))</p>\n" }
        if !cases.isEmpty {
            body += "<h2>Its cases, replayed</h2><table id=\"cases\"><thead><tr><th>case</th><th>mutant's run</th>"
            body += "<th>original's run</th></tr></thead><tbody>\n"
            for c in cases {
                let orig = c.original.map { "<a data-run=\"original\" href=\"\($0)\">original</a>" } ?? "original"
                body +=
                    "<tr><td>\(html(c.name))</td><td><a data-run=\"mutant\" href=\"\(c.mutant)\">mutant "
                    + "(\(c.status))</a></td><td>\(orig)</td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en" data-mutant="\(html(o.id))" data-status="\(st)"><head><meta charset="utf-8">
            <title>\(html(what)) · scenerun mutate</title>
            <style>\(MutationPageAssets.style)</style></head>
            <body><header><span class="badge s-\(st)" id="status">\(st)</span><h1>\(html(o.id))</h1>\
            <nav>\(links)</nav></header>
            \(body)<script>\(MutationPageAssets.pageScript)</script>
            </body></html>

            """
    }

    /// Two lines either side of the mutant's, numbered; its line as the original has it, with
    /// the token marked, and as the mutant has it when the change is a text on that line.
    var context: String {
        let o = outcome
        let n = o.location.line
        guard n >= 1 && n <= lines.count else { return html(o.sourceLine) }
        let range = Swift.max(1, n - 2)...Swift.min(lines.count, n + 2)
        let width = String(range.upperBound).count
        func number(_ k: Int) -> String { String(repeating: " ", count: width - String(k).count) + String(k) }
        var out = ""
        for k in range {
            if k != n {
                out += "<span class=\"ln\"><i>\(number(k))</i>  \(html(lines[k - 1]))</span>"
                continue
            }
            let line = Array(lines[k - 1].unicodeScalars)
            let (start, length) = tokenSpan(o, line: line)
            func part(_ a: Int, _ b: Int) -> String {
                var s = String.UnicodeScalarView()
                s.append(contentsOf: line[a..<b])
                return html(String(s))
            }
            let end = Swift.min(line.count, start + length)
            let original = Array(o.original.unicodeScalars)
            let exact = !original.isEmpty && end - start == original.count && Array(line[start..<end]) == original
            out +=
                "<span class=\"ln del\"><i>\(number(k))</i>\(exact ? "-" : " ") \(part(0, start))"
                + "<span class=\"tok s-\(o.status.rawValue)\">\(part(start, end))</span>\(part(end, line.count))</span>"
            if exact {
                out +=
                    "<span class=\"ln add\"><i>\(number(k))</i>+ \(part(0, start))<span class=\"tok\">"
                    + "\(html(o.mutated))</span>\(part(end, line.count))</span>"
            }
        }
        return out
    }
}
