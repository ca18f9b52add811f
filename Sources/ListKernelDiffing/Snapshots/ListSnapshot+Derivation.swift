@_spi(ListKernelTesting) import ListKernelCore

// Derivation: how a snapshot knows it was made from another by its own mutations, so the
// difference between them comes from the edit log instead of from both whole snapshots.
//
//     committed  C (version c, no log)
//         │ var next = dataSource.snapshot()        a copy: version c, no log
//         │ next.deleteItems([7])                    log (base c, touched {7}), version d1
//         │ next.moveItem(3, beforeItem: 1)          log (base c, touched {7, 3}), version d2
//         ▼
//     apply(next): next's log base is c, C's version → incremental (`ListSnapshot+Incremental`)
//
// Every mutation gives the snapshot a new version, so two snapshots with one version hold the
// same contents (copies that neither changed since). Item edits add their identifiers to the
// log; section edits and `deleteAllItems` make it structural, which takes the full diff.

/// The identity of one state of a snapshot's contents; compared by reference.
@usableFromInline
package final class _SnapshotVersion: Sendable {
    @usableFromInline
    init() {}
}

extension ListSnapshot {
    /// Starts the edit log at the current version, unless it has started.
    @inlinable
    internal mutating func _startLog() {
        if _logBase == nil { _logBase = _version }
    }

    /// Records an edit that inserts `items`, new to the snapshot, into the section at
    /// `position`, once it is checked. An item touched before keeps where it was first
    /// recorded (it was in the base then, or not); one that was not is new since the base.
    ///
    /// - Complexity: O(k) for k items.
    @inlinable
    internal mutating func _recordInsertedItems(_ items: [ItemID], inSectionAt position: Int) {
        _startLog()
        if !_isStructurallyEdited {
            for item in items { _touch(item, from: nil, now: position) }
        }
        _version = _SnapshotVersion()
    }

    /// Records an edit that moves `item` from `location` (where the snapshot had it before
    /// the edit) to the section at `position`, once it is checked.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    internal mutating func _recordMovedItem(_ item: ItemID, from location: _Location, now position: Int) {
        _startLog()
        if !_isStructurallyEdited { _touch(item, from: location, now: position) }
        _version = _SnapshotVersion()
    }

    /// Records an edit that deletes `items`, at `locations` before the edit (parallel; a
    /// repeated item keeps its first record), once it is checked: one new version for the
    /// whole edit.
    ///
    /// - Complexity: O(k) for k items.
    @inlinable
    internal mutating func _recordDeletedItems(_ items: [ItemID], at locations: [_Location]) {
        _startLog()
        if !_isStructurallyEdited {
            for (item, location) in zip(items, locations) { _touch(item, from: location, now: -1) }
        }
        _version = _SnapshotVersion()
    }

    /// Adds `item` to the touched items with `location` as where it was at the base (`nil`:
    /// not held), unless it is there already (an item not touched since the base is where
    /// the base had it), and sets its section's position now. One hash: the default
    /// subscript inserts only when the key is missing.
    @inlinable
    internal mutating func _touch(_ item: ItemID, from location: _Location?, now position: Int) {
        _touched[item, default: _Touch(originPosition: location?.position ?? -1, currentPosition: position)]
            .currentPosition = position
    }

    /// Records a section edit (or deleting every item): the difference takes the full diff.
    ///
    /// - Complexity: O(1).
    @inlinable
    internal mutating func _recordStructuralEdit() {
        _startLog()
        _isStructurallyEdited = true
        _touched = [:]
        _version = _SnapshotVersion()
    }

    /// Records a change of marks only: the contents' version changes, no item moves.
    ///
    /// - Complexity: O(1).
    @usableFromInline
    internal mutating func _recordMarkEdit() {
        _startLog()
        _version = _SnapshotVersion()
    }

    /// Whether this snapshot holds exactly `other`'s contents because neither changed since
    /// one was copied from the other (a resubmission of the committed snapshot).
    ///
    /// - Complexity: O(1).
    @inlinable
    package func _isSameVersion(as other: ListSnapshot) -> Bool { _version === other._version }

    /// Whether this snapshot was made from `base` by item edits and marks only, so that
    /// `_incrementalChanges(from: base)` applies.
    ///
    /// - Complexity: O(1).
    @inlinable
    package func _isDerived(from base: ListSnapshot) -> Bool {
        guard let logBase = _logBase else { return _version === base._version }
        return logBase === base._version && !_isStructurallyEdited
    }

    /// The number of items the edit log names.
    ///
    /// - Complexity: O(1).
    package var _touchedItemCount: Int { _touched.count }

    /// About how many storage entries the snapshot this one was copied from (since that one
    /// was committed) holds alone now, because this one changed its copies of them: what
    /// keeping that snapshot alive costs, and what dropping it frees. They are
    /// - the sections' group table (one reference per 4,096 sections), and the groups of 64
    ///   chunk references and the chunks of 64 section records the item edits changed (each
    ///   copied once at most);
    /// - the items of the sections the edits changed (a flat section's array, a chunked
    ///   section's chunk table and chunks);
    /// - the item index's group table, and the groups of 64 shard references and the shards
    ///   this one copied.
    ///
    /// An apply of ten edits at 100,000 sections and 1,000,000 items: about 4,500 (13,000
    /// before the tables went into groups), where counting every section record (the chunks
    /// are shared) said 110,000, and a replaced
    /// snapshot was released every 5 applies instead of every 16 (`ListDiffableDataSource`'s
    /// `retiringLimits`).
    ///
    /// - Complexity: O(1).
    @inlinable
    package var _storageExclusiveToBase: Int {
        _sections.copiedEntries(chunksChanged: _editedSections) + _itemSection.copiedEntries + _editedSectionItems
    }

    /// Forgets the edit log, keeping the contents and their version: the data source calls
    /// it on the snapshot it commits, so that snapshots derived from the committed one next
    /// name it as their base.
    ///
    /// - Complexity: O(1).
    @inlinable
    package mutating func _commitAsBase() {
        _itemSection.resetCopyCount()
        _editedSectionItems = 0
        _editedSections = 0
        _logBase = nil
        _touched = [:]
        _isStructurallyEdited = false
    }
}
