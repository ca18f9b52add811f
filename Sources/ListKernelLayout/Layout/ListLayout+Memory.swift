@_spi(ListKernelTesting) import ListKernelCore

extension ListLayout {
    /// The bytes of heap storage the layout holds: every array's header and elements (the
    /// section tree's rows and records, each run's extents and flags, each run index), not
    /// spare capacity, which the allocator decides and which varies from run to run (an
    /// array takes whatever usable size its chunk has), nor the allocator's own overhead. Storage a copy shares is counted as if this layout owned
    /// it. What the benchmarks size their memory floor by: a dependent read in a buffer as
    /// large as the structure a lookup searches.
    ///
    /// - Complexity: O(S + runs).
    package var storageBytes: Int { sections.storageBytes }
}

/// The heap bytes of `array`'s buffer in use: its header and its elements, or 0 for the
/// shared empty buffer.
func heapBytes<Element>(_ array: [Element]) -> Int {
    array.capacity == 0 ? 0 : 32 + array.count * MemoryLayout<Element>.stride
}

extension SectionTree {
    /// The heap bytes of the rows, the records and what the records hold.
    ///
    /// - Complexity: O(S + runs).
    var storageBytes: Int {
        var bytes = heapBytes(records) + rowBytes
        forEach { bytes += $0.pointee.items.storageBytes }
        return bytes
    }
}

extension ItemExtents {
    /// The heap bytes of the runs and the run index.
    ///
    /// - Complexity: O(runs).
    var storageBytes: Int { runListBytes + runIndexBytes }
}

extension ExtentRun {
    /// The heap bytes of the extents (with their block sums) and the measured flags.
    ///
    /// - Complexity: O(1).
    var storageBytes: Int { storageArrayBytes + heapBytes(measured) }
}
