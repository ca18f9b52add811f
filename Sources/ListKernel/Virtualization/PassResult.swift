/// One element on screen: its view, where to draw it, and the binding the view was last
/// configured under.
public struct DisplayedElement<View: AnyObject> {
    /// The element.
    public let element: ListElement
    /// The view showing it.
    public let view: View
    /// The reuse identifier the view was dequeued with.
    public let reuseIdentifier: String
    /// Where to draw it along the scroll axis, in content coordinates. For a pinned header or
    /// footer this is the pinned frame, not its place in the content.
    public internal(set) var frame: ListLayout.ElementFrame
    /// Whether the frame is pinned to a viewport edge (plain style).
    public internal(set) var isPinned: Bool
    /// The binding under which the view was last configured for this element.
    public internal(set) var binding: BindingToken
}

/// A view that stopped being displayed in a pass, and the element it showed.
public struct EndedElement<View: AnyObject> {
    /// The element the view showed.
    public let element: ListElement
    /// The view, now back in the reuse pool (or discarded if its pool was full).
    public let view: View
}

/// What a reconcile pass did, as data: a front end that draws `displayed` and removes
/// the views in `left` can't get reuse wrong.
public struct PassResult<View: AnyObject> {
    /// Every displayed element after the pass, in list order, with its view and frame.
    public internal(set) var displayed: [DisplayedElement<View>] = []
    /// The elements that entered in this pass (a subset of `displayed`).
    public internal(set) var entered: [DisplayedElement<View>] = []
    /// The elements that left in this pass.
    public internal(set) var left: [EndedElement<View>] = []
    /// Items announced to `prefetchItemsAt` in this pass.
    public internal(set) var prefetched: [ItemPath] = []
    /// Items whose prefetch was cancelled in this pass.
    public internal(set) var cancelledPrefetches: [ItemPath] = []
    /// How far the offset moved to keep the anchor still (self-sizing above the anchor).
    public internal(set) var anchorAdjustment: Double = 0
    /// The viewport after the pass (its offset includes `anchorAdjustment`).
    public internal(set) var viewport: Viewport = Viewport(size: 0)
}
