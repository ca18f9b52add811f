@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelUpdates

// Following the output and bottom alignment (`Docs/LiveLists.md`, the rules R1–R8 of the
// live-list contract):
//
//     M = max(−T, C + B − V)          the largest offset (C + B − V when short content is
//                                     aligned to the end: the offset then goes below −T)
//     D = M − offset                  the distance from the end
//     at the end   ⇔  D ≤ ε           (ε = `EndBehaviour.tolerance`, inclusive)
//     pinned       ⇔  follows ∧ at the end before a change
//
// Every change that starts pinned ends with offset = M exactly: updates, snapshot applies,
// folds, measurements, reloads and viewport size or inset changes. A change that does not
// re-pin leaves the reading position where the anchor rules put it and counts the items it
// appended below (`unseenAppended`), which resets when the list is at the end again.

/// How a list behaves at its end, for chats and logs.
///
/// ```swift
/// try list.setEndBehaviour(EndBehaviour(follows: true, alignsShortContentToEnd: true))
/// ```
///
/// - Complexity: every member is O(1).
public struct EndBehaviour: Equatable, Sendable {
    /// Whether a change that starts at the end keeps the list at the end (following the
    /// output, as react-virtuoso's `followOutput` or a terminal). Default `false`.
    public var follows: Bool
    /// Whether content shorter than the visible area sits at its bottom (a chat with three
    /// messages); such a list is always at the end. Default `false`.
    public var alignsShortContentToEnd: Bool
    /// How far from the end, in points, the list still counts as at the end (ε, inclusive):
    /// absorbs the host rounding offsets to device pixels. Default 1.
    public var tolerance: Double

    /// Creates an end behaviour.
    ///
    /// - Complexity: O(1).
    public init(follows: Bool = false, alignsShortContentToEnd: Bool = false, tolerance: Double = 1) {
        self.follows = follows
        self.alignsShortContentToEnd = alignsShortContentToEnd
        self.tolerance = tolerance
    }
}

/// A host's say over whether the next change follows the output, whatever the position
/// (`VirtualList.overrideFollowing(_:)`).
///
/// - Complexity: every member is O(1).
public enum FollowOverride: Hashable, Sendable {
    /// Follow if the list is at the end before the change (the rule).
    case automatic
    /// End at the end even if the list was not there (sending one's own message).
    case force
    /// Do not follow this change (a typing indicator).
    case suppress
}

/// The list's live-list state.
struct LiveState {
    var behaviour = EndBehaviour()
    /// Items appended by changes that did not re-pin the list.
    var unseenAppended = 0
    /// The at-end state the last pass reported.
    var reportedAtEnd: Bool?
    /// The override for the next change.
    var nextOverride = FollowOverride.automatic
}

extension VirtualList {
    /// How the list behaves at its end (following the output, bottom alignment).
    ///
    /// - Complexity: O(1).
    public var endBehaviour: EndBehaviour { live.behaviour }

    /// Sets how the list behaves at its end, and runs a pass (a list that aligns short
    /// content to the end moves it there now).
    ///
    /// - Throws: `ListError.invalidViewport` for a tolerance that is negative, NaN or
    ///   infinite (nothing changes), `.reentrantCall` from a callback.
    /// - Complexity: O(1) plus the pass.
    @discardableResult
    public func setEndBehaviour(_ behaviour: EndBehaviour) throws(ListError) -> PassResult<View> {
        try checkNotCallingOut("setEndBehaviour(_:)")
        guard behaviour.tolerance.isFinite, behaviour.tolerance >= 0, behaviour.tolerance < ListLimits.maximumViewportValue else {
            throw .invalidViewport("end tolerance \(behaviour.tolerance) must be finite and not negative")
        }
        let offsetBefore = viewport.offset
        live.behaviour = behaviour
        pendingAdjustment += clampOffsetToContent(pulledFrom: offsetBefore)
        return try reconcile()
    }

    /// The largest offset, M: `max(−T, C + B − V)`, or `C + B − V` when short content is
    /// aligned to the end.
    ///
    /// - Complexity: O(1).
    public var maximumOffset: Double {
        let end = layout.contentExtent + viewport.insets.bottom - viewport.size
        return live.behaviour.alignsShortContentToEnd ? end : max(-viewport.insets.top, end)
    }

    /// Whether the list is at its end: `maximumOffset − offset ≤ tolerance` (an over-scroll
    /// past the end counts).
    ///
    /// - Complexity: O(1).
    public var isAtEnd: Bool { maximumOffset - viewport.offset <= live.behaviour.tolerance }

    /// The number of items appended while the list was not following (the "new messages
    /// below" count); 0 again once the list is at the end with `follows` on.
    ///
    /// - Complexity: O(1).
    public var unseenAppended: Int { live.unseenAppended }

    /// The number of flat positions (items, and headers and footers) entirely below the
    /// visible area: in a one-section list without a footer, the rows below.
    ///
    /// - Complexity: O(log S).
    public var itemsBelow: Int {
        let count = layout.positionCount
        guard count > 0, let bottom = FixedPoint.offsetUnits(viewport.offset + viewport.size - viewport.insets.bottom) else { return 0 }
        guard bottom < layout.contentUnits else { return 0 }
        guard let found = layout.locate(units: max(bottom, 0)), let position = layout.position(of: found.element) else { return count }
        // The element at the bottom edge is below it only if it starts there.
        return count - position.rawValue - (found.start >= bottom ? 0 : 1)
    }

    /// Scrolls to the end (offset = `maximumOffset`) and runs a pass: opening a chat or a log
    /// at its end, or the host's "jump to latest" button. The list is then pinned.
    ///
    /// - Throws: `ListError.reentrantCall` from a callback; as `setViewport(_:)`.
    /// - Complexity: as `setViewport(_:)`.
    @discardableResult
    public func scrollToEnd() throws(ListError) -> PassResult<View> {
        try scroll(to: maximumOffset)
    }

    /// Makes the next update, snapshot apply, fold or measurement follow (`.force`) or not
    /// follow (`.suppress`) the output whatever the position; it applies once.
    ///
    /// ```swift
    /// list.overrideFollowing(.force)           // the user sent a message
    /// try dataSource.apply(withOwnMessage)
    /// ```
    ///
    /// - Complexity: O(1).
    public func overrideFollowing(_ override: FollowOverride) { live.nextOverride = override }

    // MARK: Inside the kernel

    /// Whether the change about to happen should end at the end (consumes the override).
    func startsPinned() -> Bool {
        defer { live.nextOverride = .automatic }
        return wouldStartPinned()
    }

    /// `startsPinned()` without consuming the override.
    func wouldStartPinned() -> Bool {
        switch live.nextOverride {
        case .force: true
        case .suppress: false
        case .automatic: live.behaviour.follows && isAtEnd
        }
    }

    /// Puts the offset at the end; returns the move.
    func pinToEnd() -> Double {
        let delta = maximumOffset - viewport.offset
        viewport.offset += delta
        return delta
    }

    /// The last item of the layout, if any.
    ///
    /// - Complexity: O(e log S) for e empty or collapsed sections at the end.
    func lastItemPath() -> ItemPath? {
        var section = layout.sectionCount - 1
        while section >= 0 {
            if !layout.isCollapsed(section: section), let count = layout.itemCount(inSection: section), count > 0 {
                return ItemPath(section: section, item: count - 1)
            }
            section -= 1
        }
        return nil
    }

    /// How many items `update` inserts after every item that was in the list and stays
    /// (with `lastItem` the list's last item before it): what arrives below.
    ///
    /// - Complexity: O(k log k) for k operations.
    func appendedItems(_ update: ValidatedUpdate, lastItem: ItemPath?) -> Int {
        // The last item before the update that survives, walking back over deleted ones.
        var after: ItemPath?
        var candidate = lastItem
        var steps = 0
        while let path = candidate, after == nil, steps <= update.batch.deletedItems.count + update.batch.movedItems.count + 1 {
            after = update.newPath(forOld: path)
            candidate = path.item > 0 ? ItemPath(section: path.section, item: path.item - 1) : nil
            steps += 1
        }
        var count = update.batch.insertedItems.count { path in after.map { path > $0 } ?? true }
        for section in update.batch.insertedSections where after.map({ section > $0.section }) ?? true {
            count += update.countsAfter[section] ?? 0
        }
        return count
    }

    /// After a pass: the at-end state the pass reports, and `unseenAppended` reset at the
    /// end of a following list.
    func reportEndState() {
        let atEnd = isAtEnd
        if atEnd && live.behaviour.follows { live.unseenAppended = 0 }
        lastResult.isAtEnd = atEnd
        lastResult.atEndChanged = live.reportedAtEnd.map { $0 != atEnd } ?? false
        live.reportedAtEnd = atEnd
    }
}
