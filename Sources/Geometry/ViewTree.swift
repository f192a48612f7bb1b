/// Where a point of a view's bounds is on the screen: a similarity (a turn, a uniform scale and a
/// shift), `p ↦ shift + scale · R(rotation) · p`, which is all a tree of UIKit views whose
/// transforms are rotations and scales can make. `cos` and `sin` are kept, so that composing
/// unturned poses stays exact.
public struct ScreenPose: Sendable, Hashable {
    public var shift: Vec2
    public var rotation: Double
    public var scale: Double
    var cos: Double
    var sin: Double

    public static let identity = ScreenPose(shift: .zero, rotation: 0, scale: 1, cos: 1, sin: 0)

    init(shift: Vec2, rotation: Double, scale: Double, cos: Double, sin: Double) {
        self.shift = shift; self.rotation = rotation; self.scale = scale; self.cos = cos; self.sin = sin
    }

    /// The point `p` of the view's bounds, on the screen (or in the superview, for a local pose).
    public func apply(_ p: Vec2) -> Vec2 {
        if cos == 1 && sin == 0 && scale == 1 { return shift + p }
        return shift + scale * Vec2(cos * p.x - sin * p.y, sin * p.x + cos * p.y)
    }

    /// The point of the view's bounds that is at `q` on the screen (nil when the scale is 0).
    public func unapply(_ q: Vec2) -> Vec2? {
        let d = q - shift
        if cos == 1 && sin == 0 && scale == 1 { return d }
        guard scale != 0 else { return nil }
        return (1 / scale) * Vec2(cos * d.x + sin * d.y, -sin * d.x + cos * d.y)
    }

    /// This pose after `inner`: a point of the inner view's bounds, through `inner` into this
    /// view's bounds, then through this pose.
    public func then(_ inner: ScreenPose) -> ScreenPose {
        ScreenPose(
            shift: apply(inner.shift), rotation: rotation + inner.rotation, scale: scale * inner.scale,
            cos: cos * inner.cos - sin * inner.sin, sin: sin * inner.cos + cos * inner.sin)
    }
}

/// A tree of views as UIKit lays it out: each view's frame is in its superview's bounds
/// coordinates (nil superview: the reference view, whose coordinates are the screen's), turned
/// and scaled about its centre; a view's bounds origin is 0, 0, or a scroll view's content
/// offset. It answers what the screen shows and where a touch lands: each view's pose on the
/// screen, its on-screen frame (the bounding box of its turned quadrilateral), `convert`
/// between two views' coordinates, the alpha and visibility down the tree, and UIKit's
/// `hitTest(_:with:)`. A pure value: it reads nothing but its nodes.
public struct ViewTree: Sendable {
    /// One view: where it is in its superview and how it is drawn.
    public struct Node: Sendable, Hashable {
        /// The view it is in (nil: the reference view).
        public var superview: Int?
        /// The untransformed bounds placed around the centre, in the superview's coordinates
        /// (origin = centre − size / 2).
        public var frame: Rect
        public var rotation: Double
        public var scale: Double
        /// The origin of the view's own bounds: 0, 0, or a scroll view's content offset.
        public var boundsOrigin: Vec2
        public var alpha: Double
        public var hidden: Bool
        /// Not in the tree (removed from its superview, or a group, which is not drawn): neither
        /// shown nor hit, with its subviews.
        public var detached: Bool

        public init(
            superview: Int?, frame: Rect, rotation: Double = 0, scale: Double = 1, boundsOrigin: Vec2 = .zero,
            alpha: Double = 1, hidden: Bool = false, detached: Bool = false
        ) {
            self.superview = superview; self.frame = frame; self.rotation = rotation; self.scale = scale
            self.boundsOrigin = boundsOrigin; self.alpha = alpha; self.hidden = hidden; self.detached = detached
        }

        /// The pose of the view's bounds in its superview's coordinates.
        public var localPose: ScreenPose {
            if rotation == 0 && scale == 1 {
                return ScreenPose(shift: frame.origin - boundsOrigin, rotation: 0, scale: 1, cos: 1, sin: 0)
            }
            let (c, s) = (Elementary.cos(rotation), Elementary.sin(rotation))
            let half = boundsOrigin + 0.5 * frame.size
            let turned = scale * Vec2(c * half.x - s * half.y, s * half.x + c * half.y)
            return ScreenPose(shift: frame.center - turned, rotation: rotation, scale: scale, cos: c, sin: s)
        }

        /// The view's bounds rectangle, in its own coordinates.
        public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }
    }

    public private(set) var nodes: [Node]
    /// Each view's subviews in the order they were added (later ones are drawn above).
    public private(set) var subviews: [[Int]]
    /// The reference view's subviews, in order.
    public private(set) var roots: [Int]

    /// The tree of `nodes`; a superview out of range, or a chain of superviews that comes back
    /// to a view, is read as the reference view.
    public init(_ nodes: [Node]) {
        var nodes = nodes
        for i in nodes.indices {
            if let s = nodes[i].superview, !nodes.indices.contains(s) { nodes[i].superview = nil }
        }
        for i in nodes.indices where ViewTree.cycles(i, nodes) { nodes[i].superview = nil }
        self.nodes = nodes
        var subviews = Array(repeating: [Int](), count: nodes.count)
        var roots: [Int] = []
        for (i, n) in nodes.enumerated() {
            if let s = n.superview { subviews[s].append(i) } else { roots.append(i) }
        }
        self.subviews = subviews
        self.roots = roots
    }

    static func cycles(_ i: Int, _ nodes: [Node]) -> Bool {
        var next = nodes[i].superview
        var steps = 0
        while let s = next {
            if s == i || steps > nodes.count { return true }
            next = nodes[s].superview
            steps += 1
        }
        return false
    }

    /// The chain from view `i` up to the reference view: `i`, its superview, …
    public func chain(_ i: Int) -> [Int] {
        var out = [i]
        var next = nodes[i].superview
        while let s = next {
            out.append(s)
            next = nodes[s].superview
        }
        return out
    }

    /// How deep view `i` is: 1 for a subview of the reference view.
    public func depth(_ i: Int) -> Int { chain(i).count }

    /// The pose of view `i`'s bounds on the screen.
    public func pose(_ i: Int) -> ScreenPose {
        var p = nodes[i].localPose
        var next = nodes[i].superview
        while let s = next {
            p = nodes[s].localPose.then(p)
            next = nodes[s].superview
        }
        return p
    }

    /// The pose of a coordinate space: a view's bounds, or the screen (nil).
    public func pose(of space: Int?) -> ScreenPose { space.map(pose) ?? .identity }

    /// View `i`'s frame on the screen: the bounding box of its bounds' four corners there.
    public func screenFrame(_ i: Int) -> Rect {
        let p = pose(i)
        let b = nodes[i].bounds
        if p.cos == 1 && p.sin == 0 && p.scale == 1 { return Rect(origin: p.apply(b.origin), size: b.size) }
        let corners = [
            Vec2(b.minX, b.minY), Vec2(b.maxX, b.minY), Vec2(b.maxX, b.maxY), Vec2(b.minX, b.maxY),
        ].map(p.apply)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let lo = Vec2(xs.min() ?? 0, ys.min() ?? 0)
        let hi = Vec2(xs.max() ?? 0, ys.max() ?? 0)
        return Rect(origin: lo, size: hi - lo)
    }

    /// A point of space `from` in the coordinates of space `to` (a view's bounds, or the screen:
    /// nil), as UIKit's `convert(_:from:)`; nil when `to` is scaled to nothing.
    public func convert(_ p: Vec2, from: Int?, to: Int?) -> Vec2? {
        pose(of: to).unapply(pose(of: from).apply(p))
    }

    /// The alpha the screen shows view `i` with: its own times its superviews'.
    public func shownAlpha(_ i: Int) -> Double { chain(i).reduce(1) { $0 * nodes[$1].alpha } }

    /// Whether the screen shows view `i`: neither it nor a superview is hidden or detached.
    public func isShown(_ i: Int) -> Bool { !chain(i).contains { nodes[$0].hidden || nodes[$0].detached } }

    /// Views in the order the screen draws them: a view before its subviews, siblings in order
    /// (detached views are left out).
    public var drawingOrder: [Int] {
        var out: [Int] = []
        var stack = roots.reversed().filter { !nodes[$0].detached }
        while let i = stack.popLast() {
            out.append(i)
            stack += subviews[i].reversed().filter { !nodes[$0].detached }
        }
        return out
    }

    /// UIKit's `hitTest(_:with:)` from the reference view for the screen point `q`: the deepest
    /// view under it, later siblings above earlier ones; a view that is hidden, detached or whose
    /// own alpha is below 0.01 is skipped with its subviews, and so is one whose bounds (turned
    /// and scaled) do not contain the point, so a subview outside its superview is not reached.
    /// Nil: the reference view itself.
    public func hitTest(_ q: Vec2) -> Int? {
        for i in roots.reversed() { if let h = hit(i, q) { return h } }
        return nil
    }

    func hit(_ i: Int, _ q: Vec2) -> Int? {
        let n = nodes[i]
        guard !n.hidden, !n.detached, n.alpha >= 0.01, let p = pose(i).unapply(q), n.bounds.contains(p) else {
            return nil
        }
        for s in subviews[i].reversed() { if let h = hit(s, q) { return h } }
        return i
    }
}
