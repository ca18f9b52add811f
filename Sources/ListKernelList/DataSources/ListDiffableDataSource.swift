@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) public import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// A data source that holds the list's model as a `ListSnapshot` and updates the list by
/// applying whole snapshots, like `UICollectionViewDiffableDataSource`: it computes the
/// difference from the current snapshot, turns it into a batch update, and applies it
/// (validated, laid out and reconciled) in one call.
///
/// ```swift
/// let list = VirtualList<RowView>()
/// try list.register(kind: .item, reuseIdentifier: "row") { RowView() }
/// try list.register(kind: .header, reuseIdentifier: "header") { RowView() }
/// let dataSource = ListDiffableDataSource<String, Contact.ID, RowView>(
///     list: list,
///     configure: { view, id, _, _ in view.text = contacts[id]!.name },
///     configureSupplementary: { view, _, group in view.text = group },
///     reuseIdentifier: { $0.kind == .item ? "row" : "header" },
///     sectionMetrics: { _ in SectionMetrics(header: 28, itemExtent: .uniform(44)) }
/// )
/// self.dataSource = dataSource                 // keep it: the list holds it weakly
///
/// var snapshot = dataSource.snapshot()
/// try snapshot.appendSections(["A"])
/// try snapshot.appendItems(ids, toSection: "A")
/// let pass = try dataSource.apply(snapshot)  // displayed views, transitions to animate
/// ```
///
/// Ownership: `VirtualList.dataSource` is weak, as UIKit's is. Whoever creates the
/// diffable data source must keep a strong reference to it (a view controller's property,
/// as UIKit apps keep theirs) for as long as the list is used; the data source keeps its
/// list alive. If the data source goes away, the list has no data source and its next pass
/// or update throws `ListError.noDataSource`. The data source must stay the list's
/// `dataSource`: its `apply` refuses to run otherwise.
///
/// Identity: the list learns item and section identifiers from the snapshot, so a measured
/// item extent is remembered by `ItemID` and fold state follows a section by `SectionID`
/// through inserts, deletes and moves of other sections. Prefer the identifier-based
/// `setCollapsed(_:section:)` of this class in callbacks: a header that captured its
/// `SectionID` folds the right section however many sections were inserted above it.
///
/// Not `Sendable`: it lives in the list's isolation domain.
///
/// - Complexity: queries are O(1) unless they say otherwise; `apply(_:)` is the snapshot
///   difference (O(S + n) for n items when few move) plus `VirtualList.apply(_:)`.
public final class ListDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, View: AnyObject>: ListDataSource {
    /// The snapshot type this data source shows.
    public typealias Snapshot = ListSnapshot<SectionID, ItemID>

    /// The list this data source feeds.
    public let list: VirtualList<View>
    /// Configures an item's view: the view, the item's identifier, its path now, and the
    /// binding (for async work, checked with `list.isCurrent`).
    let configureItem: (View, ItemID, ItemPath, BindingToken) -> Void
    /// Configures a header's or footer's view, given its section's identifier.
    let configureSupplementary: (View, ListElement, SectionID) -> Void
    /// The reuse identifier of an element's view.
    let reuseIdentifier: (ListElement) -> String
    /// A section's metrics, or `nil` for the list's `defaultMetrics`.
    let sectionMetrics: ((SectionID) -> SectionMetrics)?

    /// The snapshot the list shows (during `apply`, the one being applied). Marks cleared.
    /// Read by every count and identifier callback (S times per update); never accessed
    /// overlappingly (callbacks only read it, and the list refuses re-entrant updates), so
    /// the dynamic exclusivity checks, a sixth of an update's cost at 10,000 sections, are
    /// turned off.
    @exclusivity(unchecked) @usableFromInline var current = Snapshot()
    /// Whether the list's layout was built from this data source (a reload or an apply
    /// succeeded); until then, `apply` reloads.
    @exclusivity(unchecked) @usableFromInline var isLoaded = false
    /// Replaced snapshots that share most of their storage with the current one, waiting to
    /// be released together on one background task (`retire(_:exclusiveEntries:)`).
    // (This, `isLoaded` and `retiringEntries` are used by every apply and never accessed
    // overlappingly, as `current`: their dynamic exclusivity checks are off.)
    @exclusivity(unchecked) @usableFromInline var retiring: [Snapshot] = []
    /// The storage entries the snapshots in `retiring` hold alone.
    @exclusivity(unchecked) @usableFromInline var retiringEntries = 0
    /// The buffers an incremental apply works in, kept between applies (a live list applies
    /// many small changes); let go of after a large one (`shrinkIfLarge()`).
    @exclusivity(unchecked) @usableFromInline var incrementalScratch = Snapshot._SectionScratch()

    /// Creates the data source, makes it `list.dataSource`, and reloads the list with an
    /// empty snapshot.
    ///
    /// - Parameters:
    ///   - list: the list to feed. Its views must be registered for every reuse identifier
    ///     `reuseIdentifier` names.
    ///   - configure: shows an item in a view: the view, the item's identifier, its path
    ///     (after the update, during an apply) and the binding. Everything the view shows
    ///     must come from the model: the view may have shown another item before.
    ///   - configureSupplementary: shows a header or footer (`element.kind`) of the section
    ///     with the given identifier. Default: does nothing.
    ///   - reuseIdentifier: the reuse identifier of an element's view.
    ///   - sectionMetrics: a section's header, footer and item extents, by its identifier.
    ///     Default: `nil`, the list's `defaultMetrics` for every section.
    /// - Complexity: O(1) plus the list's reload (which ends the display of the views it
    ///   showed for another data source).
    public init(
        list: VirtualList<View>,
        configure: @escaping (View, ItemID, ItemPath, BindingToken) -> Void,
        configureSupplementary: @escaping (View, ListElement, SectionID) -> Void = { _, _, _ in },
        reuseIdentifier: @escaping (ListElement) -> String,
        sectionMetrics: ((SectionID) -> SectionMetrics)? = nil
    ) {
        self.list = list
        self.configureItem = configure
        self.configureSupplementary = configureSupplementary
        self.reuseIdentifier = reuseIdentifier
        self.sectionMetrics = sectionMetrics
        list.dataSource = self
        // Fails only when called from inside a list callback; `apply` then reloads.
        isLoaded = (try? list.reloadData()) != nil
    }

    // MARK: Queries

    /// The snapshot the list shows, without reload or reconfigure marks: change a copy and
    /// pass it to `apply(_:)`.
    ///
    /// - Complexity: O(1) (copy-on-write).
    public func snapshot() -> Snapshot { current }

    /// The identifier of the item at `path`, or `nil` when there is no such item.
    ///
    /// - Complexity: O(1); O(log(m / 256)) in a section of more than 8,192 items.
    public func itemIdentifier(for path: ItemPath) -> ItemID? {
        guard path.section >= 0, path.section < current._sections.count else { return nil }
        let items = current._sections[path.section].items
        return path.item >= 0 && path.item < items.count ? items[path.item] : nil
    }

    /// The path of item `item` now, or `nil` when the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    public func itemPath(for item: ItemID) -> ItemPath? { current.itemPath(of: item) }

    /// The identifier of section `section`, or `nil` when there is no such section.
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(for section: Int) -> SectionID? {
        section >= 0 && section < current._sections.count ? current._sections[section].id : nil
    }

    /// The index of section `section` now, or `nil` when the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    public func index(for section: SectionID) -> Int? { current.indexOfSection(section) }
}
