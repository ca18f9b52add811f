@_spi(ListKernelTesting) public import ListKernelCore
@_spi(ListKernelTesting) public import ListKernelLayout
@_spi(ListKernelTesting) public import ListKernelReuse
@_spi(ListKernelTesting) import ListKernelDiffing
@_spi(ListKernelTesting) import ListKernelUpdates
@_spi(ListKernelTesting) import ListKernelDiffUpdates

/// The stored form of one displayed element: views are kept as `AnyObject` so the reconcile
/// loop runs the same concrete code for every front end's view class, with no generic
/// copies in the hot path.
struct DisplayedEntry {
    var element: ListElement
    var view: AnyObject
    var reuseIdentifier: String
    var frame: ListLayout.ElementFrame
    var isPinned: Bool
    var binding: BindingToken
    /// The configure handler of the registration that made the view, if it was typed.
    var configurator: Configurator?
}

/// One element on screen: its view, where to draw it, and the binding the view was last
/// configured under.
public struct DisplayedElement<View: AnyObject> {
    let entry: DisplayedEntry

    /// The element.
    ///
    /// - Complexity: O(1).
    public var element: ListElement { entry.element }
    /// The view showing it.
    ///
    /// - Complexity: O(1).
    public var view: View { unsafeDowncast(entry.view, to: View.self) }
    /// The reuse identifier the view was dequeued with.
    ///
    /// - Complexity: O(1).
    public var reuseIdentifier: String { entry.reuseIdentifier }
    /// Where to draw it along the scroll axis, in content coordinates. For a pinned header or
    /// footer this is the pinned frame, not its place in the content.
    ///
    /// - Complexity: O(1).
    public var frame: ListLayout.ElementFrame { entry.frame }
    /// Whether the frame is pinned to a viewport edge (plain style): drawn over the content.
    ///
    /// - Complexity: O(1).
    public var isPinned: Bool { entry.isPinned }
    /// The binding under which the view was last configured for this element.
    ///
    /// - Complexity: O(1).
    public var binding: BindingToken { entry.binding }
}

/// The displayed elements of a pass, in list order: a random-access collection over the
/// list's own storage (no copy is made per pass).
public struct DisplayedElements<View: AnyObject>: RandomAccessCollection {
    let entries: [DisplayedEntry]

    /// 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }
    /// The number of elements.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { entries.count }
    /// The element at `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> DisplayedElement<View> { DisplayedElement(entry: entries[position]) }
}

/// A view that stopped being displayed, and the element it showed.
struct EndedEntry {
    var element: ListElement
    var view: AnyObject
}

/// A view that stopped being displayed in a pass, and the element it showed.
public struct EndedElement<View: AnyObject> {
    let entry: EndedEntry

    /// The element the view showed.
    ///
    /// - Complexity: O(1).
    public var element: ListElement { entry.element }
    /// The view, now back in the reuse pool (or discarded if its pool was full).
    ///
    /// - Complexity: O(1).
    public var view: View { unsafeDowncast(entry.view, to: View.self) }
}

/// The views that left in a pass.
public struct EndedElements<View: AnyObject>: RandomAccessCollection {
    let entries: [EndedEntry]

    /// 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }
    /// The number of elements.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { entries.count }
    /// The element at `position`.
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> EndedElement<View> { EndedElement(entry: entries[position]) }
}

/// What a reconcile pass did, as data: a front end that removes the views in `left` and
/// then draws `displayed` can't get reuse wrong (a view can appear in both `left` and
/// `entered` when it moved to another element in the same pass: apply `left` first).
public struct PassResult<View: AnyObject> {
    var displayedEntries: [DisplayedEntry] = []
    var enteredEntries: [DisplayedEntry] = []
    var leftEntries: [EndedEntry] = []

    /// Every displayed element after the pass, in list order, with its view and frame.
    ///
    /// - Complexity: O(1).
    public var displayed: DisplayedElements<View> { DisplayedElements(entries: displayedEntries) }
    /// The elements that entered in this pass (a subset of `displayed`).
    ///
    /// - Complexity: O(1).
    public var entered: DisplayedElements<View> { DisplayedElements(entries: enteredEntries) }
    /// The elements that left in this pass.
    ///
    /// - Complexity: O(1).
    public var left: EndedElements<View> { EndedElements(entries: leftEntries) }
    /// Items announced to `prefetchItemsAt` in this pass.
    public internal(set) var prefetched: [ItemPath] = []
    /// Items whose prefetch was cancelled in this pass.
    public internal(set) var cancelledPrefetches: [ItemPath] = []
    /// How far the offset moved to keep the anchor still (self-sizing above the anchor).
    public internal(set) var anchorAdjustment: Double = 0
    /// The viewport after the pass (its offset includes `anchorAdjustment`).
    public internal(set) var viewport: Viewport = Viewport(size: 0)
    /// For a pass that applied an update (a batch, a fold): every element displayed before or
    /// after it, with its frames before and after and what happened to it, so an animating
    /// front end can fade and slide without computing anything. Empty for other passes.
    public internal(set) var transitions: [ElementTransition] = []
    /// `true` for the result of a `performBatchUpdates` called inside another one's closure:
    /// its changes joined the outer batch and nothing has been applied yet, so this result
    /// only repeats the last pass (draw nothing from it); the outer call returns the pass that
    /// applies everything.
    public internal(set) var isJoinedToOuterBatch = false
    /// Whether the list is at its end after the pass (`VirtualList.isAtEnd`).
    public internal(set) var isAtEnd = false
    /// Whether `isAtEnd` changed in this pass (reported once per change, no timers).
    public internal(set) var atEndChanged = false
}

/// What an update did to one element displayed before or after it.
///
///     before: item [0, 3] at 132+44 ──moved──▶ after: item [0, 1] at 44+44
///     before: item [0, 1] at 44+44  ──deleted─▶ after: nil (fade out at its old frame)
///     before: nil ──inserted──▶ after: item [0, 0] at 0+44 (fade in)
public struct ElementTransition: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public struct Change: Hashable, Sendable, CustomStringConvertible {
        enum Kind: Hashable, Sendable { case inserted, deleted, moved, reloaded, reconfigured, unchanged }
        let kind: Kind
        /// New in the list (inserted, in an inserted section, or shown by an unfold).
        public static let inserted = Change(kind: .inserted)
        /// Gone from the list (deleted, in a deleted section, or hidden by a fold).
        public static let deleted = Change(kind: .deleted)
        /// Moved by a move operation (its view is kept, not reconfigured).
        public static let moved = Change(kind: .moved)
        /// Reloaded: a fresh view replaces the old one.
        public static let reloaded = Change(kind: .reloaded)
        /// Reconfigured in place: same view, new content (a fold's header, for one).
        public static let reconfigured = Change(kind: .reconfigured)
        /// Not named by the update; it may still slide because of changes above it.
        public static let unchanged = Change(kind: .unchanged)

        /// The change's name.
        ///
        /// - Complexity: O(1).
        public var description: String { "\(kind)" }
    }

    /// The element before the update, or `nil` for an inserted one.
    public var before: ListElement?
    /// The element after the update, or `nil` for a deleted one.
    public var after: ListElement?
    /// Its natural frame before the update: `nil` when inserted, or when it was neither
    /// displayed nor within one viewport of the old window (it then comes from off screen).
    public var frameBefore: ListLayout.ElementFrame?
    /// Its natural frame after the update, or `nil` when it is gone or not laid out.
    public var frameAfter: ListLayout.ElementFrame?
    /// What happened to it.
    public var change: Change

    /// `change: before@frame → after@frame`.
    ///
    /// - Complexity: O(1).
    public var description: String {
        "\(change): \(before.map { "\($0)" } ?? "-")@\(frameBefore.map { "\($0)" } ?? "-") → \(after.map { "\($0)" } ?? "-")@\(frameAfter.map { "\($0)" } ?? "-")"
    }
}
