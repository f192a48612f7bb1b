import Diagnostics
import Expressions
import Results

/// JSON: keys sorted, stable number formatting, no timings.
public enum JSONReporter {
    public static func render(_ results: [CaseResult]) -> String {
        func esc(_ s: String) -> String {
            var o = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": o += "\\\""
                case "\\": o += "\\\\"
                case "\n": o += "\\n"
                case "\r": o += "\\r"
                case "\t": o += "\\t"
                default:
                    if u.value < 0x20 {
                        let h = String(u.value, radix: 16)
                        o += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                    } else { o.unicodeScalars.append(u) }
                }
            }
            return o + "\""
        }
        func loc(_ l: SourceLocation) -> String { "{\"column\": \(l.column), \"file\": \(esc(l.file)), \"line\": \(l.line)}" }
        var cases: [String] = []
        for r in results {
            let fails = r.failures.map { "{\"location\": \(loc($0.location)), \"message\": \(esc($0.message))}" }
            let diags = r.diagnostics.map { "{\"location\": \(loc($0.location)), \"message\": \(esc($0.message))}" }
            var sweep = ""
            if let s = r.sweep {
                let params = s.parameters.sorted { $0.name < $1.name }.map { "\(esc($0.name)): \(shortestNumber($0.value))" }.joined(separator: ", ")
                sweep = ", \"outcome\": \(s.outcome.map(esc) ?? "null"), \"parameters\": {\(params)}, \"scene\": \(esc(s.scene))"
            }
            cases.append("    {\"diagnostics\": [\(diags.joined(separator: ", "))], \"failures\": [\(fails.joined(separator: ", "))], \"file\": \(esc(r.file)), \"name\": \(esc(r.name))\(sweep), \"status\": \(esc(r.status.rawValue)), \"ticks\": \(r.ticks)}")
        }
        let s = Summary(results)
        return "{\n  \"cases\": [\n\(cases.joined(separator: ",\n"))\n  ],\n  \"summary\": {\"failed\": \(s.failed), \"invalid\": \(s.invalid), \"passed\": \(s.passed)}\n}\n"
    }
}

/// JUnit XML: a test suite per file, a test case per scene case.
public enum JUnitReporter {
    static func xml(_ s: String) -> String {
        var o = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            case "'": o += "&apos;"
            default:
                // XML 1.0 has no way to carry most control characters, not even as `&#0;`
                // (not well-formed): they are written as visible `\u{0}` text.
                if (c.value < 0x20 && c != "\n" && c != "\t" && c != "\r") || c.value == 0xFFFE || c.value == 0xFFFF {
                    o += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
                } else { o.unicodeScalars.append(c) }
            }
        }
        return o
    }

    public static func render(_ results: [CaseResult]) -> String {
        var files: [String] = []
        for r in results where !files.contains(r.file) { files.append(r.file) }
        let s = Summary(results)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"scenerun\" tests=\"\(results.count)\" failures=\"\(s.failed)\" errors=\"\(s.invalid)\">\n"
        for f in files {
            let rs = results.filter { $0.file == f }
            let ss = Summary(rs)
            out += "  <testsuite name=\"\(xml(f))\" tests=\"\(rs.count)\" failures=\"\(ss.failed)\" errors=\"\(ss.invalid)\">\n"
            for r in rs {
                out += "    <testcase classname=\"\(xml(f))\" name=\"\(xml(r.name))\" file=\"\(xml(f))\""
                if r.status == .passed { out += "/>\n"; continue }
                out += ">\n"
                for d in r.diagnostics {
                    out += "      <error message=\"\(xml(d.message))\" type=\"invalid\">\(xml(d.description))</error>\n"
                }
                for x in r.failures {
                    out += "      <failure message=\"\(xml(x.message))\" type=\"expectation\">\(xml("\(x.location): \(x.message)"))</failure>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// GitHub Actions workflow commands: one `::error` annotation per failure or diagnostic.
public enum GitHubReporter {
    static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }
    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
    public static func render(_ results: [CaseResult]) -> String {
        var out = ""
        for r in results {
            for d in r.diagnostics {
                out += "::error file=\(escapeProperty(d.location.file)),line=\(d.location.line),col=\(d.location.column),title=\(escapeProperty(r.name))::\(escapeData(d.message))\n"
            }
            for f in r.failures {
                out += "::error file=\(escapeProperty(f.location.file)),line=\(f.location.line),col=\(f.location.column),title=\(escapeProperty(r.name))::\(escapeData(f.message))\n"
            }
        }
        return out + Summary(results).line + "\n"
    }
}

extension String {
    func replacingAll(_ a: String, _ b: String) -> String {
        guard !a.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

/// The per-tick trace of one case as CSV: a header of column names, then a row per tick with
/// six decimals (points, radians, seconds, points/s).
public enum TraceReporter {
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
            var candidate = n, k = 1
            while used.contains(candidate.lowercased()) { k += 1; candidate = n + "-\(k)" }
            used.insert(candidate.lowercased())
            names.append(candidate + ".csv")
        }
        return names
    }

    static func stem(_ name: String) -> String {
        var out = ""
        for c in name.unicodeScalars.prefix(100) {
            let ok = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-"
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
