@_spi(ListKernelTesting) public import ListKernelCore

extension ListLayout: InvariantChecked {
    /// Recomputes every cached sum and count from scratch, with the section tree's and each
    /// section's extents' own checks, and traps if any differs. Runs after every mutation
    /// in debug builds (`InvariantChecked`); callable from tests and from
    /// `ListKernelTesting`'s auditor in any build.
    ///
    /// - Complexity: O(n).
    @_spi(ListKernelTesting)
    public func _checkInvariantsNow() {
        var index = 0
        var items = 0
        var units: Int64 = 0
        sections.forEach { record in
            precondition(record.pointee.header >= -1 && record.pointee.footer >= -1, "section \(index): bad header/footer marker")
            record.pointee.items._checkInvariantsNow()
            precondition(record.pointee.items.isUniform || record.pointee.items.count <= ListLimits.maximumPerItemCount,
                         "section \(index) stores \(record.pointee.items.count) extents one by one")
            items += record.pointee.items.count
            units += record.pointee.fullExtent
            index += 1
        }
        precondition(sections.count <= ListLimits.maximumSectionCount, "\(sections.count) sections")
        precondition(items == allItemCount, "item total \(allItemCount) differs from recomputed \(items)")
        precondition(units == allUnits, "full extent \(allUnits) differs from recomputed \(units)")
        precondition(items <= ListLimits.maximumItemCount && units <= ListLimits.maximumContentUnits, "past ListLimits")
        sections._checkInvariantsNow()
    }
}
