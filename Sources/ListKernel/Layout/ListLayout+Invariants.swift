extension ListLayout {
    /// Recomputes every cached sum and count from scratch and traps if any differs. Runs
    /// after every mutation in debug builds; compiled out of release builds.
    ///
    /// - Complexity: O(n) in debug builds, O(1) in release builds.
    @inline(__always)
    public func _checkInvariants() {
        #if DEBUG
        if !InvariantChecks.areSuspended { _checkInvariantsNow() }
        #endif
    }


    /// The check itself, callable from tests in any build.
    ///
    /// - Complexity: O(n).
    public func _checkInvariantsNow() {
        for (index, record) in sections.enumerated() {
            precondition(record.header >= -1 && record.footer >= -1, "section \(index): bad header/footer marker")
            record.items.checkInvariants()
        }
        precondition(sectionExtents == Fenwick(sections.lazy.map(\.extent)), "section extent tree is stale")
        precondition(
            sectionPositions == Fenwick(sections.lazy.map { Int64($0.positionCount) }),
            "section position tree is stale"
        )
    }
}
