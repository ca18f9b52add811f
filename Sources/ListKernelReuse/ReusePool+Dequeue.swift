@_spi(ListKernelTesting) public import ListKernelCore

extension ReusePool {
    /// A view for `kind` and `identifier`: the most recently enqueued pooled one (after one
    /// `prepareForReuse`), or else a new one from the registered factory.
    ///
    /// ```swift
    /// let dequeued = try pool.dequeue(kind: .item, identifier: "cell")
    /// configure(dequeued.view, for: row)   // new or recycled, configure every time
    /// ```
    ///
    /// The view is in state ``ReuseState/prepared`` and has no current binding token.
    ///
    /// - Throws: ``ReuseError/emptyIdentifier(kind:)``,
    ///   ``ReuseError/notRegistered(identifier:kind:registered:registeredForOtherKinds:)``
    ///   (nothing is created), or ``ReuseError/factoryReturnedTrackedView(identifier:kind:state:)``.
    /// - Complexity: O(1) amortized plus one hash of the identifier, the factory or
    ///   `prepareForReuse`; the error path is O(s log s) for s identifiers ever registered.
    @_specialize(exported: true, where View == AnyObject)
    public func dequeue(kind: ElementKind, identifier: String) throws(ReuseError) -> DequeuedView<View> {
        try dequeue(slot: registeredSlot(kind: kind, identifier: identifier))
    }

    /// Like ``dequeue(kind:identifier:)``, but `nil` when nothing is registered for `kind`
    /// and `identifier` (or the identifier is empty), like UIKit's
    /// `dequeueReusableCell(withIdentifier:)`. Nothing is created in that case.
    ///
    /// ```swift
    /// guard let dequeued = try pool.dequeueIfRegistered(kind: badge, identifier: "dot") else { return }
    /// ```
    ///
    /// - Throws: ``ReuseError/factoryReturnedTrackedView(identifier:kind:state:)`` only.
    /// - Complexity: as ``dequeue(kind:identifier:)``.
    @_specialize(exported: true, where View == AnyObject)
    public func dequeueIfRegistered(kind: ElementKind, identifier: String) throws(ReuseError) -> DequeuedView<View>? {
        guard let slot = registeredSlotIfAny(kind: kind, identifier: identifier) else { return nil }
        return try dequeue(slot: slot)
    }

    func dequeue(slot: Int) throws(ReuseError) -> DequeuedView<View> {
        if let record = slots[slot].pooled.popLast() {
            slots[slot].counters.pooled -= 1
            slots[slot].counters.reused += 1
            totals.pooled -= 1
            totals.reused += 1
            guard let view = records[record].view else {
                preconditionFailure("ReusePool: a pooled record has no view")
            }
            records[record].state = .prepared
            finishMutation()
            prepareForReuse(view)
            return DequeuedView(view: view, origin: .recycled)
        }
        guard let factory = slots[slot].factory else {
            preconditionFailure("ReusePool: dequeue from an unregistered slot")
        }
        let registration = slots[slot].registration
        let view = factory()
        let id = ObjectIdentifier(view)
        if let existing = recordIndex[id] {
            let key = slots[slot].key
            throw .factoryReturnedTrackedView(identifier: key.identifier, kind: key.kind, state: records[existing].state)
        }
        let record = Record(view: view, slot: slot, registration: registration, state: .prepared)
        if let free = freeRecords.popLast() {
            records[free] = record
            recordIndex[id] = free
        } else {
            recordIndex[id] = records.count
            records.append(record)
        }
        slots[slot].counters.created += 1
        totals.created += 1
        finishMutation()
        return DequeuedView(view: view, origin: .created)
    }
}
