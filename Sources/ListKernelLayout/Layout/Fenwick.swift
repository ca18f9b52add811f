@_spi(ListKernelTesting) import ListKernelCore

/// A Fenwick (binary indexed) tree over non-negative integers: point updates, prefix sums and
/// "which index holds running total y" searches, each O(log n), built in O(n).
///
/// A section with more than one run of item extents keeps one over its run totals and one
/// over its run counts (sections themselves live in `SectionTree`, which can also insert in
/// the middle). Values are exact integers, so sums never drift.
///
///     values:  [ 30 | 0 | 120 | 45 ]
///     prefix:  0    30   30    150   195
///     search(149) → index 2, remainder 119   (zero-valued index 1 is never returned)
struct Fenwick: Equatable {
    /// 1-based implicit tree; `tree[0]` is unused.
    private(set) var tree: [Int64]
    /// The largest power of two not above `count`, where the top-down search starts.
    private var topStep: Int

    /// The number of values.
    var count: Int { tree.count - 1 }

    /// Builds the tree over `values`.
    ///
    /// - Complexity: O(n).
    init<C: Collection>(_ values: C) where C.Element == Int64 {
        var tree = [Int64](repeating: 0, count: values.count + 1)
        var index = 1
        for value in values {
            tree[index] &+= value
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] &+= tree[index] }
            index += 1
        }
        self.tree = tree
        topStep = Fenwick.topStep(for: values.count)
    }

    /// An empty tree.
    init() { self.init(EmptyCollection<Int64>()) }

    private static func topStep(for count: Int) -> Int {
        count == 0 ? 0 : 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
    }

    /// Adds `delta` to the value at `index` (0-based).
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    mutating func add(_ delta: Int64, at index: Int) {
        var i = index + 1
        let n = tree.count
        tree.withUnsafeMutableBufferPointer { tree in
            while i < n {
                tree[i] &+= delta
                i += i & -i
            }
        }
    }

    /// The sum of the values at indices `0..<end`.
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    func prefix(_ end: Int) -> Int64 {
        var i = end
        var sum: Int64 = 0
        tree.withUnsafeBufferPointer { tree in
            while i > 0 {
                sum &+= tree[i]
                i &= i - 1
            }
        }
        return sum
    }

    /// The sum of all values.
    ///
    /// - Complexity: O(log n).
    var total: Int64 { prefix(count) }

    /// The index `i` whose span holds `target`, that is `prefix(i) <= target < prefix(i + 1)`,
    /// and `target - prefix(i)`; `count` (with the excess) when `target >= total`. Indices
    /// whose value is zero are never returned unless they are past the end. `target` must be
    /// non-negative.
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    func search(_ target: Int64) -> (index: Int, remainder: Int64) {
        var position = 0
        var remainder = target
        var step = topStep
        let n = tree.count
        tree.withUnsafeBufferPointer { tree in
            while step > 0 {
                let next = position + step
                if next < n, tree[next] <= remainder {
                    position = next
                    remainder -= tree[next]
                }
                step >>= 1
            }
        }
        return (position, remainder)
    }

    /// The value at `index`, recovered from the tree.
    ///
    /// - Complexity: O(log n).
    func value(at index: Int) -> Int64 { prefix(index + 1) - prefix(index) }
}
