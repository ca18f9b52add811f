@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

/// A batch update that passed validation against the item counts before and after it: the
/// only form the kernel applies, and the one that answers "where did this go?".
///
/// Only `BatchUpdate.validated(itemCountsBefore:itemCountsAfter:)` makes one (validate at the
/// public edge, trust inside, as the standard library's `CollectionDifference`), so every
/// value of this type describes a consistent change and its queries need no further checks.
///
/// ```swift
/// let update = try BatchUpdate { $0.deleteItems(at: [ItemPath(section: 0, item: 0)]) }
///     .validated(itemCountsBefore: [1_000_000], itemCountsAfter: [999_999])
/// update.newPath(forOld: ItemPath(section: 0, item: 500))     // [0, 499], in O(log k)
/// update.fate(ofOld: ItemPath(section: 0, item: 0))           // .deleted
/// try update.apply(to: &layout) { section in descriptions[section] }
/// ```
///
/// Storage is O(k) for k operations: the sorted places each side changed. An index that no
/// operation names is mapped by counting changes: an old index minus the removals above it
/// is its rank among the untouched, and the new index is the place of that rank among the
/// places not taken by insertions:
///
///     before   a  b  c  d  e          removed (before):  [1]      b deleted
///     after    x  a  c  y  d  e       placed (after):    [0, 3]   x, y inserted
///     d: old 3 → rank 3 − 1 = 2 → third free place after [0, 3] → new 4
///
/// - Complexity: every query is O(log k); `apply(to:sectionDescription:)` is
///   O(k log k + S·m) for m section moves to plan, plus ListLayout's own costs.
public struct ValidatedUpdate: Equatable, Sendable {
    /// The validated tables, shared by every copy. An update never changes once made, and
    /// the update path hands it on several times per apply (the change, the anchor map, the
    /// layout step): copying a dozen arrays, a retain and a release each, every time cost a
    /// small batch more than its queries did.
    private let storage: Storage

    /// The immutable tables of one validated update.
    private final class Storage: Sendable {
        let countsBefore: SectionCounts
        let countsAfter: SectionCounts
        let batch: BatchUpdate
        let removedSections: [Int]
        let sectionDestinations: [Int]
        let placedSections: [Int]
        let sectionSources: [Int]
        let reloadedSections: [Int]
        let oldItemSections: [Int]
        let oldItems: OldItemTable
        let newItemSections: [Int]
        let newItems: NewItemTable

        init(
            countsBefore: SectionCounts, countsAfter: SectionCounts, batch: BatchUpdate,
            removedSections: [Int], sectionDestinations: [Int],
            placedSections: [Int], sectionSources: [Int], reloadedSections: [Int],
            oldItemSections: [Int], oldItems: OldItemTable,
            newItemSections: [Int], newItems: NewItemTable
        ) {
            self.countsBefore = countsBefore
            self.countsAfter = countsAfter
            self.batch = batch
            self.removedSections = removedSections
            self.sectionDestinations = sectionDestinations
            self.placedSections = placedSections
            self.sectionSources = sectionSources
            self.reloadedSections = reloadedSections
            self.oldItemSections = oldItemSections
            self.oldItems = oldItems
            self.newItemSections = newItemSections
            self.newItems = newItems
        }
    }

    /// The item counts before the update: every section's, or only the touched sections'
    /// for an update validated against a held snapshot's counts (`SectionCounts`).
    package var countsBefore: SectionCounts { storage.countsBefore }
    /// The item counts after the update, as the data source reported them.
    package var countsAfter: SectionCounts { storage.countsAfter }

    /// The item count of every section before the update.
    ///
    /// - Complexity: O(1).
    public var itemCountsBefore: [Int] {
        guard let all = countsBefore.all else {
            preconditionFailure("kernel invariant: an update validated against a held snapshot's counts left the package")
        }
        return all
    }

    /// The item count of every section after the update, as the data source reported it.
    ///
    /// - Complexity: O(1).
    public var itemCountsAfter: [Int] {
        guard let all = countsAfter.all else {
            preconditionFailure("kernel invariant: an update validated against a held snapshot's counts left the package")
        }
        return all
    }
    /// The batch that was validated.
    ///
    /// - Complexity: O(1).
    public var batch: BatchUpdate { storage.batch }

    /// Sorted old indexes of the sections that leave their place: deleted or moved away.
    var removedSections: [Int] { storage.removedSections }
    /// Parallel to `removedSections`: the new index of a moved section, -1 for a deleted one.
    var sectionDestinations: [Int] { storage.sectionDestinations }
    /// Sorted new indexes of the sections that take a given place: inserted or moved in.
    var placedSections: [Int] { storage.placedSections }
    /// Parallel to `placedSections`: the old index of a moved section, -1 for an inserted one.
    var sectionSources: [Int] { storage.sectionSources }
    /// Sorted old indexes of the reloaded sections.
    var reloadedSections: [Int] { storage.reloadedSections }
    /// Sorted old indexes of the sections with before-space item changes.
    package var oldItemSections: [Int] { storage.oldItemSections }
    /// Parallel to `oldItemSections`.
    package var oldItems: OldItemTable { storage.oldItems }
    /// Sorted new indexes of the sections with after-space item changes.
    var newItemSections: [Int] { storage.newItemSections }
    /// Parallel to `newItemSections`.
    var newItems: NewItemTable { storage.newItems }

    /// The before-space item changes of one section: slices of the update's flat tables
    /// (index them with `[offset:]`; the slices of one section are parallel where said).
    package struct OldSectionItems: Equatable, Sendable {
        /// Sorted item indexes that leave their place: deleted or moved away.
        package let removed: ArraySlice<Int>
        /// Parallel to `removed`: the destination of a move, `nil` for a delete.
        let destinations: ArraySlice<ItemPath?>
        /// Sorted item indexes reloaded.
        let reloaded: ArraySlice<Int>
        /// Sorted item indexes reconfigured.
        let reconfigured: ArraySlice<Int>
    }

    /// The after-space item changes of one section (slices, as `OldSectionItems`).
    struct NewSectionItems: Equatable, Sendable {
        /// Sorted item indexes taken by an insert or a move.
        let placed: ArraySlice<Int>
        /// Parallel to `placed`: the source of a move, `nil` for an insert.
        let sources: ArraySlice<ItemPath?>
    }

    /// The before-space item changes of every section with some, parallel to
    /// `oldItemSections`, in flat arrays: one allocation per kind of change for the whole
    /// update, where an array per section and kind cost a small batch about a tenth of its
    /// apply in allocating and freeing them.
    package struct OldItemTable: RandomAccessCollection, Equatable, Sendable {
        /// Where each section's changes start in the flat arrays, with one more entry for
        /// the end: section `g` has `removed[bounds[g].removed..<bounds[g + 1].removed]`.
        var bounds: [(removed: Int, reloaded: Int, reconfigured: Int)]
        var removed: [Int] = []
        var destinations: [ItemPath?] = []
        var reloaded: [Int] = []
        var reconfigured: [Int] = []

        /// Room for `sections` sections and `changes` changes, so building it allocates once
        /// per array.
        init(reservingSections sections: Int, changes: Int) {
            // Reserved before the first bound goes in: a literal `[(0, 0, 0)]` was an
            // allocation of its own, which the reservation then replaced.
            bounds = []
            bounds.reserveCapacity(sections + 1)
            bounds.append((0, 0, 0))
            removed.reserveCapacity(changes)
            destinations.reserveCapacity(changes)
        }

        /// Ends the last section's changes (if any) and starts the next one's.
        mutating func startSection() {
            endSection()
            bounds.append(bounds[bounds.count - 1])
        }

        /// Ends the last section's changes: call after its last append.
        mutating func endSection() {
            bounds[bounds.count - 1] = (removed.count, reloaded.count, reconfigured.count)
        }

        /// 0.
        ///
        /// - Complexity: O(1).
        package var startIndex: Int { 0 }
        /// The number of sections with changes.
        ///
        /// - Complexity: O(1).
        package var endIndex: Int { bounds.count - 1 }

        /// The changes of the `group`-th section with some (slices, no copy).
        ///
        /// - Complexity: O(1).
        package subscript(group: Int) -> OldSectionItems {
            let (from, to) = (bounds[group], bounds[group + 1])
            return OldSectionItems(
                removed: removed[from.removed..<to.removed],
                destinations: destinations[from.removed..<to.removed],
                reloaded: reloaded[from.reloaded..<to.reloaded],
                reconfigured: reconfigured[from.reconfigured..<to.reconfigured]
            )
        }

        /// Whether the two tables hold the same changes in the same sections' bounds.
        ///
        /// - Complexity: O(k) for k changes.
        package static func == (a: OldItemTable, b: OldItemTable) -> Bool {
            a.bounds.elementsEqual(b.bounds, by: ==) && a.removed == b.removed && a.destinations == b.destinations
                && a.reloaded == b.reloaded && a.reconfigured == b.reconfigured
        }
    }

    /// The after-space item changes of every section with some, parallel to
    /// `newItemSections`, in flat arrays (as `OldItemTable`).
    struct NewItemTable: RandomAccessCollection, Equatable, Sendable {
        /// Where each section's changes start in the flat arrays, and the end.
        var bounds: [Int]
        var placed: [Int] = []
        var sources: [ItemPath?] = []

        /// Room for `sections` sections and `changes` changes.
        init(reservingSections sections: Int, changes: Int) {
            bounds = []   // (reserved before the first bound goes in, as `OldItemTable`'s)
            bounds.reserveCapacity(sections + 1)
            bounds.append(0)
            placed.reserveCapacity(changes)
            sources.reserveCapacity(changes)
        }

        /// Ends the last section's changes (if any) and starts the next one's.
        mutating func startSection() {
            endSection()
            bounds.append(placed.count)
        }

        /// Ends the last section's changes.
        mutating func endSection() { bounds[bounds.count - 1] = placed.count }

        /// 0.
        ///
        /// - Complexity: O(1).
        var startIndex: Int { 0 }
        /// The number of sections with changes.
        ///
        /// - Complexity: O(1).
        var endIndex: Int { bounds.count - 1 }

        /// The changes of the `group`-th section with some (slices, no copy).
        ///
        /// - Complexity: O(1).
        subscript(group: Int) -> NewSectionItems {
            let range = bounds[group]..<bounds[group + 1]
            return NewSectionItems(placed: placed[range], sources: sources[range])
        }
    }

    /// Wraps the output of validation; nothing is checked again (debug builds check the
    /// structure's own invariants).
    init(
        _validatedBefore before: SectionCounts, after: SectionCounts, batch: BatchUpdate,
        removedSections: [Int], sectionDestinations: [Int],
        placedSections: [Int], sectionSources: [Int], reloadedSections: [Int],
        oldItemSections: [Int], oldItems: OldItemTable,
        newItemSections: [Int], newItems: NewItemTable
    ) {
        storage = Storage(
            countsBefore: before, countsAfter: after, batch: batch,
            removedSections: removedSections, sectionDestinations: sectionDestinations,
            placedSections: placedSections, sectionSources: sectionSources, reloadedSections: reloadedSections,
            oldItemSections: oldItemSections, oldItems: oldItems,
            newItemSections: newItemSections, newItems: newItems
        )
        _checkInvariants()
    }

    /// Whether the two updates are the same change: the same batch, counts and tables.
    ///
    /// - Complexity: O(k) for k operations (O(1) for copies of one update).
    public static func == (lhs: ValidatedUpdate, rhs: ValidatedUpdate) -> Bool {
        let a = lhs.storage, b = rhs.storage
        return a === b || (
            a.countsBefore == b.countsBefore && a.countsAfter == b.countsAfter && a.batch == b.batch
                && a.removedSections == b.removedSections && a.sectionDestinations == b.sectionDestinations
                && a.placedSections == b.placedSections && a.sectionSources == b.sectionSources
                && a.reloadedSections == b.reloadedSections
                && a.oldItemSections == b.oldItemSections && a.oldItems == b.oldItems
                && a.newItemSections == b.newItemSections && a.newItems == b.newItems
        )
    }

    /// The number of sections before the update.
    ///
    /// - Complexity: O(1).
    public var sectionCountBefore: Int { countsBefore.sectionCount }

    /// The number of sections after the update.
    ///
    /// - Complexity: O(1).
    public var sectionCountAfter: Int { countsAfter.sectionCount }
}
