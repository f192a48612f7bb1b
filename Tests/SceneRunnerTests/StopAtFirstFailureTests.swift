import SceneLoader
import SceneRunner
import Testing

/// `RunLimits.stopAtFirstFailure` (`scenerun mutate`): the case ends after the step that
/// failed, with the status the whole run gives; a passing case runs to its end.
@Suite struct StopAtFirstFailureTests {
    let text = """
        views:
          a: { frame: [0, 0, 10, 10] }
        script:
          - wait: 0.5
          - expect: { that: ["elapsed > 1"] }
          - wait: 1
          - expect: { that: ["a.x > 5"] }

        """

    @Test func aFailedCaseStopsAfterItsFirstFailure() throws {
        let scene = try SceneFile.load(path: "t.yaml", text: text)[0]
        let whole = CaseRunner.run(scene)
        var limits = RunLimits()
        limits.stopAtFirstFailure = true
        let stopped = CaseRunner.run(scene, limits: limits)
        #expect(whole.status == .failed && stopped.status == .failed)
        #expect(whole.failures.count == 2 && whole.ticks == 90)
        #expect(stopped.failures.map(\.message) == [whole.failures[0].message])
        #expect(stopped.ticks == 30)
        let passing = try SceneFile.load(
            path: "t.yaml", text: "views: { a: { frame: [0, 0, 10, 10] } }\nscript: [ { wait: 1 } ]\n")[0]
        #expect(CaseRunner.run(passing, limits: limits).ticks == 60)
    }
}
