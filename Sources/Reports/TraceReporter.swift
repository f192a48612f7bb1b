import Diagnostics
import Expressions
import Results

/// The per-tick trace of one case as CSV: a header of column names, then a row per tick with
/// six decimals (points, radians, seconds, points/s).
public struct TraceReporter: Reporter {
    public init() {}
    /// A CSV file per case that recorded its ticks (`--trace`), named by `fileNames`.
    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        let traced = results.filter { !$0.tickColumns.isEmpty }
        return zip(traced, Self.fileNames(traced)).map { ReportFile(name: $1, text: Self.render($0)) }
    }
    public static func render(_ r: CaseResult) -> String {
        var out = r.tickColumns.joined(separator: ",") + "\n"
        for row in r.ticksTrace { out += row.map { formatFixed($0, decimals: 6) }.joined(separator: ",") + "\n" }
        return out
    }

    /// The trace file name of each case, in order, unique within the run (also on file systems
    /// that ignore case):
    ///
    /// - the case's name with every character outside `[A-Za-z0-9._-]` replaced by `-`, cut to 100
    ///   characters (`case` when nothing is left), then `.csv`;
    /// - when two or more cases of the run share that stem (ignoring case), each of them gets
    ///   `-` and eight hex digits of the FNV-1a hash of its file path and name appended, so the name
    ///   of a case does not depend on the order of the cases or on which other case collided;
    /// - if even that collides (the same name in the same file cannot; distinct hashes almost
    ///   always differ), later cases in run order get `-2`, `-3`, … after the hash.
    public static func fileNames(_ results: [CaseResult]) -> [String] {
        let stems = results.map { stem($0.name) }
        var count: [String: Int] = [:]
        for s in stems { count[s.lowercased(), default: 0] += 1 }
        var names: [String] = []
        var used: Set<String> = []
        for (r, s) in zip(results, stems) {
            var n = s
            if count[s.lowercased(), default: 0] > 1 { n += "-" + hex8(fnv1a(r.file + "\u{0}" + r.name)) }
            var candidate = n
            var k = 1
            while used.contains(candidate.lowercased()) { k += 1; candidate = n + "-\(k)" }
            used.insert(candidate.lowercased())
            names.append(candidate + ".csv")
        }
        return names
    }

    static func stem(_ name: String) -> String {
        var out = ""
        for c in name.unicodeScalars.prefix(100) {
            let ok =
                ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_"
                || c == "-"
            out.unicodeScalars.append(ok ? c : "-")
        }
        if out.isEmpty || out.allSatisfy({ $0 == "." }) { return "case" }
        return out
    }

    static func fnv1a(_ s: String) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }

    static func hex8(_ v: UInt32) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: 8 - h.count) + h
    }
}
