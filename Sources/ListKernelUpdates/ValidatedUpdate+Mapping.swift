@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout

/// Where things went: sections, items and elements mapped across the update, each in
/// O(log k) for k operations, however many items the sections hold.
extension ValidatedUpdate {
    // MARK: Sections

    /// Whether the update leaves the sections in `range` (indexes before it) as they were,
    /// at the same indexes, and moves no element of theirs except by shifting it along the
    /// content axis: no item operation names a section in `range`, and every section
    /// operation (delete, insert, move, reload) names only sections after it. Items of the
    /// sections before `range` may change; all fates in `range` are then `.unchanged`, with
    /// the same paths.
    ///
    /// - Complexity: O(log k).
    package func leavesSectionsInPlace(_ range: ClosedRange<Int>) -> Bool {
        func after(_ sorted: [Int]) -> Bool { (sorted.first ?? .max) > range.upperBound }
        func outside(_ sorted: [Int]) -> Bool {
            let at = SortedIndexes.rank(of: range.lowerBound, in: sorted)
            return at == sorted.count || sorted[at] > range.upperBound
        }
        return after(removedSections) && after(placedSections) && after(reloadedSections)
            && outside(oldItemSections) && outside(newItemSections)
    }

    /// What the update does to section `section` (an index before the update), or `nil`
    /// when there was no such section.
    ///
    /// - Complexity: O(log k).
    public func fate(ofOldSection section: Int) -> SectionFate? {
        guard section >= 0, section < countsBefore.sectionCount else { return nil }
        let rank = SortedIndexes.rank(of: section, in: removedSections)
        if rank < removedSections.count, removedSections[rank] == section {
            let destination = sectionDestinations[rank]
            return destination >= 0 ? .moved(destination) : .deleted
        }
        let new = SortedIndexes.free(section - rank, skipping: placedSections)
        return SortedIndexes.position(of: section, in: reloadedSections) == nil ? .unchanged(new) : .reloaded(new)
    }

    /// Where section `section` (an index after the update) came from, or `nil` when there is
    /// no such section.
    ///
    /// - Complexity: O(log k).
    public func origin(ofNewSection section: Int) -> SectionOrigin? {
        guard section >= 0, section < countsAfter.sectionCount else { return nil }
        let rank = SortedIndexes.rank(of: section, in: placedSections)
        if rank < placedSections.count, placedSections[rank] == section {
            let source = sectionSources[rank]
            return source >= 0 ? .moved(from: source) : .inserted
        }
        let old = SortedIndexes.free(section - rank, skipping: removedSections)
        return SortedIndexes.position(of: old, in: reloadedSections) == nil ? .unchanged(old) : .reloaded(old)
    }

    /// The index after the update of section `section` (before it); `nil` when it is deleted
    /// or did not exist. A reloaded section keeps an index (its contents are replaced).
    ///
    /// - Complexity: O(log k).
    public func newSection(forOld section: Int) -> Int? { fate(ofOldSection: section)?.newIndex }

    /// The index before the update of section `section` (after it); `nil` when it is inserted
    /// or does not exist.
    ///
    /// - Complexity: O(log k).
    public func oldSection(forNew section: Int) -> Int? { origin(ofNewSection: section)?.oldIndex }

    // MARK: Items

    /// What the update does to the item at `path` (before the update), or `nil` when there
    /// was no such item.
    ///
    /// ```swift
    /// update.fate(ofOld: ItemPath(section: 0, item: 3))   // .moved([1, 0])
    /// ```
    ///
    /// - Complexity: O(log k).
    public func fate(ofOld path: ItemPath) -> ItemFate? {
        guard let sectionFate = fate(ofOldSection: path.section), countsBefore.contains(item: path.item, inSection: path.section) else {
            return nil
        }
        let newSection: Int
        switch sectionFate {
        case .deleted: return .deleted
        case .reloaded(let new): return .sectionReloaded(newSection: new)
        case .unchanged(let new), .moved(let new): newSection = new
        }
        var ordinal = path.item
        var isReloaded = false, isReconfigured = false
        if let group = SortedIndexes.position(of: path.section, in: oldItemSections) {
            let changes = oldItems[group]
            let rank = SortedIndexes.rank(of: path.item, in: changes.removed)
            if rank < changes.removed.count, changes.removed[offset: rank] == path.item {
                return changes.destinations[offset: rank].map(ItemFate.moved) ?? .deleted
            }
            ordinal -= rank
            isReloaded = SortedIndexes.position(of: path.item, in: changes.reloaded) != nil
            isReconfigured = SortedIndexes.position(of: path.item, in: changes.reconfigured) != nil
        }
        var newItem = ordinal
        if let group = SortedIndexes.position(of: newSection, in: newItemSections) {
            newItem = SortedIndexes.free(ordinal, skipping: newItems[group].placed)
        }
        let new = ItemPath(section: newSection, item: newItem)
        return isReloaded ? .reloaded(new) : isReconfigured ? .reconfigured(new) : .unchanged(new)
    }

    /// Where the item at `path` (after the update) came from, or `nil` when there is no such
    /// item.
    ///
    /// - Complexity: O(log k).
    public func origin(ofNew path: ItemPath) -> ItemOrigin? {
        guard let sectionOrigin = origin(ofNewSection: path.section), countsAfter.contains(item: path.item, inSection: path.section) else {
            return nil
        }
        let oldSection: Int
        switch sectionOrigin {
        case .inserted: return .inserted
        case .reloaded(let old): return .sectionReloaded(oldSection: old)
        case .unchanged(let old), .moved(from: let old): oldSection = old
        }
        var ordinal = path.item
        if let group = SortedIndexes.position(of: path.section, in: newItemSections) {
            let changes = newItems[group]
            let rank = SortedIndexes.rank(of: path.item, in: changes.placed)
            if rank < changes.placed.count, changes.placed[offset: rank] == path.item {
                return changes.sources[offset: rank].map(ItemOrigin.moved(from:)) ?? .inserted
            }
            ordinal -= rank
        }
        guard let group = SortedIndexes.position(of: oldSection, in: oldItemSections) else {
            return .unchanged(ItemPath(section: oldSection, item: ordinal))
        }
        let changes = oldItems[group]
        let old = ItemPath(section: oldSection, item: SortedIndexes.free(ordinal, skipping: changes.removed))
        if SortedIndexes.position(of: old.item, in: changes.reloaded) != nil { return .reloaded(old) }
        if SortedIndexes.position(of: old.item, in: changes.reconfigured) != nil { return .reconfigured(old) }
        return .unchanged(old)
    }

    /// The path after the update of the item at `path` (before it). `nil` when the item is
    /// deleted, its section is deleted or reloaded, or there was no such item. A moved item
    /// maps to its destination; a reloaded or reconfigured one to its new place (its fate
    /// says which).
    ///
    /// - Complexity: O(log k).
    public func newPath(forOld path: ItemPath) -> ItemPath? { fate(ofOld: path)?.newPath }

    /// The path before the update of the item at `path` (after it). `nil` when the item is
    /// inserted, its section is inserted or reloaded, or there is no such item.
    ///
    /// - Complexity: O(log k).
    public func oldPath(forNew path: ItemPath) -> ItemPath? { origin(ofNew: path)?.oldPath }

    // MARK: Elements

    /// The element after the update that `element` (before it) became: an item by
    /// `newPath(forOld:)`, a header or footer by its section. `nil` when the element is gone
    /// or replaced (a deleted or reloaded section's header and footer included).
    ///
    /// - Complexity: O(log k).
    public func newElement(forOld element: ListElement) -> ListElement? {
        if case .item(let path) = element { return newPath(forOld: path).map(ListElement.item) }
        switch fate(ofOldSection: element.section) {
        case .unchanged(let new)?, .moved(let new)?: return element.inSection(new)
        default: return nil
        }
    }

    /// The element before the update that `element` (after it) was; `nil` when it is new or
    /// replaced.
    ///
    /// - Complexity: O(log k).
    public func oldElement(forNew element: ListElement) -> ListElement? {
        if case .item(let path) = element { return oldPath(forNew: path).map(ListElement.item) }
        switch origin(ofNewSection: element.section) {
        case .unchanged(let old)?, .moved(from: let old)?: return element.inSection(old)
        default: return nil
        }
    }
}
