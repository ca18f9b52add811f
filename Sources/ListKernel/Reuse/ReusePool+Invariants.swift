extension ReusePool {
    /// Recomputes the pool's bookkeeping from scratch and traps on any disagreement: the
    /// pooled lists and the state table agree, no view is pooled twice or in two pools,
    /// counters match the records, capacities are respected. Run after every mutation in
    /// debug builds; compiled out of release builds.
    ///
    /// - Complexity: O(s + v) for s identifiers ever registered and v tracked views.
    public func _checkInvariants() {
        #if DEBUG
        precondition(slotIndex.count == slots.count, "slot index has \(slotIndex.count) keys for \(slots.count) slots")
        var pooledSeen = Set<ObjectIdentifier>()
        var sum = ReuseCounters.zero
        var trackedPerSlot = [Int](repeating: 0, count: slots.count)
        for record in records.values {
            precondition(record.slot >= 0 && record.slot < slots.count, "record points at slot \(record.slot)")
            precondition(record.state != .untracked, "a record is in state untracked")
            precondition(record.registration >= 1 && record.registration <= lastRegistration, "bad registration")
            precondition(record.binding <= lastBinding, "binding generation from the future")
            precondition(record.state != .pooled || record.binding == 0, "a pooled view has a current binding")
            trackedPerSlot[record.slot] += 1
        }
        for (index, slot) in slots.enumerated() {
            let name = "'\(slot.key.identifier)' of kind \(slot.key.kind)"
            precondition(slotIndex[slot.key] == index, "slot \(index) (\(name)) is not indexed")
            precondition(!slot.key.identifier.isEmpty, "slot \(index) has an empty identifier")
            precondition((slot.factory == nil) == (slot.registration == 0), "\(name): factory and registration disagree")
            precondition(slot.registration <= lastRegistration, "\(name): registration from the future")
            precondition(slot.factory != nil || slot.pooled.isEmpty, "\(name): unregistered but pools views")
            precondition(slot.capacity >= 0, "\(name): negative capacity")
            precondition(slot.pooled.count <= slot.capacity, "\(name): \(slot.pooled.count) pooled over capacity \(slot.capacity)")
            let counters = slot.counters
            precondition(counters.pooled == slot.pooled.count, "\(name): counter says \(counters.pooled) pooled, list has \(slot.pooled.count)")
            precondition(counters.peakPooled >= counters.pooled, "\(name): peak below pooled")
            precondition(counters.created - counters.discarded == trackedPerSlot[index],
                         "\(name): created \(counters.created) - discarded \(counters.discarded) != tracked \(trackedPerSlot[index])")
            for id in slot.pooled {
                precondition(pooledSeen.insert(id).inserted, "\(name): a view is pooled twice")
                guard let record = records[id] else { preconditionFailure("\(name): a pooled view has no record") }
                precondition(record.state == .pooled, "\(name): a pooled view is in state \(record.state)")
                precondition(record.slot == index, "\(name): a pooled view belongs to another identifier")
                precondition(record.registration == slot.registration, "\(name): a pooled view is of an old factory")
                precondition(ObjectIdentifier(record.view) == id, "\(name): record keyed by another view")
            }
            sum.created += counters.created
            sum.reused += counters.reused
            sum.discarded += counters.discarded
            sum.pooled += counters.pooled
        }
        let pooledRecords = records.values.lazy.filter { $0.state == .pooled }.count
        precondition(pooledRecords == pooledSeen.count, "\(pooledRecords) records pooled, \(pooledSeen.count) views in pools")
        precondition(sum.created == totals.created && sum.reused == totals.reused && sum.discarded == totals.discarded
                     && sum.pooled == totals.pooled, "totals \(totals) disagree with the sum \(sum)")
        precondition(totals.peakPooled >= totals.pooled, "total peak below pooled")
        #endif
    }
}
