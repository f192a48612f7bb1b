import ArgumentParser
import Diagnostics
import Driver

/// `--var NAME=VALUE` and `--vars-file FILE` (`run`, `check` and `mutate`): the app's own
/// constants, as the initial values of the scenes' vars.
struct VarOptions: ParsableArguments {
    @Option(
        name: .customLong("var"),
        help: ArgumentHelp(
            "Replace the initial value of the scene's var NAME in every case (VALUE is read as YAML and must have "
                + "the var's type); repeatable; every scene run must declare NAME.",
            valueName: "name=value"))
    var vars: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read vars from a flat map in JSON, YAML or an XML property list (by extension); a scene ignores the "
                + "names it does not declare (--verbose says which); --var wins.",
            valueName: "file"),
        completion: .file(extensions: ["json", "yaml", "yml", "plist"]))
    var varsFile: String?

    /// The vars given, read; a usage error (64) or a located error in the file (2) ends the command.
    func read(limit: Int) throws -> VarOverrides {
        switch VarOverrides.read(arguments: vars, file: varsFile, limit: limit) {
        case .success(let o): return o
        case .failure(let f):
            printError(f.message)
            throw ExitCode(f.code)
        }
    }
}
