@_spi(ListKernelTesting) public import ListKernel

/// A naive model of `ListLayout` for differential tests: plain arrays, every answer
/// recomputed from scratch by walking all elements. Slow on purpose, and obviously right.
///
/// ```swift
/// var reference = ReferenceLayout(sections: specs)
/// var layout = try ListLayout(sections: specs)
/// #expect(layout.element(at: 120)?.element == reference.element(at: 120)?.element)
/// ```
///
/// - Complexity: every query is O(n).
public struct ReferenceLayout: Equatable, Sendable {
    /// One item: extent in fixed-point units and whether it is measured.
    public struct Item: Equatable, Sendable {
        /// The extent in fixed-point units.
        public var units: Int64
        /// Whether it was measured (or is still an estimate).
        public var isMeasured: Bool
    }

    /// One section.
    public struct Section: Equatable, Sendable {
        /// Header extent in units, or `nil` for none.
        public var header: Int64?
        /// Footer extent in units, or `nil` for none.
        public var footer: Int64?
        /// Whether the section is collapsed.
        public var isCollapsed: Bool
        /// The items, in order.
        public var items: [Item]
        /// The extent new unmeasured items take, and whether it is a uniform (measured) one.
        public var defaultUnits: Int64
        /// Whether that extent is a uniform (measured) one rather than an estimate.
        public var defaultIsMeasured: Bool
    }

    /// The sections, in order.
    public private(set) var sections: [Section]

    /// Builds the model from the same descriptions `ListLayout` takes (they must be valid).
    ///
    /// - Complexity: O(n).
    public init(sections specs: [ListLayout.Section]) {
        sections = specs.map(ReferenceLayout.section(from:))
    }

    static func units(_ points: Double) -> Int64 { Int64(FixedPoint.elementUnits(points)!) }

    static func section(from spec: ListLayout.Section) -> Section {
        let base = units(spec.itemExtent.points)
        let uniform = !spec.itemExtent.isEstimate
        let items: [Item]
        if let measured = spec.measuredItemExtents {
            items = measured.map { Item(units: units($0), isMeasured: true) }
        } else {
            items = Array(repeating: Item(units: base, isMeasured: uniform), count: spec.itemCount)
        }
        return Section(
            header: spec.header.map(units), footer: spec.footer.map(units),
            isCollapsed: spec.isCollapsed, items: items,
            defaultUnits: base, defaultIsMeasured: uniform && spec.measuredItemExtents == nil
        )
    }

    /// Every laid-out element with its frame in units, in order (zero-extent ones included).
    ///
    /// - Complexity: O(n).
    public func laidOut() -> [(element: ListElement, start: Int64, extent: Int64)] {
        var result: [(ListElement, Int64, Int64)] = []
        var offset: Int64 = 0
        // Index loops, not `enumerated()`: in a debug build each step of an enumerated
        // sequence looks its tuple type up at run time, and the tests call this often.
        for s in sections.indices {
            let section = sections[s]
            if let header = section.header {
                result.append((.header(section: s), offset, header))
                offset += header
            }
            if !section.isCollapsed {
                for i in section.items.indices {
                    let units = section.items[i].units
                    result.append((.item(ItemPath(section: s, item: i)), offset, units))
                    offset += units
                }
            }
            if let footer = section.footer {
                result.append((.footer(section: s), offset, footer))
                offset += footer
            }
        }
        return result
    }

    /// The flat positions, in order.
    ///
    /// - Complexity: O(n).
    public func positions() -> [ListElement] { laidOut().map(\.element) }

    /// The total extent in units.
    ///
    /// - Complexity: O(n).
    public var contentUnits: Int64 { laidOut().reduce(0) { $0 + $1.extent } }

    /// The element holding `offset` (units), skipping zero-extent elements.
    ///
    /// - Complexity: O(n).
    public func element(atUnits offset: Int64) -> (element: ListElement, start: Int64, extent: Int64)? {
        laidOut().first { $0.extent > 0 && $0.start <= offset && offset < $0.start + $0.extent }
    }

    /// The elements with non-zero extent intersecting `[lower, upper)` (units).
    ///
    /// - Complexity: O(n).
    public func elements(unitsFrom lower: Int64, to upper: Int64) -> [(element: ListElement, start: Int64, extent: Int64)] {
        guard upper > lower else { return [] }
        return laidOut().filter { $0.extent > 0 && $0.start < upper && $0.start + $0.extent > lower }
    }

    /// The frame of `element` in units, or nil when not laid out.
    ///
    /// - Complexity: O(n).
    public func frame(of element: ListElement) -> (start: Int64, extent: Int64)? {
        laidOut().first { $0.element == element }.map { ($0.start, $0.extent) }
    }

    // MARK: Mutations (inputs must be valid; each mirrors the `ListLayout` method of the same
    // name, the obvious way, in O(n))

    /// Mirrors `ListLayout.setCollapsed(_:section:)`.
    ///
    /// - Complexity: O(1).
    public mutating func setCollapsed(_ collapsed: Bool, section: Int) { sections[section].isCollapsed = collapsed }

    /// Mirrors `ListLayout.setItemExtent(_:at:isMeasured:)`.
    ///
    /// - Complexity: O(1).
    public mutating func setItemExtent(_ points: Double, at path: ItemPath, isMeasured: Bool = true) {
        sections[path.section].items[path.item] = Item(units: ReferenceLayout.units(points), isMeasured: isMeasured)
    }

    /// Mirrors `ListLayout.setEstimatedItemExtent(_:section:)`.
    ///
    /// - Complexity: O(items).
    public mutating func setEstimatedItemExtent(_ points: Double, section: Int) {
        let units = ReferenceLayout.units(points)
        if sections[section].defaultIsMeasured { return }  // a uniform section has no estimate
        sections[section].defaultUnits = units
        for i in sections[section].items.indices where !sections[section].items[i].isMeasured {
            sections[section].items[i].units = units
        }
    }

    /// Mirrors `ListLayout.setHeaderExtent(_:section:)`.
    ///
    /// - Complexity: O(1).
    public mutating func setHeaderExtent(_ points: Double?, section: Int) {
        sections[section].header = points.map(ReferenceLayout.units)
    }

    /// Mirrors `ListLayout.setFooterExtent(_:section:)`.
    ///
    /// - Complexity: O(1).
    public mutating func setFooterExtent(_ points: Double?, section: Int) {
        sections[section].footer = points.map(ReferenceLayout.units)
    }

    /// Mirrors `ListLayout.insertItems(at:count:measuredExtent:)`.
    ///
    /// - Complexity: O(items).
    public mutating func insertItems(at path: ItemPath, count: Int, measuredExtent: Double?) {
        let section = sections[path.section]
        let item = measuredExtent.map { Item(units: ReferenceLayout.units($0), isMeasured: true) }
            ?? Item(units: section.defaultUnits, isMeasured: section.defaultIsMeasured)
        sections[path.section].items.insert(contentsOf: Array(repeating: item, count: count), at: path.item)
    }

    /// Mirrors `ListLayout.deleteItems(_:inSection:)`.
    ///
    /// - Complexity: O(items).
    public mutating func deleteItems(_ range: Range<Int>, inSection section: Int) {
        sections[section].items.removeSubrange(range)
    }

    /// Mirrors `ListLayout.moveItem(from:to:)`.
    ///
    /// - Complexity: O(items).
    public mutating func moveItem(from source: ItemPath, to destination: ItemPath) {
        var item = sections[source.section].items.remove(at: source.item)
        let target = sections[destination.section]
        if !item.isMeasured {
            // An unmeasured item takes the destination's estimate (or uniform extent).
            item = Item(units: target.defaultUnits, isMeasured: target.defaultIsMeasured)
        }
        sections[destination.section].items.insert(item, at: destination.item)
    }

    /// Mirrors `ListLayout.insertSections(_:at:)`.
    ///
    /// - Complexity: O(n).
    public mutating func insertSections(_ specs: [ListLayout.Section], at index: Int) {
        sections.insert(contentsOf: specs.map(ReferenceLayout.section(from:)), at: index)
    }

    /// Mirrors `ListLayout.deleteSections(_:)`.
    ///
    /// - Complexity: O(S).
    public mutating func deleteSections(_ range: Range<Int>) { sections.removeSubrange(range) }

    /// Mirrors `ListLayout.moveSection(from:to:)`.
    ///
    /// - Complexity: O(S).
    public mutating func moveSection(from source: Int, to destination: Int) {
        sections.insert(sections.remove(at: source), at: destination)
    }

    /// Mirrors `ListLayout.replaceSection(_:with:)`.
    ///
    /// - Complexity: O(items).
    public mutating func replaceSection(_ index: Int, with spec: ListLayout.Section) {
        sections[index] = ReferenceLayout.section(from: spec)
    }
}
