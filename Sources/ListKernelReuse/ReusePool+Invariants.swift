@_spi(ListKernelTesting) public import ListKernelCore

extension ReusePool: InvariantChecked {
    /// Recomputes the pool's bookkeeping from scratch and traps on any disagreement: the
    /// pooled lists and the state table agree, no view is pooled twice or in two pools,
    /// the record index and the slab agree, counters match the records, capacities are
    /// respected. Runs after every mutation in debug builds (`InvariantChecked`), and in
    /// any build by `ListKernelTesting`'s auditor.
    ///
    /// - Complexity: O(s + r) for s identifiers ever registered and r records (the most
    ///   views tracked at once).
    @_spi(ListKernelTesting)
    @_specialize(exported: true, where View == AnyObject)
    public func _checkInvariantsNow() {
        precondition(slotIndex.count == slots.count, "slot index has \(slotIndex.count) keys for \(slots.count) slots")
        precondition(recentSlots.count <= Self.recentSlotLimit, "\(recentSlots.count) recent lookups remembered")
        for (key, slot) in recentSlots {
            precondition(slotIndex[key] == slot, "a recent lookup of '\(key.identifier)' says slot \(slot)")
        }
        // The slab: every entry is tracked (indexed, with a view) or free (listed, without).
        var isFree = [Bool](repeating: false, count: records.count)
        for free in freeRecords {
            precondition(free >= 0 && free < records.count, "free record \(free) out of the slab")
            precondition(!isFree[free], "record \(free) is free twice")
            isFree[free] = true
        }
        precondition(recordIndex.count + freeRecords.count == records.count,
                     "\(recordIndex.count) tracked + \(freeRecords.count) free != \(records.count) records")
        for (id, index) in recordIndex {
            precondition(index >= 0 && index < records.count && !isFree[index], "view indexed at free record \(index)")
            guard let view = records[index].view else { preconditionFailure("tracked record \(index) has no view") }
            precondition(ObjectIdentifier(view) == id, "record \(index) is indexed under another view")
        }
        var trackedPerSlot = [Int](repeating: 0, count: slots.count)
        var pooledRecords = 0
        for (index, record) in records.enumerated() {
            if isFree[index] {
                precondition(record.view == nil && record.state == .untracked && record.binding == 0,
                             "free record \(index) still holds a view or state")
                continue
            }
            precondition(record.slot >= 0 && record.slot < slots.count, "record \(index) points at slot \(record.slot)")
            precondition(record.state != .untracked, "tracked record \(index) is in state untracked")
            precondition(record.registration >= 1 && record.registration <= lastRegistration, "record \(index): bad registration")
            precondition(record.binding <= lastBinding, "record \(index): binding generation from the future")
            precondition(record.state != .pooled || record.binding == 0, "record \(index): a pooled view has a current binding")
            trackedPerSlot[record.slot] += 1
            if record.state == .pooled { pooledRecords += 1 }
        }
        // The pools.
        var pooledSeen = [Bool](repeating: false, count: records.count)
        var pooledCount = 0
        var sum = ReuseCounters.zero
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
            for record in slot.pooled {
                precondition(record >= 0 && record < records.count && !isFree[record], "\(name): pools free record \(record)")
                precondition(!pooledSeen[record], "\(name): record \(record) is pooled twice")
                pooledSeen[record] = true
                pooledCount += 1
                precondition(records[record].state == .pooled, "\(name): a pooled view is in state \(records[record].state)")
                precondition(records[record].slot == index, "\(name): a pooled view belongs to another identifier")
                precondition(records[record].registration == slot.registration, "\(name): a pooled view is of an old factory")
            }
            sum.created += counters.created
            sum.reused += counters.reused
            sum.discarded += counters.discarded
            sum.pooled += counters.pooled
        }
        precondition(pooledRecords == pooledCount, "\(pooledRecords) records pooled, \(pooledCount) views in pools")
        precondition(sum.created == totals.created && sum.reused == totals.reused && sum.discarded == totals.discarded
                     && sum.pooled == totals.pooled, "totals \(totals) disagree with the sum \(sum)")
        precondition(totals.peakPooled >= totals.pooled, "total peak below pooled")
    }
}
