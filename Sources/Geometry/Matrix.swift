// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
/// A 2×2 matrix stored by columns.
@frozen
public struct Mat22: Hashable, Sendable {
    public var ex: Vec2
    public var ey: Vec2
    @inlinable public init(ex: Vec2, ey: Vec2) { self.ex = ex; self.ey = ey }
    @inlinable public static var zero: Mat22 { Mat22(ex: .zero, ey: .zero) }
    /// The inverse, or the zero matrix when this one is singular.
    @inlinable public var inverse: Mat22 {
        let a = ex.x, b = ey.x, c = ex.y, d = ey.y
        var det = a * d - b * c
        if det != 0 { det = 1 / det }
        return Mat22(ex: Vec2(det * d, -det * c), ey: Vec2(-det * b, det * a))
    }
    /// Solves `A·x = b` for x, returning zero when the matrix is singular.
    @inlinable public func solve(_ b: Vec2) -> Vec2 {
        let a11 = ex.x, a12 = ey.x, a21 = ex.y, a22 = ey.y
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return Vec2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }
}

/// `A·v`.
@inlinable public func mul(_ a: Mat22, _ v: Vec2) -> Vec2 {
    Vec2(a.ex.x * v.x + a.ey.x * v.y, a.ex.y * v.x + a.ey.y * v.y)
}

/// A 3×3 matrix stored by columns.
@frozen
public struct Mat33: Hashable, Sendable {
    public var ex: Vec3
    public var ey: Vec3
    public var ez: Vec3
    @inlinable public init(ex: Vec3, ey: Vec3, ez: Vec3) { self.ex = ex; self.ey = ey; self.ez = ez }
    @inlinable public static var zero: Mat33 { Mat33(ex: .zero, ey: .zero, ez: .zero) }

    /// Solves `A·x = b` for x, returning zero when the matrix is singular.
    @inlinable public func solve33(_ b: Vec3) -> Vec3 {
        var det = dot(ex, cross(ey, ez))
        if det != 0 { det = 1 / det }
        return Vec3(det * dot(b, cross(ey, ez)), det * dot(ex, cross(b, ez)), det * dot(ex, cross(ey, b)))
    }
    /// Solves the upper-left 2×2 block `A·x = b`, returning zero when it is singular.
    @inlinable public func solve22(_ b: Vec2) -> Vec2 {
        let a11 = ex.x, a12 = ey.x, a21 = ex.y, a22 = ey.y
        var det = a11 * a22 - a12 * a21
        if det != 0 { det = 1 / det }
        return Vec2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
    }
    /// The inverse of the upper-left 2×2 block, embedded in a 3×3 matrix with zeros elsewhere.
    @inlinable public var inverse22: Mat33 {
        let a = ex.x, b = ey.x, c = ex.y, d = ey.y
        var det = a * d - b * c
        if det != 0 { det = 1 / det }
        return Mat33(ex: Vec3(det * d, -det * c, 0), ey: Vec3(-det * b, det * a, 0), ez: Vec3(0, 0, 0))
    }
    /// The symmetric inverse (the matrix must be symmetric positive semi-definite), zero where singular.
    @inlinable public var symmetricInverse33: Mat33 {
        var det = dot(ex, cross(ey, ez))
        if det != 0 { det = 1 / det }
        let a11 = ex.x, a12 = ey.x, a13 = ez.x
        let a22 = ey.y, a23 = ez.y
        let a33 = ez.z
        let m11 = det * (a22 * a33 - a23 * a23)
        let m12 = det * (a13 * a23 - a12 * a33)
        let m13 = det * (a12 * a23 - a13 * a22)
        let m22 = det * (a11 * a33 - a13 * a13)
        let m23 = det * (a13 * a12 - a11 * a23)
        let m33 = det * (a11 * a22 - a12 * a12)
        return Mat33(ex: Vec3(m11, m12, m13), ey: Vec3(m12, m22, m23), ez: Vec3(m13, m23, m33))
    }
}

/// `A·v`.
@inlinable public func mul(_ a: Mat33, _ v: Vec3) -> Vec3 { v.x * a.ex + v.y * a.ey + v.z * a.ez }
/// `A·v` using the upper-left 2×2 block.
@inlinable public func mul22(_ a: Mat33, _ v: Vec2) -> Vec2 {
    Vec2(a.ex.x * v.x + a.ey.x * v.y, a.ex.y * v.x + a.ey.y * v.y)
}
