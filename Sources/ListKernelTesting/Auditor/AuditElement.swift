public import ListKernel

/// One element as the auditor's model describes it: who it is, which version of its content,
/// its state, and the values it shows. An adapter builds its app's view model from this and
/// hands it to its real view's configure code; nothing is parsed out of a string.
///
/// ```swift
/// configure: { cell, element, context in
///     cell.apply(MessageViewModel(
///         sender: element.title, preview: element.subtitle,     // nil: no preview line
///         unreadCount: element.badge, isChecked: element.isSelected))
/// }
/// ```
///
/// The values stand in for the fields of your model: map each onto one of yours (a title
/// onto a sender, a subtitle onto a preview, a badge onto an unread count). Every value is
/// a function of the element's content and version, so a version bump (a reload, a
/// reconfigure, an identifier that came back) changes some of them, and some elements have
/// no subtitle, no badge or no image at all: a view that keeps a part from its previous
/// element shows a value the model doesn't have.
///
/// - Complexity: every member is O(1) except `description`, O(length of the values).
public struct AuditElement: Hashable, Sendable, CustomStringConvertible {
    /// Where the list shows the element now (a header, footer or item, by index).
    public var element: ListElement
    /// The element's identifier: an item's own, a header's or footer's section's. Depending
    /// on the world's ``AuditWorld/Identity``, an item's identifier may be one a deleted item
    /// had, or one that another section uses too: key a cache by identifier alone and it
    /// mixes items up.
    public var identifier: Int
    /// The identifier of the element's section (never reused).
    public var sectionIdentifier: Int
    /// The content version: 0 when the element appears, one more on every reload or
    /// reconfigure that changed it.
    public var version: Int
    /// Whether the element's section is folded (a header draws its fold arrow from it).
    public var isFolded: Bool
    /// Items: whether the item is expanded (its extent doubles). `false` otherwise.
    public var isExpanded: Bool
    /// Items: whether the item is selected. `false` otherwise.
    public var isSelected: Bool
    /// The title: an item's (`"Ada 57"`) stays through versions; a header's or footer's
    /// names its section.
    public var title: String
    /// A second line, or `nil` for none (a third of items and versions have none).
    public var subtitle: String?
    /// A count to show in a badge, or `nil` for none (about half have none).
    public var badge: Int?
    /// A flag a view may show as a colour or an icon.
    public var isFlagged: Bool
    /// Items: the image the item shows once loaded through ``AuditContext/loadImage(_:)``,
    /// or `nil` for an item without one (a quarter of items and versions).
    public var image: String?
    /// The image delivered to the view under its current binding, or `nil` while none has
    /// arrived. `nil` in the element `configure` gets (a fresh binding has no image yet); in
    /// the element ``AuditAdapter/expected(for:)`` gets, the image the view must show now.
    public var deliveredImage: String?
    /// The legacy title token (`item 42 v1`) of ``AuditContent``.
    let token: String

    /// Creates a description; the auditor's model makes them (``AuditModel/auditElement(for:)``),
    /// a test may make its own to check an adapter's `expected(for:)`.
    ///
    /// - Complexity: O(1).
    public init(
        element: ListElement, identifier: Int, sectionIdentifier: Int, version: Int = 0,
        isFolded: Bool = false, isExpanded: Bool = false, isSelected: Bool = false,
        title: String, subtitle: String? = nil, badge: Int? = nil, isFlagged: Bool = false,
        image: String? = nil, deliveredImage: String? = nil
    ) {
        self.init(
            element: element, identifier: identifier, sectionIdentifier: sectionIdentifier, version: version,
            isFolded: isFolded, isExpanded: isExpanded, isSelected: isSelected, title: title, subtitle: subtitle,
            badge: badge, isFlagged: isFlagged, image: image, deliveredImage: deliveredImage,
            token: "\(element.kind.name) \(identifier) v\(version)"
        )
    }

    init(
        element: ListElement, identifier: Int, sectionIdentifier: Int, version: Int,
        isFolded: Bool, isExpanded: Bool, isSelected: Bool, title: String, subtitle: String?,
        badge: Int?, isFlagged: Bool, image: String?, deliveredImage: String?, token: String
    ) {
        self.element = element
        self.identifier = identifier
        self.sectionIdentifier = sectionIdentifier
        self.version = version
        self.isFolded = isFolded
        self.isExpanded = isExpanded
        self.isSelected = isSelected
        self.title = title
        self.subtitle = subtitle
        self.badge = badge
        self.isFlagged = isFlagged
        self.image = image
        self.deliveredImage = deliveredImage
        self.token = token
    }

    /// The element's kind.
    ///
    /// - Complexity: O(1).
    public var kind: ElementKind { element.kind }

    /// The element's item path, or `nil` for a header or footer.
    ///
    /// - Complexity: O(1).
    public var itemPath: ItemPath? { element.itemPath }

    /// `item [1, 3] (identifier 7 in section 2, version 1)`: what reports name it by.
    ///
    /// - Complexity: O(1).
    public var name: String {
        switch element {
        case .item: "\(element) (identifier \(identifier) in section \(sectionIdentifier), version \(version))"
        case .header, .footer: "\(element) (section identifier \(sectionIdentifier), version \(version))"
        }
    }

    /// The name, then every value and flag that is set.
    ///
    /// - Complexity: O(length of the values).
    public var description: String {
        var parts = ["\(name): title \(String(reflecting: title))"]
        parts.append("subtitle \(subtitle.map { String(reflecting: $0) } ?? "nil")")
        parts.append("badge \(badge.map { "\($0)" } ?? "nil")")
        if isFlagged { parts.append("flagged") }
        if isFolded { parts.append("folded") }
        if isExpanded { parts.append("expanded") }
        if isSelected { parts.append("selected") }
        if element.kind == .item { parts.append("image \(image.map { String(reflecting: $0) } ?? "nil")") }
        if let deliveredImage { parts.append("delivered \(String(reflecting: deliveredImage))") }
        return parts.joined(separator: ", ")
    }
}
