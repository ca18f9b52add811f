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
///     sections     [ (id "fruit", items [1, 2, 3]), (id "veg", items [4]) ]   chunks of 64
///     sectionIndex { "fruit": 0, "veg": 1 }               section id → position
///     itemSection  { 1: "fruit", 2: "fruit", 4: "veg" }   item id → section id (sharded)
///     positions    per section past 32 items              item id → index in the section
///     chunks       per section past 8,192 items           items in chunks of ≤ 256, item id → chunk
///
/// An item's entry names its section by identifier, not position, so moving, inserting or
/// deleting sections never touches it, and its index lives in its section's record, so an
/// insert, delete or move inside a section re-indexes only that record (a section of up to
/// 32 items keeps no positions: a scan is as fast). A section of more than 8,192 items keeps
/// its items in chunks, each item filed under its chunk, so that an edit re-files at most a
/// chunk's items (`_ItemList`). Every index is kept exact after every operation (no lazy
/// rebuild), so every query is O(1) except where noted.
///
/// The storage is laid out for copies: a snapshot derived from the data source's shares
/// everything with it until it changes, and then copies only what its edits touch, the
/// chunks of 64 section records holding the edited sections (each record's items and
/// positions once, or, in a section of more than 8,192 items, the chunks of items edited,
/// the section's chunk table and a shard of its chunk index) and, past 16,384 items, the
/// shards of the item index (by hash) holding the items inserted, deleted or moved across
/// sections, with the groups of 64 that hold those chunks and shards: never the whole
/// snapshot.
///
/// - Complexity: queries are O(1) unless noted; mutations name theirs. `S` is the number of
///   sections, `m` the number of items in the section concerned, `k` the number of
///   identifiers passed.
public struct ListSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// One section: its identifier and its items in order, with each item's index in it
    /// (`_ItemList`: flat, or in chunks past 8,192 items).
    ///
    /// The indexes live with their section, not in the snapshot-wide item index, so that an
    /// insert or delete inside a section, which re-indexes the items after it, changes only
    /// that section's record: a derived snapshot copies the records it changes and shares
    /// the rest (the snapshot-wide index, which names only each item's section, changes for
    /// the items inserted, deleted or moved across sections). A section of many thousands of
    /// items keeps them in chunks, so that such a change copies a few chunks, not the section.
    @usableFromInline
    package struct _Section: Equatable {
        @usableFromInline package var id: SectionID
        /// The items in order, with their indexes; changed only through the methods below.
        @usableFromInline package internal(set) var items: _ItemList<ItemID>

        /// The item count up to which a flat section keeps no indexes.
        @usableFromInline static var indexedThreshold: Int { _ItemList<ItemID>.indexedThreshold }

        @inlinable
        init(id: SectionID, items: [ItemID]) {
            self.id = id
            self.items = _ItemList(items)
        }

        /// Sections are equal when their identifiers and items are.
        ///
        /// - Complexity: O(m).
        @inlinable
        package static func == (lhs: _Section, rhs: _Section) -> Bool { lhs.id == rhs.id && lhs.items == rhs.items }

        /// The index of `item`, which the section must hold for a meaningful answer (`nil`
        /// otherwise).
        ///
        /// - Complexity: O(1) expected (O(32) for a small section, O(256) for a chunked one).
        @inlinable
        package func index(of item: ItemID) -> Int? { items.index(of: item) }

        /// Inserts `new` at `index`.
        ///
        /// - Complexity: O(m − index + k); O(m / 256 + k + 256) past 8,192 items.
        @inlinable
        mutating func insert(contentsOf new: [ItemID], at index: Int) {
            items.insert(contentsOf: new, at: index)
        }

        /// Removes the items at `doomed` (indexes).
        ///
        /// - Complexity: O(m); O(m / 256 + k log k) past 8,192 items.
        @usableFromInline
        mutating func remove(at doomed: Set<Int>) {
            items.remove(at: doomed)
        }

        /// Removes every item.
        ///
        /// - Complexity: O(1) (plus freeing).
        @usableFromInline
        mutating func removeAllItems() {
            items.removeAll()
        }
    }

    /// A touched item's entry in the edit log: its section's position at the log's base
    /// (recorded at the item's first edit, when the snapshot still placed it
    /// as the base did), and its section's position now (set by every edit of the item).
    /// Positions are stable while the log is kept: a section insert, delete or move drops
    /// the log. The difference reads both places here instead of in the item and section
    /// indexes of either snapshot: no hash of a touched item, where it took four.
    @usableFromInline
    internal struct _Touch: Sendable {
        /// The position of the item's section at the base, or -1 if the base did not hold it.
        @usableFromInline var originPosition: Int
        /// The position of the item's section now, or -1 if the snapshot does not hold it.
        @usableFromInline var currentPosition: Int

        @inlinable
        init(originPosition: Int, currentPosition: Int) {
            self.originPosition = originPosition
            self.currentPosition = currentPosition
        }
    }

    /// Where an item is: its section's identifier and position, and its index in that
    /// section (`_locate(_:)`).
    @usableFromInline
    internal struct _Location {
        @usableFromInline var section: SectionID
        @usableFromInline var position: Int
        @usableFromInline var index: Int

        @inlinable
        init(section: SectionID, position: Int, index: Int) {
            self.section = section
            self.position = position
            self.index = index
        }
    }

    /// The sections in order, in chunks of 64, so that a derived snapshot changing a few
    /// sections copies only their chunks (`ChunkedArray.swift`).
    @usableFromInline package var _sections = _ChunkedArray<_Section>()
    /// Section identifier → position in `_sections`.
    @usableFromInline internal var _sectionIndex: [SectionID: Int] = [:]
    /// Item identifier → its section's identifier, in shards, so that a derived snapshot's
    /// edits copy only the shards they touch (`ShardedIndex.swift`); the item's index is in
    /// its section's record (`_Section.index(of:)`).
    @usableFromInline internal var _itemSection = _ShardedIndex<ItemID, SectionID>()
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
    /// place changed), with the positions of its section at `_logBase` and now (`_Touch`).
    /// The others keep their section and relative order.
    @usableFromInline internal var _touched: [ItemID: _Touch] = [:]
    /// Whether a section was inserted, deleted or moved (or every item deleted) since
    /// `_logBase`: the difference then takes the full diff.
    @usableFromInline internal var _isStructurallyEdited = false
    /// The item counts of the sections item edits changed since the last commit (with
    /// repeats): about how many entries of the sections' records those edits copied.
    @usableFromInline internal var _editedSectionItems = 0
    /// How many section records item edits changed since the last commit (with repeats):
    /// each copied at most one chunk of `_sections` from the snapshot this one was copied
    /// from.
    @usableFromInline internal var _editedSections = 0

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
    @inlinable
    public init(sections: [DiffSection<SectionID, ItemID>]) throws(SnapshotError) {
        // Built in one pass, not by `appendSections` and `appendItems`: each item is filed
        // once (one hash, one probe), the item index is sized and sharded up front, and the
        // errors are the ones those calls would throw, in the same order.
        var sectionIndex: [SectionID: Int] = [:]
        sectionIndex.reserveCapacity(sections.count)
        var total = 0
        for (position, section) in sections.enumerated() {
            if let first = sectionIndex.updateValue(position, forKey: section.id) {
                throw .sectionRepeated(identifier: String(describing: section.id), firstIndex: first, secondIndex: position)
            }
            total += section.items.count
        }
        var itemSection = _ShardedIndex<ItemID, SectionID>(minimumCapacity: total)
        for section in sections {
            for (offset, item) in section.items.enumerated() {
                guard let earlier = itemSection.updateValue(section.id, forKey: item) else { continue }
                throw Self._repeatedItemError(item, at: offset, in: section, filedUnder: earlier, sections: sections, sectionIndex: sectionIndex)
            }
        }
        var records = _ChunkedArray<_Section>()
        records.append(contentsOf: sections.lazy.map { _Section(id: $0.id, items: $0.items) })
        _sections = records
        _sectionIndex = sectionIndex
        _itemSection = itemSection
        if !sections.isEmpty { _recordStructuralEdit() }
        _editedSectionItems = total
        _checkInvariants()
    }

    /// The error `appendItems` throws for `item`, at `offset` in `section`, when the item is
    /// already filed under section `earlier`: repeated in `section`, or present in an
    /// earlier one.
    ///
    /// - Complexity: O(m) for the sections' items searched.
    @usableFromInline
    internal static func _repeatedItemError(
        _ item: ItemID,
        at offset: Int,
        in section: DiffSection<SectionID, ItemID>,
        filedUnder earlier: SectionID,
        sections: [DiffSection<SectionID, ItemID>],
        sectionIndex: [SectionID: Int]
    ) -> SnapshotError {
        let identifier = String(describing: item)
        if earlier == section.id {
            return .itemRepeated(identifier: identifier, firstIndex: section.items.firstIndex(of: item)!, secondIndex: offset)
        }
        let position = sectionIndex[earlier]!
        return .itemAlreadyPresent(identifier: identifier, path: ItemPath(section: position, item: sections[position].items.firstIndex(of: item)!))
    }

    // MARK: Counts and identifiers

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int { _sections.count }

    /// The number of items in all sections.
    ///
    /// - Complexity: O(1).
    public var numberOfItems: Int { _itemSection.count }

    /// The section identifiers, in order.
    ///
    /// - Complexity: O(S).
    public var sectionIdentifiers: [SectionID] { _sections.map(\.id) }

    /// The item identifiers of all sections, in order.
    ///
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemID] {
        var items: [ItemID] = []
        items.reserveCapacity(numberOfItems)
        for section in _sections { section.items.forEachRun { items.append(contentsOf: $0) } }
        return items
    }

    /// The sections with their item identifiers, in order: the form `SectionedDiff.replay`
    /// (in `ListKernelTesting`) works on.
    ///
    /// - Complexity: O(S) (item arrays are shared, copy-on-write), plus O(m) for each
    ///   section of more than 8,192 items (kept in chunks).
    public var sections: [DiffSection<SectionID, ItemID>] {
        _sections.map { DiffSection(id: $0.id, items: $0.items.array) }
    }

    /// The item identifiers of section `section`, in order, or `nil` if the snapshot does
    /// not hold it (queries never throw; changes do).
    ///
    /// - Parameter section: a section identifier.
    /// - Complexity: O(1) (the array is shared, copy-on-write); O(m) for a section of more
    ///   than 8,192 items, which the snapshot keeps in chunks (`numberOfItems(inSection:)`
    ///   and `itemIdentifier(at:inSection:)` read one without copying it).
    public func itemIdentifiers(inSection section: SectionID) -> [ItemID]? {
        _sectionIndex[section].map { _sections[$0].items.array }
    }

    /// The number of items in section `section`, or `nil` if the snapshot does not hold it.
    ///
    /// - Parameter section: a section identifier.
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: SectionID) -> Int? {
        _sectionIndex[section].map { _sections[$0].items.count }
    }

    /// The identifier of the item at `index` in section `section`, or `nil` if the snapshot
    /// does not hold the section or the index is outside `0..<numberOfItems(inSection:)`:
    /// one item of a long section without copying its identifiers.
    ///
    /// ```swift
    /// let newest = snapshot.itemIdentifier(at: snapshot.numberOfItems(inSection: "chat")! - 1, inSection: "chat")
    /// ```
    ///
    /// - Parameters:
    ///   - index: an item index in the section.
    ///   - section: a section identifier.
    /// - Complexity: O(1); O(log(m / 256)) for a section of more than 8,192 items.
    public func itemIdentifier(at index: Int, inSection section: SectionID) -> ItemID? {
        guard let position = _sectionIndex[section] else { return nil }
        let items = _sections[position].items
        return items.indices.contains(index) ? items[index] : nil
    }

    /// The item counts of the sections at `indexes` (each in `0..<numberOfSections`), in
    /// one call: the kernel asks for the touched sections of a batch at once. Inlinable, so
    /// a data source that asks from specialized code (`ListDiffableDataSource.apply(_:)`)
    /// reads the records directly; unspecialized generic code looked the snapshot's types up
    /// for every access, about 800 instructions a section.
    ///
    /// - Complexity: O(k) for k indexes.
    @inlinable
    package func _itemCounts(ofSectionsAt indexes: [Int]) -> [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(indexes.count)
        for index in indexes { counts.append(_sections[index].items.count) }
        return counts
    }

    /// The index of section `section`, or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    public func indexOfSection(_ section: SectionID) -> Int? { _sectionIndex[section] }

    /// The path of item `item`, or `nil` if the snapshot does not hold it.
    ///
    /// - Complexity: O(1).
    public func itemPath(of item: ItemID) -> ItemPath? { _path(of: item) }

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
        _itemSection[item]
    }

    /// Whether the snapshot holds section `section`.
    ///
    /// - Complexity: O(1).
    public func containsSection(_ section: SectionID) -> Bool { _sectionIndex[section] != nil }

    /// Whether the snapshot holds item `item`.
    ///
    /// - Complexity: O(1).
    public func containsItem(_ item: ItemID) -> Bool { _itemSection[item] != nil }

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
    @inlinable
    internal func _location(ofItem item: ItemID) throws(SnapshotError) -> _Location {
        guard let location = _locate(item) else {
            throw .itemNotFound(identifier: String(describing: item))
        }
        return location
    }

    /// Where item `item` is, or `nil` if the snapshot does not hold it: the one lookup chain
    /// every item query takes (item → section identifier → position → index in it).
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    internal func _locate(_ item: ItemID) -> _Location? {
        guard let section = _itemSection[item], let position = _sectionIndex[section],
              let index = _sections[position].index(of: item)
        else { return nil }
        return _Location(section: section, position: position, index: index)
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
        let body = _sections.map { "\($0.id): \($0.items.array)" }.joined(separator: ", ")
        var marks = ""
        if !_reloadedSections.isEmpty { marks += " reloadSections \(_reloadedSections)" }
        if !_reloadedItems.isEmpty { marks += " reload \(_reloadedItems)" }
        if !_reconfiguredItems.isEmpty { marks += " reconfigure \(_reconfiguredItems)" }
        return "ListSnapshot(\(body))" + marks
    }
}
