import ArgumentParser
import Driver
import Foundation
import Mutation
import SceneLoader

extension MutationOperator: ExpressibleByArgument {}

/// `scenerun mutate`: which changes of a scene's interaction would its cases notice?
struct Mutate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract:
            "Mutation testing: change the scenes' interaction in small ways and report the changes no case notices.",
        discussion: """
            Each mutant is one small change of a scene (operators: \
            \(MutationOperator.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; "))). \
            A mutant is killed when a case fails, survived when every case passes; each survivor is \
            reported at its file:line:col as unasserted (a case's run differs from the original's, and \
            the report says where: add an expectation there), unobserved (no case's run changes: add a \
            case) or noCoverage (no case reaches the change: add a case that does). Expectations are \
            never changed. A comment `# scenerun: equivalent — <reason>` on a value's line explains its \
            survivors (a mutant a case kills stays killed; one whose run differs is a warning at the \
            comment). See docs/mutate.md.

            \(ExitStatus.text(ExitStatus.mutate))
            """)

    @Argument(
        help: ArgumentHelp("Scene files or folders.", valueName: "paths"),
        completion: .file(extensions: ["yaml", "yml"]))
    var paths: [String]
    @Option(
        name: .long, help: "Mutants run in parallel (default: the number of cores); output is the same for every value."
    )
    var jobs: Int?
    @Option(
        name: .long,
        help:
            ArgumentHelp(
                "Only the i-th of n shards of the mutants (1-based, for example 2/4); `scenerun merge` combines the "
                    + "--json reports.")
    )
    var shard: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also write every mutant and its outcome as JSON (schema/mutate.schema.json).", valueName: "file"))
    var json: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write each survivor's replay pages beside the original's, and an index.html.", valueName: "dir"),
        completion: .directory)
    var replay: String?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Only these operators, separated by commas or repeated: "
                + MutationOperator.allCases.map(\.rawValue).joined(separator: ", ") + " (default: all but script).",
            valueName: "kinds"),
        completion: .list(MutationOperator.allCases.map(\.rawValue)), transform: parseOperators)
    var only: [[MutationOperator]] = []
    @Option(
        name: .long,
        help: ArgumentHelp(
            "At most this many mutants per file, the first in file order (default: "
                + "\(MutateRequest.defaultMaxMutants)); the report counts those left out.",
            valueName: "n")
    )
    var maxMutants: Int?
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Exit 1 when a file's score (killed / (mutants − invalid − equivalent)) is below PCT percent.",
            valueName: "pct"))
    var minScore: Double?
    @Flag(
        name: .long,
        help: "List the mutants without running them (the original cases still run, for the boundary operator).")
    var list = false
    @Option(name: .long, help: ArgumentHelp(loadWorkHelp))
    var maxLoadWork: Int = LoadLimits.default.loadWork
    @Option(name: .long, help: "Largest scene file, bytes.")
    var maxFileSize: Int = LoadLimits.default.fileSize
    @Option(name: .long, help: "Colour of error messages: always, never or auto.")
    var color: ColorChoice = .auto
    @Flag(name: .long, help: "No progress line on standard error (it shows only on a terminal).")
    var quiet = false
    /// Every case of every mutant, without coverage: the tests compare its outcomes with the
    /// optimised run's.
    @Flag(name: .long, help: .hidden)
    var noOptimise = false
    @OptionGroup var appVars: VarOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one scene file or folder") }
        for p in paths where FilePath(argument: p).status() == nil {
            throw ValidationError("no such file or folder: \(p)")
        }
        if let j = jobs, j < 1 { throw ValidationError("--jobs must be at least 1") }
        if let s = shard, Shard(s) == nil { throw ValidationError("--shard takes i/n with 1 ≤ i ≤ n, for example 2/4") }
        if let m = maxMutants, m < 1 { throw ValidationError("--max-mutants must be at least 1") }
        if let s = minScore, !(s >= 0 && s <= 100) { throw ValidationError("--min-score is a percentage, 0 to 100") }
        if maxLoadWork <= 0 { throw ValidationError("--max-load-work must be positive") }
        if maxFileSize <= 0 { throw ValidationError("--max-file-size must be positive") }
    }

    func run() throws {
        installSignalHandlers()
        var r = MutateRequest(paths: paths)
        r.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        r.shard = shard.flatMap(Shard.init)
        r.json = json
        r.replay = replay
        if !only.isEmpty { r.only = Array(Set(only.joined())).sorted() }
        if let m = maxMutants { r.maxMutants = m }
        r.minScore = minScore
        r.list = list
        r.color = color
        r.optimise = !noOptimise
        r.quiet = quiet
        r.limits.loadWork = maxLoadWork
        r.limits.fileSize = maxFileSize
        r.vars = try appVars.read(limit: maxFileSize)
        let code = Mutation.mutate(r)
        if code != 0 { throw ExitCode(code) }
    }
}

/// `--only number,boundary`: operators by name, separated by commas.
func parseOperators(_ text: String) throws -> [MutationOperator] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { name in
        let n = name.trimmingCharacters(in: .whitespaces)
        guard let op = MutationOperator(argument: n) else {
            throw ValidationError(
                "unknown operator '\(n)' for --only (one of "
                    + MutationOperator.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return op
    }
}
