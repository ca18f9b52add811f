public import ListKernel

// Replaying a linear batch with UIKit's rules, independently of how it was computed:
//
//   before: deletes and move sources leave; the remaining elements ("survivors") keep
//           their relative order;
//   after:  inserts and move destinations take their slots; survivors fill the other slots
//           in order; changed slots take the new element.

extension LinearDiff {
    /// Applies the diff to `old` with UIKit's batch-update rules and returns the after-state.
    ///
    /// Elements that survive or move come from `old`; inserted and changed elements come from
    /// `newElement`, which is asked once for each such after-state index. Checks every rule
    /// first, so a batch UIKit would reject is reported and nothing is built.
    ///
    /// ```swift
    /// let result = try diff.replay(on: old, newElement: { new[$0] })
    /// assert(result == new)
    /// ```
    ///
    /// - Parameters:
    ///   - old: the before-state; must have `countBefore` elements.
    ///   - newElement: the element at an after-state index, for inserts and content changes.
    /// - Returns: the after-state, `countAfter` elements.
    /// - Throws: `DiffReplayError` naming the broken rule and the indexes involved.
    /// - Complexity: O(n + c), n = `countBefore + countAfter`, c = the number of changes.
    public func replay<Element>(
        on old: [Element],
        newElement: (_ afterIndex: Int) -> Element
    ) throws(DiffReplayError) -> [Element] {
        guard old.count == countBefore else {
            throw DiffReplayError(.shapeMismatch, "the batch is for \(countBefore) elements, the collection has \(old.count)")
        }
        let plan = try _ReplayPlan(self)
        var result: [Element] = []
        result.reserveCapacity(countAfter)
        for afterIndex in 0..<countAfter {
            let source = plan.source[afterIndex]
            result.append(source < 0 || plan.isChanged[afterIndex] ? newElement(afterIndex) : old[source])
        }
        return result
    }
}

/// Where each after-state element of a linear batch comes from, after checking the batch.
internal struct _ReplayPlan {
    /// For each after-state index: the before-state index of its element, or -1 (inserted).
    var source: [Int]
    /// For each after-state index: whether a content change names it.
    var isChanged: [Bool]

    /// Checks `diff` against UIKit's rules and resolves every after-state slot.
    ///
    /// - Complexity: O(countBefore + countAfter + changes).
    init(_ diff: LinearDiff) throws(DiffReplayError) {
        try self.init(
            countBefore: diff.countBefore,
            countAfter: diff.countAfter,
            deleted: diff.deleted,
            inserted: diff.inserted,
            moved: diff.moved.map { ($0.from, $0.to) },
            changed: diff.changed.map { ($0.from, $0.to) },
            what: "element"
        )
    }

    /// The shared rules for one linear index space (a collection, or the sections of a
    /// sectioned batch); `what` names the elements in messages ("element", "section").
    init(
        countBefore: Int,
        countAfter: Int,
        deleted: [Int],
        inserted: [Int],
        moved: [(from: Int, to: Int)],
        changed: [(from: Int, to: Int)],
        what: String
    ) throws(DiffReplayError) {
        guard countBefore >= 0, countAfter >= 0 else {
            throw DiffReplayError(.shapeMismatch, "negative \(what) count: \(countBefore) before, \(countAfter) after")
        }
        // A balanced batch has countAfter = countBefore − deleted + inserted: checked before
        // anything is allocated, so a hand-built diff with a huge count is reported, not
        // allocated (countBefore is the size of a collection the caller holds).
        guard countAfter <= countBefore + inserted.count else {
            throw DiffReplayError(
                .countMismatch,
                "\(countAfter) \(what)s after must equal \(countBefore) before - \(deleted.count) deleted "
                    + "+ \(inserted.count) inserted (moves: \(moved.count))"
            )
        }
        // Before-state roles: 0 survivor, 1 deleted, 2 move source.
        var roleBefore = [UInt8](repeating: 0, count: countBefore)
        // After-state: -1 survivor slot, -2 inserted, otherwise the move's before-state index.
        var claim = [Int](repeating: -1, count: countAfter)

        func checkBefore(_ index: Int, _ role: String) throws(DiffReplayError) {
            guard index >= 0 && index < countBefore else {
                throw DiffReplayError(.indexOutOfRange, "\(role) at \(what) \(index), but the before-state has \(countBefore) \(what)s")
            }
            guard roleBefore[index] == 0 else {
                let earlier = roleBefore[index] == 1 ? "deleted" : "a move source"
                throw DiffReplayError(.indexReused, "\(role) at \(what) \(index), which is already \(earlier)")
            }
        }
        func checkAfter(_ index: Int, _ role: String) throws(DiffReplayError) {
            guard index >= 0 && index < countAfter else {
                throw DiffReplayError(.indexOutOfRange, "\(role) at \(what) \(index), but the after-state has \(countAfter) \(what)s")
            }
            guard claim[index] == -1 else {
                let earlier = claim[index] == -2 ? "inserted" : "the destination of a move from \(claim[index])"
                throw DiffReplayError(.indexReused, "\(role) at \(what) \(index), which is already \(earlier)")
            }
        }

        for index in deleted {
            try checkBefore(index, "delete")
            roleBefore[index] = 1
        }
        for move in moved {
            try checkBefore(move.from, "move from")
            try checkAfter(move.to, "move \(move.from) → \(move.to) to")
            roleBefore[move.from] = 2
            claim[move.to] = move.from
        }
        for index in inserted {
            try checkAfter(index, "insert")
            claim[index] = -2
        }

        let survivors = countBefore - deleted.count - moved.count
        let freeSlots = countAfter - inserted.count - moved.count
        guard survivors == freeSlots else {
            throw DiffReplayError(
                .countMismatch,
                "\(countAfter) \(what)s after must equal \(countBefore) before - \(deleted.count) deleted "
                    + "+ \(inserted.count) inserted (moves: \(moved.count))"
            )
        }

        source = claim
        var next = 0
        for afterIndex in 0..<countAfter where claim[afterIndex] == -1 {
            while roleBefore[next] != 0 { next += 1 }
            source[afterIndex] = next
            next += 1
        }
        for afterIndex in 0..<countAfter where claim[afterIndex] == -2 {
            source[afterIndex] = -1
        }

        isChanged = [Bool](repeating: false, count: countAfter)
        for change in changed {
            guard change.from >= 0 && change.from < countBefore, change.to >= 0 && change.to < countAfter else {
                throw DiffReplayError(
                    .indexOutOfRange,
                    "content change at \(what) \(change.from) → \(change.to), but the states have \(countBefore) and \(countAfter) \(what)s"
                )
            }
            guard source[change.to] == change.from else {
                let actual = source[change.to] < 0 ? "is inserted" : "holds before-state \(what) \(source[change.to])"
                throw DiffReplayError(.inconsistentContentChange, "content change at \(what) \(change.from) → \(change.to), but after-state \(what) \(change.to) \(actual)")
            }
            guard !isChanged[change.to] else {
                throw DiffReplayError(.indexReused, "\(what) \(change.from) → \(change.to) is changed twice")
            }
            isChanged[change.to] = true
        }
    }
}
