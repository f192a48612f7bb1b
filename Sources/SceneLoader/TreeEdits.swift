import Diagnostics
import Yams

// What `scenerun mutate` (Sources/Mutation) needs of the YAML: the node tree without Yams'
// types, to find its sites, and a load of the file with edits applied to its tree. A mutant is
// an edit of the scene's node tree at a path of keys and indices: the tree is composed from the
// file's text as the loader composes it, edited, and built by the normal loader, so every other
// node keeps its line and column (diagnostics point at the real file) and no byte offsets need
// computing. SceneLoader stays the only target that sees YAML.

/// One step of a path into the YAML tree: a mapping's value by key, or a list's item.
public enum PathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

/// An edit of the node tree.
public enum TreeEdit: Hashable, Sendable {
    /// Replace the scalar at the path with this text (its style, tag and mark kept).
    case scalar([PathStep], String)
    /// Rename a key of the mapping at the path.
    case renameKey([PathStep], from: String, to: String)
    /// Drop item i of the list at the path.
    case drop([PathStep], Int)
    /// Swap items i and i + 1 of the list at the path.
    case swap([PathStep], Int)
    /// Swap the values of two keys of the mapping at the path.
    case swapValues([PathStep], String, String)
}

extension TreeEdit {
    /// The node it edits (a scalar, or the list or mapping whose items or keys it changes).
    var path: [PathStep] {
        switch self {
        case .scalar(let p, _), .renameKey(let p, _, _), .drop(let p, _), .swap(let p, _), .swapValues(let p, _, _):
            return p
        }
    }
}

/// A node of a scene file's tree as the composer read it, without YAML's types: a scalar's
/// text, whether it was quoted and where it is written; a list; a mapping's pairs in file order.
public indirect enum SourceNode: Sendable {
    public enum Quote: Sendable { case single, double }
    case scalar(String, quote: Quote?, at: SourceLocation?)
    case sequence([SourceNode], at: SourceLocation?)
    case mapping([SourcePair], at: SourceLocation?)
    case alias

    /// A scalar's text, nil for any other node.
    public var string: String? {
        if case .scalar(let s, _, _) = self { return s }
        return nil
    }

    /// Where the node starts.
    public var location: SourceLocation? {
        switch self {
        case .scalar(_, _, let at), .sequence(_, let at), .mapping(_, let at): return at
        case .alias: return nil
        }
    }
}

/// A key and its value in a mapping.
public struct SourcePair: Sendable {
    public var key: SourceNode
    public var value: SourceNode
}

extension SceneFile {
    /// The node tree of a scene file's text (the file's own, not its parts'), nil when empty; a
    /// text that does not compose is an error.
    public static func sourceTree(path: String, text: String) throws(DiagnosticList) -> SourceNode? {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch { throw DiagnosticList([diagnostic(from: error, file: path)]) }
        return root.map { sourceNode($0, path) }
    }

    static func sourceNode(_ n: Node, _ file: String) -> SourceNode {
        let at = n.mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) }
        switch n {
        case .scalar(let s):
            let quote: SourceNode.Quote? =
                s.style == .singleQuoted ? .single : s.style == .doubleQuoted ? .double : nil
            return .scalar(s.string, quote: quote, at: at)
        case .sequence(let items): return .sequence(items.map { sourceNode($0, file) }, at: at)
        case .mapping(let m):
            return .mapping(
                m.map { SourcePair(key: sourceNode($0.key, file), value: sourceNode($0.value, file)) }, at: at)
        case .alias: return .alias
        }
    }

    /// Applies edits to a composed tree.
    static func apply(_ edits: [TreeEdit], to root: Node) -> Node {
        var root = root
        for e in edits {
            switch e {
            case .scalar(let p, let text):
                root = edit(root, p[...]) { n in
                    guard case .scalar(let s) = n else { return n }
                    return .scalar(Node.Scalar(text, s.tag, s.style, s.mark))
                }
            case .renameKey(let p, let from, let to):
                root = edit(root, p[...]) { n in
                    guard case .mapping(let m) = n else { return n }
                    let pairs = m.map { kv -> (Node, Node) in
                        guard case .scalar(let k) = kv.key, k.string == from else { return (kv.key, kv.value) }
                        return (.scalar(Node.Scalar(to, k.tag, k.style, k.mark)), kv.value)
                    }
                    return .mapping(Node.Mapping(pairs, m.tag, m.style, m.mark))
                }
            case .drop(let p, let i), .swap(let p, let i):
                root = edit(root, p[...]) { n in
                    guard case .sequence(let s) = n else { return n }
                    var items = Array(s)
                    if case .drop = e { items.remove(at: i) } else { items.swapAt(i, i + 1) }
                    return .sequence(Node.Sequence(items, s.tag, s.style, s.mark))
                }
            case .swapValues(let p, let a, let b):
                root = edit(root, p[...]) { n in
                    guard case .mapping(let m) = n else { return n }
                    let va = m.first { $0.key.string == a }?.value
                    let vb = m.first { $0.key.string == b }?.value
                    let pairs = m.map { kv -> (Node, Node) in
                        if kv.key.string == a, let vb { return (kv.key, vb) }
                        if kv.key.string == b, let va { return (kv.key, va) }
                        return (kv.key, kv.value)
                    }
                    return .mapping(Node.Mapping(pairs, m.tag, m.style, m.mark))
                }
            }
        }
        return root
    }

    static func edit(_ n: Node, _ path: ArraySlice<PathStep>, _ body: (Node) -> Node) -> Node {
        guard let step = path.first else { return body(n) }
        let rest = path.dropFirst()
        switch (step, n) {
        case (.key(let k), .mapping(let m)):
            let pairs = m.map { kv -> (Node, Node) in
                (kv.key, kv.key.string == k ? edit(kv.value, rest, body) : kv.value)
            }
            return .mapping(Node.Mapping(pairs, m.tag, m.style, m.mark))
        case (.index(let i), .sequence(let s)):
            var items = Array(s)
            if i < items.count { items[i] = edit(items[i], rest, body) }
            return .sequence(Node.Sequence(items, s.tag, s.style, s.mark))
        default:
            return n
        }
    }
}

/// The lines of a text, broken as libyaml breaks them (LF, CRLF, CR, NEL, LS, PS), so that line
/// n is the line of a node marked at line n.
public func yamlLines(_ text: String) -> [String] { ByteLines(Array(text.utf8)).lines }
