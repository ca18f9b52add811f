@_spi(ListKernelTesting) public import ListKernelCore

extension ReusePool {
    /// The counters of `kind` and `identifier`, kept across re-registration and
    /// unregistration; all zero for an identifier never registered.
    ///
    /// - Complexity: O(1) plus one hash of the identifier (none for one of the last few
    ///   identifiers used).
    @_specialize(exported: true, where View == AnyObject)
    public func counters(kind: ElementKind, identifier: String) -> ReuseCounters {
        guard let slot = indexOfSlot(SlotKey(kind: kind, identifier: identifier)) else { return .zero }
        return slots[slot].counters
    }

    /// The counters summed over all identifiers; `peakPooled` is the most views pooled at
    /// once in the whole pool.
    ///
    /// - Complexity: O(1).
    public var totalCounters: ReuseCounters { totals }
}
