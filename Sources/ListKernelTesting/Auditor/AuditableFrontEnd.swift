public import ListKernel

/// The token adapter, for views that show no more than a title, a fold arrow, an expanded
/// part and an image: the auditor hands each view an ``AuditContent`` whose title is a
/// token unique per element and content version (`item 42 v1`), and reads back an
/// ``AuditContent``.
///
/// An ``AuditAdapter`` is the general form: it declares everything its views show as its
/// own value and feeds the app's real configure code a structured ``AuditElement``; prefer
/// it for a view that shows more (a subtitle, a checkmark, a badge). A token adapter is an
/// ``AuditAdapter`` whose `Rendered` is ``AuditContent``, so the auditor runs both the same
/// way.
///
/// ```swift
/// final class ContactsAudit: AuditableFrontEnd {
///     func register(in list: VirtualList<ContactCell>) throws(ListError) {
///         try list.register(kind: .item, reuseIdentifier: "contact") { ContactCell() }
///         try list.register(kind: .header, reuseIdentifier: "letter") { ContactCell() }
///         try list.register(kind: .footer, reuseIdentifier: "letter") { ContactCell() }
///     }
///     func reuseIdentifier(for element: ListElement) -> String { element.kind == .item ? "contact" : "letter" }
///     func configure(_ cell: ContactCell, with content: AuditContent, context: AuditContext<ContactCell>) {
///         cell.name = content.title ?? ""
///         cell.avatar = nil
///         context.loadImage { [weak cell] image in
///             guard context.isCurrent else { return }        // the cell may show another row now
///             cell?.avatar = image
///         }
///     }
///     func content(of cell: ContactCell) -> AuditContent {
///         AuditContent(title: cell.name, image: cell.avatar)
///     }
///     var features: AuditFeatures { [.title, .asyncImage] }
/// }
/// ```
public protocol AuditableFrontEnd<View>: AuditAdapter where Rendered == AuditContent {
    /// The class of the front end's views.
    associatedtype View

    /// The parts of ``AuditContent`` the views show; only these are compared. Default: all.
    var features: AuditFeatures { get }

    /// Registers a view factory (`register(kind:reuseIdentifier:factory:)`) for every reuse
    /// identifier the `ListElement` form of `reuseIdentifier(for:)` names.
    func register(in list: VirtualList<View>) throws(ListError)

    /// The reuse identifier of `element`'s view. Default: the kind's name (`item`, `header`,
    /// `footer`).
    func reuseIdentifier(for element: ListElement) -> String

    /// Shows `content` in `view`, which may have shown another element before. Images are
    /// requested with `context.loadImage`, and arrive later.
    func configure(_ view: View, with content: AuditContent, context: AuditContext<View>)

    /// What `view` shows now, read back from the view itself (not from a copy of `content`
    /// kept aside, which would hide exactly the bugs the audit looks for).
    func content(of view: View) -> AuditContent

    /// The user tapped the expand button of the displayed item `view`, before the model
    /// changes. Default: nothing. (Seed 002's cell flipped its own expanded state here.)
    func itemTapped(_ view: View)
}

extension AuditableFrontEnd {
    /// Default: ``AuditFeatures/all``.
    ///
    /// - Complexity: O(1).
    public var features: AuditFeatures { .all }

    /// Default: `element.kind.name`.
    ///
    /// - Complexity: O(1).
    public func reuseIdentifier(for element: ListElement) -> String { element.kind.name }

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func itemTapped(_ view: View) {}

    /// The token adapter's reuse identifier, by the element's index.
    ///
    /// - Complexity: what the `ListElement` form costs.
    public func reuseIdentifier(for element: AuditElement) -> String { reuseIdentifier(for: element.element) }

    /// Runs ``itemTapped(_:)``.
    ///
    /// - Complexity: what ``itemTapped(_:)`` costs.
    public func expandButtonTapped(_ view: View) { itemTapped(view) }

    /// Registers the factories of the list form of `register(in:)`, configured through
    /// ``configure(_:with:context:)`` and read back through ``content(of:)``.
    ///
    /// - Complexity: what the list form costs.
    public func register(in registry: AuditRegistry<View, AuditContent>) throws(ListError) {
        try register(in: registry.list)
        registry.factoryConfigure = { [unowned self] view, element, context in
            configure(view, with: AuditContent(tokensOf: element), context: context)
        }
        registry.factoryRendered = { [unowned self] view, kind in content(of: view).masked(to: features, kind: kind) }
    }

    /// The content `element` must show, with only the ``features`` its kind has: the
    /// title token, a header's fold arrow, an item's expanded flag and delivered image.
    ///
    /// - Complexity: O(1).
    public func expected(for element: AuditElement) -> AuditContent {
        var content = AuditContent(tokensOf: element)
        content.image = element.deliveredImage
        return content.masked(to: features, kind: element.kind)
    }
}

extension AuditContent {
    /// What a token adapter's configure gets: the title token, the fold arrow of a header,
    /// the expanded flag and image token of an item.
    init(tokensOf element: AuditElement) {
        switch element.kind {
        case .header: self.init(title: element.token, isFolded: element.isFolded)
        case .item: self.init(title: element.token, isExpanded: element.isExpanded, image: element.image)
        default: self.init(title: element.token)
        }
    }

    /// Only the parts `features` lists and an element of `kind` has; the others `nil`.
    func masked(to features: AuditFeatures, kind: ElementKind) -> AuditContent {
        AuditContent(
            title: features.contains(.title) ? title : nil,
            isFolded: features.contains(.foldArrow) && kind == .header ? isFolded : nil,
            isExpanded: features.contains(.expansion) && kind == .item ? isExpanded : nil,
            image: features.contains(.asyncImage) && kind == .item ? image : nil
        )
    }
}
