@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// Sizes of one section's parts, as a data source reports them (like UITableView's
/// `heightForHeaderInSection`, `heightForFooterInSection` and `estimatedRowHeight`).
public struct SectionMetrics: Equatable, Sendable {
    /// The header's extent, or `nil` for no header.
    public var header: Double?
    /// The footer's extent, or `nil` for no footer.
    public var footer: Double?
    /// The items' uniform extent, or their estimate until measured.
    public var itemExtent: ListLayout.ItemExtent
    /// Extents the front end already knows, one per item (UITableView's `heightForRowAt`),
    /// or `nil`. When given, its count must equal the section's item count.
    public var measuredItemExtents: [Double]?

    /// Creates metrics.
    ///
    /// - Complexity: O(1).
    public init(header: Double? = nil, footer: Double? = nil, itemExtent: ListLayout.ItemExtent = .estimated(44)) {
        self.header = header
        self.footer = footer
        self.itemExtent = itemExtent
        measuredItemExtents = nil
    }

    /// Metrics with every item's extent known up front; `estimate` sizes items inserted later.
    ///
    /// - Complexity: O(1).
    public init(header: Double? = nil, footer: Double? = nil, measuredItemExtents: [Double], estimate: Double = 44) {
        self.header = header
        self.footer = footer
        itemExtent = .estimated(estimate)
        self.measuredItemExtents = measuredItemExtents
    }
}

/// What a front end tells the kernel, and what the kernel asks of it: the one protocol a
/// rendering front end implements. Names follow UITableView's data source and delegate.
///
/// Required: the counts, the reuse identifier of each element, and `configure`. Everything
/// else has a default that does nothing (or uses the list's `defaultMetrics`).
///
/// ```swift
/// final class Contacts: ListDataSource {
///     func numberOfSections(in list: VirtualList<RowView>) -> Int { groups.count }
///     func list(_ list: VirtualList<RowView>, numberOfItemsInSection section: Int) -> Int { groups[section].count }
///     func list(_ list: VirtualList<RowView>, reuseIdentifierFor element: ListElement) -> String {
///         element.kind == .item ? "row" : "header"
///     }
///     func list(_ list: VirtualList<RowView>, configure view: RowView, for element: ListElement, binding: BindingToken) {
///         view.text = title(of: element)      // everything the view shows comes from the model
///     }
/// }
/// ```
///
/// Concurrency: the list and its data source live in one isolation domain. A main-actor
/// front end conforms with an isolated conformance (`extension MyController: @MainActor
/// ListDataSource`) and drives the list on the main actor; a single-threaded one just
/// conforms.
public protocol ListDataSource<View>: AnyObject {
    /// The class of the views the front end draws with.
    associatedtype View: AnyObject

    /// The number of sections.
    func numberOfSections(in list: VirtualList<View>) -> Int

    /// The number of items in `section`, collapsed or not (the list folds sections itself).
    func list(_ list: VirtualList<View>, numberOfItemsInSection section: Int) -> Int

    /// The reuse identifier for `element`'s view; its kind is `element.kind`. Default:
    /// `element.kind.name`, the default identifier of a `ViewRegistration`.
    func list(_ list: VirtualList<View>, reuseIdentifierFor element: ListElement) -> String

    /// Shows `element` in `view`, for views registered with a factory
    /// (`register(kind:reuseIdentifier:factory:)`); views of a `ViewRegistration` are
    /// configured by its handler instead. Everything the view shows must come from the
    /// model here: the view may have shown another element before. `binding` identifies
    /// this binding; async work that will update the view later checks
    /// `list.isCurrent(binding)` first. Default: nothing.
    func list(_ list: VirtualList<View>, configure view: View, for element: ListElement, binding: BindingToken)

    /// The header, footer and item extents of `section`. Default: `list.defaultMetrics`.
    func list(_ list: VirtualList<View>, metricsForSection section: Int) -> SectionMetrics

    /// A stable identifier of `section`, so fold state follows the section when sections are
    /// inserted, deleted or moved. Default: `nil` (fold state follows the index).
    func list(_ list: VirtualList<View>, identifierForSection section: Int) -> AnyHashable?

    /// A stable identifier of an item, so a measured extent is remembered when the item
    /// leaves and re-appears. Default: `nil` (no cache).
    func list(_ list: VirtualList<View>, identifierForItemAt path: ItemPath) -> AnyHashable?

    /// `view` is about to appear for `element`.
    func list(_ list: VirtualList<View>, willDisplay view: View, for element: ListElement)

    /// `view` stopped showing `element`; it goes back to the reuse pool next.
    func list(_ list: VirtualList<View>, didEndDisplaying view: View, for element: ListElement)

    /// A recycled `view` is about to be handed out again: reset transient state (animations,
    /// highlights). Called exactly once per recycle, never for a new view.
    func list(_ list: VirtualList<View>, prepareForReuse view: View)

    /// These items will probably appear soon, in the scroll direction: start loading.
    func list(_ list: VirtualList<View>, prefetchItemsAt paths: [ItemPath])

    /// Items announced by `prefetchItemsAt` that are no longer expected: stop loading.
    func list(_ list: VirtualList<View>, cancelPrefetchingForItemsAt paths: [ItemPath])
}

extension ListDataSource {
    /// The kind's name (`"header"`, `"item"`, `"footer"`): the identifier a
    /// `ViewRegistration` takes by default, so a list with one registration per kind needs
    /// no identifier code.
    public func list(_ list: VirtualList<View>, reuseIdentifierFor element: ListElement) -> String { element.kind.name }
    /// Nothing: views made by a `ViewRegistration` are configured by its handler.
    public func list(_ list: VirtualList<View>, configure view: View, for element: ListElement, binding: BindingToken) {}
    /// Default: `list.defaultMetrics`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, metricsForSection section: Int) -> SectionMetrics { list.defaultMetrics }
    /// Default: `nil`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, identifierForSection section: Int) -> AnyHashable? { nil }
    /// Default: `nil`.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, identifierForItemAt path: ItemPath) -> AnyHashable? { nil }
    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, willDisplay view: View, for element: ListElement) {}
    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, didEndDisplaying view: View, for element: ListElement) {}
    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, prepareForReuse view: View) {}
    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, prefetchItemsAt paths: [ItemPath]) {}
    /// Default: nothing.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, cancelPrefetchingForItemsAt paths: [ItemPath]) {}
}
