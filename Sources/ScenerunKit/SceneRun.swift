import Driver
import Foundation
import Reports
@_exported import Results
import SceneRunner

/// Runs scenes from Swift code, for a swift-testing or XCTest suite:
///
/// ```swift
/// import ScenerunKit
/// import Testing
///
/// @Test func shade() throws {
///     let run = try SceneRun(contentsOf: URL(fileURLWithPath: "scenes/shade.yaml"))
///     #expect(run.passed, "\(run.report)")
/// }
/// ```
///
/// A file runs every case it makes (variants, sweeps); a folder runs every scene below it as the
/// command line does. Failures come back as values (`Failure`: location, message, expected,
/// actual, tolerance, time).
public struct SceneRun: Sendable {
    /// Every case, in the order the command line reports them.
    public let cases: [CaseResult]

    /// Runs the scene file or folder at `url`. `filter` selects cases as `--filter` does.
    /// Throws when `url` names nothing that exists or holds no scene file; an invalid scene is
    /// not thrown but reported as an invalid case (`passed` is then false).
    ///
    /// `vars` replace the initial values of the scene's `vars` in every case, as `--var` does
    /// (`vars: ["threshold": CardInteraction.threshold]`): every scene run must declare each name
    /// and the value must have the var's type, else `SceneRunError.vars` says which.
    public init(
        contentsOf url: URL, vars: [String: any SceneVarValue] = [:], filter: String? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { throw SceneRunError.notFound(url.path) }
        var selection = Selection(paths: [url.path], filter: filter)
        for name in vars.keys.sorted() {
            guard let v = vars[name]?.sceneVar.value else {
                throw SceneRunError.vars(
                    "the value of `\(name)` must be a number, a bool, a string, or two (a point) "
                        + "or four (a rect) numbers")
            }
            selection.vars.strict.append((name, v))
        }
        var loaded = onLargeStack { collect(selection) }
        guard loaded.contains(where: { $0.invalid != nil || !$0.cases.isEmpty }) else {
            throw SceneRunError.nothingToRun(url.path)
        }
        if case .failure(let f) = selection.vars.apply(to: &loaded) { throw SceneRunError.vars(f.message) }
        let (results, _) = runAll(loaded.flatMap(\.cases), jobs: jobs, limits: RunLimits())
        cases = merge(loaded, results)
    }

    /// Whether every case passed (none failed, none invalid).
    public var passed: Bool { cases.allSatisfy { $0.status == .passed } }

    /// Every failed expectation of every case.
    public var failures: [Failure] { cases.flatMap(\.failures) }

    /// The cases that did not pass.
    public var failed: [CaseResult] { cases.filter { $0.status != .passed } }

    /// The text report, as `scenerun` prints it (failures in compiler form), for a test's message.
    public var report: String { TextReporter.render(cases, options: ReportOptions(quiet: true)) }
}

/// A run describes itself by what a failed test needs to show: the text report of the cases that
/// did not pass (swift-testing prints the sub-values of a failed `#expect(run.passed)`, and the
/// whole value, every case's recording included, ran to megabytes for a folder).
extension SceneRun: CustomStringConvertible {
    public var description: String {
        let notPassed = failed
        if notPassed.isEmpty { return "\(cases.count) case\(cases.count == 1 ? "" : "s"), every one passed" }
        return TextReporter.render(notPassed, options: ReportOptions(quiet: true))
    }
}

/// Why a `SceneRun` could not start.
public enum SceneRunError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case nothingToRun(String)
    /// A var the scene does not declare, or a value of the wrong type (the message says which).
    case vars(String)
    public var description: String {
        switch self {
        case .notFound(let p): "no such file or folder: \(p)"
        case .nothingToRun(let p): "no scene files (*.yaml, *.yml) under \(p)"
        case .vars(let m): m
        }
    }
}
