import Diagnostics
import Expressions
import SceneLoader
import SceneModel
import SceneRunner
import Testing

/// Inputs that crashed main or were silently accepted; each is now a located load error (or, for
/// a byte order mark, accepted).
@Suite struct ReliabilityLoaderTests {
    let header = "name: t\nviews:\n  a: { frame: [0, 0, 100, 100] }\n"

    /// On main: SIGILL, a Double→Int conversion of 1e20.
    @Test func hugeFrameCountsAreRefused() {
        #expect(
            loadError(header + "script:\n  - wait: { frames: 1e20 }\n")
                == "t.yaml:5:21: error: `frames` must be at most 1e15, found 1e20; a case runs at most --max-ticks ticks"
        )
        // Within Int but beyond the tick limit: a located run-time error, not a trap or a hang.
        let s = try! load(header + "script:\n  - wait: { frames: 1e14 }\n")[0]
        let r = CaseRunner.run(s)
        #expect(r.status == .invalid)
        #expect(r.diagnostics.first?.description.hasPrefix("t.yaml:5:") == true, "\(r.diagnostics)")
    }

    /// On main: SIGILL, an engine precondition.
    @Test func anAttachmentFromAViewToItselfIsRefused() {
        #expect(
            loadError(
                header + "behaviors:\n  x: { attachment: { item: a, to: a }, active: true }\nscript:\n  - wait: 0.1\n")
                == "t.yaml:5:35: error: attachment `x` attaches `a` to itself; `to` names another view (use `anchor` for a point)"
        )
    }

    /// On main both were accepted.
    @Test func superviewCyclesAreRefused() {
        #expect(
            loadError("views:\n  a: { frame: [0, 0, 1, 1], superview: a }\nscript: [ { wait: 1 } ]\n")
                == "t.yaml:2:3: error: view `a` is its own superview")
        #expect(
            loadError(
                "views:\n  a: { frame: [0, 0, 1, 1], superview: b }\n  b: { frame: [0, 0, 1, 1], superview: c }\n  c: { frame: [0, 0, 1, 1], superview: a }\nscript: [ { wait: 1 } ]\n"
            )
                == "t.yaml:2:3: error: view `a` is its own superview through `b` → `c`")
        #expect(
            loadError(
                "views:\n  a: { frame: [0, 0, 1, 1], superview: b }\n  b: { frame: [0, 0, 1, 1] }\nscript: [ { wait: 1 } ]\n"
            ) == "no error")
    }

    /// On main 1e-300 was accepted (a tick of 1e300 s) and 1e300 was reported as "found 1e+3".
    @Test func frameRateOutOfRange() {
        #expect(
            loadError("world: { frameRate: 1e-300 }\n" + header + "script: [ { wait: 1 } ]\n")
                == "t.yaml:1:21: error: `world.frameRate` must be between 1 and 1000 frames per second, found 1e-300")
        #expect(
            loadError("world: { frameRate: 1e300 }\n" + header + "script: [ { wait: 1 } ]\n")
                == "t.yaml:1:21: error: `world.frameRate` must be between 1 and 1000 frames per second, found 1e300")
    }

    /// On main a UTF-8 byte order mark made a valid scene a YAML syntax error.
    @Test func aByteOrderMarkIsAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((header + "script: [ { wait: 1 } ]\n").utf8)
        let s = try SceneFile.load(path: "t.yaml", bytes: bytes)
        #expect(s.count == 1 && s[0].name == "t")
    }

    /// On main: "unknown name `resting`" with no suggestion.
    @Test func waitForRestingSuggestsRest() {
        #expect(
            loadError(header + "script:\n  - waitFor: resting\n")
                == "t.yaml:5:14: error: unknown name `resting`; did you mean `rest`? (`waitFor: rest` waits until nothing moves)"
        )
        #expect(loadError(header + "script:\n  - waitFor: Rest\n").contains("did you mean `rest`?"))
    }

    /// On main: accepted, the literal became +infinity.
    @Test func anExpressionLiteralBeyondDoubleIsRefused() {
        #expect(
            loadError(header + "script:\n  - waitFor: \"time < 1e400\"\n")
                == "t.yaml:5:22: error: the number `1e400` is too large (the largest is about 1.8e308)")
    }

    /// On main: SIGSEGV in the parser.
    @Test func deeplyNestedExpressionsInAScene() {
        let deep = String(repeating: "(", count: 2000) + "true" + String(repeating: ")", count: 2000)
        #expect(
            loadError(header + "script:\n  - waitFor: \"\(deep)\"\n").contains(
                "error: the expression is 4004 characters long, more than the limit of 4096") == false)
        #expect(loadError(header + "script:\n  - waitFor: \"\(deep)\"\n").contains("nested more than 256 levels deep"))
    }
}
