import Diagnostics
import Expressions
import Results

/// JUnit XML, valid against junit-10.xsd (Jenkins' xUnit plugin; the copy in
/// Tests/ReportsTests/Schemas): a test suite per scene file with its properties (the scenerun
/// version and the scene's path), a test case per scene case, `<failure>` per failed
/// expectation, `<error>` per load or run-time error, and the case's trace (what `--verbose`
/// prints) in `<system-out>` of every case that did not pass. `time`, `timestamp` and `hostname`
/// only with `--timings`, so that the report is byte-identical between runs by default.
public struct JUnitReporter: Reporter {
    public init() {}

    public func files(_ results: [CaseResult], options: ReportOptions) -> [ReportFile] {
        [ReportFile(name: "", text: Self.render(results, options: options))]
    }

    @_spi(Testing) public static func xml(_ s: String) -> String {
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
                } else {
                    o.unicodeScalars.append(c)
                }
            }
        }
        return o
    }

    /// Seconds with three decimals, in the form junit-10.xsd's SUREFIRE_TIME accepts.
    static func seconds(_ d: Double) -> String { formatFixed(Swift.max(0, d), decimals: 3) }

    public static func render(_ results: [CaseResult], options: ReportOptions = ReportOptions()) -> String {
        var files: [String] = []
        for r in results where !files.contains(r.file) { files.append(r.file) }
        let durations = options.timings ? options.durations : nil
        func duration(_ i: Int) -> Double { durations.map { i < $0.count ? $0[i] : 0 } ?? 0 }
        let s = Summary(results)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"scenerun\" tests=\"\(results.count)\" failures=\"\(s.failed)\" errors=\"\(s.invalid)\""
        if durations != nil { out += " time=\"\(seconds(results.indices.map(duration).reduce(0, +)))\"" }
        out += ">\n"
        for f in files {
            let indices = results.indices.filter { results[$0].file == f }
            let ss = Summary(indices.map { results[$0] })
            out +=
                "  <testsuite name=\"\(xml(f))\" tests=\"\(indices.count)\" failures=\"\(ss.failed)\" "
                + "errors=\"\(ss.invalid)\""
            if durations != nil {
                out += " time=\"\(seconds(indices.map(duration).reduce(0, +)))\""
                if let t = options.timestamp { out += " timestamp=\"\(xml(t))\"" }
                if let h = options.hostname { out += " hostname=\"\(xml(h))\"" }
            }
            out += " file=\"\(xml(f))\">\n"
            out += "    <properties>\n"
            if !options.version.isEmpty {
                out += "      <property name=\"scenerun.version\" value=\"\(xml(options.version))\"/>\n"
            }
            out += "      <property name=\"scene.path\" value=\"\(xml(f))\"/>\n"
            out += "    </properties>\n"
            for i in indices {
                let r = results[i]
                out += "    <testcase classname=\"\(xml(f))\" name=\"\(xml(r.name))\""
                if durations != nil { out += " time=\"\(seconds(duration(i)))\"" }
                if r.status == .passed {
                    out += "/>\n"
                    continue
                }
                out += ">\n"
                for d in r.diagnostics {
                    out += "      <error message=\"\(xml(d.message))\" type=\"invalid\">\(xml(d.description))</error>\n"
                }
                for x in r.failures {
                    out +=
                        "      <failure message=\"\(xml(x.message))\" "
                        + "type=\"expectation\">\(xml("\(x.location): \(x.message)"))</failure>\n"
                }
                if !r.trace.isEmpty {
                    var text = r.trace.joined(separator: "\n") + "\n"
                    text += "\(r.ticks) ticks, t = \(formatFixed(r.time, decimals: 3)) s, \(r.work) units of work\n"
                    out += "      <system-out>\(xml(text))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
