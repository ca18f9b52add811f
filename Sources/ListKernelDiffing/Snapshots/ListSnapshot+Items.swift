@_spi(ListKernelTesting) public import ListKernelCore

// Item mutations. Each validates every argument first, so a rejected call leaves the
// snapshot unchanged, then mutates, then checks invariants in debug builds.
//
// The ones a live list derives its updates with are inlinable, so that they are specialized
// for the caller's identifier types: unspecialized, every hash, comparison and copy of a
// chunk or shard they make goes through the types' witness tables. (A delete at 100,000
// sections took 94,000 instructions that way, and the benchmark's ten-edit derivation
// 599,000; 351,000 now, `snapshot_derive_edits_us`.)

extension ListSnapshot {
    /// Appends items `items` at the end of section `section`, or of the last section when
    /// `section` is `nil`.
    ///
    /// ```swift
    /// try snapshot.appendItems([7, 8], toSection: "recent")
    /// ```
    ///
    /// - Parameters:
    ///   - items: new item identifiers, in order.
    ///   - section: an existing section, or `nil` for the last one.
    /// - Throws: `SnapshotError.sectionNotFound`, `.noSection`, `.itemAlreadyPresent` or
    ///   `.itemRepeated`.
    /// - Complexity: O(k) amortized.
    @inlinable
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
        let position: Int
        if let section {
            position = try _position(ofSection: section)
        } else {
            guard !_sections.isEmpty else { throw .noSection }
            position = _sections.count - 1
        }
        try _checkNewItems(items)
        _recordInsertedItems(items, inSectionAt: position)
        _insertItems(items, inSectionAt: position, at: _sections[position].items.count)
    }

    /// Inserts items `items` just before item `before`, in its section.
    ///
    /// - Parameters:
    ///   - items: new item identifiers, in order.
    ///   - before: an existing item.
    /// - Throws: `SnapshotError.itemNotFound`, `.itemAlreadyPresent` or `.itemRepeated`.
    /// - Complexity: O(m + k): the items after the insertion point are re-indexed (O(m / 256
    ///   + k + 256) in a section of more than 8,192 items, kept in chunks).
    @inlinable
    public mutating func insertItems(_ items: [ItemID], beforeItem before: ItemID) throws(SnapshotError) {
        let anchor = try _location(ofItem: before)
        try _checkNewItems(items)
        _recordInsertedItems(items, inSectionAt: anchor.position)
        _insertItems(items, inSectionAt: anchor.position, at: anchor.index)
    }

    /// Inserts items `items` just after item `after`, in its section.
    ///
    /// - Parameters:
    ///   - items: new item identifiers, in order.
    ///   - after: an existing item.
    /// - Throws: `SnapshotError.itemNotFound`, `.itemAlreadyPresent` or `.itemRepeated`.
    /// - Complexity: O(m + k): the items after the insertion point are re-indexed (O(m / 256
    ///   + k + 256) in a section of more than 8,192 items, kept in chunks).
    @inlinable
    public mutating func insertItems(_ items: [ItemID], afterItem after: ItemID) throws(SnapshotError) {
        let anchor = try _location(ofItem: after)
        try _checkNewItems(items)
        _recordInsertedItems(items, inSectionAt: anchor.position)
        _insertItems(items, inSectionAt: anchor.position, at: anchor.index + 1)
    }

    /// Deletes items `items` (and their marks).
    ///
    /// - Parameter items: existing item identifiers; a repeat is ignored.
    /// - Throws: `SnapshotError.itemNotFound`.
    /// - Complexity: O(k + the items of the sections touched) (O(m / 256 + k log k) for a
    ///   section of more than 8,192 items, kept in chunks).
    @inlinable
    public mutating func deleteItems(_ items: [ItemID]) throws(SnapshotError) {
        var doomedBySection: [Int: Set<Int>] = [:]
        // Each item's place before the delete, for the edit log (recorded once every item
        // is found, so a rejected call leaves the log alone too).
        var locations: [_Location] = []
        locations.reserveCapacity(items.count)
        for item in items {
            let location = try _location(ofItem: item)
            doomedBySection[location.position, default: []].insert(location.index)
            locations.append(location)
        }
        _recordDeletedItems(items, at: locations)
        for (position, doomed) in doomedBySection {
            _sections[position].remove(at: doomed)
            _editedSectionItems &+= _sections[position].items.editWeight
            _editedSections &+= 1
        }
        for item in items {
            _itemSection[item] = nil
            _reloadedItems.remove(item)
            _reconfiguredItems.remove(item)
        }
        _checkInvariants()
    }

    /// Deletes every item, keeping the sections (now empty).
    ///
    /// - Complexity: O(S + n).
    public mutating func deleteAllItems() {
        _recordStructuralEdit()
        for position in _sections.indices { _sections[position].removeAllItems() }
        _itemSection.removeAll()
        _reloadedItems.removeAll()
        _reconfiguredItems.removeAll()
        _checkInvariants()
    }

    /// Moves item `item` to just before item `before`, which may be in another section.
    ///
    /// - Parameters:
    ///   - item: the item to move.
    ///   - before: the item it goes before.
    /// - Throws: `SnapshotError.itemNotFound` or `.itemRelativeToItself`.
    /// - Complexity: O(m) of both sections involved (O(m / 256) for a section of more than
    ///   8,192 items, kept in chunks).
    @inlinable
    public mutating func moveItem(_ item: ItemID, beforeItem before: ItemID) throws(SnapshotError) {
        try _moveItem(item, relativeTo: before, after: false)
    }

    /// Moves item `item` to just after item `after`, which may be in another section.
    ///
    /// - Parameters:
    ///   - item: the item to move.
    ///   - after: the item it goes after.
    /// - Throws: `SnapshotError.itemNotFound` or `.itemRelativeToItself`.
    /// - Complexity: O(m) of both sections involved (O(m / 256) for a section of more than
    ///   8,192 items, kept in chunks).
    @inlinable
    public mutating func moveItem(_ item: ItemID, afterItem after: ItemID) throws(SnapshotError) {
        try _moveItem(item, relativeTo: after, after: true)
    }

    /// Marks items `items` for reload: the next `difference(from:)` reports an update of
    /// kind `.reload` for each of them that also exists in the older snapshot (a reload
    /// mark wins over a reconfigure mark on the same item).
    ///
    /// - Parameter items: existing item identifiers.
    /// - Throws: `SnapshotError.itemNotFound`.
    /// - Complexity: O(k).
    @inlinable
    public mutating func reloadItems(_ items: [ItemID]) throws(SnapshotError) {
        for item in items { _ = try _location(ofItem: item) }
        _recordMarkEdit()
        _reloadedItems.formUnion(items)
        _checkInvariants()
    }

    /// Marks items `items` for reconfigure: the next `difference(from:)` reports an update of
    /// kind `.reconfigure` for each of them that also exists in the older snapshot, unless
    /// it is also marked for reload.
    ///
    /// - Parameter items: existing item identifiers.
    /// - Throws: `SnapshotError.itemNotFound`.
    /// - Complexity: O(k).
    @inlinable
    public mutating func reconfigureItems(_ items: [ItemID]) throws(SnapshotError) {
        for item in items { _ = try _location(ofItem: item) }
        _recordMarkEdit()
        _reconfiguredItems.formUnion(items)
        _checkInvariants()
    }

    /// Removes every reload and reconfigure mark (items and sections), as a host does once it
    /// has applied a snapshot.
    ///
    /// - Complexity: O(marks).
    public mutating func clearMarks() {
        guard !(_reloadedItems.isEmpty && _reconfiguredItems.isEmpty && _reloadedSections.isEmpty) else { return }
        _recordMarkEdit()
        _reloadedItems.removeAll()
        _reconfiguredItems.removeAll()
        _reloadedSections.removeAll()
    }

    // MARK: Helpers

    /// Throws unless every identifier in `items` is new and appears once.
    @inlinable
    internal func _checkNewItems(_ items: [ItemID]) throws(SnapshotError) {
        var seen: Set<ItemID> = []
        if items.count > 1 { seen.reserveCapacity(items.count) }
        for (offset, item) in items.enumerated() {
            if _itemSection[item] != nil {
                throw .itemAlreadyPresent(identifier: String(describing: item), path: itemPath(of: item)!)
            }
            if items.count > 1, !seen.insert(item).inserted {
                throw .itemRepeated(identifier: String(describing: item), firstIndex: items.firstIndex(of: item)!, secondIndex: offset)
            }
        }
    }

    /// Inserts checked, new items into the section at `position`, at item index `index`.
    @inlinable
    internal mutating func _insertItems(_ items: [ItemID], inSectionAt position: Int, at index: Int) {
        _sections[position].insert(contentsOf: items, at: index)
        _editedSectionItems &+= _sections[position].items.editWeight
        _editedSections &+= 1
        let section = _sections[position].id
        for item in items { _itemSection[item] = section }
        _checkInvariants()
    }

    /// Moves `item` just before `anchor`, or just after it when `after`, which may be in
    /// another section (`moveItem(_:beforeItem:)`, `moveItem(_:afterItem:)`).
    @inlinable
    internal mutating func _moveItem(_ item: ItemID, relativeTo anchor: ItemID, after: Bool) throws(SnapshotError) {
        let from = try _location(ofItem: item)
        _ = try _location(ofItem: anchor)
        guard item != anchor else { throw .itemRelativeToItself(identifier: String(describing: item)) }
        let fromPosition = from.position
        _sections[fromPosition].remove(at: [from.index])
        // Re-read: the removal may have shifted the anchor.
        guard let target = _locate(anchor) else {
            preconditionFailure("kernel invariant: the anchor \(anchor) of a move vanished")
        }
        let targetPosition = target.position
        _recordMovedItem(item, from: from, now: targetPosition)
        let index = after ? target.index + 1 : target.index
        _sections[targetPosition].insert(contentsOf: [item], at: index)
        _editedSectionItems &+= _sections[fromPosition].items.editWeight + _sections[targetPosition].items.editWeight
        _editedSections &+= 2
        _itemSection[item] = target.section
        _checkInvariants()
    }
}
