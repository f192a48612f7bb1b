import Diagnostics
import Expressions
import Geometry
import SceneModel
import SceneVocabulary
import Yams

/// `views`: each view, or the copies of a repeated one, with its frame and collision bounds.
extension SceneBuilder {
    mutating func views(_ n: Node) throws(Diagnostic) {
        let entries = try w.namedMapping(n, "`views`")
        if entries.isEmpty { throw err("`views` needs at least one view", n) }
        if entries.count > w.limits.views {
            throw err("\(entries.count) views, more than the limit of \(w.limits.views); raise it with --max-views", n)
        }
        var superviews: [(Int, String, Node)] = []
        var groups: [(Int, Node)] = []
        for (name, v, loc) in entries {
            // Copies of repeated views count: the entries alone may be under the limit.
            if scene.views.count >= w.limits.views {
                throw err(
                    "view `\(name)` would be view \(scene.views.count + 1), more than the limit of \(w.limits.views) "
                        + "(the copies of repeated views count); raise it with --max-views", v)
            }
            try reserve(name, v)
            let kv = try w.mapping(v, "view `\(name)`", known: ViewKey.names)
            if let g = kv.first(where: { $0.0 == ViewKey.group.rawValue }) {
                if let other = kv.first(where: { $0.0 != ViewKey.group.rawValue }) {
                    throw err(
                        "group `\(name)` takes `group` alone: its frame and motion are its items' (found "
                            + "`\(other.0)`)", other.1)
                }
                scene.names[name] = .view(ViewID(scene.views.count))
                groups.append((scene.views.count, g.1))
                scene.views.append(ViewSpec(name: name, location: loc, frame: Rect(x: 0, y: 0, width: 1, height: 1)))
                continue
            }
            guard let r = kv.first(where: { $0.0 == ViewKey.repeat.rawValue })?.1 else {
                try view(name, v, kv, loc, &superviews)
                continue
            }
            let count = try repeatCount(r, "`repeat` of `\(name)`")
            let made = try copies(
                of: name, "view", count: count, at: r, existing: scene.views.count,
                limit: (w.limits.views, "--max-views")
            ) { (b, copy, _) throws(Diagnostic) in
                try b.reserve(copy, v)
                try b.view(copy, v, try b.w.mapping(v, "view `\(copy)`", known: ViewKey.names), loc, &superviews)
            }
            repeatedViews[name] = made.map(ViewID.init)
        }
        for (i, s, node) in superviews {
            guard case .view(let id)? = scene.names[s] else {
                throw err(
                    "unknown view `\(s)` as the superview of "
                        + "`\(scene.views[i].name)`\(hint(s, scene.views.map(\.name)))",
                    node)  // at the name, not at the view that names it
            }
            if groups.contains(where: { $0.0 == id.index }) {
                throw err(
                    "`\(s)` is a group (UIDynamicItemGroup), not a view on the screen: it cannot be the superview of "
                        + "`\(scene.views[i].name)`; name a view",
                    node)
            }
            scene.views[i].superview = id
        }
        for (i, g) in groups { try group(i, g) }
        try resolveZooming()
        // A view cannot contain itself, directly or through a chain of superviews.
        for v in scene.views {
            var chain = [v.name]
            var next = v.superview
            while let s = next {
                if scene.views[s.index].name == v.name {
                    let through = chain.dropFirst().map { "`\($0)`" }.joined(separator: " → ")
                    let how = chain.count == 1 ? "is its own superview" : "is its own superview through \(through)"
                    throw Diagnostic("view `\(v.name)` \(how)", at: v.location)
                }
                if chain.count > scene.views.count { break }  // a cycle not through `v`: reported at its own views
                chain.append(scene.views[s.index].name)
                next = scene.views[s.index].superview
            }
        }
    }

    /// One view, `name` (a copy of a repeated view has its copy's name), from its keys.
    mutating func view(
        _ name: String, _ v: Node, _ kv: [(String, Node)], _ loc: SourceLocation,
        _ superviews: inout [(Int, String, Node)]
    ) throws(Diagnostic) {
        scene.names[name] = .view(ViewID(scene.views.count))
        func get(_ k: String) -> Node? { kv.first { $0.0 == k }?.1 }
        var frame: Rect
        if let f = get("frame") {
            if get("center") != nil || get("size") != nil {
                throw err("view `\(name)`: give either `frame` or `center` with `size`, not both", f)
            }
            let r = try w.numbers(f, "`frame` of `\(name)`", count: 4)
            frame = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        } else if let c = get("center"), let s = get("size") {
            let cc = try w.numbers(c, "`center` of `\(name)`", count: 2)
            let ss = try w.numbers(s, "`size` of `\(name)`", count: 2)
            frame = Rect(center: Vec2(cc[0], cc[1]), size: Vec2(ss[0], ss[1]))
        } else {
            throw err("view `\(name)` needs a `frame` [x, y, w, h] or a `center` and a `size`", v)
        }
        if frame.size.x <= 0 || frame.size.y <= 0 {
            throw err(
                "view `\(name)` must have a positive size, found \(formatNumber(frame.size.x)) × "
                    + "\(formatNumber(frame.size.y))",
                get("frame") ?? get("size") ?? v)
        }
        var spec = ViewSpec(name: name, location: loc, frame: frame)
        if let r = get("rotation") { spec.rotation = try w.number(r, "`rotation` of `\(name)`") }
        if let s = get("scale") { spec.scale = try w.number(s, "`scale` of `\(name)`", positive: true) }
        if let a = get("alpha") {
            spec.alpha = try w.number(a, "`alpha` of `\(name)`")
            if spec.alpha < 0 || spec.alpha > 1 {
                throw err("`alpha` of `\(name)` must be between 0 and 1, found \(formatNumber(spec.alpha))", a)
            }
        }
        if let h = get("hidden") { spec.hidden = try w.bool(h, "`hidden` of `\(name)`") }
        if let s = get("superview") {
            superviews.append((scene.views.count, try reference(try w.string(s, "`superview` of `\(name)`"), s), s))
        }
        if let cb = get("collisionBounds") { spec.collisionBounds = try collisionBounds(cb, name) }
        if let sc = get(ViewKey.scroll.rawValue) { spec.scroll = try scroll(sc, name, scene.views.count) }
        scene.views.append(spec)
    }

    /// A view's `scroll`: its content size, deceleration rate, bounces, paging, insets, the axes
    /// that always bounce, whether it scrolls, and its zoom (`zooming` is resolved later).
    mutating func scroll(_ n: Node, _ view: String, _ index: Int) throws(Diagnostic) -> ScrollSpec {
        let kv = try w.mapping(n, "`scroll` of `\(view)`", known: ScrollKey.names)
        var spec = ScrollSpec(contentSize: nil)
        for (k, x) in kv {
            switch ScrollKey(rawValue: k) {
            case .contentSize?:
                let c = try w.numbers(x, "`contentSize` of `\(view)`", count: 2)
                if c[0] < 0 || c[1] < 0 {
                    throw err(
                        "`contentSize` of `\(view)` must not be negative, found "
                            + "[\(c.map(formatNumber).joined(separator: ", "))]",
                        x)
                }
                spec.contentSize = Vec2(c[0], c[1])
            case .decelerationRate?:
                if case .scalar(let s) = x, let named = DecelerationRateName(rawValue: s.string) {
                    spec.decelerationRate = named.rate
                    continue
                }
                if case .scalar(let s) = x, Double(s.string) == nil {
                    throw err(
                        "`decelerationRate` of `\(view)` must be normal, fast or a number between 0 and 1, found "
                            + "`\(s.string)`\(hint(s.string, DecelerationRateName.names))", x)
                }
                let r = try w.number(x, "`decelerationRate` of `\(view)`", positive: true)
                if r >= 1 || r > (ScrollKey.decelerationRate.maximum ?? 1) {
                    throw err(
                        "`decelerationRate` of `\(view)` must be below 1 (a rate per millisecond), found "
                            + formatNumber(r), x)
                }
                spec.decelerationRate = r
            case .bounces?: spec.bounces = try w.bool(x, "`bounces` of `\(view)`")
            case .paging?: spec.paging = try w.bool(x, "`paging` of `\(view)`")
            case .alwaysBounceVertical?:
                spec.alwaysBounceVertical = try w.bool(x, "`alwaysBounceVertical` of `\(view)`")
            case .alwaysBounceHorizontal?:
                spec.alwaysBounceHorizontal = try w.bool(x, "`alwaysBounceHorizontal` of `\(view)`")
            case .isScrollEnabled?: spec.isScrollEnabled = try w.bool(x, "`isScrollEnabled` of `\(view)`")
            case .contentInset?:
                var i = EdgeInsets.zero
                for (side, sv) in try w.mapping(x, "`contentInset` of `\(view)`", known: ScrollInsetKey.names) {
                    let d = try w.number(sv, "`contentInset.\(side)` of `\(view)`")
                    switch ScrollInsetKey(rawValue: side) {
                    case .top?: i.top = d
                    case .left?: i.left = d
                    case .bottom?: i.bottom = d
                    case .right?: i.right = d
                    case nil: break
                    }
                }
                spec.contentInset = i
            case .zoom?:
                var z = ZoomSpec()
                for (zk, zx) in try w.mapping(x, "`zoom` of `\(view)`", known: ZoomKey.names) {
                    switch ZoomKey(rawValue: zk) {
                    case .minimum?: z.minimum = try w.number(zx, "`zoom.minimum` of `\(view)`", positive: true)
                    case .maximum?: z.maximum = try w.number(zx, "`zoom.maximum` of `\(view)`", positive: true)
                    case .bounces?: z.bounces = try w.bool(zx, "`zoom.bounces` of `\(view)`")
                    case nil: break
                    }
                }
                if z.maximum < z.minimum {
                    throw err(
                        "`zoom` of `\(view)`: `maximum` (\(formatNumber(z.maximum))) is below `minimum` "
                            + "(\(formatNumber(z.minimum)))", x)
                }
                spec.zoom = z
            case .zooming?:
                zoomings.append((index, try w.string(x, "`zooming` of `\(view)`"), x))
            case nil: break
            }
        }
        let has = { (k: ScrollKey) in kv.contains { $0.0 == k.rawValue } }
        if has(.zoom) != has(.zooming) {
            throw err(
                has(.zoom)
                    ? "`scroll` of `\(view)` has `zoom` but no `zooming`: name the subview it zooms (viewForZooming)"
                    : "`scroll` of `\(view)` has `zooming` but no `zoom`: give it `zoom: { minimum, maximum }`", n)
        }
        if spec.contentSize == nil && !has(.zooming) {
            throw err("`scroll` of `\(view)` needs `contentSize` (or `zoom` with `zooming`)", n)
        }
        return spec
    }

    /// Each `zooming` names a subview of its own scroll view (UIKit zooms the view
    /// `viewForZooming(in:)` returns, which is inside the scroll view).
    mutating func resolveZooming() throws(Diagnostic) {
        for (i, raw, node) in zoomings {
            let list = scene.views[i].name
            let name = try reference(raw, node)
            guard case .view(let id)? = scene.names[name], !scene.views[id.index].isGroup else {
                let help = copiesHint(name) ?? hint(name, scene.views.map(\.name))
                throw err("`zooming` of `\(list)` names no view `\(name)`\(help)", node)
            }
            guard scene.views[id.index].superview?.index == i else {
                let place =
                    scene.views[id.index].superview.map { "its superview is `\(scene.views[$0.index].name)`" }
                    ?? "it is in the reference view"
                throw err(
                    "`zooming` of `\(list)` names `\(name)`, which is not a subview of `\(list)` (\(place)): the "
                        + "scroll view zooms a view inside it; give `\(name)` `superview: \(list)`",
                    node)
            }
            scene.views[i].scroll?.zooming = id
        }
    }

    /// A group's items (views declared anywhere in `views`, each in one group at most, no group
    /// of groups) and its frame: the union of its items' frames.
    mutating func group(_ i: Int, _ n: Node) throws(Diagnostic) {
        let name = scene.views[i].name
        let kv = try w.mapping(n, "`group` of `\(name)`", known: ["items"], required: ["items"])
        let list = kv[0].1
        var ids: [ViewID] = []
        for item in try w.sequence(list, "`items` of group `\(name)`") {
            let id = try itemID(item, "an item of group `\(name)`")
            if id.index == i { throw err("group `\(name)` cannot hold itself", item) }
            if scene.views[id.index].isGroup {
                throw err("group `\(name)` cannot hold a group (`\(scene.views[id.index].name)`)", item)
            }
            if ids.contains(id) { throw err("`\(scene.views[id.index].name)` is twice in group `\(name)`", item) }
            if let other = scene.views.first(where: { $0.group.contains(id) }) {
                throw err("`\(scene.views[id.index].name)` is already in group `\(other.name)`", item)
            }
            ids.append(id)
        }
        if ids.isEmpty { throw err("group `\(name)` needs at least one item", list) }
        var union: Rect?
        for id in ids {
            let v = scene.views[id.index]
            let f = boundingBox(v.frame, rotation: v.rotation, scale: v.scale)
            union = union.map { $0.union(f) } ?? f
        }
        scene.views[i].frame = union!  // at least one item
        scene.views[i].group = ids
    }

    /// The bounding box of `frame` turned by `rotation` and scaled by `scale` about its centre.
    func boundingBox(_ frame: Rect, rotation: Double, scale: Double) -> Rect {
        guard rotation != 0 || scale != 1 else { return frame }
        let (c, s) = (Swift.abs(Elementary.cos(rotation)), Swift.abs(Elementary.sin(rotation)))
        let (w, h) = (scale * frame.size.x, scale * frame.size.y)
        return Rect(center: frame.center, size: Vec2(c * w + s * h, s * w + c * h))
    }

    /// Naming a group and one of its items in behaviours is an error, as UIKit raises one when
    /// both are in one animator; it is reported at the later of the two behaviours.
    func checkGroupsAlone() throws(Diagnostic) {
        let both = "name one or the other (UIKit raises when an animator has both)"
        for (gi, g) in scene.views.enumerated() where g.isGroup {
            var first: (behavior: String, namedGroup: Bool)?
            for b in scene.behaviors {
                let namesGroup = b.kind.items.contains(ViewID(gi))
                let item = b.kind.items.first { g.group.contains($0) }.map { scene.views[$0.index].name }
                if namesGroup, let item {
                    throw Diagnostic(
                        "behaviour `\(b.name)` names group `\(g.name)` and its item `\(item)`; \(both)",
                        at: b.location)
                }
                if let (other, wasGroup) = first, (namesGroup && !wasGroup) || (item != nil && wasGroup) {
                    let what = item.map { "`\($0)`, an item of group `\(g.name)`" } ?? "group `\(g.name)`"
                    throw Diagnostic(
                        "behaviour `\(b.name)` names \(what), and behaviour `\(other)` names "
                            + "\(wasGroup ? "the group" : "one of its items"); \(both)", at: b.location)
                }
                if first == nil, namesGroup || item != nil { first = (b.name, namesGroup) }
            }
        }
    }

    mutating func collisionBounds(_ n: Node, _ view: String) throws(Diagnostic) -> CollisionBoundsSpec {
        if case .scalar(let s) = n {
            switch s.string {
            case "rectangle": return .rectangle
            case "ellipse": return .ellipse
            default:
                throw err(
                    "`collisionBounds` of `\(view)` must be rectangle, ellipse or { path: [[x, y], …] }, found "
                        + "`\(s.string)`",
                    n)
            }
        }
        let kv = try w.mapping(n, "`collisionBounds` of `\(view)`", known: ["path"], required: ["path"])
        let pts = try w.sequence(kv[0].1, "`collisionBounds.path`")
        var ps: [Vec2] = []
        for p in pts { let c = try w.numbers(p, "a point of the path", count: 2); ps.append(Vec2(c[0], c[1])) }
        try checkConvex(ps, kv[0].1)
        return .path(ps)
    }

    /// A collision path must be convex, simple and not degenerate, with 3 to 8 vertices.
    func checkConvex(_ ps: [Vec2], _ n: Node) throws(Diagnostic) {
        if ps.count < 3 { throw err("a collision path needs at least 3 points, found \(ps.count)", n) }
        if ps.count > 8 {
            throw err("a collision path may have at most 8 points (Box2D's polygon limit), found \(ps.count)", n)
        }
        var sign = 0.0
        var area = 0.0
        for i in 0..<ps.count {
            let a = ps[i]
            let b = ps[(i + 1) % ps.count]
            let c = ps[(i + 2) % ps.count]
            area += cross(a, b)
            let z = cross(b - a, c - b)
            if Swift.abs(z) < 1e-9 {
                throw err(
                    "the collision path is degenerate: points \(i + 1)…\((i + 2) % ps.count + 1) are collinear or "
                        + "repeated",
                    n)
            }
            if sign == 0 {
                sign = z
            } else if (z > 0) != (sign > 0) {
                throw err(
                    "the collision path must be convex; it turns the other way at point \((i + 1) % ps.count + 1)", n)
            }
        }
        // A convex turn sequence can still wind twice (a star): the total turning must be one turn.
        var turning = 0.0
        for i in 0..<ps.count {
            let a = ps[i]
            let b = ps[(i + 1) % ps.count]
            let c = ps[(i + 2) % ps.count]
            let d1 = b - a
            let d2 = c - b
            turning += Elementary.atan2(cross(d1, d2), dot(d1, d2))
        }
        if Swift.abs(Swift.abs(turning) - 2 * Double.pi) > 1e-6 { throw err("the collision path intersects itself", n) }
        if Swift.abs(area) < 1e-9 { throw err("the collision path has no area", n) }
    }
}
