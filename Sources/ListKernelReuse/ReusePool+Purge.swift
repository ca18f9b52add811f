@_spi(ListKernelTesting) public import ListKernelCore

extension ReusePool {
    /// Discards every pooled view (reason ``DiscardReason/purged``), as on a memory
    /// warning; views out of the pool are not affected. Identifiers are purged in the order
    /// they were first registered, each one's views most recently enqueued first.
    ///
    /// - Complexity: O(s + p) for s identifiers ever registered and p views discarded.
    @_specialize(exported: true, where View == AnyObject)
    public func purge() {
        var dropped: [(View, ReuseDiscard)] = []
        for slot in slots.indices {
            drainPool(slot, keeping: 0, reason: .purged, into: &dropped)
        }
        finishMutation(dropped)
    }

    /// Discards the pooled views of `kind` and `identifier` (reason
    /// ``DiscardReason/purged``).
    ///
    /// - Throws: ``ReuseError/emptyIdentifier(kind:)`` or
    ///   ``ReuseError/notRegistered(identifier:kind:registered:registeredForOtherKinds:)``.
    /// - Complexity: O(p) for the p views discarded, plus one hash of the identifier.
    @_specialize(exported: true, where View == AnyObject)
    public func purge(kind: ElementKind, identifier: String) throws(ReuseError) {
        let slot = try registeredSlot(kind: kind, identifier: identifier)
        var dropped: [(View, ReuseDiscard)] = []
        drainPool(slot, keeping: 0, reason: .purged, into: &dropped)
        finishMutation(dropped)
    }
}
