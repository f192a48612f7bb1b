// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)

/// Sorts `a` ascending in place, allocating nothing (the standard library's sort may allocate a
/// scratch buffer, and the step must not allocate): an introsort, as C++'s `std::sort` that Box2D
/// sorts its pairs with. Quicksort on the median of three, insertion sort below 16 keys, and heap
/// sort for a range that has been split too often (so never quadratic).
///
/// The keys are pairs of ids packed into integers: equal keys are the same pair, so every correct
/// sort gives the same array, and the choice of algorithm cannot change a result.
@_spi(Testing) public func sortKeys(_ a: inout [UInt64]) {
    let n = a.count
    if n < 2 { return }
    a.withUnsafeMutableBufferPointer { b in
        introsort(b.baseAddress!, 0, n - 1, depth: 2 * (Int.bitWidth - n.leadingZeroBitCount))
    }
}

/// `sortKeys` on the `n` keys at `p`.
func sortKeys(_ p: UnsafeMutablePointer<UInt64>, count n: Int) {
    if n < 2 { return }
    introsort(p, 0, n - 1, depth: 2 * (Int.bitWidth - n.leadingZeroBitCount))
}

/// Heap sort of `a`, the fallback of `sortKeys`; public to tests, which cannot otherwise reach
/// it (random inputs never split a range often enough).
@_spi(Testing) public func heapSortKeys(_ a: inout [UInt64]) {
    let n = a.count
    if n < 2 { return }
    a.withUnsafeMutableBufferPointer { b in heapSort(b.baseAddress!, n) }
}

/// Sorts `p[lo...hi]` (inclusive bounds).
private func introsort(_ p: UnsafeMutablePointer<UInt64>, _ lo: Int, _ hi: Int, depth: Int) {
    var lo = lo, hi = hi, depth = depth
    while hi - lo >= 16 {
        if depth == 0 { heapSort(p + lo, hi - lo + 1); return }
        depth -= 1
        // The median of the first, middle and last keys, left in the middle.
        let mid = lo + (hi - lo) / 2
        if p[mid] < p[lo] { swap(&p[mid], &p[lo]) }
        if p[hi] < p[mid] {
            swap(&p[hi], &p[mid])
            if p[mid] < p[lo] { swap(&p[mid], &p[lo]) }
        }
        // Hoare's partition around the middle key's value: ends with every key of p[lo...j] at
        // most the pivot and every key of p[j+1...hi] at least it, lo ≤ j < hi.
        let pivot = p[mid]
        var i = lo - 1, j = hi + 1
        while true {
            repeat { i += 1 } while p[i] < pivot
            repeat { j -= 1 } while p[j] > pivot
            if i >= j { break }
            swap(&p[i], &p[j])
        }
        // The smaller side by recursion, the larger by the loop: the stack stays logarithmic.
        if j - lo < hi - j {
            introsort(p, lo, j, depth: depth)
            lo = j + 1
        } else {
            introsort(p, j + 1, hi, depth: depth)
            hi = j
        }
    }
    // Insertion sort of the short range left.
    if hi <= lo { return }
    for k in (lo + 1)...hi {
        let key = p[k]
        var m = k - 1
        while m >= lo && p[m] > key { p[m + 1] = p[m]; m -= 1 }
        p[m + 1] = key
    }
}

/// In-place ascending heap sort of the `n` keys at `p`.
private func heapSort(_ p: UnsafeMutablePointer<UInt64>, _ n: Int) {
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while true {
            var child = 2 * root + 1
            if child >= end { return }
            if child + 1 < end && p[child] < p[child + 1] { child += 1 }
            if p[root] >= p[child] { return }
            swap(&p[root], &p[child])
            root = child
        }
    }
    var start = n / 2 - 1
    while start >= 0 { siftDown(start, n); start -= 1 }
    var end = n - 1
    while end > 0 {
        swap(&p[0], &p[end])
        siftDown(0, end)
        end -= 1
    }
}
