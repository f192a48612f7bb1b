// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
import CacheHints

/// Asks the processor to start loading every cache line of `*p` (a hint: no result depends on
/// it). The island-order walks (constraint setup, impulse store-back) and the narrow phase's
/// contact list reach contacts in an order unrelated to their place in memory, so each contact is
/// a cache miss; asked a few contacts ahead, the loads overlap the work on the current one.
@inline(__always) func prefetch<T>(_ p: UnsafePointer<T>) {
    let raw = UnsafeRawPointer(p)
    var offset = 0
    while offset < MemoryLayout<T>.stride { cache_prefetch(raw + offset); offset += 64 }
}

extension World {
    /// Where a body's transform lies in `Body` (for prefetching it).
    @inline(__always) static var transformOffset: Int { MemoryLayout<Body>.offset(of: \Body.xf)! }
}

/// `prefetch` of a contact's manifold points only (what the impulse store-back writes).
@inline(__always) func prefetchManifold(_ c: UnsafePointer<Contact>) {
    let raw = UnsafeRawPointer(c) + MemoryLayout<Contact>.offset(of: \Contact.manifold)!
    cache_prefetch(raw)
    cache_prefetch(raw + 64)
}

/// `prefetch` of the first cache line only (a body's flags and list heads, for the island search).
@inline(__always) func prefetchFirstLine<T>(_ p: UnsafePointer<T>) { cache_prefetch(UnsafeRawPointer(p)) }
