import ArgumentParser
import Foundation

/// The shell completion scripts: swift-argument-parser's, with `run` as the default command in
/// bash. Its scripts complete only the subcommands' names in first position, so `scenerun
/// --fo<Tab>` and `scenerun sc<Tab>` completed nothing, although `scenerun PATHS` is `scenerun run
/// PATHS`; scenerun's bash script also completes `run`'s options and scene paths there
/// (docs/cli.md). The zsh and fish scripts are swift-argument-parser's as they are.
enum Completions {
    /// The script `--generate-completion-script SHELL` prints, or nil for other arguments.
    static func script(for args: [String]) -> String? {
        let option = "--generate-completion-script"
        var shellName: String?
        if args.count == 2, args[0] == option { shellName = args[1] }
        if args.count == 1, args[0].hasPrefix(option + "=") { shellName = String(args[0].dropFirst(option.count + 1)) }
        guard let name = shellName, let shell = CompletionShell(rawValue: name) else { return nil }
        let script = Scenerun.completionScript(for: shell)
        return shell == .bash ? bash(script) : script
    }

    static var subcommands: [String] {
        Scenerun.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// In bash, a first word that names no subcommand is `run`'s: the subcommands are offered
    /// with `run`'s options and paths.
    static func bash(_ script: String) -> String {
        let names = subcommands.joined(separator: " ")
        let offer = "COMPREPLY+=($(compgen -W '\(names)' -- \"${cur}\"))"
        var lines = script.components(separatedBy: "\n")
        // The top-level function's one line that offers the subcommands, under its `*)`.
        guard let i = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == offer }) else {
            return script
        }
        let indent = String(lines[i].prefix { $0 == " " })
        lines.replaceSubrange(
            i...i,
            with: [
                "# scenerun: no subcommand is `run`, the default: its options and paths, and in first",
                "# place the subcommands too.",
                "COMPREPLY=()",
                "if [[ \"${COMP_CWORD}\" -eq 1 ]]; then",
                "    \(offer)",
                "fi",
                "unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")",
                "_scenerun_run",
            ].map { indent + $0 })
        return lines.joined(separator: "\n")
    }
}
