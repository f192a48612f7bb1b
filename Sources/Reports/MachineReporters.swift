import Diagnostics
import Expectations
import Expressions

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
            cases.append("    {\"diagnostics\": [\(diags.joined(separator: ", "))], \"failures\": [\(fails.joined(separator: ", "))], \"file\": \(esc(r.file)), \"name\": \(esc(r.name)), \"status\": \(esc(r.status.rawValue)), \"ticks\": \(r.ticks)}")
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
                if c.value < 0x20 && c != "\n" && c != "\t" { o += "&#\(c.value);" } else { o.unicodeScalars.append(c) }
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

    /// A file name for a case: its name with every character outside [A-Za-z0-9._-] replaced by `-`.
    public static func fileName(_ r: CaseResult) -> String {
        String(r.name.unicodeScalars.map { c -> Character in
            (c.properties.isAlphabetic && c.isASCII) || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-" ? Character(c) : "-"
        }) + ".csv"
    }
}
