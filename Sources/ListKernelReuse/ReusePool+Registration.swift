@_spi(ListKernelTesting) public import ListKernelCore

extension ReusePool {
    /// Registers `factory` for views of `kind` with reuse `identifier`, replacing any
    /// factory already registered for them.
    ///
    /// Replacing a factory discards every pooled view of the old one (the discard callback
    /// runs for each, reason ``DiscardReason/reregistered``); views of the old factory that
    /// are out of the pool are discarded when they are enqueued. The identifier's capacity
    /// and counters carry over. Identifiers are case-sensitive.
    ///
    /// ```swift
    /// try pool.register(kind: .header, identifier: "title") { TitleHeader() }
    /// ```
    ///
    /// - Parameters:
    ///   - kind: the kind of view the factory makes.
    ///   - identifier: a non-empty reuse identifier.
    ///   - factory: makes a new view each time it is called; it must not return a view the
    ///     pool already tracks.
    /// - Throws: ``ReuseError/emptyIdentifier(kind:)``.
    /// - Complexity: O(p) for the p views discarded, plus one hash of the identifier.
    @_specialize(exported: true, where View == AnyObject)
    public func register(
        kind: ElementKind, identifier: String, factory: @escaping () -> View
    ) throws(ReuseError) {
        guard !identifier.isEmpty else { throw .emptyIdentifier(kind: kind) }
        let key = SlotKey(kind: kind, identifier: identifier)
        let slot: Int
        if let existing = slotIndex[key] {
            slot = existing
        } else {
            slot = slots.count
            slots.append(Slot(key: key, capacity: Self.defaultCapacity))
            slotIndex[key] = slot
        }
        lastRegistration += 1
        slots[slot].factory = factory
        slots[slot].registration = lastRegistration
        var dropped: [(View, ReuseDiscard)] = []
        drainPool(slot, keeping: 0, reason: .reregistered, into: &dropped)
        finishMutation(dropped)
    }

    /// Removes the factory for `kind` and `identifier`, discarding their pooled views
    /// (reason ``DiscardReason/unregistered``); views out of the pool stay tracked until
    /// they are enqueued (then discarded) or discarded. Capacity and counters are kept for a
    /// later registration.
    ///
    /// - Throws: ``ReuseError/emptyIdentifier(kind:)`` or ``ReuseError/notRegistered(identifier:kind:registered:registeredForOtherKinds:)``.
    /// - Complexity: O(p) for the p views discarded, plus one hash of the identifier.
    @_specialize(exported: true, where View == AnyObject)
    public func unregister(kind: ElementKind, identifier: String) throws(ReuseError) {
        let slot = try registeredSlot(kind: kind, identifier: identifier)
        slots[slot].factory = nil
        slots[slot].registration = 0
        var dropped: [(View, ReuseDiscard)] = []
        drainPool(slot, keeping: 0, reason: .unregistered, into: &dropped)
        finishMutation(dropped)
    }

    /// Whether a factory is registered for `kind` and `identifier` (compared
    /// case-sensitively).
    ///
    /// - Complexity: O(1) plus one hash of the identifier.
    @_specialize(exported: true, where View == AnyObject)
    public func isRegistered(kind: ElementKind, identifier: String) -> Bool {
        guard let slot = indexOfSlot(SlotKey(kind: kind, identifier: identifier)) else { return false }
        return slots[slot].factory != nil
    }

    /// The identifiers registered for `kind`, sorted.
    ///
    /// - Complexity: O(s log s) for the s identifiers ever registered.
    @_specialize(exported: true, where View == AnyObject)
    public func registeredIdentifiers(of kind: ElementKind) -> [String] {
        slots.lazy.filter { $0.factory != nil && $0.key.kind == kind }.map(\.key.identifier).sorted()
    }

    /// Sets how many views of `kind` and `identifier` the pool keeps; views pooled beyond the
    /// new capacity are discarded at once, most recently enqueued first (reason
    /// ``DiscardReason/overCapacity``). 0 turns pooling off for the identifier.
    ///
    /// - Parameters:
    ///   - capacity: 0 or more.
    ///   - kind: the kind of a registered factory.
    ///   - identifier: its reuse identifier.
    /// - Throws: ``ReuseError/emptyIdentifier(kind:)``,
    ///   ``ReuseError/notRegistered(identifier:kind:registered:registeredForOtherKinds:)`` or
    ///   ``ReuseError/invalidCapacity(_:identifier:kind:)``.
    /// - Complexity: O(p) for the p views discarded, plus one hash of the identifier.
    @_specialize(exported: true, where View == AnyObject)
    public func setCapacity(_ capacity: Int, kind: ElementKind, identifier: String) throws(ReuseError) {
        let slot = try registeredSlot(kind: kind, identifier: identifier)
        guard capacity >= 0 else { throw .invalidCapacity(capacity, identifier: identifier, kind: kind) }
        slots[slot].capacity = capacity
        var dropped: [(View, ReuseDiscard)] = []
        drainPool(slot, keeping: capacity, reason: .overCapacity, into: &dropped)
        finishMutation(dropped)
    }

    /// The capacity of `kind` and `identifier`, or `nil` when nothing is registered for
    /// them.
    ///
    /// - Complexity: O(1) plus one hash of the identifier.
    @_specialize(exported: true, where View == AnyObject)
    public func capacity(kind: ElementKind, identifier: String) -> Int? {
        guard let slot = indexOfSlot(SlotKey(kind: kind, identifier: identifier)), slots[slot].factory != nil else {
            return nil
        }
        return slots[slot].capacity
    }

    // MARK: Internal

    /// The slot of a registered (kind, identifier), or the error naming what is registered.
    func registeredSlot(kind: ElementKind, identifier: String) throws(ReuseError) -> Int {
        guard !identifier.isEmpty else { throw .emptyIdentifier(kind: kind) }
        if let slot = indexOfSlot(SlotKey(kind: kind, identifier: identifier)), slots[slot].factory != nil {
            return slot
        }
        throw notRegisteredError(kind: kind, identifier: identifier)
    }

    /// The slot of a registered (kind, identifier), or `nil`.
    func registeredSlotIfAny(kind: ElementKind, identifier: String) -> Int? {
        guard let slot = indexOfSlot(SlotKey(kind: kind, identifier: identifier)), slots[slot].factory != nil else {
            return nil
        }
        return slot
    }

    /// How many lookups `recentSlots` remembers: a list's kinds times the identifiers it
    /// shows at once, for most lists.
    static var recentSlotLimit: Int { 4 }

    /// The index in `slots` of `key`, or `nil` when it was never registered: from
    /// `recentSlots` when it was asked for lately, else from `slotIndex` (and remembered).
    ///
    /// - Complexity: O(1): at most `recentSlotLimit` comparisons, or one hash of the key.
    @inline(__always)
    func indexOfSlot(_ key: SlotKey) -> Int? {
        for entry in recentSlots where entry.key == key { return entry.slot }
        guard let slot = slotIndex[key] else { return nil }
        if recentSlots.count == Self.recentSlotLimit { recentSlots.removeLast() }
        recentSlots.insert((key, slot), at: 0)
        return slot
    }

    func notRegisteredError(kind: ElementKind, identifier: String) -> ReuseError {
        let otherKinds = slots.lazy
            .filter { $0.factory != nil && $0.key.identifier == identifier && $0.key.kind != kind }
            .map(\.key.kind)
            .sorted { $0.name < $1.name }
        return .notRegistered(
            identifier: identifier, kind: kind,
            registered: registeredIdentifiers(of: kind), registeredForOtherKinds: otherKinds)
    }

    /// Discards pooled views of `slot` from the top until `keeping` remain.
    func drainPool(_ slot: Int, keeping: Int, reason: DiscardReason, into dropped: inout [(View, ReuseDiscard)]) {
        while slots[slot].pooled.count > keeping {
            let record = slots[slot].pooled.removeLast()
            slots[slot].counters.pooled -= 1
            totals.pooled -= 1
            dropped.append(forget(record, reason: reason))
        }
    }

    /// Frees a tracked view's record and counts the discard; the caller fixes up `pooled`.
    func forget(_ record: Int, reason: DiscardReason) -> (View, ReuseDiscard) {
        guard let view = records[record].view else {
            preconditionFailure("ReusePool: forgetting a free record")
        }
        let slot = records[record].slot
        recordIndex[ObjectIdentifier(view)] = nil
        records[record].view = nil
        records[record].state = .untracked
        records[record].binding = 0
        freeRecords.append(record)
        slots[slot].counters.discarded += 1
        totals.discarded += 1
        let key = slots[slot].key
        return (view, ReuseDiscard(kind: key.kind, identifier: key.identifier, reason: reason))
    }

    /// Ends a mutation: checks the invariants (debug builds), then runs the discard
    /// callback, so a callback that re-enters the pool sees a consistent state.
    func finishMutation(_ dropped: [(View, ReuseDiscard)] = []) {
        _checkInvariants()
        guard !dropped.isEmpty, let onDiscard else { return }
        for (view, discard) in dropped { onDiscard(view, discard) }
    }
}
