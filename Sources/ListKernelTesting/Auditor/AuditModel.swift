public import ListKernel

/// The model an audit drives: sections and items, a content version per item and section,
/// fold, expansion and selection state, each item's true (self-sized) extent, and the
/// values every element shows. The adapter renders what ``auditElement(for:)`` describes;
/// the auditor changes the model and tells the list, the way an app's controller does.
///
/// Items are held by *key*: the model's own handle, unique among the items present (an item
/// that comes back brings its key back). What an adapter sees is the item's *identifier*,
/// which, depending on the world's ``AuditWorld/Identity``, a deleted item may have had or
/// another section may use too.
///
/// ```swift
/// let expected = session.model.auditElement(for: .item(ItemPath(section: 0, item: 2)))
/// // expected.title: a sender named from the item (it stays through versions);
/// // expected.subtitle: nil or a preview; expected.isSelected == false, …
/// ```
public final class AuditModel {
    /// One section of the model.
    ///
    /// - Complexity: every member is O(1).
    public struct Section: Equatable, Sendable {
        /// A stable identifier, never reused.
        public var id: Int
        /// The keys of the section's items, in order.
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

    /// An item deleted recently, which may come back (``AuditWorld/Identity``).
    struct RetiredItem {
        var key: Int
        var identifier: Int
        var version: Int
        var baseExtent: Double
    }

    /// The sections, in order.
    public internal(set) var sections: [Section]
    /// Identifiers of folded sections.
    public internal(set) var foldedSections: Set<Int> = []
    /// Keys of expanded items.
    public internal(set) var expandedItems: Set<Int> = []
    /// Keys of selected items: the selection follows an item through moves, reloads and
    /// snapshot applies, and ends when the item is deleted.
    public internal(set) var selectedItems: Set<Int> = []
    /// Content versions of items, by key (absent: 0).
    public internal(set) var versions: [Int: Int] = [:]
    /// How identifiers are given out.
    public let identity: AuditWorld.Identity
    /// Identifiers of items, by key.
    var identifiers: [Int: Int] = [:]
    /// Keys of items, by identifier, while identifiers are unique in the whole list.
    var keysByIdentifier: [Int: Int] = [:]
    /// Extents of items before expansion, by key.
    var baseExtents: [Int: Double] = [:]
    /// Items deleted recently, the latest last (at most ``retiredLimit``).
    var retired: [RetiredItem] = []
    var nextSectionID = 0
    var nextItemKey = 0
    /// Items inserted so far: decides, without a random generator, which insert brings
    /// something back (a replay makes the same choices).
    var insertions = 0

    static var retiredLimit: Int { 32 }

    /// The model of `world`'s sections, keys and identifiers counted from 0.
    ///
    /// - Complexity: O(n) for n items.
    public init(world: AuditWorld) {
        identity = world.identity
        sections = []
        for spec in world.sections {
            let id = nextSectionID
            nextSectionID += 1
            let items = makeItems(max(0, spec.itemCount), extent: spec.measuredExtent, joining: [])
            sections.append(Section(
                id: id, items: items, header: spec.header, footer: spec.footer, itemExtent: spec.itemExtent,
                version: 0, reportsExtentsUpFront: spec.reportsExtentsUpFront
            ))
            if spec.isFolded { foldedSections.insert(id) }
        }
    }

    /// 0 for a seventh of the keys, else 20 to 80 points.
    static func variedExtent(_ key: Int) -> Double {
        (key &* 7_919) % 7 == 3 ? 0 : Double(20 + (key &* 37) % 61)
    }

    // MARK: Queries

    /// The key of the item at `path`.
    ///
    /// - Complexity: O(1).
    public func itemID(at path: ItemPath) -> Int { sections[path.section].items[path.item] }

    /// The identifier of the item at `path`: what the adapter sees.
    ///
    /// - Complexity: O(1).
    public func identifier(ofItemAt path: ItemPath) -> Int { identifier(ofKey: itemID(at: path)) }

    func identifier(ofKey key: Int) -> Int { identifiers[key, default: key] }

    /// The path of the item of key `id`, or `nil` when it is not in the model.
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

    /// Whether the item at `path` is selected.
    ///
    /// - Complexity: O(1).
    public func isSelected(_ path: ItemPath) -> Bool { selectedItems.contains(itemID(at: path)) }

    /// The extent the item at `path` measures: its base extent, doubled when expanded.
    ///
    /// - Complexity: O(1).
    public func measuredExtent(of path: ItemPath) -> Double {
        let key = itemID(at: path)
        return baseExtents[key, default: 44] * (expandedItems.contains(key) ? 2 : 1)
    }

    /// The token of `element`'s content (`header S3 v0`, `item 42 v1`, `footer S3 v0`):
    /// unique per element and content version; ``AuditContent``'s title.
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

    /// The token of the image the item at `path` shows once loaded (`image 42 v1`), or `nil`
    /// for an item without an image.
    ///
    /// - Complexity: O(1).
    public func imageToken(for path: ItemPath) -> String? {
        let key = itemID(at: path)
        return AuditModel.image(key: key, version: versions[key, default: 0])
    }

    /// `element` as the adapter sees it: identifiers, version, state and values. Its
    /// `deliveredImage` is `nil`: the auditor fills it in per view.
    ///
    /// - Complexity: O(1).
    public func auditElement(for element: ListElement) -> AuditElement {
        switch element {
        case .header(let s), .footer(let s):
            let section = sections[s]
            let values = AuditModel.sectionValues(id: section.id, version: section.version, footer: element.kind == .footer)
            return AuditElement(
                element: element, identifier: section.id, sectionIdentifier: section.id, version: section.version,
                isFolded: foldedSections.contains(section.id), isExpanded: false, isSelected: false,
                title: values.title, subtitle: values.subtitle, badge: values.badge, isFlagged: values.isFlagged,
                image: nil, deliveredImage: nil, token: title(for: element)
            )
        case .item(let path):
            let key = itemID(at: path)
            let version = versions[key, default: 0]
            let values = AuditModel.itemValues(key: key, version: version)
            return AuditElement(
                element: element, identifier: identifier(ofKey: key), sectionIdentifier: sections[path.section].id,
                version: version, isFolded: foldedSections.contains(sections[path.section].id),
                isExpanded: expandedItems.contains(key), isSelected: selectedItems.contains(key),
                title: values.title, subtitle: values.subtitle, badge: values.badge, isFlagged: values.isFlagged,
                image: AuditModel.image(key: key, version: version), deliveredImage: nil, token: title(for: element)
            )
        }
    }

    /// Everything `element` must show now, in the terms of the token adapter
    /// (``AuditableFrontEnd``). For items, `image` is the image it shows once its load
    /// completes (until then a view shows none).
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

    /// `header 2 (section identifier 5, version 0)` or
    /// `item [1, 3] (identifier 42 in section 5, version 1)`.
    ///
    /// - Complexity: O(1).
    public func describe(_ element: ListElement) -> String {
        guard element.section >= 0, element.section < sections.count else { return "\(element) (not in the model)" }
        if case .item(let path) = element, !(path.item >= 0 && path.item < sections[path.section].items.count) {
            return "\(element) (not in the model)"
        }
        return auditElement(for: element).name
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

    /// The model's sections as a snapshot (section identifiers and item keys).
    ///
    /// - Complexity: O(S + n).
    public func snapshot() -> ListSnapshot<Int, Int> {
        do {
            return try ListSnapshot(sections: sections.map { DiffSection(id: $0.id, items: $0.items) })
        } catch {
            preconditionFailure("AuditModel: keys are unique by construction: \(error)")
        }
    }

    /// The identifier the data source reports to the list for the item at `path`: the
    /// item's identifier, paired with its section's where identifiers are unique only per
    /// section (as an app with such identifiers must).
    func listIdentifier(ofItemAt path: ItemPath) -> AnyHashable {
        let identifier = identifier(ofItemAt: path)
        guard identity.contains(.uniquePerSection) else { return AnyHashable(identifier) }
        return AnyHashable([sections[path.section].id, identifier])
    }
}

// MARK: Values

extension AuditModel {
    static let names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Frances", "John", "Radia", "Niklaus"]
    static let lines = [
        "Lunch at noon?", "See you there", "Draft attached", "Call me back", "Running late", "Sounds good",
        "Meeting moved to 3", "Thanks!", "Where are the keys?", "Photos from Sunday", "New version is out", "On my way",
    ]
    static let sectionLines = ["Pinned", "Muted", "Work", "Family", "Archived", "Travel", "Friends", "Later"]

    /// 64 well-mixed bits of `a`, `b` and `salt` (SplitMix64's finalizer).
    static func mix(_ a: Int, _ b: Int, _ salt: UInt64) -> UInt64 {
        var z = UInt64(bitPattern: Int64(a)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(b)) &* 0xC2B2_AE3D_27D4_EB4F ^ salt
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    struct Values {
        var title: String
        var subtitle: String?
        var badge: Int?
        var isFlagged: Bool
    }

    /// An item's values: the title follows the item (its key), the rest its version.
    static func itemValues(key: Int, version: Int) -> Values {
        let name = names[Int(mix(key, 0, 0x7171) % UInt64(names.count))]
        let h = mix(key, version, 0x17E4)
        return Values(
            title: "\(name) \(key)",
            subtitle: h % 3 == 0 ? nil : lines[Int((h >> 2) % UInt64(lines.count))],
            badge: (h >> 8) % 2 == 0 ? nil : 1 + Int((h >> 9) % 20),
            isFlagged: (h >> 16) % 4 == 0
        )
    }

    /// A header's or footer's values.
    static func sectionValues(id: Int, version: Int, footer: Bool) -> Values {
        let h = mix(id, version, footer ? 0xF007 : 0x4EAD)
        return Values(
            title: footer ? "End of section \(id)" : "Section \(id)",
            subtitle: h % 3 == 0 ? nil : sectionLines[Int((h >> 2) % UInt64(sectionLines.count))],
            badge: footer || (h >> 8) % 2 == 0 ? nil : 1 + Int((h >> 9) % 99),
            isFlagged: !footer && (h >> 16) % 5 == 0
        )
    }

    /// An item's image, or `nil` for a quarter of keys and versions.
    static func image(key: Int, version: Int) -> String? {
        (key &+ version) % 4 == 3 ? nil : "image \(key) v\(version)"
    }
}
