// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import Geometry

/// A bounding-volume hierarchy of fattened AABBs (Box2D's `b2DynamicTree`).
///
/// Node allocation follows Box2D exactly (initial capacity 16, a free list, doubling growth),
/// because proxy ids are node ids and the broad phase orders new pairs by proxy id: the order in
/// which contacts are created, and so the solver order, depends on it.
public struct DynamicTree: Sendable {
    public static let nullNode = -1

    struct Node: Sendable {
        var aabb = AABBf(lowerBound: .zero, upperBound: .zero)
        var userData = 0
        var parentOrNext = DynamicTree.nullNode
        var child1 = DynamicTree.nullNode
        var child2 = DynamicTree.nullNode
        var height = -1
        var isLeaf: Bool { child1 == DynamicTree.nullNode }
    }

    var nodes: ContiguousArray<Node>
    var queryStack: [Int] = []
    var root = DynamicTree.nullNode
    var freeList = 0
    var nodeCount = 0

    public init() {
        nodes = ContiguousArray(repeating: Node(), count: 16)
        for i in 0..<15 { nodes[i].parentOrNext = i + 1 }
        nodes[15].parentOrNext = DynamicTree.nullNode
    }

    mutating func allocateNode() -> Int {
        if freeList == DynamicTree.nullNode {
            let old = nodes.count
            nodes.append(contentsOf: repeatElement(Node(), count: old))
            for i in nodeCount..<(nodes.count - 1) { nodes[i].parentOrNext = i + 1; nodes[i].height = -1 }
            nodes[nodes.count - 1].parentOrNext = DynamicTree.nullNode
            nodes[nodes.count - 1].height = -1
            freeList = nodeCount
        }
        let id = freeList
        freeList = nodes[id].parentOrNext
        nodes[id].parentOrNext = DynamicTree.nullNode
        nodes[id].child1 = DynamicTree.nullNode
        nodes[id].child2 = DynamicTree.nullNode
        nodes[id].height = 0
        nodes[id].userData = 0
        nodeCount += 1
        return id
    }

    mutating func freeNode(_ id: Int) {
        nodes[id].parentOrNext = freeList
        nodes[id].height = -1
        freeList = id
        nodeCount -= 1
    }

    /// Adds a leaf for `aabb` fattened by `Settings.aabbExtension`; returns its proxy id.
    public mutating func createProxy(_ aabb: AABBf, userData: Int) -> Int {
        let id = allocateNode()
        let r = Vec2f(Settings.aabbExtension, Settings.aabbExtension)
        nodes[id].aabb = AABBf(lowerBound: aabb.lowerBound - r, upperBound: aabb.upperBound + r)
        nodes[id].userData = userData
        nodes[id].height = 0
        insertLeaf(id)
        return id
    }

    /// Removes a leaf.
    public mutating func destroyProxy(_ id: Int) {
        precondition(id >= 0 && id < nodes.count && nodes[id].isLeaf, "destroyProxy: \(id) is not a proxy of this tree")
        removeLeaf(id)
        freeNode(id)
    }

    /// Re-inserts the proxy when `aabb` left its fat box; the new fat box is stretched along
    /// `displacement` (m). Returns `true` when it moved.
    public mutating func moveProxy(_ id: Int, _ aabb: AABBf, displacement: Vec2f) -> Bool {
        if nodes[id].aabb.contains(aabb) { return false }
        removeLeaf(id)
        let r = Vec2f(Settings.aabbExtension, Settings.aabbExtension)
        var b = AABBf(lowerBound: aabb.lowerBound - r, upperBound: aabb.upperBound + r)
        let d = Settings.aabbMultiplier * displacement
        if d.x < 0 { b.lowerBound.x += d.x } else { b.upperBound.x += d.x }
        if d.y < 0 { b.lowerBound.y += d.y } else { b.upperBound.y += d.y }
        nodes[id].aabb = b
        insertLeaf(id)
        return true
    }

    /// The user data stored with a proxy.
    public func userData(_ id: Int) -> Int { nodes[id].userData }
    /// The fattened box of a proxy.
    public func fatAABB(_ id: Int) -> AABBf { nodes[id].aabb }

    /// Calls `callback` with every proxy whose fat box overlaps `aabb`; return false to stop.
    public func query(_ aabb: AABBf, _ callback: (Int) -> Bool) {
        var stack: [Int] = []
        Self.query(nodes, root, aabb, &stack, callback)
    }

    /// `query` with the traversal stack kept in the tree between calls, so that the broad phase's
    /// per-step queries do not allocate.
    mutating func queryReusingStack(_ aabb: AABBf, _ callback: (Int) -> Bool) {
        var stack: [Int] = []
        swap(&stack, &queryStack)
        Self.query(nodes, root, aabb, &stack, callback)
        swap(&stack, &queryStack)
    }

    private static func query(_ nodes: ContiguousArray<Node>, _ root: Int, _ aabb: AABBf, _ stack: inout [Int], _ callback: (Int) -> Bool) {
        stack.clear()
        stack.append(root)
        while let id = stack.popLast() {
            if id == DynamicTree.nullNode { continue }
            let node = nodes[id]
            if node.aabb.overlaps(aabb) {
                if node.isLeaf {
                    if !callback(id) { return }
                } else {
                    stack.append(node.child1)
                    stack.append(node.child2)
                }
            }
        }
    }

    /// Height of the tree (0 for a single leaf, −1 when empty... as Box2D: 0 when empty).
    public var height: Int { root == DynamicTree.nullNode ? 0 : nodes[root].height }

    mutating func insertLeaf(_ leaf: Int) {
        if root == DynamicTree.nullNode {
            root = leaf
            nodes[root].parentOrNext = DynamicTree.nullNode
            return
        }
        let leafAABB = nodes[leaf].aabb
        var index = root
        while !nodes[index].isLeaf {
            let child1 = nodes[index].child1, child2 = nodes[index].child2
            let area = nodes[index].aabb.perimeter
            let combinedArea = nodes[index].aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritanceCost = 2 * (combinedArea - area)
            func descendCost(_ c: Int) -> Float {
                let a = leafAABB.union(nodes[c].aabb)
                if nodes[c].isLeaf { return a.perimeter + inheritanceCost }
                return (a.perimeter - nodes[c].aabb.perimeter) + inheritanceCost
            }
            let cost1 = descendCost(child1)
            let cost2 = descendCost(child2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? child1 : child2
        }
        let sibling = index
        let oldParent = nodes[sibling].parentOrNext
        let newParent = allocateNode()
        nodes[newParent].parentOrNext = oldParent
        nodes[newParent].userData = 0
        nodes[newParent].aabb = leafAABB.union(nodes[sibling].aabb)
        nodes[newParent].height = nodes[sibling].height + 1
        if oldParent != DynamicTree.nullNode {
            if nodes[oldParent].child1 == sibling { nodes[oldParent].child1 = newParent } else { nodes[oldParent].child2 = newParent }
        } else {
            root = newParent
        }
        nodes[newParent].child1 = sibling
        nodes[newParent].child2 = leaf
        nodes[sibling].parentOrNext = newParent
        nodes[leaf].parentOrNext = newParent
        fixUpwards(from: nodes[leaf].parentOrNext)
    }

    mutating func fixUpwards(from start: Int) {
        var index = start
        while index != DynamicTree.nullNode {
            index = balance(index)
            let c1 = nodes[index].child1, c2 = nodes[index].child2
            nodes[index].height = 1 + Swift.max(nodes[c1].height, nodes[c2].height)
            nodes[index].aabb = nodes[c1].aabb.union(nodes[c2].aabb)
            index = nodes[index].parentOrNext
        }
    }

    mutating func removeLeaf(_ leaf: Int) {
        if leaf == root { root = DynamicTree.nullNode; return }
        let parent = nodes[leaf].parentOrNext
        let grandParent = nodes[parent].parentOrNext
        let sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1
        if grandParent != DynamicTree.nullNode {
            if nodes[grandParent].child1 == parent { nodes[grandParent].child1 = sibling } else { nodes[grandParent].child2 = sibling }
            nodes[sibling].parentOrNext = grandParent
            freeNode(parent)
            fixUpwards(from: grandParent)
        } else {
            root = sibling
            nodes[sibling].parentOrNext = DynamicTree.nullNode
            freeNode(parent)
        }
    }

    /// Rotates the subtree at `iA` when its children's heights differ by more than one.
    mutating func balance(_ iA: Int) -> Int {
        if nodes[iA].isLeaf || nodes[iA].height < 2 { return iA }
        let iB = nodes[iA].child1, iC = nodes[iA].child2
        let bal = nodes[iC].height - nodes[iB].height
        if bal > 1 {
            let iF = nodes[iC].child1, iG = nodes[iC].child2
            nodes[iC].child1 = iA
            nodes[iC].parentOrNext = nodes[iA].parentOrNext
            nodes[iA].parentOrNext = iC
            replaceChild(of: nodes[iC].parentOrNext, old: iA, new: iC)
            if nodes[iF].height > nodes[iG].height {
                nodes[iC].child2 = iF; nodes[iA].child2 = iG; nodes[iG].parentOrNext = iA
                nodes[iA].aabb = nodes[iB].aabb.union(nodes[iG].aabb)
                nodes[iC].aabb = nodes[iA].aabb.union(nodes[iF].aabb)
                nodes[iA].height = 1 + Swift.max(nodes[iB].height, nodes[iG].height)
                nodes[iC].height = 1 + Swift.max(nodes[iA].height, nodes[iF].height)
            } else {
                nodes[iC].child2 = iG; nodes[iA].child2 = iF; nodes[iF].parentOrNext = iA
                nodes[iA].aabb = nodes[iB].aabb.union(nodes[iF].aabb)
                nodes[iC].aabb = nodes[iA].aabb.union(nodes[iG].aabb)
                nodes[iA].height = 1 + Swift.max(nodes[iB].height, nodes[iF].height)
                nodes[iC].height = 1 + Swift.max(nodes[iA].height, nodes[iG].height)
            }
            return iC
        }
        if bal < -1 {
            let iD = nodes[iB].child1, iE = nodes[iB].child2
            nodes[iB].child1 = iA
            nodes[iB].parentOrNext = nodes[iA].parentOrNext
            nodes[iA].parentOrNext = iB
            replaceChild(of: nodes[iB].parentOrNext, old: iA, new: iB)
            if nodes[iD].height > nodes[iE].height {
                nodes[iB].child2 = iD; nodes[iA].child1 = iE; nodes[iE].parentOrNext = iA
                nodes[iA].aabb = nodes[iC].aabb.union(nodes[iE].aabb)
                nodes[iB].aabb = nodes[iA].aabb.union(nodes[iD].aabb)
                nodes[iA].height = 1 + Swift.max(nodes[iC].height, nodes[iE].height)
                nodes[iB].height = 1 + Swift.max(nodes[iA].height, nodes[iD].height)
            } else {
                nodes[iB].child2 = iE; nodes[iA].child1 = iD; nodes[iD].parentOrNext = iA
                nodes[iA].aabb = nodes[iC].aabb.union(nodes[iD].aabb)
                nodes[iB].aabb = nodes[iA].aabb.union(nodes[iE].aabb)
                nodes[iA].height = 1 + Swift.max(nodes[iC].height, nodes[iD].height)
                nodes[iB].height = 1 + Swift.max(nodes[iA].height, nodes[iE].height)
            }
            return iB
        }
        return iA
    }

    private mutating func replaceChild(of parent: Int, old: Int, new: Int) {
        if parent == DynamicTree.nullNode { root = new; return }
        if nodes[parent].child1 == old { nodes[parent].child1 = new } else { nodes[parent].child2 = new }
    }

    /// Checks parent links, heights and boxes of the whole tree (for tests); traps on a violation.
    public func validate() {
        func check(_ i: Int, parent: Int) -> Int {
            if i == DynamicTree.nullNode { return 0 }
            precondition(nodes[i].parentOrNext == parent, "dynamic tree: bad parent link at \(i)")
            if nodes[i].isLeaf { precondition(nodes[i].height == 0, "dynamic tree: leaf height"); return 1 }
            let c1 = nodes[i].child1, c2 = nodes[i].child2
            let n = check(c1, parent: i) + check(c2, parent: i)
            precondition(nodes[i].height == 1 + Swift.max(nodes[c1].height, nodes[c2].height), "dynamic tree: height at \(i)")
            precondition(nodes[i].aabb == nodes[c1].aabb.union(nodes[c2].aabb), "dynamic tree: box at \(i)")
            return n + 1
        }
        _ = check(root, parent: DynamicTree.nullNode)
    }
}

/// The broad phase: a dynamic tree, a buffer of moved proxies, and the new overlapping pairs in
/// Box2D's order (sorted by the smaller, then the larger proxy id).
public struct BroadPhase: Sendable {
    public static let nullProxy = -1
    var tree = DynamicTree()
    var moveBuffer: [Int] = []
    /// Whether a proxy (by id) is in `moveBuffer`: one moved or touched again before the next
    /// `updatePairs` is buffered once, since a second query of its fat box would find the same
    /// pairs, which the sort folds into one anyway (same pairs, same order). Without it, 950
    /// behaviours installed over 500 items refiltered each item 950 times and the next step
    /// queried the tree 475 000 times (issue 33).
    var buffered: [Bool] = []
    /// Pair keys (smaller id << 32 | larger id), kept between steps.
    var pairKeys: [UInt64] = []
    /// Number of live proxies.
    public private(set) var proxyCount = 0

    public init() {
        // A first block for the per-step buffers (see World.init).
        moveBuffer.reserveCapacity(32)
        pairKeys.reserveCapacity(32)
        tree.queryStack.reserveCapacity(32)
    }

    /// Creates a proxy and marks it moved.
    public mutating func createProxy(_ aabb: AABBf, userData: Int) -> Int {
        let id = tree.createProxy(aabb, userData: userData)
        proxyCount += 1
        bufferMove(id)
        return id
    }

    /// Destroys a proxy.
    public mutating func destroyProxy(_ id: Int) {
        if id < buffered.count && buffered[id] {
            for i in moveBuffer.indices where moveBuffer[i] == id { moveBuffer[i] = BroadPhase.nullProxy }
            buffered[id] = false
        }
        proxyCount -= 1
        tree.destroyProxy(id)
    }

    /// Updates a proxy's box; marks it moved when it left its fat box.
    public mutating func moveProxy(_ id: Int, _ aabb: AABBf, displacement: Vec2f) {
        if tree.moveProxy(id, aabb, displacement: displacement) { bufferMove(id) }
    }

    /// Marks a proxy moved so that its pairs are looked for again.
    public mutating func touchProxy(_ id: Int) { bufferMove(id) }

    /// Puts a proxy in the move buffer unless it is there already.
    mutating func bufferMove(_ id: Int) {
        if id >= buffered.count { buffered.append(contentsOf: repeatElement(false, count: id + 1 - buffered.count)) }
        if buffered[id] { return }
        buffered[id] = true
        moveBuffer.append(id)
    }

    public func fatAABB(_ id: Int) -> AABBf { tree.fatAABB(id) }
    public func userData(_ id: Int) -> Int { tree.userData(id) }
    /// `true` when the fat boxes of two proxies overlap.
    public func testOverlap(_ a: Int, _ b: Int) -> Bool { tree.fatAABB(a).overlaps(tree.fatAABB(b)) }
    /// Height of the tree.
    public var treeHeight: Int { tree.height }

    /// Reports every new overlapping pair once, in (min id, max id) order, then clears the buffer.
    public mutating func updatePairs(_ addPair: (_ userDataA: Int, _ userDataB: Int) -> Void) {
        var out: [(Int, Int)] = []
        updatePairs(into: &out)
        for (a, b) in out { addPair(a, b) }
    }

    /// The new overlapping pairs as user data, in Box2D's order (by smaller, then larger proxy
    /// id, each once), replacing the contents of `out`; clears the move buffer. Reuses its
    /// buffers, so it allocates nothing once they are large enough.
    public mutating func updatePairs(into out: inout [(Int, Int)]) {
        out.clear()
        var keys: [UInt64] = []
        swap(&keys, &pairKeys)
        keys.clear()
        for m in 0..<moveBuffer.count {
            let queryId = moveBuffer[m]
            if queryId == BroadPhase.nullProxy { continue }
            let fat = tree.fatAABB(queryId)
            tree.queryReusingStack(fat) { proxyId in
                if proxyId == queryId { return true }
                keys.append(UInt64(Swift.min(proxyId, queryId)) << 32 | UInt64(Swift.max(proxyId, queryId)))
                return true
            }
        }
        for id in moveBuffer where id != BroadPhase.nullProxy { buffered[id] = false }
        moveBuffer.clear()
        sortKeys(&keys)
        var i = 0
        while i < keys.count {
            let k = keys[i]
            out.append((tree.userData(Int(k >> 32)), tree.userData(Int(k & 0xFFFF_FFFF))))
            i += 1
            while i < keys.count && keys[i] == k { i += 1 }
        }
        swap(&keys, &pairKeys)
    }
}
