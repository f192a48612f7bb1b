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
    final class Storage {
        var base: UnsafeMutablePointer<Element>
        var count = 0
        var capacity = 0

        init() { base = UnsafeMutablePointer<Element>.allocate(capacity: 0) }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        func reserve(_ n: Int) {
            if n <= capacity { return }
            let newBase = UnsafeMutablePointer<Element>.allocate(capacity: n)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = n
        }
    }

    let storage = Storage()

    var count: Int { storage.count }
    /// The first element's address, valid until the pool next grows (an append): for the step's
    /// hot walks, which add no element (a step adds contacts only in `findNewContacts`), to
    /// read and write in place without a bounds check per field, and for prefetch hints.
    @inline(__always) var base: UnsafeMutablePointer<Element> { storage.base }
    var capacity: Int { storage.capacity }

    @inline(__always) subscript(i: Int) -> Element {
        unsafeAddress {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return UnsafePointer(storage.base + i)
        }
        nonmutating unsafeMutableAddress {
            precondition(i >= 0 && i < storage.count, "index out of range")
            return storage.base + i
        }
    }

    /// Grows to at least `n` elements of capacity (exactly `n`, as `Array.reserveCapacity`).
    func reserveCapacity(_ n: Int) { storage.reserve(n) }

    /// Appends, doubling the capacity when full (as `Array.append`).
    func append(_ x: Element) {
        if storage.count == storage.capacity { storage.reserve(Swift.max(2 * storage.capacity, 1)) }
        (storage.base + storage.count).initialize(to: x)
        storage.count += 1
    }

    var isEmpty: Bool { storage.count == 0 }
    var indices: Range<Int> { 0..<storage.count }

    /// Empties the pool, keeping its capacity: the step's reused buffers (`Scratch`) are emptied
    /// a dozen times per island, and an array's `removeAll(keepingCapacity:)` is a generic library
    /// call of about ninety instructions with a uniqueness check; here it is a store.
    @inline(__always) func clear() {
        storage.base.deinitialize(count: storage.count)
        storage.count = 0
    }

    /// Removes and returns the last element, or nil when empty.
    @inline(__always) func popLast() -> Element? {
        if storage.count == 0 { return nil }
        storage.count -= 1
        return (storage.base + storage.count).move()
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: storage.base, count: storage.count))
    }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` without the library call when already empty: the step
    /// empties a dozen reused buffers per island and per step, most of them already empty, and
    /// the call is generic code of about sixty instructions.
    @inline(__always) mutating func clear() { if !isEmpty { removeAll(keepingCapacity: true) } }
}
