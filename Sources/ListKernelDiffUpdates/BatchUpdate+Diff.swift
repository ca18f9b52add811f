@_spi(ListKernelTesting) package import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelDiffing
@_spi(ListKernelTesting) public import ListKernelUpdates

// Turning a diff into a batch update.
//
// A diff and a batch speak the same index spaces (deletes, reloads, reconfigures and move
// sources before the update; inserts and move destinations after it), so most changes map
// one to one. Three shapes a diff may hold are conflicts for the batch validator (as they
// are crashes for UIKit); each becomes a named normalization rule:
//
//   diff                                     batch
//   ─────────────────────────────────────    ──────────────────────────────────────────
//   item moved and changed                   delete at `from` + insert at `to`
//                                            ("a changed item that moves is replaced")
//   section moved and changed                delete section `from` + insert section `to`
//                                            ("a reloaded section that moves is replaced")
//   item operation inside a reloaded or      dropped; a move out of such a section becomes
//   replaced section                         an insert at its destination, a move into one
//                                            a delete at its source ("a reloaded section
//                                            replaces its items": SectionedDiff's
//                                            `_applyReloadedSectionRule`, shared with
//                                            ListSnapshot.difference)
//
// Items moving inside a moved section need no rule: the validator addresses them by the
// section's old index before the update and its new index after it, which is where the
// diff puts them.

extension BatchUpdate {
    /// The batch update a sectioned diff describes, in the same index spaces, ready for
    /// `validated(itemCountsBefore:itemCountsAfter:)` with the diff's item counts (it is
    /// never rejected) or for `VirtualList.apply(_:)`.
    ///
    /// ```swift
    /// let diff = newSnapshot.difference(from: oldSnapshot)
    /// let batch = BatchUpdate(diff)
    /// let update = try batch.validated(
    ///     itemCountsBefore: diff.itemCountsBefore, itemCountsAfter: diff.itemCountsAfter)
    /// ```
    ///
    /// Section and item deletes, inserts and moves carry over; a changed item becomes a
    /// reload (`kind == .reload`, a fresh view) or a reconfigure (`.reconfigure`, the same
    /// view) at its before-state path; a changed section becomes a section reload. Shapes a
    /// batch can't hold are normalized:
    /// - **A changed item that moves is replaced**: deleted at its old path and inserted at
    ///   its new one (a batch can't reload or reconfigure a moved item, like UIKit), so its
    ///   view is replaced. `ListDiffableDataSource` keeps the view of a moved item that is
    ///   only reconfigured instead, by reconfiguring it after the batch.
    /// - **A reloaded section that moves is replaced**: deleted at its old index and inserted
    ///   at its new one.
    /// - **A reloaded section replaces its items**: no item operation names a reloaded or
    ///   replaced section; an item that moves out of one is inserted at its destination, an
    ///   item that moves into one is deleted at its source.
    ///
    /// - Parameter diff: a diff whose parts are consistent (as `SectionedDiff(from:to:)` and
    ///   `ListSnapshot.difference(from:)` produce them).
    /// - Complexity: O(k) for k changes in the diff; O(k log k) when it reloads sections.
    public init(_ diff: SectionedDiff) {
        self = BatchUpdate._converting(diff, rebindingMovedReconfigures: false).batch
    }

    /// The batch update a diff of one section's items describes: its indexes become paths in
    /// section `section`.
    ///
    /// ```swift
    /// let diff = try LinearDiff(from: oldRows, to: newRows, contentChangesAs: .reconfigure)
    /// try list.performBatchUpdates { $0.merge(BatchUpdate(diff, section: 2)) }
    /// ```
    ///
    /// A content change becomes a reload or a reconfigure, as its `kind` says. A changed
    /// element that also moves is deleted and inserted (as for a sectioned diff).
    ///
    /// - Parameters:
    ///   - diff: the diff of the section's items.
    ///   - section: the section's index (the same before and after the update).
    /// - Complexity: O(k) for k changes in the diff.
    public init(_ diff: LinearDiff, section: Int) {
        self.init()
        func path(_ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
        let changed = Set(diff.changed.map(\.from))
        let moved = Set(diff.moved.map(\.from))
        deleteItems(at: diff.deleted.lazy.map(path))
        insertItems(at: diff.inserted.lazy.map(path))
        for move in diff.moved {
            if changed.contains(move.from) {
                deleteItems(at: CollectionOfOne(path(move.from)))
                insertItems(at: CollectionOfOne(path(move.to)))
            } else {
                moveItem(from: path(move.from), to: path(move.to))
            }
        }
        for change in diff.changed where !moved.contains(change.from) {
            if change.kind == .reload {
                reloadItems(at: CollectionOfOne(path(change.from)))
            } else {
                reconfigureItems(at: CollectionOfOne(path(change.from)))
            }
        }
    }

    /// A batch converted from a diff, and the moved items to reconfigure once it is applied.
    package struct DiffConversion {
        /// The batch.
        package var batch = BatchUpdate()
        /// After-state paths of items that move and are reconfigured: the batch moves them
        /// (keeping their views), and the caller reconfigures them afterwards.
        package var reconfiguredAfterMove: [ItemPath] = []
    }

    /// Converts `diff` (see `init(_:)`); with `rebindingMovedReconfigures`, a moved item that
    /// is only reconfigured stays a move and is listed for a reconfigure after the batch,
    /// instead of being deleted and inserted.
    ///
    /// - Complexity: O(k) for k changes in the diff; O(k log k) when it reloads sections.
    package static func _converting(_ diff: SectionedDiff, rebindingMovedReconfigures: Bool) -> DiffConversion {
        _converting(diff.changes, rebindingMovedReconfigures: rebindingMovedReconfigures)
    }

    /// Converts a diff's `changes` (see `init(_:)`): the one conversion both the full and the
    /// incremental snapshot difference go through, so their batches can't differ in shape.
    /// `changes` is consumed: a caller that hands over its last copy saves a retain and a
    /// release of each of its arrays, and the arrays the batch adopts are not shared.
    ///
    /// - Complexity: O(k) for k changes; O(k log k) when sections are reloaded.
    package static func _converting(_ changes: consuming SectionedDiff.Changes, rebindingMovedReconfigures: Bool) -> DiffConversion {
        var diff = consume changes
        diff.applyReloadedSectionRule()
        var reconfiguredAfterMove: [ItemPath] = []
        var batch = BatchUpdate()

        // Sections. No item operation names a reloaded section any more, on either side.
        var sectionDestination: [Int: Int] = [:]
        for move in diff.movedSections { sectionDestination[move.from] = move.to }
        var replacedMoves = Set<Int>()
        for change in diff.changedSections {
            if sectionDestination[change.from] != nil {
                replacedMoves.insert(change.from)
                batch.deleteSections(CollectionOfOne(change.from))
                batch.insertSections(CollectionOfOne(change.to))
            } else {
                batch.reloadSections(CollectionOfOne(change.from))
            }
        }
        // (Only when there are some: appending even an empty array makes the storage unique.)
        if !diff.deletedSections.isEmpty { batch.deleteSections(diff.deletedSections) }
        if !diff.insertedSections.isEmpty { batch.insertSections(diff.insertedSections) }
        for move in diff.movedSections where !replacedMoves.contains(move.from) {
            batch.moveSection(from: move.from, to: move.to)
        }

        // Items.
        batch._appendItems(deleted: diff.deletedItems, inserted: diff.insertedItems)
        if !diff.movedItems.isEmpty { batch._reserveItemMoves(diff.movedItems.count) }
        var changeKind: [ItemPath: ContentChangeKind] = [:]
        for change in diff.changedItems { changeKind[change.from] = change.kind }
        var movedSources = Set<ItemPath>()
        for move in diff.movedItems {
            movedSources.insert(move.from)
            switch changeKind[move.from] {
            case nil:
                batch.moveItem(from: move.from, to: move.to)
            case .reconfigure? where rebindingMovedReconfigures:
                batch.moveItem(from: move.from, to: move.to)
                reconfiguredAfterMove.append(move.to)
            case _?:
                batch.deleteItems(at: CollectionOfOne(move.from))
                batch.insertItems(at: CollectionOfOne(move.to))
            }
        }
        for change in diff.changedItems where !movedSources.contains(change.from) {
            if change.kind == .reload {
                batch.reloadItems(at: CollectionOfOne(change.from))
            } else {
                batch.reconfigureItems(at: CollectionOfOne(change.from))
            }
        }
        // Moved into the result, not copied (a copy retained and released each array).
        return DiffConversion(batch: consume batch, reconfiguredAfterMove: consume reconfiguredAfterMove)
    }
}
