public import ListKernel

/// What the stale-state auditor needs from a front end: its view classes with their real
/// configure code, what a view shows, and its display-time and tap code.
///
/// The auditor owns the model and the list's data source. The adapter registers the app's
/// view classes, each with a configure handler that turns the auditor's description of an
/// element (``AuditElement``) into the app's own view model and calls the app's own
/// configure code, and a read-back of what the view shows, as the app's own value type
/// (`Rendered`). ``expected(for:)`` says what a view displaying an element must show, in
/// the same type; after every operation the auditor compares the two for every displayed
/// view, part by part.
///
/// ```swift
/// struct MessageShown: Equatable {                  // everything the cell draws
///     var sender: String
///     var preview: String?
///     var isChecked: Bool
///     var unreadCount: Int?
/// }
///
/// final class MessagesAudit: AuditAdapter {
///     func register(in registry: AuditRegistry<ListCell, MessageShown>) throws(ListError) {
///         try registry.register(kind: .item, make: MessageCell.init, configure: { cell, element, _ in
///             cell.apply(MessageViewModel(element))     // the app's own code
///         }, rendered: { cell in
///             MessageShown(sender: cell.senderLabel, preview: cell.previewLabel,
///                          isChecked: cell.checkmark, unreadCount: cell.badge)
///         })
///         // … headers and footers the same way
///     }
///
///     func expected(for element: AuditElement) -> MessageShown {
///         MessageShown(sender: element.title, preview: element.subtitle,
///                      isChecked: element.isSelected, unreadCount: element.badge)
///     }
/// }
/// ```
///
/// Build ``expected(for:)`` from the element's fields directly, not through the view or
/// the code under test: it is the audit's oracle. Every hook below has a default; override
/// the ones your front end has code in, so that code runs under the audit too.
public protocol AuditAdapter<View>: AnyObject {
    /// The list's view class (the common base class of the registered views).
    associatedtype View: AnyObject
    /// What a view shows, as a value: compared with ``expected(for:)`` part by part (the
    /// stored properties, through `Mirror`), and named part by part in reports.
    associatedtype Rendered: Equatable

    /// Registers the view classes, each with its configure handler and its read-back:
    /// ``AuditRegistry/register(kind:reuseIdentifier:make:configure:rendered:)``.
    func register(in registry: AuditRegistry<View, Rendered>) throws(ListError)

    /// What a view displaying `element` must show now. `element.deliveredImage` is the
    /// image delivered to that view under its current binding, or `nil` while its load is
    /// pending.
    func expected(for element: AuditElement) -> Rendered

    /// The reuse identifier of `element`'s view. Default: the kind's name (`item`,
    /// `header`, `footer`), a registration's default identifier.
    func reuseIdentifier(for element: AuditElement) -> String

    /// The list is about to display `view`, already configured, for `element`. Default:
    /// nothing. State set here is audited like state set in configure.
    func willDisplay(_ view: View, for element: AuditElement)

    /// `view` stopped displaying `element` (as the view was configured for it). Default:
    /// nothing.
    func didEndDisplaying(_ view: View, for element: AuditElement)

    /// These items will probably appear soon: a front end starts loading or preparing them.
    /// Default: nothing.
    func prefetch(_ elements: [AuditElement])

    /// Items announced by ``prefetch(_:)`` are no longer expected. Default: nothing.
    func cancelPrefetching(_ elements: [AuditElement])

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
    func expandButtonTapped(_ view: View)

    /// The user tapped the displayed item `view` to select or deselect it, before the model
    /// changes. Default: nothing.
    func cellTapped(_ view: View)

    /// The item a tap on the displayed cell `view` selects or deselects: it must be the item
    /// the cell shows now. Default: the item `list` displays `view` for, looked up at tap
    /// time. (A handler that captured the item's path when the cell was configured acts on
    /// another item once items are inserted above it: the list keeps the cell without
    /// configuring it again.)
    func item(selectedByTapping cell: View, in list: VirtualList<View>) -> ItemPath?
}

extension AuditAdapter {
    /// Default: `element.kind.name`.
    ///
    /// - Complexity: O(1).
    public func reuseIdentifier(for element: AuditElement) -> String { element.kind.name }

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func willDisplay(_ view: View, for element: AuditElement) {}

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func didEndDisplaying(_ view: View, for element: AuditElement) {}

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func prefetch(_ elements: [AuditElement]) {}

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func cancelPrefetching(_ elements: [AuditElement]) {}

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
    public func expandButtonTapped(_ view: View) {}

    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func cellTapped(_ view: View) {}

    /// Default: the item path of the element `list` displays `cell` for.
    ///
    /// - Complexity: O(k) for k displayed elements.
    public func item(selectedByTapping cell: View, in list: VirtualList<View>) -> ItemPath? {
        list.element(for: cell)?.itemPath
    }
}

/// What a configure handler gets besides the element: the list position, the list, the
/// binding the view is configured under, and the asynchronous image loader.
///
/// ```swift
/// context.loadImage { image in
///     if context.isCurrent { cell.avatar = image }   // a stale result is dropped
/// }
/// ```
///
/// - Complexity: every member is O(1).
public struct AuditContext<View: AnyObject> {
    /// The element the view is configured for, by index.
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

    /// Starts loading the item's image (``AuditElement/image``); `completion` runs later,
    /// when the auditor delivers it (in any order relative to scrolls, updates and other
    /// loads). Does nothing for an element without an image, and for headers and footers.
    ///
    /// - Complexity: O(1).
    public func loadImage(_ completion: @escaping (String) -> Void) { requestImage(completion) }
}

/// Where an adapter registers its view classes for an audit: each with the factory that
/// makes its views, the app's configure code, and a read-back of what a view shows. The
/// registry turns each into a typed `ViewRegistration` of the list, so a handler receives
/// the class it registered, with nothing cast.
///
/// ```swift
/// try registry.register(kind: .header, make: GroupHeader.init, configure: { header, element, _ in
///     header.apply(GroupViewModel(name: element.title, isFolded: element.isFolded))
/// }, rendered: { header in
///     .header(name: header.nameLabel, arrowPointsRight: header.isArrowRight)
/// })
/// ```
///
/// - Complexity: every member is O(1) unless it says otherwise.
public final class AuditRegistry<View: AnyObject, Rendered> {
    /// Runs an audit registration's configure: the data source's books, then `body`.
    typealias Route = (
        _ view: View, _ element: ListElement, _ binding: BindingToken, _ readBack: @escaping (View) -> Rendered?,
        _ body: (AuditElement, AuditContext<View>) -> Void
    ) -> Void

    unowned let list: VirtualList<View>
    let route: Route
    /// For the token adapter (``AuditableFrontEnd``), whose views come from plain factories
    /// and are configured through the data source.
    var factoryConfigure: ((View, AuditElement, AuditContext<View>) -> Void)?
    var factoryRendered: ((View, ElementKind) -> Rendered)?

    init(list: VirtualList<View>, route: @escaping Route) {
        self.list = list
        self.route = route
    }

    /// Registers the view class `Cell` for `kind`: `make` makes its views, `configure` is
    /// the app's configure code fed by the auditor's description, `rendered` reads back
    /// what a view shows.
    ///
    /// - Parameters:
    ///   - kind: the kind of element the views show.
    ///   - reuseIdentifier: the identifier; `nil` (the default) uses `kind.name`, which is
    ///     what ``AuditAdapter/reuseIdentifier(for:)`` answers by default.
    ///   - make: makes a new view each time it is called.
    ///   - configure: sets everything the view shows for the element, from the element;
    ///     runs every time the view starts showing an element, and on every reconfigure.
    ///   - rendered: what the view shows now, read from the view itself (never from a copy
    ///     of the element kept aside, which would hide exactly the bugs the audit looks
    ///     for).
    /// - Throws: what the list's `register(_:)` throws: `ListError.registrationViewType`
    ///   when `Cell` is not a `View`, `.reuse(.emptyIdentifier)`.
    /// - Complexity: O(1).
    public func register<Cell: AnyObject>(
        kind: ElementKind,
        reuseIdentifier: String? = nil,
        make: @escaping () -> Cell,
        configure: @escaping (_ cell: Cell, _ element: AuditElement, _ context: AuditContext<View>) -> Void,
        rendered: @escaping (_ cell: Cell) -> Rendered
    ) throws(ListError) {
        let route = route
        let readBack: (View) -> Rendered? = { view in ((view as AnyObject) as? Cell).map(rendered) }
        try list.register(ViewRegistration<Cell>(kind: kind, reuseIdentifier: reuseIdentifier, make: make) { cell, element, context in
            // The list checked at registration that `Cell` is a `View`.
            guard let view = (cell as AnyObject) as? View else { return }
            route(view, element, context.binding, readBack) { described, auditContext in configure(cell, described, auditContext) }
        })
    }
}
