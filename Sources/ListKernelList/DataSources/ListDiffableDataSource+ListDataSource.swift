@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

// What the list asks, answered from the current snapshot. During `apply` the current
// snapshot is already the new one, so counts, identifiers and configuration all speak the
// after-update state the list is asking about.

extension ListDiffableDataSource {
    /// The number of sections of the current snapshot.
    ///
    /// - Complexity: O(1).
    public func numberOfSections(in list: VirtualList<View>) -> Int { current._sections.count }

    /// The number of items in section `section` of the current snapshot.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, numberOfItemsInSection section: Int) -> Int {
        current._sections[section].items.count
    }

    /// The `reuseIdentifier` closure's answer.
    ///
    /// - Complexity: that of the closure.
    public func list(_ list: VirtualList<View>, reuseIdentifierFor element: ListElement) -> String {
        reuseIdentifier(element)
    }

    /// Calls `configure` with the item's identifier, or `configureSupplementary` with the
    /// section's identifier.
    ///
    /// - Complexity: O(1) plus that of the closure.
    public func list(_ list: VirtualList<View>, configure view: View, for element: ListElement, binding: BindingToken) {
        switch element {
        case .item(let path):
            configureItem(view, current._sections[path.section].items[path.item], path, binding)
        case .header(let section), .footer(let section):
            configureSupplementary(view, element, current._sections[section].id)
        }
    }

    /// The `sectionMetrics` closure's answer for the section's identifier, or the list's
    /// `defaultMetrics`.
    ///
    /// - Complexity: O(1) plus that of the closure.
    public func list(_ list: VirtualList<View>, metricsForSection section: Int) -> SectionMetrics {
        sectionMetrics?(current._sections[section].id) ?? list.defaultMetrics
    }

    /// The section's `SectionID`: fold state follows it.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, identifierForSection section: Int) -> AnyHashable? {
        AnyHashable(current._sections[section].id)
    }

    /// The item's `ItemID`: its measured extent is remembered under it.
    ///
    /// - Complexity: O(1).
    public func list(_ list: VirtualList<View>, identifierForItemAt path: ItemPath) -> AnyHashable? {
        AnyHashable(current._sections[path.section].items[path.item])
    }
}
