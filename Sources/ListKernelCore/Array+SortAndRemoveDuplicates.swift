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
        sort { key($0) < key($1) }
        guard count > 1 else { return }
        var write = 1
        for read in 1..<count where key(self[read]) != key(self[write - 1]) {
            swapAt(write, read)
            write += 1
        }
        removeLast(count - write)
    }
}
