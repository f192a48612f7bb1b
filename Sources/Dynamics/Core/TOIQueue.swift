// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)

/// The time-of-impact event queue's state (see `solveTOIQueued`), kept in the world's scratch.
/// Pools, not arrays (an array written through the queue checked its buffer's uniqueness at
/// every write: a call per contact looked at), in an object the step reads without copying.
final class TOIQueue {
    struct Entry { var alpha: Float; var key: Int; var contact: Int; var gen: Int }
    /// Position in the contact list, per contact id.
    let key = Pool<Int>()
    /// Bumped whenever a contact's cached time is dropped or replaced; heap entries carry it.
    let gen = Pool<Int>()
    /// The pass in which a contact was last marked dirty.
    let dirtyPass = Pool<Int>()
    @exclusivity(unchecked) var pass = 1
    /// (key + 2³¹) << 32 | contact, sorted before use.
    let dirty = Pool<UInt64>()
    let heap = Pool<Entry>()
    @exclusivity(unchecked) var touched: [Int] = []
    /// The last event, to tell its repeats (`TOIRepeat`).
    let repeats = TOIRepeat()
    /// What each contact's time and manifold were computed from (`TOIMemo`), and the pass
    /// (raised at each `reset`) whose entries hold.
    let memo = Pool<TOIMemo>()
    @exclusivity(unchecked) var stamp = 0

    deinit { key.free(); gen.free(); dirtyPass.free(); dirty.free(); heap.free(); memo.free() }

    /// Ready for a step with `n` contacts, in buffers sized for `capacity` (the contact array's,
    /// so that contacts created during the step do not grow them).
    func reset(_ n: Int, capacity: Int) {
        heap.clear()
        dirty.clear()
        touched.clear()
        repeats.reset()
        let cap = Swift.max(capacity, n)
        if key.capacity < cap {
            key.reserveCapacity(cap); gen.reserveCapacity(cap); dirtyPass.reserveCapacity(cap); memo.reserveCapacity(cap)
        }
        if dirty.capacity < cap { dirty.reserveCapacity(cap) }
        if heap.capacity < 2 * cap { heap.reserveCapacity(2 * cap) }
        if touched.capacity < 4 * Settings.maxTOIContacts { touched.reserveCapacity(4 * Settings.maxTOIContacts) }
        grow(n)
        pass += 1
        stamp += 1
    }

    func grow(_ n: Int) {
        while key.count < n { key.append(0); gen.append(0); dirtyPass.append(0); memo.append(TOIMemo()) }
    }

    @inline(__always) func markDirty(_ c: Int) {
        if dirtyPass[c] == pass { return }
        dirtyPass[c] = pass
        dirty.append(UInt64(UInt32(truncatingIfNeeded: key[c] + (1 << 31))) << 32 | UInt64(c))
    }

    func sortDirty() { sortKeys(dirty.base, count: dirty.count) }
    func clearDirty() { dirty.clear(); pass += 1 }

    @inline(__always) static func less(_ a: Entry, _ b: Entry) -> Bool {
        a.alpha < b.alpha || (a.alpha == b.alpha && a.key < b.key)
    }

    /// Pushes contact `c`'s time; `key` is its position in the list (`self.key[c]`).
    func push(_ alpha: Float, _ c: Int, key: Int) {
        gen[c] += 1
        heap.append(Entry(alpha: alpha, key: key, contact: c, gen: gen[c]))
        let h = heap.base
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if !TOIQueue.less(h[i], h[parent]) { break }
            (h[i], h[parent]) = (h[parent], h[i])
            i = parent
        }
    }

    func top() -> Entry? { heap.isEmpty ? nil : heap[0] }

    /// Removes the top (the heap is not empty).
    func pop() {
        guard let last = heap.popLast() else { return }
        if heap.isEmpty { return }
        let h = heap.base
        h[0] = last
        var i = 0
        let n = heap.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n && TOIQueue.less(h[l], h[m]) { m = l }
            if r < n && TOIQueue.less(h[r], h[m]) { m = r }
            if m == i { return }
            (h[i], h[m]) = (h[m], h[i])
            i = m
        }
    }
}
