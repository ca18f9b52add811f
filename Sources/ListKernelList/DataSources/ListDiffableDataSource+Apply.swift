@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) public import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

// Applying a snapshot:
//
//   current (old) ──difference──▶ SectionedDiff ──BatchUpdate._converting──▶ batch
//        │                                                                     │
//        └── current := new (marks cleared) ── list.apply(batch) ──────────────┘
//                                                   │ the list asks this data source for
//                                                   │ the new counts and new sections
//                                          rejected │ accepted
//                                     current := old│ reconfigure moved-and-reconfigured
//                                                   ▼ items in place, report the pass

extension ListDiffableDataSource {
    /// Shows `snapshot`: computes the difference from the current snapshot, applies it to
    /// the list as one validated batch update (layout, displayed views, transitions), and
    /// makes `snapshot` the current one, in one call.
    ///
    /// ```swift
    /// var snapshot = dataSource.snapshot()
    /// try snapshot.deleteItems([oldID])
    /// try snapshot.insertItems([newID], beforeItem: firstID)
    /// try snapshot.reconfigureItems([editedID])
    /// let pass = try dataSource.apply(snapshot)
    /// ```
    ///
    /// What the views see (the list's own rules for a batch):
    /// - an item that stays or moves keeps its view and is not configured again;
    /// - an item marked with `reconfigureItems` keeps its view, configured again in place
    ///   (no `prepareForReuse`), also when it moves (it is moved, then reconfigured; its
    ///   transition then says `.reconfigured`);
    /// - an item marked with `reloadItems` gets a fresh (recycled) view; one that also moves
    ///   is deleted and inserted, so its transition says `.deleted` / `.inserted`;
    /// - a section marked with `reloadSections` gets fresh views for its header, footer and
    ///   items (one that also moves is deleted and inserted);
    /// - inserted items and sections are configured when they appear; deleted ones end
    ///   display; the element at the top edge stays still.
    ///
    /// Marks are consumed: the data source's snapshot afterwards has none. Fold state
    /// follows each section by identifier. If the list was never loaded from this data
    /// source (its initial reload failed), this reloads instead.
    ///
    /// - Parameter snapshot: the new state; its identifiers are unique by construction.
    /// - Returns: the pass that applied it, with `transitions` for animating front ends.
    /// - Throws: `ListError.reentrantCall` from inside a list callback, `.noDataSource` when
    ///   this data source is no longer the list's `dataSource`, `.invalidCount` when a
    ///   section's `measuredItemExtents` does not match its item count: the list, its views
    ///   and this data source's snapshot stay exactly as they were.
    ///   `.unregisteredIdentifier` when `reuseIdentifier` names an unregistered view for an
    ///   element entering the viewport: the list throws it from its pass, after its layout
    ///   took the new snapshot, so the data source keeps the new snapshot too (model and
    ///   layout agree; the elements whose views were refused are missing until the next
    ///   pass after the registration is fixed).
    /// - Complexity: O(S log S + n log n) for the difference of n items in S sections (O(S +
    ///   n) when few move), plus `VirtualList.apply(_:)`: O(S + k log n) and the pass.
    @inlinable @discardableResult
    public func apply(_ snapshot: Snapshot) throws(ListError) -> PassResult<View> {
        try checkIsListDataSource("apply(_:)")
        guard isLoaded else { return try applySnapshotUsingReloadData(snapshot) }
        // The new snapshot goes in and the old one comes out into a local, so that neither
        // is copied again (a copy retains and releases each of a snapshot's arrays).
        var old = snapshot
        swap(&old, &current)
        // A snapshot derived from the current one by item edits: its edit log gives the
        // changes in O(k log k); any other: the full difference (`Docs/Updates.md`).
        let changes = snapshot._incrementalChanges(from: old, scratch: &incrementalScratch)
            ?? snapshot.difference(from: old).changes
        incrementalScratch.shrinkIfLarge()
        return try apply(snapshot, replacing: old, changes: changes)
    }

    /// Applies `snapshot` given its `changes` from the current snapshot (computed
    /// incrementally, or by a full diff off the main actor: `LiveSnapshotApplier`).
    ///
    /// The snapshots' bookkeeping (what the replaced one holds alone, the commit of the new
    /// one, the touched sections' counts, the release of the replaced one) runs here, where
    /// the snapshot's types are concrete: this method is specialized in the caller's module.
    /// In generic code each of those steps looked the snapshot's types up at run time.
    ///
    /// - Complexity: O(k log n) for k changes, plus the pass.
    @inlinable
    func apply(_ snapshot: Snapshot, changes: consuming SectionedDiff.Changes) throws(ListError) -> PassResult<View> {
        var old = snapshot
        swap(&old, &current)
        return try apply(snapshot, replacing: old, changes: changes)
    }

    /// `apply(_:changes:)` once `snapshot` is current (a copy, marks not yet cleared) and
    /// `old`, the snapshot it replaced, was taken out.
    ///
    /// - Complexity: O(k log n) for k changes, plus the pass.
    @inlinable
    func apply(
        _ snapshot: Snapshot, replacing old: consuming Snapshot, changes: consuming SectionedDiff.Changes
    ) throws(ListError) -> PassResult<View> {
        let exclusiveToOld = snapshot._isDerived(from: old) ? snapshot._storageExclusiveToBase : nil
        current.clearMarks()
        current._commitAsBase()
        let pass: PassResult<View>
        do {
            pass = try applyCurrent(changes: changes, replacing: old, sectionCount: current.numberOfSections) {
                self.current._itemCounts(ofSectionsAt: $0)
            }
        } catch {
            // Rejected: `old` is current again, nothing to release. Thrown after the layout
            // took the new snapshot (a pass's error): the new one stays, and `old` goes as
            // after a success.
            if !current._isSameVersion(as: old) { retire(consume old, exclusiveEntries: exclusiveToOld) }
            throw error
        }
        retire(consume old, exclusiveEntries: exclusiveToOld)
        return pass
    }

    /// Applies `changes` from `old` to the list, the current snapshot (marks cleared,
    /// committed as the base of later derivations) being the new state; puts `old` back if
    /// the list rejects them.
    ///
    /// - Parameters:
    ///   - sectionCount: the current snapshot's section count.
    ///   - counts: the item counts of the current snapshot's sections at the given indexes.
    /// - Complexity: O(k log n) for k changes, plus the pass.
    @usableFromInline
    func applyCurrent(
        changes: consuming SectionedDiff.Changes,
        replacing old: Snapshot,
        sectionCount: Int,
        counts: ([Int]) -> [Int]
    ) throws(ListError) -> PassResult<View> {
        let conversion = BatchUpdate._converting(changes, rebindingMovedReconfigures: true)
        let applied: PassResult<View>
        do {
            // The counts come from `current`, from which the batch was computed: only the
            // sections it touches are checked.
            applied = try withoutActuallyEscaping(counts) { counts throws(ListError) in
                try list.apply(conversion.batch, heldCounts: (sectionCount, counts))
            }
        } catch {
            restore(old, after: error)
            throw error
        }
        _checkInvariants()
        guard !conversion.reconfiguredAfterMove.isEmpty else { return applied }

        // Moved items that are only reconfigured kept their views through the move; they
        // are configured again now, in place.
        let rebound = conversion.reconfiguredAfterMove.map(ListElement.item)
        // The paths exist (the batch was applied); only the pass that follows a measurement
        // reported from configure can throw (a factory returning a view already in use), and
        // the snapshot stays applied then.
        try list.reconfigure(rebound)
        var pass = list.lastPass
        let reboundSet = Set(rebound)
        for index in pass.transitions.indices {
            if let after = pass.transitions[index].after, reboundSet.contains(after) {
                pass.transitions[index].change = .reconfigured
            }
        }
        return pass
    }

    /// Shows `snapshot` by reloading the list: no difference is computed, every view ends
    /// display and the visible elements are configured afresh (like
    /// `UICollectionViewDiffableDataSource.applySnapshotUsingReloadData`). Marks are
    /// consumed; fold state is kept by section identifier.
    ///
    /// ```swift
    /// try dataSource.applySnapshotUsingReloadData(freshlyLoadedSnapshot)
    /// ```
    ///
    /// - Parameter snapshot: the new state.
    /// - Returns: the pass after the reload.
    /// - Throws: as `apply(_:)`, with the same guarantees.
    /// - Complexity: O(S + m) for S sections and m measured extents, plus the pass.
    @discardableResult
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot) throws(ListError) -> PassResult<View> {
        try checkIsListDataSource("applySnapshotUsingReloadData(_:)")
        let old = current
        current = snapshot
        current.clearMarks()
        current._commitAsBase()
        do {
            let pass = try list.reloadData()
            isLoaded = true
            _checkInvariants()
            return pass
        } catch {
            if case .unregisteredIdentifier = error { isLoaded = true }
            restore(old, after: error)
            throw error
        }
    }

    // MARK: Folding by identifier

    /// Collapses or expands the sections with identifiers `sections` in one update (see
    /// `VirtualList.setCollapsed(_:sections:)`), resolving each identifier to its index now.
    /// A header's tap handler that captured its `SectionID` at configure time folds the
    /// right section even after sections were inserted, deleted or moved above it (a
    /// captured index would have gone stale: the header keeps its view through those).
    ///
    /// ```swift
    /// // in configureSupplementary: view.onTap = { [weak dataSource] in
    /// //     try? dataSource?.setCollapsed(!(dataSource?.isCollapsed(section: id) ?? false), section: id) }
    /// ```
    ///
    /// - Throws: `DiffableDataSourceError.sectionNotFound` naming the first unknown
    ///   identifier (nothing changes), `.list` wrapping the list's error.
    /// - Complexity: O(t log S) for t sections, plus the pass.
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, sections: [SectionID]) throws(DiffableDataSourceError) -> PassResult<View> {
        var indexes: [Int] = []
        indexes.reserveCapacity(sections.count)
        for section in sections {
            guard let index = current.indexOfSection(section) else {
                throw .sectionNotFound(identifier: String(describing: section))
            }
            indexes.append(index)
        }
        do { return try list.setCollapsed(collapsed, sections: indexes) } catch { throw .list(error) }
    }

    /// Collapses or expands the section with identifier `section`; see
    /// `setCollapsed(_:sections:)`.
    ///
    /// - Throws: as `setCollapsed(_:sections:)`.
    /// - Complexity: O(log S) plus the pass.
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, section: SectionID) throws(DiffableDataSourceError) -> PassResult<View> {
        try setCollapsed(collapsed, sections: [section])
    }

    /// Whether the section with identifier `section` is collapsed (`false` when the current
    /// snapshot does not hold it, as every yes-or-no query answers outside the list).
    ///
    /// - Complexity: O(log S).
    public func isCollapsed(section: SectionID) -> Bool {
        current.indexOfSection(section).map { list.isCollapsed(section: $0) } ?? false
    }

    /// How many replaced snapshots, and how many storage entries they hold alone, may wait
    /// in `retiring` before they are released: waking a background task costs 20-50 µs on
    /// the 2-core machine, and freeing a snapshot here costs more than that, so snapshots
    /// that share most of their storage with the current one are released a batch at a
    /// time (at most about 16 MB held at 32 bytes per entry).
    @usableFromInline static var retiringLimits: (snapshots: Int, entries: Int) { (16, 524_288) }

    /// Releases `snapshot`, which the data source replaced, off the caller's thread: when
    /// nothing else shares its storage, freeing a million identifiers' indexes takes
    /// milliseconds, which an apply of a few edits must not spend on the caller's thread
    /// (the snapshot is immutable and `Sendable`, so dropping it elsewhere is safe). A
    /// snapshot the current one was derived from, holding `exclusiveEntries` storage entries
    /// alone, waits in `retiring` for others, up to `retiringLimits`.
    ///
    /// - Complexity: O(1) on the caller's thread.
    @inlinable
    func retire(_ snapshot: consuming Snapshot, exclusiveEntries: Int?) {
        let limits = Self.retiringLimits
        guard let exclusiveEntries, exclusiveEntries < limits.entries else {
            Self.releaseInBackground(consume snapshot)
            return
        }
        // Room for the whole batch at once: growing by doubling reallocated it five times.
        if retiring.isEmpty { retiring.reserveCapacity(limits.snapshots) }
        retiring.append(consume snapshot)
        retiringEntries += exclusiveEntries
        guard retiring.count >= limits.snapshots || retiringEntries >= limits.entries else { return }
        let batch = retiring
        retiring = []
        retiringEntries = 0
        Self.releaseInBackground(consume batch)
    }

    /// Drops `value` on the kernel's background lane (`_ListBackgroundLane`: one job at a
    /// time, at `.utility` priority).
    ///
    /// - Complexity: O(1) on the caller's thread.
    @usableFromInline
    static func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
        // Moved into the task, so the task drops the last reference, whichever side runs
        // first.
        Task.detached(priority: .utility) { @_ListBackgroundLane [value = consume value] in withExtendedLifetime(value) {} }
    }

    /// Puts `old` back as the current snapshot after the list rejected an apply, unless the
    /// list had already taken the new layout (an unregistered reuse identifier, a window of
    /// too many elements or a factory's mistake is found by the pass, after the layout
    /// changed): then the new snapshot stays, so that model and layout agree.
    func restore(_ old: Snapshot, after error: ListError) {
        switch error {
        case .unregisteredIdentifier, .tooManyElementsInWindow, .reuse:
            // Thrown by the pass after the change: the list holds the new snapshot's layout.
            _checkInvariants()
        case .reentrantCall:
            // Called from inside a callback of an update in progress: the list's layout is
            // in the middle of changing, so it is not compared.
            current = old
        default:
            current = old
            _checkInvariants()
        }
    }

    /// Throws unless this data source is still the list's data source.
    @usableFromInline
    func checkIsListDataSource(_ operation: String) throws(ListError) {
        guard list.dataSource === self else {
            throw .noDataSource(operation: "ListDiffableDataSource.\(operation) (the list's dataSource is no longer this data source)")
        }
    }
}
