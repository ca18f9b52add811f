public import ListKernel

/// The data the demo shows: sections of items, either stored (built in, or loaded from a
/// file) or generated on demand.
///
/// A generated list (`--generate 10000x100`) stores only its two sizes: every title is
/// made when asked for, so a list of a million rows costs nothing to create.
///
/// ```swift
/// let list = DemoList.generated(sections: 10_000, itemsPerSection: 100)
/// list.totalItemCount                               // 1_000_000
/// list.item(at: ItemPath(section: 12, item: 30))    // "Row 12.30"
/// ```
///
/// - Complexity: every member is O(1) unless noted.
public struct DemoList: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case stored([DemoSection], totalItems: Int)
        case generated(sections: Int, itemsPerSection: Int)
    }

    private let storage: Storage

    /// A list of the given sections, in the given order.
    ///
    /// - Parameter sections: The sections.
    /// - Complexity: O(s) for s sections.
    public init(sections: [DemoSection]) {
        storage = .stored(sections, totalItems: sections.reduce(0) { $0 + $1.items.count })
    }

    /// A list of `sections` sections of `itemsPerSection` items each, titled on demand:
    /// "Section S" and "Row S.I"; every tenth row (I = 0, 10, 20…) has a detail, so that
    /// rows can expand as in seed 002. No section starts folded.
    ///
    /// - Parameters:
    ///   - sections: The number of sections, 0 or more.
    ///   - itemsPerSection: The items in each, 0 or more.
    /// - Complexity: O(1).
    public static func generated(sections: Int, itemsPerSection: Int) -> DemoList {
        precondition(sections >= 0 && itemsPerSection >= 0,
                     "generated(sections: \(sections), itemsPerSection: \(itemsPerSection)): sizes can't be negative")
        return DemoList(storage: .generated(sections: sections, itemsPerSection: itemsPerSection))
    }

    private init(storage: Storage) { self.storage = storage }

    /// Whether titles are made on demand rather than stored.
    ///
    /// - Complexity: O(1).
    public var isGenerated: Bool {
        if case .generated = storage { return true }
        return false
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var sectionCount: Int {
        switch storage {
        case .stored(let sections, _): sections.count
        case .generated(let sections, _): sections
        }
    }

    /// The number of items in all sections, folded or not.
    ///
    /// - Complexity: O(1) (stored lists count once, when created).
    public var totalItemCount: Int {
        switch storage {
        case .stored(_, let total): total
        case .generated(let sections, let items): sections * items
        }
    }

    /// The header title of a section.
    ///
    /// - Parameter section: The section, `0..<sectionCount`.
    /// - Complexity: O(1); a generated title is formatted on each call.
    public func title(ofSection section: Int) -> String {
        switch storage {
        case .stored(let sections, _): sections[section].title
        case .generated(let count, _):
            Self.checkGenerated(section: section, count: count, "Section \(section)")
        }
    }

    /// The number of items in a section, folded or not.
    ///
    /// - Parameter section: The section, `0..<sectionCount`.
    /// - Complexity: O(1).
    public func itemCount(inSection section: Int) -> Int {
        switch storage {
        case .stored(let sections, _): sections[section].items.count
        case .generated(let count, let items):
            Self.checkGenerated(section: section, count: count, items)
        }
    }

    /// Whether a section starts folded.
    ///
    /// - Parameter section: The section, `0..<sectionCount`.
    /// - Complexity: O(1).
    public func isInitiallyCollapsed(section: Int) -> Bool {
        switch storage {
        case .stored(let sections, _): sections[section].collapsed
        case .generated: false
        }
    }

    /// The item at `path`, which must exist.
    ///
    /// - Parameter path: The section and the item inside it.
    /// - Complexity: O(1); a generated item is formatted on each call.
    public func item(at path: ItemPath) -> DemoItem {
        switch storage {
        case .stored(let sections, _):
            return sections[path.section].items[path.item]
        case .generated(let count, let items):
            precondition(path.section >= 0 && path.section < count && path.item >= 0 && path.item < items,
                         "item \(path) is outside a generated list of \(count)×\(items)")
            let detail = path.item % 10 == 0 ? "Detail of row \(path.section).\(path.item)" : nil
            return DemoItem(title: "Row \(path.section).\(path.item)", detail: detail)
        }
    }

    /// `value`, after checking that `section` exists in a generated list of `count` sections.
    private static func checkGenerated<Value>(section: Int, count: Int, _ value: @autoclosure () -> Value) -> Value {
        precondition(section >= 0 && section < count, "section \(section) is outside 0..<\(count)")
        return value()
    }

    /// The sections as stored, or `nil` for a generated list (which would have to make
    /// every title).
    ///
    /// - Complexity: O(1).
    public var storedSections: [DemoSection]? {
        if case .stored(let sections, _) = storage { return sections }
        return nil
    }
}
