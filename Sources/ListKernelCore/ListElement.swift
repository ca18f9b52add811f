/// One element of a sectioned list: a section header, an item, or a section footer.
///
/// Elements are ordered as they appear along the scroll axis: a section's header, then its
/// items in order, then its footer, then the next section.
///
/// ```swift
/// let elements: [ListElement] = [.header(section: 0), .item(ItemPath(section: 0, item: 0)), .footer(section: 0)]
/// assert(elements == elements.sorted())
/// ```
///
/// - Complexity: every member is O(1).
public enum ListElement: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The header of a section.
    case header(section: Int)
    /// An item.
    case item(ItemPath)
    /// The footer of a section.
    case footer(section: Int)

    /// The section this element belongs to.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var section: Int {
        switch self {
        case .header(let section), .footer(let section): section
        case .item(let path): path.section
        }
    }

    /// The item path, for an item; `nil` for a header or footer.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var itemPath: ItemPath? {
        if case .item(let path) = self { return path }
        return nil
    }

    /// The element's kind: header, item or footer.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var kind: ElementKind {
        switch self {
        case .header: .header
        case .item: .item
        case .footer: .footer
        }
    }

    /// Orders elements as they appear along the scroll axis.
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: ListElement, rhs: ListElement) -> Bool {
        lhs.sortKey < rhs.sortKey
    }

    @inlinable
    var sortKey: (Int, Int, Int) {
        switch self {
        case .header(let section): (section, 0, 0)
        case .item(let path): (path.section, 1, path.item)
        case .footer(let section): (section, 2, 0)
        }
    }

    /// The same header or footer in section `section` (an item keeps its own path): where
    /// a header or footer goes when its section moves.
    ///
    /// - Complexity: O(1).
    package func inSection(_ section: Int) -> ListElement {
        switch self {
        case .header: .header(section: section)
        case .footer: .footer(section: section)
        case .item(let path): .item(path)
        }
    }

    /// `header 3`, `item [3, 4]` or `footer 3`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .header(let section): "header \(section)"
        case .item(let path): "item \(path)"
        case .footer(let section): "footer \(section)"
        }
    }
}

/// The kind of a view: an item cell, a section header or footer, or a custom supplementary
/// kind a front end registers (a badge, a decoration).
///
/// Kinds are compared by name, case-sensitively.
///
/// - Complexity: every member is O(1).
public struct ElementKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name: `"item"`, `"header"`, `"footer"` or a custom name.
    public let name: String

    /// A custom supplementary kind named `name`.
    ///
    /// - Complexity: O(1).
    public init(_ name: String) { self.name = name }

    /// Item cells.
    public static let item = ElementKind("item")
    /// Section headers.
    public static let header = ElementKind("header")
    /// Section footers.
    public static let footer = ElementKind("footer")

    /// The kind's name.
    ///
    /// - Complexity: O(1).
    public var description: String { name }
}
