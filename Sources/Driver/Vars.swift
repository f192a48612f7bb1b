import Diagnostics
import Expressions
import Foundation
import SceneLoader
import SceneModel

/// The app's own constants: `--var NAME=VALUE` and `--vars-file FILE`, values that replace the
/// initial values of the scenes' `vars` in every case (variants and sweeps included).
public struct VarOverrides: Sendable {
    /// `--var`, in the order given: every scene run must declare each name (strict).
    public var strict: [(name: String, value: Value)] = []
    /// The entries of `--vars-file`: a scene that lacks a name ignores it (lenient).
    public var lenient: [(name: String, value: Value, location: SourceLocation)] = []
    /// The vars file as given, for messages.
    public var file: String?
    public init() {}
    public var isEmpty: Bool { strict.isEmpty && lenient.isEmpty }

    /// Reads `--var` arguments and the `--vars-file` (JSON, YAML or an XML property list, by its
    /// extension). A `--var` that is not NAME=VALUE, or a file that cannot be read, is a usage
    /// error (64); a file whose content is not a flat map of values is an error located in it (2).
    public static func read(arguments: [String], file: String?, limit: Int) -> Result<VarOverrides, VarsFailure> {
        var o = VarOverrides()
        for a in arguments {
            switch AppVars.argument(a) {
            case .success(let v): o.strict.append(v)
            case .failure(let e):
                return .failure(VarsFailure("--var \(escapeForTerminal(a)): \(e.message)", code: Exit.usage))
            }
        }
        guard let file else { return .success(o) }
        o.file = file
        let shown = escapeForTerminal(file)
        let ext = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard ["json", "yaml", "yml", "plist"].contains(ext), file.contains(".") else {
            return .failure(
                VarsFailure(
                    "--vars-file \(shown): the file's extension says its format: .json, .yaml, .yml or .plist",
                    code: Exit.usage))
        }
        let bytes: [UInt8]
        switch readBounded(FilePath(argument: file), limit: limit, flag: "--max-file-size") {
        case .success(let b): bytes = b
        case .failure(let r): return .failure(VarsFailure("--vars-file \(shown): \(r.message)", code: Exit.usage))
        }
        if ext == "plist" {
            switch plistEntries(bytes, file: file) {
            case .success(let entries): o.lenient = entries
            case .failure(let f): return .failure(f)
            }
            return .success(o)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(VarsFailure("\(shown):1:1: the vars file is not UTF-8 text", code: Exit.invalid))
        }
        do { o.lenient = try AppVars.map(text: text, path: file) } catch {
            return .failure(VarsFailure(located(error), code: Exit.invalid))
        }
        return .success(o)
    }

    /// An XML property list's top-level `<dict>`, read with Foundation's PropertyListSerialization:
    /// `<integer>` and `<real>` are numbers, `<true/>` and `<false/>` bools, `<string>` strings, an
    /// `<array>` of two or four numbers a point or a rect. A plist has no line numbers to give: an
    /// entry is located at the file's first line, and messages name its key.
    static func plistEntries(
        _ bytes: [UInt8], file: String
    ) -> Result<
        [(name: String, value: Value, location: SourceLocation)], VarsFailure
    > {
        let at = SourceLocation(file: file, line: 1, column: 1)
        func bad(_ m: String) -> Result<[(name: String, value: Value, location: SourceLocation)], VarsFailure> {
            .failure(VarsFailure(located(Diagnostic(m, at: at)), code: Exit.invalid))
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        guard let any = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        else { return bad("the vars file is not a property list") }
        guard format == .xml else { return bad("the vars file is a binary property list; write it as XML") }
        guard let dict = any as? [String: Any] else {
            return bad("a vars file is a flat map of names to values: its top level is a <dict>")
        }
        var out: [(name: String, value: Value, location: SourceLocation)] = []
        for name in dict.keys.sorted() {
            guard let v = plistValue(dict[name] as Any) else {
                return bad(
                    "the value of `\(name)` must be a number, a bool, a string, or an array of two (a point) or four "
                        + "(a rect) numbers")
            }
            out.append((name, v, at))
        }
        return .success(out)
    }

    static func plistValue(_ any: Any) -> Value? {
        if type(of: any) == Bool.self, let b = any as? Bool { return .bool(b) }
        if let s = any as? String { return .string(s) }
        if let n = any as? NSNumber {
            let d = n.doubleValue
            return d.isFinite ? .number(d) : nil
        }
        if let items = any as? [Any] {
            var numbers: [Double] = []
            for i in items {
                guard case .number(let d)? = plistValue(i) else { return nil }
                numbers.append(d)
            }
            return AppVars.value(numbers: numbers)
        }
        return nil
    }
}

/// `file:line:col: message`, a located error on the line `scenerun: error:` begins.
func located(_ d: Diagnostic) -> String { escapeForTerminal("\(d.location): \(d.message)") }

/// Why the vars could not be read or applied: one message and the exit code (64 or 2).
public struct VarsFailure: Error, Sendable, Equatable {
    public var message: String
    public var code: Int32
    public init(_ message: String, code: Int32) {
        self.message = message
        self.code = code
    }
}

extension VarOverrides {
    /// Replaces the initial values of the loaded cases' vars: `--var` wins over the file. A
    /// `--var` name a case does not declare, or a value of the wrong type, is a usage error; a
    /// file's name a case does not declare is ignored for that scene, and `ignored` lists, per
    /// file, the names ignored (for `--verbose`).
    public func apply(to loaded: inout [Loaded]) -> Result<[String], VarsFailure> {
        if isEmpty { return .success([]) }
        var notes: [String] = []
        for f in loaded.indices {
            var ignored: [String] = []
            for c in loaded[f].cases.indices {
                switch apply(to: &loaded[f].cases[c], ignored: &ignored) {
                case .success: break
                case .failure(let e): return .failure(e)
                }
            }
            if !ignored.isEmpty, let file = loaded[f].cases.first?.file {
                notes.append(
                    "\(escapeForTerminal(file)): --vars-file \(escapeForTerminal(self.file ?? "")) sets "
                        + ignored.map { "`\(escapeForTerminal($0))`" }.joined(separator: ", ")
                        + ", not vars of this scene: ignored")
            }
        }
        return .success(notes)
    }

    /// One case: the file's values first, then `--var`'s over them.
    public func apply(to scene: inout Scene, ignored: inout [String]) -> Result<Void, VarsFailure> {
        let declared = scene.vars.map(\.name)
        let file = escapeForTerminal(scene.file)
        func find(_ name: String) -> VariableID? {
            if case .variable(let id)? = scene.names[name] { return id }
            return nil
        }
        func set(_ id: VariableID, _ v: Value, _ origin: String) -> VarsFailure? {
            let spec = scene.vars[id.index]
            guard spec.type == v.type else {
                return VarsFailure(
                    "\(origin): `\(spec.name)` is a \(spec.type) in \(file) (declared at \(spec.location)); found a "
                        + "\(v.type), \(escapeForTerminal(v.description))",
                    code: Exit.usage)
            }
            scene.vars[id.index].initial = AppVars.literal(v, at: spec.location)
            return nil
        }
        for (name, v, at) in lenient {
            guard let id = find(name) else {
                if !ignored.contains(name) { ignored.append(name) }
                continue
            }
            if let e = set(id, v, "\(at)") { return .failure(e) }
        }
        for (name, v) in strict {
            let origin = "--var \(escapeForTerminal(name))=\(escapeForTerminal(v.description))"
            guard let id = find(name) else {
                let hint = closestMatch(to: name, in: declared).map { "; did you mean `\($0)`?" } ?? ""
                let list =
                    declared.isEmpty
                    ? "it declares no vars"
                    : "its vars: " + declared.map { escapeForTerminal($0) }.joined(separator: ", ")
                return .failure(
                    VarsFailure(
                        "\(origin): \(file) declares no var `\(escapeForTerminal(name))`\(hint) (\(list))",
                        code: Exit.usage))
            }
            if let e = set(id, v, origin) { return .failure(e) }
        }
        return .success(())
    }
}

extension VarOverrides {
    /// Two numbers make a point, four a rect; any other count nil.
    public static func value(numbers: [Double]) -> Value? { AppVars.value(numbers: numbers) }
}
