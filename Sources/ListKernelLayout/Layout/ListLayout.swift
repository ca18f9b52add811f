@_spi(ListKernelTesting) public import ListKernelCore

/// The geometry of a sectioned list along its scroll axis: where every header, item and
/// footer starts, how long it is, and what is at any offset, each answered in O(log n).
///
/// A list is sections; each section has an optional header, items, an optional footer and a
/// collapsed flag. A collapsed section keeps its items (and their measured extents) but lays
/// out only its header and footer.
///
///     offset 0 ┬ header 0            ─┐
///              ├ item [0, 0]           │ section 0: its extent is one entry of a B+ tree
///              ├ item [0, 1]           │ of sections (`SectionTree`), so a collapse is one
///              ├ footer 0            ─┘ O(log S) update
///              ├ header 1   (collapsed: items kept, not laid out)
///              ├ footer 1
///              ┴ contentExtent
///
/// Extents are stored exactly, as whole 1/256-point units (`FixedPoint`), so sums never
/// drift however many updates are made; the API speaks `Double` points.
///
/// ```swift
/// var layout = try ListLayout(sections: [
///     .init(itemCount: 3, itemExtent: .uniform(44), header: 30, footer: 10),
///     .init(itemExtents: [50, 80], header: 30),
/// ])
/// let hit = layout.element(at: 100)          // item [0, 1], 26 points into it
/// try layout.setCollapsed(true, section: 0)  // O(log S)
/// ```
///
/// Boundary rules:
/// - an offset on the boundary between two elements belongs to the element that starts there;
/// - an element with zero extent is never returned by an offset or range lookup, however
///   many share the offset, and those lookups stay O(log n);
/// - an empty section still has its header and footer.
public struct ListLayout: Equatable {
    /// One section's stored geometry.
    package struct SectionRecord: Equatable {
        /// Header extent in units, or -1 for no header.
        var header: Int32
        /// Footer extent in units, or -1 for no footer.
        var footer: Int32
        var isCollapsed: Bool
        var items: ItemExtents

        var headerUnits: Int64 { header < 0 ? 0 : Int64(header) }
        var footerUnits: Int64 { footer < 0 ? 0 : Int64(footer) }
        var hasHeader: Bool { header >= 0 }
        var hasFooter: Bool { footer >= 0 }

        /// The laid-out extent: header, items unless collapsed, footer.
        var extent: Int64 { headerUnits + (isCollapsed ? 0 : items.total) + footerUnits }

        /// The extent the section has when expanded, which `ListLimits` bounds.
        package var fullExtent: Int64 { headerUnits + items.total + footerUnits }

        /// How many flat positions the section contributes.
        var positionCount: Int {
            (hasHeader ? 1 : 0) + (isCollapsed ? 0 : items.count) + (hasFooter ? 1 : 0)
        }
    }

    /// The sections, with their extents and position counts summed.
    var sections: SectionTree
    /// The items of every section, collapsed ones included (bounded by `ListLimits`).
    var allItemCount: Int
    /// Every section's `fullExtent`, summed (bounded by `ListLimits`).
    package var allUnits: Int64

    /// Creates a layout of `sections`.
    ///
    /// - Throws: `LayoutError.invalidExtent` or `.invalidCount` naming the section at fault;
    ///   `.tooManySections`, `.tooManyItems`, `.contentTooLong` or `.tooManyPerItemExtents`
    ///   past `ListLimits`.
    /// - Complexity: O(S + m) for S sections and m measured item extents (uniform and
    ///   estimated sections cost O(1) each).
    public init(sections: [Section] = []) throws(LayoutError) {
        try ListLayout.checkGrowth(sectionCount: 0, adding: sections.count)
        let (records, items, units) = try ListLayout.checkedRecords(sections, firstIndex: 0, items: 0, units: 0)
        self.sections = SectionTree(records)
        allItemCount = items
        allUnits = units
        _checkInvariants()
    }

    // MARK: Counts

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var sectionCount: Int { sections.count }

    /// The number of items in `section`, collapsed or not, or `nil` for a section outside
    /// the list.
    ///
    /// Queries never throw: a question about an index outside the list answers `nil`, or
    /// `false` when it is a yes-or-no question. Only changes throw.
    ///
    /// - Complexity: O(log S).
    public func itemCount(inSection section: Int) -> Int? {
        isSection(section) ? sections[section].items.count : nil
    }

    /// The item counts of `sections` (each a section of the list), collapsed or not: the
    /// touched sections' counts before a batch update. The sections' descents run side by
    /// side, a level at a time (`SectionTree.places(ofSections:)`), and leave their paths in
    /// the caches for the update's edits that follow.
    ///
    /// - Complexity: O(k log S) for k sections.
    package func itemCounts(inSections sections: [Int]) -> [Int] {
        itemCountsAndSlots(inSections: sections).counts
    }

    /// `itemCounts(inSections:)`, with where the sections' records were found: item changes
    /// of those sections that follow (`insertItems(at:count:measuredExtent:slots:)`,
    /// `deleteItems(_:inSection:slots:)`) skip the descent that finds each again.
    ///
    /// - Complexity: O(k log S) for k sections.
    package func itemCountsAndSlots(inSections sections: [Int]) -> (counts: [Int], slots: SectionSlots) {
        precondition(sections.allSatisfy(isSection), "kernel invariant: a section outside 0..<\(sectionCount)")
        let places = self.sections.places(ofSections: sections)
        // Appended into reserved storage: `map` makes its array through a path that looks
        // the storage type up at run time.
        var counts: [Int] = []
        counts.reserveCapacity(places.count)
        for place in places { counts.append(self.sections[slot: place.slot].items.count) }
        return (counts, SectionSlots(sections: sections, places: places))
    }

    /// Where the records of some sections are in the section tree, and the paths to them,
    /// as `itemCountsAndSlots(inSections:)` found them. Item changes never move a record nor
    /// change the tree's shape; an inserted, removed or moved section can, so a caller passes
    /// these only to item changes made before any section change (debug builds check every
    /// slot and path used).
    package struct SectionSlots: Sendable {
        /// The sections, ascending.
        let sections: [Int]
        /// Parallel to `sections`: each one's record slot and path.
        let places: [SectionTree.Place]

        /// No slots known: every section is found by a descent.
        package static let none = SectionSlots(sections: [], places: [])

        /// Section `section`'s place, if known.
        ///
        /// - Complexity: O(log k) for k sections.
        func place(of section: Int) -> SectionTree.Place? {
            var low = 0, high = sections.count
            while low < high {
                let mid = (low + high) >> 1
                if sections[mid] < section { low = mid + 1 } else { high = mid }
            }
            return low < sections.count && sections[low] == section ? places[low] : nil
        }
    }

    /// The place of section `section`'s record: from `known` when it holds it, else by a
    /// descent (with no path: the change that follows searches its way down again). Debug
    /// builds check a known slot against the descent.
    ///
    /// - Complexity: O(log k) when known, O(log S) otherwise.
    func place(of section: Int, known: SectionSlots) -> SectionTree.Place {
        guard let place = known.place(of: section) else {
            return SectionTree.Place(slot: self.sections.locate(section: section).slot, path: 0)
        }
        assert(place.slot == self.sections.locate(section: section).slot, "kernel invariant: a stale slot for section \(section)")
        return place
    }

    /// Whether `section` is collapsed (`false` for a section outside the list).
    ///
    /// - Complexity: O(log S).
    public func isCollapsed(section: Int) -> Bool {
        isSection(section) && sections[section].isCollapsed
    }

    /// Whether `section` has a header (`false` for a section outside the list).
    ///
    /// - Complexity: O(log S).
    public func hasHeader(section: Int) -> Bool {
        isSection(section) && sections[section].hasHeader
    }

    /// Whether `section` has a footer (`false` for a section outside the list).
    ///
    /// - Complexity: O(log S).
    public func hasFooter(section: Int) -> Bool {
        isSection(section) && sections[section].hasFooter
    }

    /// The total number of items in all sections, collapsed ones included.
    ///
    /// - Complexity: O(1).
    public var totalItemCount: Int { allItemCount }

    /// The extent of all laid-out elements, in points.
    ///
    /// - Complexity: O(1).
    public var contentExtent: Double { FixedPoint.points(contentUnits) }

    package var contentUnits: Int64 { sections.totalExtent }

    // MARK: Validation helpers

    func isSection(_ section: Int) -> Bool { section >= 0 && section < sections.count }

    func isItem(_ path: ItemPath) -> Bool {
        isSection(path.section) && path.item >= 0 && path.item < sections[path.section].items.count
    }

    func isElement(_ element: ListElement) -> Bool {
        switch element {
        case .header(let section), .footer(let section): isSection(section)
        case .item(let path): isItem(path)
        }
    }

    package func checkSection(_ section: Int) throws(LayoutError) {
        guard section >= 0, section < sections.count else {
            throw .sectionOutOfRange(section: section, sectionCount: sections.count)
        }
    }

    func checkItem(_ path: ItemPath) throws(LayoutError) {
        try checkSection(path.section)
        let count = sections[path.section].items.count
        guard path.item >= 0, path.item < count else { throw .itemOutOfRange(path, itemCount: count) }
    }

    package func checkElement(_ element: ListElement) throws(LayoutError) {
        switch element {
        case .header(let section), .footer(let section): try checkSection(section)
        case .item(let path): try checkItem(path)
        }
    }

    static func units(_ points: Double, for what: @autoclosure () -> String) throws(LayoutError) -> Int32 {
        guard let units = FixedPoint.elementUnits(points) else { throw .invalidExtent(points, for: what()) }
        return units
    }
}

// MARK: - Section description

extension ListLayout {
    /// How a section's items are sized when they are not measured one by one.
    ///
    /// ```swift
    /// .uniform(44)     // every item is exactly 44 points: O(1) memory however many
    /// .estimated(44)   // 44 until the front end measures each one
    /// ```
    public struct ItemExtent: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case uniform, estimated }
        let kind: Kind
        /// The extent in points.
        public let points: Double

        /// Every item is exactly `points` long.
        ///
        /// - Complexity: O(1).
        public static func uniform(_ points: Double) -> ItemExtent { ItemExtent(kind: .uniform, points: points) }

        /// Items are about `points` long until measured.
        ///
        /// - Complexity: O(1).
        public static func estimated(_ points: Double) -> ItemExtent { ItemExtent(kind: .estimated, points: points) }

        /// Whether the extent is an estimate.
        ///
        /// - Complexity: O(1).
        public var isEstimate: Bool { kind == .estimated }
    }

    /// The description of one section: header, items, footer, collapsed flag.
    ///
    /// ```swift
    /// ListLayout.Section(itemCount: 1_000, itemExtent: .uniform(44), header: 30)
    /// ListLayout.Section(itemExtents: [44, 88, 44], header: 30, footer: 1)
    /// ```
    public struct Section: Equatable, Sendable {
        /// The header's extent, or `nil` for a section without a header.
        public var header: Double?
        /// The footer's extent, or `nil` for a section without a footer.
        public var footer: Double?
        /// The number of items (used when `measuredItemExtents` is `nil`).
        public var itemCount: Int
        /// The uniform extent or the estimate of the items.
        public var itemExtent: ItemExtent
        /// Per-item measured extents, or `nil` to size every item by `itemExtent`.
        public var measuredItemExtents: [Double]?
        /// Whether the section starts collapsed.
        public var isCollapsed: Bool

        /// A section of `itemCount` items sized by `itemExtent`.
        ///
        /// - Complexity: O(1).
        public init(
            itemCount: Int,
            itemExtent: ItemExtent,
            header: Double? = nil,
            footer: Double? = nil,
            isCollapsed: Bool = false
        ) {
            self.header = header
            self.footer = footer
            self.itemCount = itemCount
            self.itemExtent = itemExtent
            measuredItemExtents = nil
            self.isCollapsed = isCollapsed
        }

        /// A section whose items are already measured; later insertions use `estimate`.
        ///
        /// - Complexity: O(1) (the extents are converted when the layout is built).
        public init(
            itemExtents: [Double],
            estimate: Double = 44,
            header: Double? = nil,
            footer: Double? = nil,
            isCollapsed: Bool = false
        ) {
            self.header = header
            self.footer = footer
            itemCount = itemExtents.count
            itemExtent = .estimated(estimate)
            measuredItemExtents = itemExtents
            self.isCollapsed = isCollapsed
        }

        /// Validates and converts to stored form.
        package func record(index: Int) throws(LayoutError) -> SectionRecord {
            let header = try header.map { v throws(LayoutError) in try ListLayout.units(v, for: "the header of section \(index)") } ?? -1
            let footer = try footer.map { v throws(LayoutError) in try ListLayout.units(v, for: "the footer of section \(index)") } ?? -1
            let base = try ListLayout.units(itemExtent.points, for: "the items of section \(index)")
            let items: ItemExtents
            if let measured = measuredItemExtents {
                guard measured.count <= ListLimits.maximumPerItemCount else {
                    throw .tooManyPerItemExtents(section: index, itemCount: measured.count)
                }
                var extents: [Int32] = []
                extents.reserveCapacity(measured.count)
                for (item, value) in measured.enumerated() {
                    extents.append(try ListLayout.units(value, for: "item \(item) of section \(index)"))
                }
                items = ItemExtents(measured: extents, estimate: base)
            } else {
                guard itemCount >= 0 else { throw .invalidCount(itemCount, for: "the items of section \(index)") }
                try ListLayout.checkGrowth(items: 0, units: 0, addingItems: itemCount, extent: base)
                items = ItemExtents(count: itemCount, extent: base, isMeasured: itemExtent.kind == .uniform)
            }
            return SectionRecord(header: header, footer: footer, isCollapsed: isCollapsed, items: items)
        }
    }

    /// Where an element lies along the scroll axis.
    public struct ElementFrame: Equatable, Sendable, CustomStringConvertible {
        /// The offset of the element's leading edge, in points.
        public var start: Double
        /// The element's extent, in points.
        public var extent: Double
        /// `start + extent`.
        ///
        /// - Complexity: O(1).
        public var end: Double { start + extent }

        /// Creates a frame.
        ///
        /// - Complexity: O(1).
        public init(start: Double, extent: Double) {
            self.start = start
            self.extent = extent
        }

        /// `start+extent`.
        ///
        /// - Complexity: O(1).
        public var description: String { "\(start)+\(extent)" }
    }

    /// An element, its frame, and (for offset lookups) how far into it the offset lies.
    public struct PlacedElement: Equatable, Sendable {
        /// The element.
        public var element: ListElement
        /// Its frame.
        public var frame: ElementFrame
        /// For `element(at:)`: the offset minus `frame.start`; 0 elsewhere.
        public var offsetInElement: Double
    }
}
