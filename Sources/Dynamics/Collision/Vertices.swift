import Geometry

/// Up to `Settings.maxPolygonVertices` (8) points stored inline, with no heap buffer: a polygon's
/// vertices or normals, or the points of a GJK proxy (Box2D v3's `b2ShapeProxy` is the same idea).
/// Reading one from a shape, copying it into a proxy or a manifold routine never allocates.
public struct Vertices: RandomAccessCollection, Sendable, Hashable {
    public typealias Storage = (Vec2, Vec2, Vec2, Vec2, Vec2, Vec2, Vec2, Vec2)
    public static let capacity = 8
    @usableFromInline var storage: Storage = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    public private(set) var count = 0

    public init() {}

    /// The first `capacity` points of `points`.
    public init<S: Sequence>(_ points: S) where S.Element == Vec2 {
        for p in points where count < Vertices.capacity { append(p) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable public subscript(i: Int) -> Vec2 {
        get {
            precondition(UInt(bitPattern: i) < UInt(Vertices.capacity), "vertex index out of range")
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i &* MemoryLayout<Vec2>.stride, as: Vec2.self) }
        }
        set {
            precondition(UInt(bitPattern: i) < UInt(Vertices.capacity), "vertex index out of range")
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: i &* MemoryLayout<Vec2>.stride, as: Vec2.self) }
        }
    }

    public mutating func append(_ p: Vec2) {
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
