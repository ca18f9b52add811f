@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

/// Searches over sorted arrays (or slices) of distinct, non-negative indexes: the two
/// questions every index mapping of a batch update asks, each in O(log k) for k changes.
/// Positions are offsets from the collection's start, also for a slice (read it back with
/// `slice[offset:]`).
///
///     taken:    [1, 2, 5]              (inserted or moved-in places)
///     indexes:   0  1  2  3  4  5  6
///     free:      0  ·  ·  1  2  ·  3   ← free(2) == 4, rank(5) == 2
package enum SortedIndexes {
    /// The number of elements of `sorted` below `value` (also: where `value` is, or would be).
    ///
    /// - Complexity: O(log k).
    @inline(__always)
    package static func rank<Indexes: RandomAccessCollection<Int>>(of value: Int, in sorted: Indexes) -> Int
    where Indexes.Index == Int {
        let start = sorted.startIndex
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) >> 1
            if sorted[start + mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The offset of `value` in `sorted`, or `nil`.
    ///
    /// - Complexity: O(log k).
    @inline(__always)
    package static func position<Indexes: RandomAccessCollection<Int>>(of value: Int, in sorted: Indexes) -> Int?
    where Indexes.Index == Int {
        let at = rank(of: value, in: sorted)
        return at < sorted.count && sorted[sorted.startIndex + at] == value ? at : nil
    }

    /// The `ordinal`-th index (0-based) that `taken` does not hold.
    ///
    /// `taken[t] - t` (the free indexes below `taken[t]`) never decreases, so the taken
    /// indexes below the answer are exactly those with `taken[t] - t <= ordinal`: one binary
    /// search.
    ///
    /// - Complexity: O(log k).
    @inline(__always)
    package static func free<Indexes: RandomAccessCollection<Int>>(_ ordinal: Int, skipping taken: Indexes) -> Int
    where Indexes.Index == Int {
        let start = taken.startIndex
        var low = 0, high = taken.count
        while low < high {
            let mid = (low + high) >> 1
            if taken[start + mid] - mid <= ordinal { low = mid + 1 } else { high = mid }
        }
        return ordinal + low
    }
}

extension ArraySlice {
    /// The element `offset` places after the slice's start: how the tables of a
    /// `ValidatedUpdate` (slices of flat arrays) are read at a `SortedIndexes` position.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    package subscript(offset offset: Int) -> Element { self[startIndex + offset] }
}
