public import ListKernel

/// What the stale-state auditor needs from a front end: its view classes, how it renders an
/// element's content into a view, and how to read back what a view shows.
///
/// The auditor owns the model and the list's data source; the front end supplies the views
/// and the code that configures them, which is what goes wrong when a recycled view keeps
/// state from its previous element. Render everything the view shows from `content` in
/// ``configure(_:with:context:)``, as your real data source does from its model:
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
///         cell.apply(ContactViewModel(name: content.title ?? "", expanded: content.isExpanded ?? false))
///         cell.avatar = nil
///         context.loadImage { [weak cell] image in
///             guard context.isCurrent else { return }        // the cell may show another row now
///             cell?.avatar = image
///         }
///     }
///     func content(of cell: ContactCell) -> AuditContent {
///         AuditContent(title: cell.name, isFolded: cell.arrowPointsRight, isExpanded: cell.isExpanded, image: cell.avatar)
///     }
/// }
/// ```
///
/// Optional hooks model what a real front end does on user interaction: a header or cell
/// that animates its own state on a tap (``headerTapped(_:)``, ``itemTapped(_:)``), and
/// how a tap finds the section it folds (``section(toggledByTapping:in:)``).
public protocol AuditableFrontEnd<View>: AnyObject {
    /// The class of the front end's views.
    associatedtype View: AnyObject

    /// The parts of ``AuditContent`` the views show; only these are compared. Default: all.
    var features: AuditFeatures { get }

    /// Registers the view factories for every reuse identifier ``reuseIdentifier(for:)``
    /// names.
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

    /// Called when the list recycles `view` (after the view's own `prepareForReuse`, if it
    /// conforms to `ReusableView`). Default: nothing.
    func prepareForReuse(_ view: View)

    /// The user tapped the displayed header `view`, before the section is folded or
    /// unfolded. Default: nothing. (Seed 000 rotated its arrow here, and only here.)
    func headerTapped(_ view: View)

    /// The section a tap on the displayed header `view` folds or unfolds. Default: the
    /// section `list` displays `view` for, looked up at tap time. (Seed 003 read a tag set
    /// when the header was created; a closure that captured the section index when the view
    /// was configured goes wrong once sections are inserted above it.)
    func section(toggledByTapping header: View, in list: VirtualList<View>) -> Int?

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
    public func prepareForReuse(_ view: View) {}

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func headerTapped(_ view: View) {}

    /// Default: the section of the element `list` displays `header` for.
    ///
    /// - Complexity: O(k) for k displayed elements.
    public func section(toggledByTapping header: View, in list: VirtualList<View>) -> Int? {
        list.element(for: header)?.section
    }

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func itemTapped(_ view: View) {}
}

/// What `configure` gets besides the content: the element, the list, the binding the view
/// is configured under, and the asynchronous image loader.
///
/// ```swift
/// context.loadImage { image in
///     if context.isCurrent { view.image = image }   // a stale result is dropped
/// }
/// ```
///
/// - Complexity: every member is O(1).
public struct AuditContext<View: AnyObject> {
    /// The element the view is configured for.
    public let element: ListElement
    /// The binding the view is configured under.
    public let binding: BindingToken
    /// The list (its `isCurrent(_:)` tells a late result from a current one).
    public unowned let list: VirtualList<View>
    let requestImage: (@escaping (String) -> Void) -> Void

    /// Whether the view is still bound as it was when `configure` ran.
    ///
    /// - Complexity: O(1).
    public var isCurrent: Bool { list.isCurrent(binding) }

    /// Starts loading the item's image; `completion` runs later, when the auditor delivers
    /// it (in any order relative to scrolls, updates and other loads), with the image token
    /// of the item's content as it was when `configure` ran. Headers and footers have no
    /// image: the call does nothing for them.
    ///
    /// - Complexity: O(1).
    public func loadImage(_ completion: @escaping (String) -> Void) { requestImage(completion) }
}
