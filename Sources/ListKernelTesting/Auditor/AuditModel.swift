public import ListKernel

/// The model an audit drives: sections and items with stable identifiers, a content
/// version per item and section, fold and expansion state, and each item's true
/// (self-sized) extent. The front end renders what ``content(for:)`` says; the auditor
/// changes the model and tells the list, the way an app's controller does.
///
/// Identifiers are never reused, so every token names one element and one version of its
/// content: `header S3 v0`, `item 42 v1`, `footer S3 v0`, `image 42 v1`.
///
/// ```swift
/// let expected = session.model.content(for: .header(section: 2))
/// // AuditContent(title: "header S2 v0", isFolded: false)
/// ```
public final class AuditModel {
    /// One section of the model.
    ///
    /// - Complexity: every member is O(1).
    public struct Section: Equatable, Sendable {
        /// A stable identifier, never reused.
        public var id: Int
        /// Item identifiers, in order; never reused.
        public var items: [Int]
        /// The header's extent, or `nil` for none.
        public var header: Double?
        /// The footer's extent, or `nil` for none.
        public var footer: Double?
        /// The extent policy the data source reports.
        public var itemExtent: ListLayout.ItemExtent
        /// The content version of the header and footer (a section reload bumps it).
        public var version: Int
        /// Whether the data source reports every item's extent up front.
        public var reportsExtentsUpFront: Bool
    }

    /// The sections, in order.
    public private(set) var sections: [Section]
    /// Identifiers of folded sections.
    public private(set) var foldedSections: Set<Int> = []
    /// Identifiers of expanded items.
    public private(set) var expandedItems: Set<Int> = []
    /// Content versions of items (absent: 0).
    public private(set) var versions: [Int: Int] = [:]
    /// Extents of items before expansion, by identifier.
    var baseExtents: [Int: Double] = [:]
    var nextSectionID = 0
    var nextItemID = 0

    /// The model of `world`'s sections, identifiers counted from 0.
    ///
    /// - Complexity: O(n) for n items.
    public init(world: AuditWorld) {
        sections = []
        for spec in world.sections {
            let id = nextSectionID
            nextSectionID += 1
            let items = makeItems(spec.itemCount, extent: spec.measuredExtent)
            sections.append(Section(
                id: id, items: items, header: spec.header, footer: spec.footer, itemExtent: spec.itemExtent,
                version: 0, reportsExtentsUpFront: spec.reportsExtentsUpFront
            ))
            if spec.isFolded { foldedSections.insert(id) }
        }
    }

    /// `count` fresh item identifiers whose extent is `extent`, or varies by identifier.
    func makeItems(_ count: Int, extent: Double?) -> [Int] {
        let items = Array(nextItemID..<(nextItemID + count))
        nextItemID += count
        for id in items { baseExtents[id] = extent ?? AuditModel.variedExtent(id) }
        return items
    }

    /// 0 for a seventh of the identifiers, else 20 to 80 points.
    static func variedExtent(_ id: Int) -> Double {
        (id &* 7_919) % 7 == 3 ? 0 : Double(20 + (id &* 37) % 61)
    }

    // MARK: Queries

    /// The identifier of the item at `path`.
    ///
    /// - Complexity: O(1).
    public func itemID(at path: ItemPath) -> Int { sections[path.section].items[path.item] }

    /// The path of item `id`, or `nil` when it is not in the model.
    ///
    /// - Complexity: O(n).
    public func path(ofItem id: Int) -> ItemPath? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: id) { return ItemPath(section: s, item: i) }
        }
        return nil
    }

    /// The index of section `id`, or `nil` when it is not in the model.
    ///
    /// - Complexity: O(S).
    public func sectionIndex(ofID id: Int) -> Int? { sections.firstIndex { $0.id == id } }

    /// Whether the section at `index` is folded.
    ///
    /// - Complexity: O(1).
    public func isFolded(section index: Int) -> Bool { foldedSections.contains(sections[index].id) }

    /// Whether the item at `path` is expanded.
    ///
    /// - Complexity: O(1).
    public func isExpanded(_ path: ItemPath) -> Bool { expandedItems.contains(itemID(at: path)) }

    /// The extent the item at `path` measures: its base extent, doubled when expanded.
    ///
    /// - Complexity: O(1).
    public func measuredExtent(of path: ItemPath) -> Double {
        let id = itemID(at: path)
        return baseExtents[id, default: 44] * (expandedItems.contains(id) ? 2 : 1)
    }

    /// The unique token of `element`'s content: what its title shows.
    ///
    /// - Complexity: O(1).
    public func title(for element: ListElement) -> String {
        switch element {
        case .header(let section): "header S\(sections[section].id) v\(sections[section].version)"
        case .footer(let section): "footer S\(sections[section].id) v\(sections[section].version)"
        case .item(let path):
            "item \(itemID(at: path)) v\(versions[itemID(at: path), default: 0])"
        }
    }

    /// The token of the image the item at `path` shows once loaded.
    ///
    /// - Complexity: O(1).
    public func imageToken(for path: ItemPath) -> String {
        let id = itemID(at: path)
        return "image \(id) v\(versions[id, default: 0])"
    }

    /// Everything `element` must show now. For items, `image` is the image it shows once
    /// its load completes (until then a view shows none).
    ///
    /// - Complexity: O(1).
    public func content(for element: ListElement) -> AuditContent {
        switch element {
        case .header(let section):
            AuditContent(title: title(for: element), isFolded: isFolded(section: section))
        case .footer:
            AuditContent(title: title(for: element))
        case .item(let path):
            AuditContent(title: title(for: element), isExpanded: isExpanded(path), image: imageToken(for: path))
        }
    }

    /// `header 2 (section id 5)` or `item [1, 3] (id 42)`.
    ///
    /// - Complexity: O(1).
    public func describe(_ element: ListElement) -> String {
        guard element.section >= 0, element.section < sections.count else { return "\(element) (not in the model)" }
        switch element {
        case .header(let section), .footer(let section):
            return "\(element) (section id \(sections[section].id))"
        case .item(let path):
            guard path.item >= 0, path.item < sections[path.section].items.count else { return "\(element) (not in the model)" }
            return "\(element) (id \(itemID(at: path)))"
        }
    }

    /// `section 2 (id 5)`.
    ///
    /// - Complexity: O(1).
    public func describeSection(_ index: Int) -> String {
        index >= 0 && index < sections.count ? "section \(index) (id \(sections[index].id))" : "section \(index) (not in the model)"
    }

    /// Whether `element` is in the model and laid out (an item of a folded section is not;
    /// neither is a header or footer its section does not have).
    ///
    /// - Complexity: O(1).
    public func isLaidOut(_ element: ListElement) -> Bool {
        guard element.section >= 0, element.section < sections.count else { return false }
        let section = sections[element.section]
        switch element {
        case .header: return section.header != nil
        case .footer: return section.footer != nil
        case .item(let path):
            return path.item >= 0 && path.item < section.items.count && !foldedSections.contains(section.id)
        }
    }

    /// The model's sections as a snapshot (section and item identifiers).
    ///
    /// - Complexity: O(S + n).
    public func snapshot() -> ListSnapshot<Int, Int> {
        do {
            return try ListSnapshot(sections: sections.map { DiffSection(id: $0.id, items: $0.items) })
        } catch {
            preconditionFailure("AuditModel: identifiers are unique by construction: \(error)")
        }
    }

    // MARK: Mutations (the auditor's)

    func setFolded(_ folded: Bool, section index: Int) {
        if folded { foldedSections.insert(sections[index].id) } else { foldedSections.remove(sections[index].id) }
    }

    func toggleExpanded(_ path: ItemPath) {
        let id = itemID(at: path)
        if expandedItems.contains(id) { expandedItems.remove(id) } else { expandedItems.insert(id) }
    }

    func bumpVersion(_ path: ItemPath) { versions[itemID(at: path), default: 0] += 1 }

    func insertItems(section: Int, at index: Int, count: Int) {
        sections[section].items.insert(contentsOf: makeItems(count, extent: nil), at: index)
    }

    func deleteItems(section: Int, range: Range<Int>) {
        for id in sections[section].items[range] { forgetItem(id) }
        sections[section].items.removeSubrange(range)
    }

    func moveItem(from source: ItemPath, to destination: ItemPath) {
        let id = sections[source.section].items.remove(at: source.item)
        sections[destination.section].items.insert(id, at: destination.item)
    }

    func insertSection(at index: Int, itemCount: Int, like template: Section?) {
        let id = nextSectionID
        nextSectionID += 1
        let items = makeItems(itemCount, extent: nil)
        sections.insert(Section(
            id: id, items: items, header: template?.header ?? 44, footer: template?.footer,
            itemExtent: template?.itemExtent ?? .estimated(44), version: 0,
            reportsExtentsUpFront: template?.reportsExtentsUpFront ?? false
        ), at: index)
    }

    func deleteSection(_ index: Int) {
        for id in sections[index].items { forgetItem(id) }
        foldedSections.remove(sections[index].id)
        sections.remove(at: index)
    }

    func moveSection(from source: Int, to destination: Int) {
        sections.insert(sections.remove(at: source), at: destination)
    }

    func reloadSection(_ index: Int) {
        sections[index].version += 1
        for id in sections[index].items { versions[id, default: 0] += 1 }
    }

    func forgetItem(_ id: Int) {
        expandedItems.remove(id)
        versions[id] = nil
        baseExtents[id] = nil
    }
}
