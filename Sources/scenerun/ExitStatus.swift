import Driver

/// The exit codes each command's help (and so its manual page's DESCRIPTION) lists, the codes of
/// docs/cli.md's table (ManualTests compares them). The manual's EXIT STATUS section itself is
/// swift-argument-parser's fixed sentence (`.Ex -std`): its generator takes no exit codes from a
/// command (apple/swift-argument-parser#160).
enum ExitStatus {
    static let run: [(Int32, String)] = [
        (Exit.passed, "every case passed"),
        (Exit.failed, "an expectation failed (and no scene was invalid)"),
        (Exit.invalid, "a scene is invalid: a load or run-time error"),
        (Exit.usage, "a usage error, a --filter selecting nothing, an output onto an input"),
        (Exit.cannotCreate, "a report cannot be created (a folder, a device, a link, no permission)"),
        (Exit.io, "an I/O error while writing (a full disk, a closed standard output)"),
        (Exit.interrupted, "interrupted by SIGINT or SIGTERM"),
    ]
    static let check: [(Int32, String)] = [
        (Exit.passed, "every file loads"),
        (Exit.invalid, "a file does not load"),
        (Exit.usage, "a usage error (also a --filter that selects no case)"),
        (Exit.io, "an I/O error while writing to standard output"),
    ]
    static let merge: [(Int32, String)] = [
        (Exit.passed, "every case of the run passed"),
        (Exit.failed, "an expectation failed (and no scene was invalid)"),
        (Exit.invalid, "a scene is invalid, or the reports are not the shards of one run"),
        (Exit.usage, "a usage error (also an output that names a report merged)"),
        (Exit.cannotCreate, "a report cannot be created"),
        (Exit.io, "an I/O error while writing"),
    ]
    static let mutate: [(Int32, String)] = [
        (Exit.passed, "done (every file's score at least --min-score, when given)"),
        (Exit.failed, "a file's score is below --min-score, or a scene fails unmutated"),
        (Exit.invalid, "a scene is invalid, or an `equivalent` comment has no reason"),
        (Exit.usage, "a usage error (also an output that names an input)"),
        (Exit.cannotCreate, "a report cannot be created"),
        (Exit.io, "an I/O error while writing"),
    ]

    /// "Exit status:" and a line per code, for a command's discussion (each fits `--help`'s 80
    /// columns).
    static func text(_ codes: [(Int32, String)]) -> String {
        (["Exit status:"]
            + codes.map { code, meaning in
                "  \(code)" + String(repeating: " ", count: max(1, 5 - "\(code)".count)) + meaning
            }).joined(separator: "\n")
    }
}
