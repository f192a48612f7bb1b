import Foundation
import Testing

/// Sizes before bytes: every reader of a file (a scene for `run`, `check` and `mutate`, an included
/// part, a report for `merge`) refuses a sparse 1 TB file by its size, with exit 2 and one message
/// naming the limit and its flag, at once (on main `run`, `mutate` and `merge` aborted trying to
/// allocate 1 TB, the part through the check that no output overwrites an input).
@Suite struct FileSizeTests {
    static let tera: UInt64 = 1 << 40

    /// A fresh folder with a sparse 1 TB `big.yaml`, `parts/big.yaml` and `big.json`, and
    /// `inc.yaml`, a scene including the part.
    func workspace(_ tag: String) throws -> URL {
        let dir = try temporaryFolder("file-size-\(tag)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("parts"), withIntermediateDirectories: true)
        for name in ["big.yaml", "parts/big.yaml", "big.json"] {
            let f = dir.appendingPathComponent(name)
            #expect(FileManager.default.createFile(atPath: f.path, contents: nil))
            let h = try FileHandle(forWritingTo: f)
            try h.truncate(atOffset: Self.tera)  // ftruncate: 1 TB that occupies no block
            try h.close()
        }
        try "name: inc\ninclude: parts/big.yaml\nviews:\n  a: { frame: [0, 0, 10, 10] }\n".write(
            to: dir.appendingPathComponent("inc.yaml"), atomically: false, encoding: .utf8)
        return dir
    }

    /// Runs scenerun and returns its outcome and the seconds it took.
    func timed(_ args: [String]) throws -> (Outcome, Double) {
        let start = Date()
        let r = try scenerun(args)
        return (r, Date().timeIntervalSince(start))
    }

    static let tooLarge =
        "the file is 1099511627776 bytes, more than the limit of 1048576; raise it with --max-file-size"

    @Test func aTerabyteSceneIsRefusedByEveryCommand() throws {
        let dir = try workspace("scene")
        let big = dir.appendingPathComponent("big.yaml").path
        for command in [[], ["check"], ["mutate"], ["--json", dir.appendingPathComponent("r.json").path]] {
            let (r, seconds) = try timed(command + [big])
            #expect(r.code == 2, "\(command): \(r.err)")
            #expect(r.out.contains("\(big):1:1: error: \(Self.tooLarge)\n"), "\(command): \(r.out)")
            #expect(seconds < 10, "\(command) took \(seconds) s")
        }
    }

    @Test func aTerabytePartIsRefusedWhereItIsIncluded() throws {
        let dir = try workspace("part")
        let inc = dir.appendingPathComponent("inc.yaml").path
        for command in [[], ["mutate"], ["--json", dir.appendingPathComponent("r.json").path]] {
            let (r, seconds) = try timed(command + [inc])
            #expect(r.code == 2, "\(command): \(r.err)")
            #expect(
                r.out.contains(
                    "\(inc):2:10: error: cannot include `parts/big.yaml` (\(dir.path)/parts/big.yaml): \(Self.tooLarge)\n"
                ),
                "\(command): \(r.out)")
            #expect(seconds < 10, "\(command) took \(seconds) s")
        }
    }

    @Test func aTerabyteReportIsRefusedByMerge() throws {
        let dir = try workspace("report")
        let big = dir.appendingPathComponent("big.json").path
        let (r, seconds) = try timed(["merge", big])
        #expect(r.code == 2, "\(r.err)")
        #expect(
            r.err
                == "scenerun: error: \(big): the report is 1099511627776 bytes, more than the limit of 268435456; "
                + "raise it with --max-file-size\n")
        #expect(seconds < 10, "took \(seconds) s")
        // The flag raises the limit; a smaller one refuses a real report by its size.
        let json = dir.appendingPathComponent("r.json").path
        #expect(try scenerun(["--quiet", "--json", json, "docs/examples/fling.yaml"]).code == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: json)[.size] as? Int)
        let small = try scenerun(["merge", "--max-file-size", "\(size - 1)", json])
        #expect(small.code == 2)
        #expect(
            small.err
                == "scenerun: error: \(json): the report is \(size) bytes, more than the limit of \(size - 1); "
                + "raise it with --max-file-size\n")
        #expect(try scenerun(["merge", "--quiet", "--max-file-size", "\(size)", json]).code == 0)
    }

    /// A file whose status claims fewer bytes than it reads (the kernel's /proc files claim 0 and
    /// may never end) is refused after one byte more than it claims, for a scene and a report.
    @Test func aFileThatReadsMoreThanItsSizeIsRefused() throws {
        let scene = try scenerun(["/proc/self/environ"])
        #expect(scene.code == 2)
        #expect(
            scene.out.contains(
                "/proc/self/environ:1:1: error: the file reads more than the 0 bytes its status gives "
                    + "(a file the kernel makes, as in /proc, or one being written); refused\n"), "\(scene.out)")
        let report = try scenerun(["merge", "/proc/self/environ"])
        #expect(report.code == 2)
        #expect(report.err.hasPrefix("scenerun: error: /proc/self/environ: the report reads more than the 0 bytes"))
        let zero = try scenerun(["/dev/zero"])
        #expect(zero.code == 2)
        #expect(zero.out.contains("/dev/zero:1:1: error: not a regular file (a device)\n"), "\(zero.out)")
    }
}
