import Foundation
import Testing

/// The bash completion script, sourced in a real bash and asked as bash asks it (COMP_WORDS,
/// COMP_CWORD, the completion function), completes as docs/cli.md says (issue 23): with no
/// subcommand it is `run`'s, the default: its options and scene paths, and the subcommands in
/// first place. On main, `scenerun --fo<Tab>` and `scenerun scenes/sh<Tab>` completed nothing.
@Suite struct CompletionTests {
    /// What bash offers for the words of a command line, the last one being completed.
    static func complete(_ words: [String], script: URL) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            shopt -s extglob
            source "$1"
            COMP_WORDS=(\(quoted))
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _scenerun scenerun "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let r = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", program, "bash", script.path])
        #expect(r.code == 0, "\(r.err)")
        return r.out.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func bashCompletesRunWithoutTypingRun() throws {
        let dir = try temporaryFolder("completion")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("scenerun.bash")
        let generated = try scenerun(["--generate-completion-script", "bash"])
        #expect(generated.code == 0)
        try generated.out.write(to: script, atomically: true, encoding: .utf8)
        // The tests run in the repository's folder: scenes/ is there.
        #expect(try Self.complete(["scenerun", "--fo"], script: script) == ["--force", "--format"])
        #expect(try Self.complete(["scenerun", "sc"], script: script).contains("scenes"))
        #expect(try Self.complete(["scenerun", "sc"], script: script).contains("schema"))  // the subcommand
        #expect(
            try Self.complete(["scenerun", "scenes/sh"], script: script)
                == ["scenes/shade-sweep.yaml", "scenes/shade.yaml", "scenes/sheet.yaml"])
        #expect(
            try Self.complete(["scenerun", "--format", ""], script: script) == ["text", "json", "junit", "github"])
        #expect(try Self.complete(["scenerun", "--jobs", "4", "scenes/ga"], script: script) == ["scenes/gallery"])
        #expect(try Self.complete(["scenerun", "--report", "j"], script: script) == ["json=", "junit="])
        // Subcommands are offered in first place only, and complete as before.
        #expect(try Self.complete(["scenerun", "ch"], script: script) == ["check"])
        #expect(!(try Self.complete(["scenerun", "scenes/", "ch"], script: script).contains("check")))
        #expect(try Self.complete(["scenerun", "check", "--fi"], script: script) == ["--filter"])
        #expect(try Self.complete(["scenerun", "merge", "--fo"], script: script) == ["--format"])
    }

    @Test func zshAndFishScriptsAreGenerated() throws {
        for shell in ["zsh", "fish"] {
            let r = try scenerun(["--generate-completion-script", shell])
            #expect(r.code == 0 && r.out.contains("scenerun") && r.out.contains("format"), "\(shell)")
        }
        #expect(try scenerun(["--generate-completion-script", "tcsh"]).code == 64)
    }
}
