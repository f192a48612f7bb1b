// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// Up to `Settings.maxPolygonVertices` (8) points stored inline, with no heap buffer: a polygon's
/// vertices or normals, or the points of a GJK proxy (Box2D v3's `b2ShapeProxy` is the same idea).
/// Reading one from a shape, copying it into a proxy or a manifold routine never allocates.
public struct Vertices: RandomAccessCollection, Sendable, Hashable {
    public typealias Storage = (Vec2f, Vec2f, Vec2f, Vec2f, Vec2f, Vec2f, Vec2f, Vec2f)
    public static let capacity = 8
    @usableFromInline var storage: Storage = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    public private(set) var count = 0

    public init() {}

    /// The first `capacity` points of `points`.
    public init<S: Sequence>(_ points: S) where S.Element == Vec2f {
        for p in points where count < Vertices.capacity { append(p) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    // A switch, not a pointer into the tuple: reading through `withUnsafeBytes(of:)` can make
    // the compiler copy the whole tuple to get an address.
    @inlinable public subscript(i: Int) -> Vec2f {
        @inline(__always) get {
            switch i {
            case 0: return storage.0
            case 1: return storage.1
            case 2: return storage.2
            case 3: return storage.3
            case 4: return storage.4
            case 5: return storage.5
            case 6: return storage.6
            case 7: return storage.7
            default: preconditionFailure("vertex index out of range")
            }
        }
        set {
            switch i {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            case 3: storage.3 = newValue
            case 4: storage.4 = newValue
            case 5: storage.5 = newValue
            case 6: storage.6 = newValue
            case 7: storage.7 = newValue
            default: preconditionFailure("vertex index out of range")
            }
        }
    }

    public mutating func append(_ p: Vec2f) {
        precondition(count < Vertices.capacity, "more than \(Vertices.capacity) vertices")
        self[count] = p
        count += 1
    }

    public static func == (a: Vertices, b: Vertices) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    public func hash(into h: inout Hasher) {
        h.combine(count)
        for v in self { h.combine(v) }
    }
}

extension PolygonShape {
    // Computed, not stored: the optimizer folds the offsets to constants (a `static let` would be
    // a lazily initialised global, checked on every use).
    @inline(__always) static var verticesOffset: Int { MemoryLayout<PolygonShape>.offset(of: \PolygonShape.vertices)! }
    @inline(__always) static var normalsOffset: Int { MemoryLayout<PolygonShape>.offset(of: \PolygonShape.normals)! }
}

extension UnsafePointer where Pointee == PolygonShape {
    /// The polygon's vertices as a plain pointer (the inline storage is the first field of
    /// `Vertices`), for the collision loops.
    @inline(__always) var vertexBase: UnsafePointer<Vec2f> {
        UnsafeRawPointer(self).advanced(by: PolygonShape.verticesOffset).assumingMemoryBound(to: Vec2f.self)
    }
    /// The polygon's normals as a plain pointer.
    @inline(__always) var normalBase: UnsafePointer<Vec2f> {
        UnsafeRawPointer(self).advanced(by: PolygonShape.normalsOffset).assumingMemoryBound(to: Vec2f.self)
    }
}
