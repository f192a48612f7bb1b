import Diagnostics
import Foundation
@_spi(Testing) import Reports
import Results
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct JUnitReporterTests {
    @Test func junit() throws {
        let x = JUnitReporter.render(results)
        #expect(
            x.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"scenerun\" tests=\"3\" failures=\"1\" errors=\"1\">"
            ))
        #expect(
            x.contains(
                "<testsuite name=\"scenes/shade.yaml\" tests=\"2\" failures=\"1\" errors=\"0\" file=\"scenes/shade.yaml\">"
            ))
        #expect(
            x.contains(
                "<failure message=\"shade.frame.y expected 0 ± 0.5, got 12.4 at t = 4.000 s\" type=\"expectation\">scenes/shade.yaml:4:28: shade.frame.y"
            ))
        #expect(x.contains("<error message=\"unknown key `frequncy`; did you mean `frequency`?\" type=\"invalid\">"))
        #expect(JUnitReporter.xml("a<b & \"c\"") == "a&lt;b &amp; &quot;c&quot;")
        let doc = try XMLDocument(xmlString: x)
        #expect(try doc.nodes(forXPath: "//testcase").count == 3)
    }
}
