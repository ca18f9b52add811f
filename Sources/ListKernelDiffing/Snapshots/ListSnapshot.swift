@_spi(ListKernelTesting) public import ListKernelCore

/// The state of a sectioned list as identifiers: ordered sections of ordered items, plus the
/// items and sections marked for refresh. A value type, like `NSDiffableDataSourceSnapshot`.
///
/// ```swift
/// var snapshot = ListSnapshot<String, Int>()
/// try snapshot.appendSections(["fruit", "veg"])
/// try snapshot.appendItems([1, 2, 3], toSection: "fruit")
/// try snapshot.appendItems([4], toSection: "veg")
/// var next = snapshot
/// try next.moveItem(3, beforeItem: 1)
/// try next.reconfigureItems([2])
/// let diff = next.difference(from: snapshot)   // one move, one reconfigure
/// ```
///
/// Identifiers are unique: a section identifier once among sections, an item identifier once
/// across all sections. Every operation that would break this, or that names an identifier
/// the snapshot does not hold, throws a `SnapshotError` and leaves the snapshot unchanged.
///
/// Storage and indexes:
///
///     sections     [ (id "fruit", items [1, 2, 3]), (id "veg", items [4]) ]
///     sectionIndex { "fruit": 0, "veg": 1 }                       section id → position
///     itemLocation { 1: ("fruit", 0), 2: ("fruit", 1), … }         item id → section id, index
///
/// Item locations name their section by identifier, not position, so moving, inserting or
/// deleting sections never touches them; an insert, delete or move inside a section
/// re-indexes that section's items after the change. Both indexes are kept exact after every
/// operation (no lazy rebuild), so every query is O(1) except where noted. Past 16,384 items
/// the item index is split into 1,024 shards by hash: the first change of a copy (a
/// snapshot derived from the data source's) copies the sections' array and only the shards
/// its edits touch, not the whole index.
///
/// - Complexity: queries are O(1) unless noted; mutations name theirs. `S` is the number of
///   sections, `m` the number of items in the section concerned, `k` the number of
///   identifiers passed.
public struct ListSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// One section: its identifier and its items in order.
    @usableFromInline
    package struct _Section: Equatable {
        @usableFromInline package var id: SectionID
        @usableFromInline package var items: [ItemID]

        @usableFromInline
        init(id: SectionID, items: [ItemID]) {
            self.id = id
            self.items = items
        }
    }

    /// Where an item is: its section's identifier and its index in that section.
    @usableFromInline
    internal struct _Location: Equatable {
        @usableFromInline var section: SectionID
        @usableFromInline var index: Int

        @usableFromInline
        init(section: SectionID, index: Int) {
            self.section = section
            self.index = index
        }
    }

    /// The sections in order, in chunks of 64, so that a derived snapshot changing a few
    /// sections copies only their chunks (`ChunkedArray.swift`).
    @usableFromInline package var _sections = _ChunkedArray<_Section>()
    /// Section identifier → position in `_sections`.
    @usableFromInline internal var _sectionIndex: [SectionID: Int] = [:]
    /// Item identifier → section identifier and index in the section, in shards, so that a
    /// derived snapshot's edits copy only the shards they touch (`ShardedIndex.swift`).
    @usableFromInline internal var _itemLocation = _ShardedIndex<ItemID, _Location>()
    /// Items marked for reload (fresh view).
    @usableFromInline internal var _reloadedItems: Set<ItemID> = []
    /// Items marked for reconfigure (same view).
    @usableFromInline internal var _reconfiguredItems: Set<ItemID> = []
    /// Sections marked for reload.
    @usableFromInline internal var _reloadedSections: Set<SectionID> = []
    /// The identity of this snapshot's contents: a new one after every change, shared by
    /// copies until one of them changes (`ListSnapshot+Derivation.swift`).
    @usableFromInline internal var _version = _SnapshotVersion()
    /// The version of the snapshot this one was derived from, or `nil` for a snapshot not
    /// changed since it was made or committed (`ListSnapshot+Derivation.swift`).
    @usableFromInline internal var _logBase: _SnapshotVersion?
    /// Every item inserted, deleted or moved since `_logBase` (a superset of those whose
    /// place changed); the others keep their section and relative order.
    @usableFromInline internal var _touched: Set<ItemID> = []
    /// Whether a section was inserted, deleted or moved (or every item deleted) since
    /// `_logBase`: the difference then takes the full diff.
    @usableFromInline internal var _isStructurallyEdited = false

    /// Creates an empty snapshot.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Creates a snapshot holding `sections`, in order.
    ///
    /// ```swift
    /// let snapshot = try ListSnapshot(sections: [DiffSection(id: "a", items: [1, 2])])
    /// ```
    ///
    /// - Parameter sections: section identifiers with their item identifiers.
    /// - Throws: `SnapshotError` for a repeated section or item identifier.
    /// - Complexity: O(S + n), n items.
    public init(sections: [DiffSection<SectionID, ItemID>]) throws(SnapshotError) {
        try appendSections(sections.map(\.id))
        for section in sections {
            try appendItems(section.items, toSection: section.id)
        }
    }

    // MARK: Counts and identifiers

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { _sections.count }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { _itemLocation.count }

    /// The section identifiers, in order.
    ///
    /// - Complexity: O(S).
    public var sectionIdentifiers: [SectionID] { _sections.map(\.id) }

    /// The item identifiers of all sections, in order.
    ///
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemID] { _sections.flatMap(\.items) }

    /// The sections with their item identifiers, in order: the form `SectionedDiff.replay`
    /// (in `ListKernelTesting`) works on.
    ///
    /// - Complexity: O(S) (item arrays are shared, copy-on-write).
    public var sections: [DiffSection<SectionID, ItemID>] {
        _sections.map { DiffSection(id: $0.id, items: $0.items) }
    }

    /// The item identifiers of section `section`, in order, or `nil` if the snapshot does
    /// not hold it (queries never throw; changes do).
    ///
    /// - Parameter section: a section identifier.
    /// - Complexity: O(1) (the array is shared, copy-on-write).
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID]? {
        _sectionIndex[section].map { _sections[$0].items }
    }

    /// The number of items in section `section`, or `nil` if the snapshot does not hold it.
    ///
    /// - Parameter section: a section identifier.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: SectionID) -> Int? {
        _sectionIndex[section].map { _sections[$0].items.count }
    }

    /// The index of section `section`, or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    public func indexOfSection(_ section: SectionID) -> Int? { _sectionIndex[section] }

    /// The path of item `item`, or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    public func itemPath(of item: ItemID) -> ItemPath? {
        guard let location = _itemLocation[item], let section = _sectionIndex[location.section] else { return nil }
        return ItemPath(section: section, item: location.index)
    }

    /// The index of item `item` among the items of all sections in order (as
    /// `NSDiffableDataSourceSnapshot.indexOfItem`), or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(S): the counts of the sections before the item's are summed.
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let path = itemPath(of: item) else { return nil }
        return _sections[..<path.section].reduce(path.item) { $0 + $1.items.count }
    }

    /// The identifier of the section holding item `item`, or `nil` if the snapshot does not
    /// hold it.
    ///
    /// - Complexity: O(1).
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        _itemLocation[item]?.section
    }

    /// Whether the snapshot holds section `section`.
    ///
    /// - Complexity: O(1).
    public func containsSection(_ section: SectionID) -> Bool { _sectionIndex[section] != nil }

    /// Whether the snapshot holds item `item`.
    ///
    /// - Complexity: O(1).
    public func containsItem(_ item: ItemID) -> Bool { _itemLocation[item] != nil }

    /// The items marked with `reloadItems` (refresh with a fresh view).
    ///
    /// - Complexity: O(1).
    public var reloadedItemIdentifiers: Set<ItemID> { _reloadedItems }

    /// The items marked with `reconfigureItems` (refresh the same view).
    ///
    /// - Complexity: O(1).
    public var reconfiguredItemIdentifiers: Set<ItemID> { _reconfiguredItems }

    /// The sections marked with `reloadSections`.
    ///
    /// - Complexity: O(1).
    public var reloadedSectionIdentifiers: Set<SectionID> { _reloadedSections }

    // MARK: Internal lookups

    /// The position of section `section`, or `sectionNotFound`.
    @usableFromInline
    internal func _position(ofSection section: SectionID) throws(SnapshotError) -> Int {
        guard let position = _sectionIndex[section] else {
            throw .sectionNotFound(identifier: String(describing: section))
        }
        return position
    }

    /// The location of item `item`, or `itemNotFound`.
    internal func _location(ofItem item: ItemID) throws(SnapshotError) -> _Location {
        guard let location = _itemLocation[item] else {
            throw .itemNotFound(identifier: String(describing: item))
        }
        return location
    }
}

extension ListSnapshot: Equatable {
    /// Snapshots are equal when they hold the same sections and items in the same order and
    /// the same marks.
    ///
    /// - Complexity: O(S + n + marks).
    public static func == (lhs: ListSnapshot, rhs: ListSnapshot) -> Bool {
        lhs._sections == rhs._sections
            && lhs._reloadedItems == rhs._reloadedItems
            && lhs._reconfiguredItems == rhs._reconfiguredItems
            && lhs._reloadedSections == rhs._reloadedSections
    }
}

extension ListSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}

extension ListSnapshot._Section: Sendable where SectionID: Sendable, ItemID: Sendable {}
extension ListSnapshot._Location: Sendable where SectionID: Sendable {}

extension ListSnapshot: CustomStringConvertible {
    /// The sections with their items, and the marks.
    ///
    /// - Complexity: O(S + n).
    public var description: String {
        let body = _sections.map { "\($0.id): \($0.items)" }.joined(separator: ", ")
        var marks = ""
        if !_reloadedSections.isEmpty { marks += " reloadSections \(_reloadedSections)" }
        if !_reloadedItems.isEmpty { marks += " reload \(_reloadedItems)" }
        if !_reconfiguredItems.isEmpty { marks += " reconfigure \(_reconfiguredItems)" }
        return "ListSnapshot(\(body))" + marks
    }
}
