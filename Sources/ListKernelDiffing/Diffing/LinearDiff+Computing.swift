@_spi(ListKernelTesting) public import ListKernelCore

// Computing a linear diff:
//
//   1. fast path: identical identifiers in identical order → only content changes;
//   2. match identifiers (common prefix/suffix by position, the rest through a hash table);
//   3. a longest increasing subsequence of the matched old indexes, in new order, stays in
//      place; every other matched element is a move (the fewest moves possible);
//   4. compare content of every matched pair for content changes.

extension LinearDiff {
    /// Computes the diff from `old` to `new`, matching elements by `id` and comparing the
    /// content of matched elements with `==`.
    ///
    /// ```swift
    /// struct Item: Identifiable, Equatable { var id: Int; var version: Int }
    /// let diff = try LinearDiff(from: oldItems, to: newItems)
    /// ```
    ///
    /// - Parameters:
    ///   - old: the collection before the update (the before-state).
    ///   - new: the collection after the update (the after-state).
    ///   - kind: the ``ContentChangeKind`` reported for elements whose content changed.
    /// - Throws: `DiffError.duplicateElement` naming the identifier and both indexes when an
    ///   identifier occurs twice in one input (outside the common prefix and suffix).
    /// - Complexity: O(n log n) time, O(n) when few elements move; O(n) memory; identical
    ///   inputs take one pass with no hashing and no allocation but the result.
    @inlinable
    public init<Element: Identifiable & Equatable>(
        from old: [Element],
        to new: [Element],
        contentChangesAs kind: ContentChangeKind = .reload
    ) throws(DiffError) {
        try self.init(from: old, to: new, identifiedBy: { $0.id }, contentEquals: ==, contentChangesAs: kind)
    }

    /// Computes the diff from `old` to `new`, matching elements by `identifiedBy` and
    /// reporting a content change for every matched pair for which `contentEquals` is false.
    ///
    /// ```swift
    /// let diff = try LinearDiff(from: old, to: new, identifiedBy: \.key, contentEquals: { $0.title == $1.title })
    /// ```
    ///
    /// - Parameters:
    ///   - old: the collection before the update (the before-state).
    ///   - new: the collection after the update (the after-state).
    ///   - id: an element's identity; equal identities are the same element.
    ///   - contentEquals: whether two elements with the same identity have the same content.
    ///   - kind: the ``ContentChangeKind`` reported for elements whose content changed.
    /// - Throws: `DiffError.duplicateElement` naming the identifier and both indexes when an
    ///   identifier occurs twice in one input (outside the common prefix and suffix).
    /// - Complexity: O(n log n) time, O(n) when few elements move; O(n) memory.
    @inlinable
    public init<Element, ID: Hashable>(
        from old: [Element],
        to new: [Element],
        identifiedBy id: (Element) -> ID,
        contentEquals: (Element, Element) -> Bool,
        contentChangesAs kind: ContentChangeKind = .reload
    ) throws(DiffError) {
        // Fast path: the same identifiers in the same order.
        if old.count == new.count {
            var index = 0
            while index < old.count && id(old[index]) == id(new[index]) { index += 1 }
            if index == old.count {
                var changed: [ContentChange<Int>] = []
                for index in old.indices where !contentEquals(old[index], new[index]) {
                    changed.append(ContentChange(from: index, to: index, kind: kind))
                }
                self.init(countBefore: old.count, countAfter: new.count, changed: changed)
                return
            }
        }

        let oldIDs = ContiguousArray(old.lazy.map(id))
        let newIDs = ContiguousArray(new.lazy.map(id))
        let matching: _Matching
        switch _matchIdentifiers(oldIDs, newIDs) {
        case .success(let result):
            matching = result
        case .failure(let duplicate):
            let ids = duplicate.side == .old ? oldIDs : newIDs
            throw .duplicateElement(
                identifier: String(describing: ids[duplicate.second]),
                side: duplicate.side,
                firstIndex: duplicate.first,
                secondIndex: duplicate.second
            )
        }

        self = LinearDiff._assemble(matching)
        for newIndex in new.indices {
            let oldIndex = matching.newToOld[newIndex]
            if oldIndex >= 0 && !contentEquals(old[oldIndex], new[newIndex]) {
                changed.append(ContentChange(from: oldIndex, to: newIndex, kind: kind))
            }
        }
        _checkInvariants()
    }

    /// Builds deletes, inserts and the fewest moves from a matching (no content changes).
    ///
    /// - Complexity: O(n log n), O(n) when few elements move.
    @usableFromInline
    internal static func _assemble(_ matching: _Matching) -> LinearDiff {
        let oldToNew = matching.oldToNew
        let newToOld = matching.newToOld
        var diff = LinearDiff(countBefore: oldToNew.count, countAfter: newToOld.count)
        for (oldIndex, newIndex) in oldToNew.enumerated() where newIndex < 0 {
            diff.deleted.append(oldIndex)
        }

        // The old indexes of the matched elements, in new order.
        var matchedOld: [Int] = []
        var matchedNew: [Int] = []
        matchedOld.reserveCapacity(newToOld.count)
        matchedNew.reserveCapacity(newToOld.count)
        for (newIndex, oldIndex) in newToOld.enumerated() {
            if oldIndex < 0 {
                diff.inserted.append(newIndex)
            } else {
                matchedOld.append(oldIndex)
                matchedNew.append(newIndex)
            }
        }
        let stays = _longestIncreasingSubsequenceMembers(matchedOld)
        for k in matchedOld.indices where !stays[k] {
            diff.moved.append(Move(from: matchedOld[k], to: matchedNew[k]))
        }
        return diff
    }
}
