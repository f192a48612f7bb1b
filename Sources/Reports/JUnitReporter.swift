import Diagnostics
import Expressions
import Results

/// JUnit XML: a test suite per file, a test case per scene case.
public struct JUnitReporter: Reporter {
    public init() {}
    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        [ReportFile(name: "", text: Self.render(results))]
    }
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
