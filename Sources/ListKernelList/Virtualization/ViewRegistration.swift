@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// A view class, the factory that makes its views and the code that configures them, for one
/// kind of element: UIKit's `CellRegistration` and `SupplementaryRegistration` in one type.
///
/// Each registration carries its own view class, so headers, rows and footers can be
/// different classes and `configure` receives the class it registered: no cast anywhere.
///
/// ```swift
/// class ListRow { func draw() {} }
/// final class HeaderView: ListRow { var title = "" }
/// final class RowView: ListRow { var text = "" }
///
/// let list = VirtualList<ListRow>(style: .plain)
/// try list.register(ViewRegistration<HeaderView>(kind: .header, make: HeaderView.init) { view, element, context in
///     view.title = (context.isSectionCollapsed ? "▸ " : "▾ ") + model.title(of: element.section)
/// })
/// try list.register(ViewRegistration<RowView>(kind: .item, make: RowView.init) { view, element, _ in
///     view.text = model.text(of: element.itemPath!)
/// })
/// ```
///
/// A handler that needs the list captures it weakly (`{ [weak list] view, element, _ in … }`):
/// the list keeps its registrations, so a strong capture would keep the list alive for ever.
///
/// A registration's `reuseIdentifier` defaults to its kind's name (`"header"`, `"item"`,
/// `"footer"`), which is what `ListDataSource`'s default `reuseIdentifierFor` answers: a list
/// with one registration per kind needs no identifier code. Register several per kind with
/// identifiers of your own and answer them from `reuseIdentifierFor`.
///
/// - Complexity: every member is O(1).
public struct ViewRegistration<Cell: AnyObject> {
    /// The kind of element the views show.
    public let kind: ElementKind
    /// The reuse identifier the data source names for elements these views show.
    public let reuseIdentifier: String
    let make: () -> Cell
    let configure: (Cell, ListElement, ConfigurationContext) -> Void

    /// A registration of `Cell` for `kind`.
    ///
    /// - Parameters:
    ///   - kind: the kind of element the views show.
    ///   - reuseIdentifier: the identifier; `nil` (the default) uses `kind.name`.
    ///   - make: makes a new view each time it is called; it must not return a view the
    ///     list already uses.
    ///   - configure: sets everything the view shows from the model, for `element`. It runs
    ///     every time the view starts showing an element, and on `reconfigure`.
    /// - Complexity: O(1).
    public init(
        kind: ElementKind,
        reuseIdentifier: String? = nil,
        make: @escaping () -> Cell,
        configure: @escaping (_ view: Cell, _ element: ListElement, _ context: ConfigurationContext) -> Void
    ) {
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier ?? kind.name
        self.make = make
        self.configure = configure
    }
}

/// What a configure handler knows about the element besides its index: the binding of this
/// configuration and the state of its section, read without `try`.
public struct ConfigurationContext: Sendable {
    /// The token of this configuration: async work started here checks
    /// `list.isCurrent(binding)` before it touches the view.
    public let binding: BindingToken
    /// Whether the element's section is collapsed (a header draws its fold arrow from it).
    public let isSectionCollapsed: Bool
}

/// A registration's configure handler with its view type erased; only ever called with views
/// its own registration's factory made.
final class Configurator {
    let configure: (AnyObject, ListElement, ConfigurationContext) -> Void

    init<Cell: AnyObject>(_ registration: ViewRegistration<Cell>) {
        let handler = registration.configure
        // Safe: a configurator is stored with the views its registration's factory made,
        // and a re-registration drops the pooled views of the old one.
        configure = { view, element, context in handler(unsafeDowncast(view, to: Cell.self), element, context) }
    }
}

extension VirtualList {
    /// Registers `registration`: its factory makes the views of its kind and identifier, and
    /// its handler configures them (instead of the data source's `configure`). Replaces any
    /// earlier registration of that kind and identifier; views of the earlier one on screen
    /// keep their own handler until they leave.
    ///
    /// - Throws: `ListError.registrationViewType` when `Cell` is not a `View` (the list's
    ///   view class), `.reuse(.emptyIdentifier)`, `.reentrantCall` from inside a callback.
    /// - Complexity: O(pooled views of the replaced registration).
    public func register<Cell: AnyObject>(_ registration: ViewRegistration<Cell>) throws(ListError) {
        try checkNotCallingOut("register(_:)")
        guard (Cell.self as Any) is View.Type else {
            throw .registrationViewType(registered: String(describing: Cell.self), listView: String(describing: View.self))
        }
        let make = registration.make
        do {
            try reusePool.register(kind: registration.kind, identifier: registration.reuseIdentifier, factory: { make() })
        } catch {
            throw .reuse(error)
        }
        configurators[ReusePool<AnyObject>.SlotKey(kind: registration.kind, identifier: registration.reuseIdentifier)] = Configurator(registration)
    }
}
