extension Array {
    /// Sorts the array by `key` and keeps one element of each run with equal keys: the
    /// sorted, repeat-free form the kernel's index tables are searched in (touched sections,
    /// an update's old frames).
    ///
    /// ```swift
    /// var sections = [4, 1, 4, 2]
    /// sections.sortAndRemoveDuplicates { $0 }   // [1, 2, 4]
    /// ```
    ///
    /// - Complexity: O(n log n), O(n) when already sorted.
    @inlinable
    package mutating func sortAndRemoveDuplicates<Key: Comparable>(by key: (Element) -> Key) {
        guard count > 1 else { return }
        sort { key($0) < key($1) }
        var write = 1
        for read in 1..<count where key(self[read]) != key(self[write - 1]) {
            swapAt(write, read)
            write += 1
        }
        removeLast(count - write)
    }
}

extension Array {
    /// `sorted(by:)`, skipped for fewer than two elements, which are in order already.
    /// Sorting made even an empty array's storage unique first, a call into the runtime that
    /// costs about as much as the sort of a few elements, and a batch's section and move
    /// lists are empty most of the time.
    ///
    /// - Complexity: O(n log n); O(1) for fewer than two elements.
    @inlinable
    package func sortedIfNeeded(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        count < 2 ? self : sorted(by: areInIncreasingOrder)
    }

    /// `sort(by:)`, skipped for fewer than two elements (see `sortedIfNeeded(by:)`).
    ///
    /// - Complexity: O(n log n); O(1) for fewer than two elements.
    @inlinable
    package mutating func sortIfNeeded(by areInIncreasingOrder: (Element, Element) -> Bool) {
        if count > 1 { sort(by: areInIncreasingOrder) }
    }
}

extension Array where Element: Comparable {
    /// `sorted()`, skipped for fewer than two elements (see `sortedIfNeeded(by:)`).
    ///
    /// - Complexity: O(n log n); O(1) for fewer than two elements.
    @inlinable
    package func sortedIfNeeded() -> [Element] { count < 2 ? self : sorted() }
}
