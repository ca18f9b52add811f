@_spi(ListKernelTesting) import ListKernelCore
@_spi(ListKernelTesting) import ListKernelLayout
@_spi(ListKernelTesting) import ListKernelUpdates

/// One change of the layout, as the shared update path (`VirtualList.performChange`) sees
/// it: how elements before and after the change correspond, what happened to each, which
/// kept views are configured again, and which elements keep their place for the anchor.
///
/// Two changes exist: a validated batch update (`performBatchUpdates`, `apply`, snapshot
/// applies) and a fold (`setCollapsed`). Every question is answered in O(log k) for k
/// operations of a batch, O(1) for a fold.
struct ListChange {
    enum Kind {
        /// A validated batch update.
        case batch(ValidatedUpdate)
        /// Folding: collapsing hides the items of `sections`, expanding shows them.
        case fold(sections: Set<Int>, collapsed: Bool)
    }

    let kind: Kind
    /// Elements (after the change) whose kept views are configured again: reconfigured
    /// items, and the headers of toggled sections (their arrow changes).
    let reconfigured: Set<ListElement>
    /// Elements (before the change) whose frames before it are recorded too, besides the
    /// displayed ones and the window: the sources of item moves, which may come from far away.
    let extraOldFrames: [ListElement]

    /// The change a validated batch makes; `batch` is the batch it was validated from.
    init(_ update: ValidatedUpdate, of batch: borrowing BatchUpdate) {
        kind = .batch(update)
        reconfigured = Set(batch.reconfiguredItems.compactMap { update.newPath(forOld: $0) }.map(ListElement.item))
        extraOldFrames = batch.movedItems.map { ListElement.item($0.from) }
    }

    /// The change folding `sections` makes.
    init(folding sections: Set<Int>, collapsed: Bool) {
        kind = .fold(sections: sections, collapsed: collapsed)
        reconfigured = Set(sections.map { ListElement.header(section: $0) })
        extraOldFrames = []
    }

    /// Which elements keep their place, for the anchor step.
    var anchoring: AnchorMap {
        switch kind {
        case .batch(let update): AnchorMap(update)
        case .fold(let sections, let collapsed): AnchorMap(folding: sections, collapsed: collapsed)
        }
    }

    /// Where an element before the change is after it (`nil`: gone, or replaced by a
    /// reload of its section) and what happened to it, from one lookup.
    func fate(ofOld element: ListElement) -> (new: ListElement?, change: ElementTransition.Change) {
        switch kind {
        case .batch(let update):
            return Self.fate(ofOld: element, in: update)
        case .fold(let sections, let collapsed):
            if isFoldedItem(element, sections, collapsed) { return (nil, .deleted) }
            return (element, reconfigured.contains(element) ? .reconfigured : .unchanged)
        }
    }

    /// Where an element after the change was before it (`nil`: new, or the replacement a
    /// section reload made) and what happened to it, from one lookup.
    func origin(ofNew element: ListElement) -> (old: ListElement?, change: ElementTransition.Change) {
        switch kind {
        case .batch(let update):
            return Self.origin(ofNew: element, in: update)
        case .fold(let sections, let collapsed):
            if isFoldedItem(element, sections, !collapsed) { return (nil, .inserted) }
            return (element, reconfigured.contains(element) ? .reconfigured : .unchanged)
        }
    }

    /// Whether `element` is an item of one of `sections` and `hidden` holds (the fold hides
    /// items on one side of the change: collapsing after it, expanding before it).
    private func isFoldedItem(_ element: ListElement, _ sections: Set<Int>, _ hidden: Bool) -> Bool {
        hidden && element.kind == .item && sections.contains(element.section)
    }

    private static func fate(ofOld element: ListElement, in update: ValidatedUpdate) -> (ListElement?, ElementTransition.Change) {
        switch element {
        case .item(let path):
            switch update.fate(ofOld: path) {
            case .unchanged(let new)?: return (.item(new), .unchanged)
            case .moved(let new)?: return (.item(new), .moved)
            case .reloaded(let new)?: return (.item(new), .reloaded)
            case .reconfigured(let new)?: return (.item(new), .reconfigured)
            case .deleted?, .sectionReloaded?, nil: return (nil, .deleted)
            }
        case .header(let section), .footer(let section):
            switch update.fate(ofOldSection: section) {
            case .unchanged(let new)?: return (element.inSection(new), .unchanged)
            case .moved(let new)?: return (element.inSection(new), .moved)
            // The reload replaces the header and footer: the old ones are gone.
            case .reloaded?: return (nil, .reloaded)
            case .deleted?, nil: return (nil, .deleted)
            }
        }
    }

    private static func origin(ofNew element: ListElement, in update: ValidatedUpdate) -> (ListElement?, ElementTransition.Change) {
        switch element {
        case .item(let path):
            switch update.origin(ofNew: path) {
            case .unchanged(let old)?: return (.item(old), .unchanged)
            case .moved(from: let old)?: return (.item(old), .moved)
            case .reloaded(let old)?: return (.item(old), .reloaded)
            case .reconfigured(let old)?: return (.item(old), .reconfigured)
            case .inserted?, .sectionReloaded?, nil: return (nil, .inserted)
            }
        case .header(let section), .footer(let section):
            switch update.origin(ofNewSection: section) {
            case .unchanged(let old)?: return (element.inSection(old), .unchanged)
            case .moved(from: let old)?: return (element.inSection(old), .moved)
            // A reloaded section's header and footer are new ones.
            case .reloaded?, .inserted?, nil: return (nil, .inserted)
            }
        }
    }
}
