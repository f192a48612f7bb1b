// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)

/// The world's object arrays (bodies, fixtures, contacts, joints) and the step's reused buffers
/// (`Scratch`: island lists, solver positions and velocities): contiguous storage written in
/// place, without copy-on-write.
///
/// A Swift array stored in a class checks on every write that its buffer is not shared (a call
/// into the runtime) and keeps a copy path beside every store. The world never shares these
/// arrays, so they are one buffer owned by one `Pool`, addressed directly; reads and writes are
/// still bounds-checked. Only the operations the engine uses are provided.
struct Pool<Element> {
    /// Where the buffer is and how full: allocated by `init`, freed by `free` (the world frees
    /// its pools in its `deinit`). A plain pointer, not a class: a pool is copied into every
    /// island's solver and every walk that reads it, and a class reference was retained and
    /// released at each copy (the step's fixed cost: about twenty retain/release pairs a step,
    /// and one pair per contact of a time-of-impact event).
    struct Header {
        var base: UnsafeMutablePointer<Element>
        var count: Int
        var capacity: Int
    }

    let storage: UnsafeMutablePointer<Header>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Header(base: .allocate(capacity: 0), count: 0, capacity: 0))
    }

    /// Destroys the elements and releases the buffer; the pool (and every copy of it) is
    /// unusable after. Only the owner calls it, once.
    func free() {
        storage.pointee.base.deinitialize(count: storage.pointee.count)
        storage.pointee.base.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    @inline(__always) var count: Int { storage.pointee.count }
    /// The first element's address, valid until the pool next grows (an append): for the step's
    /// hot walks, which add no element (a step adds contacts only in `findNewContacts`), to
    /// read and write in place without a bounds check per field, and for prefetch hints.
    @inline(__always) var base: UnsafeMutablePointer<Element> { storage.pointee.base }
    var capacity: Int { storage.pointee.capacity }

    @inline(__always) subscript(i: Int) -> Element {
        unsafeAddress {
            precondition(i >= 0 && i < storage.pointee.count, "index out of range")
            return UnsafePointer(storage.pointee.base + i)
        }
        nonmutating unsafeMutableAddress {
            precondition(i >= 0 && i < storage.pointee.count, "index out of range")
            return storage.pointee.base + i
        }
    }

    /// Grows to at least `n` elements of capacity (exactly `n`, as `Array.reserveCapacity`).
    func reserveCapacity(_ n: Int) {
        let h = storage
        if n <= h.pointee.capacity { return }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: n)
        newBase.moveInitialize(from: h.pointee.base, count: h.pointee.count)
        h.pointee.base.deallocate()
        h.pointee.base = newBase
        h.pointee.capacity = n
    }

    /// Appends, doubling the capacity when full (as `Array.append`).
    func append(_ x: Element) {
        let h = storage
        if h.pointee.count == h.pointee.capacity { reserveCapacity(Swift.max(2 * h.pointee.capacity, 1)) }
        (h.pointee.base + h.pointee.count).initialize(to: x)
        h.pointee.count += 1
    }

    @inline(__always) var isEmpty: Bool { storage.pointee.count == 0 }
    @inline(__always) var indices: Range<Int> { 0..<storage.pointee.count }

    /// Empties the pool, keeping its capacity: the step's reused buffers (`Scratch`) are emptied
    /// a dozen times per island, and an array's `removeAll(keepingCapacity:)` is a generic library
    /// call of about ninety instructions with a uniqueness check; here it is a store.
    @inline(__always) func clear() {
        storage.pointee.base.deinitialize(count: storage.pointee.count)
        storage.pointee.count = 0
    }

    /// Makes the first `n` elements the pool's, for a buffer of plain values (`Int`) written
    /// through `base` up to its capacity.
    @inline(__always) func setCount(_ n: Int) {
        precondition(n >= 0 && n <= storage.pointee.capacity, "count beyond capacity")
        storage.pointee.count = n
    }

    /// Removes and returns the last element, or nil when empty.
    @inline(__always) func popLast() -> Element? {
        let h = storage
        if h.pointee.count == 0 { return nil }
        h.pointee.count -= 1
        return (h.pointee.base + h.pointee.count).move()
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.pointee.base, count: storage.pointee.count))
    }

    func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: storage.pointee.base, count: storage.pointee.count))
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` without the library call when already empty: the step
    /// empties a dozen reused buffers per island and per step, most of them already empty, and
    /// the call is generic code of about sixty instructions.
    @inline(__always) mutating func clear() { if !isEmpty { removeAll(keepingCapacity: true) } }
}
