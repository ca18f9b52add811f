@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

extension ListDiffableDataSource: InvariantChecked {
    /// Checks that the list's layout has the current snapshot's shape (section count and
    /// every section's item count) once the list was loaded from this data source, and that
    /// the stored snapshot carries no marks. Runs after every apply and reload in debug
    /// builds (`InvariantChecked`); callable from tests in any build.
    ///
    /// - Complexity: O(S).
    @usableFromInline
    package func _checkInvariantsNow() {
        precondition(
            current.reloadedItemIdentifiers.isEmpty && current.reconfiguredItemIdentifiers.isEmpty
                && current.reloadedSectionIdentifiers.isEmpty,
            "the stored snapshot carries marks"
        )
        guard isLoaded, list.dataSource === self else { return }
        let layout = list.layout
        precondition(
            layout.sectionCount == current._sections.count,
            "the layout has \(layout.sectionCount) sections, the snapshot \(current._sections.count)"
        )
        for (index, section) in current._sections.enumerated() {
            let count = layout.itemCount(inSection: index) ?? -1
            precondition(count == section.items.count, "section \(index) (\(section.id)): the layout has \(count) items, the snapshot \(section.items.count)")
        }
    }
}
