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
    init(_ update: ValidatedUpdate, of batch: BatchUpdate) {
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

    /// Where an element before the change is after it (`nil`: gone).
    func newElement(forOld element: ListElement) -> ListElement? {
        switch kind {
        case .batch(let update): update.newElement(forOld: element)
        case .fold(let sections, let collapsed): isFoldedItem(element, sections, collapsed) ? nil : element
        }
    }

    /// Where an element after the change was before it (`nil`: new).
    func oldElement(forNew element: ListElement) -> ListElement? {
        switch kind {
        case .batch(let update): update.oldElement(forNew: element)
        case .fold(let sections, let collapsed): isFoldedItem(element, sections, !collapsed) ? nil : element
        }
    }

    /// What happened to an element displayed before the change.
    func change(ofOld element: ListElement) -> ElementTransition.Change {
        switch kind {
        case .batch(let update):
            return Self.change(ofOld: element, in: update)
        case .fold(let sections, let collapsed):
            if isFoldedItem(element, sections, collapsed) { return .deleted }
            return reconfigured.contains(element) ? .reconfigured : .unchanged
        }
    }

    /// What happened to an element displayed after the change, given what it was before.
    func change(ofNew element: ListElement, old: ListElement?) -> ElementTransition.Change {
        switch kind {
        case .batch(let update):
            return old == nil ? .inserted : Self.change(ofNew: element, in: update)
        case .fold(let sections, let collapsed):
            if isFoldedItem(element, sections, !collapsed) { return .inserted }
            return reconfigured.contains(element) ? .reconfigured : .unchanged
        }
    }

    /// Whether `element` is an item of one of `sections` and `hidden` holds (the fold hides
    /// items on one side of the change: collapsing after it, expanding before it).
    private func isFoldedItem(_ element: ListElement, _ sections: Set<Int>, _ hidden: Bool) -> Bool {
        hidden && element.kind == .item && sections.contains(element.section)
    }

    private static func change(ofOld element: ListElement, in update: ValidatedUpdate) -> ElementTransition.Change {
        switch element {
        case .item(let path):
            switch update.fate(ofOld: path) {
            case .unchanged?: return .unchanged
            case .moved?: return .moved
            case .reloaded?: return .reloaded
            case .reconfigured?: return .reconfigured
            case .deleted?, .sectionReloaded?, nil: return .deleted
            }
        case .header(let section), .footer(let section):
            switch update.fate(ofOldSection: section) {
            case .unchanged?: return .unchanged
            case .moved?: return .moved
            case .reloaded?: return .reloaded
            case .deleted?, nil: return .deleted
            }
        }
    }

    private static func change(ofNew element: ListElement, in update: ValidatedUpdate) -> ElementTransition.Change {
        switch element {
        case .item(let path):
            switch update.origin(ofNew: path) {
            case .unchanged?: return .unchanged
            case .moved?: return .moved
            case .reloaded?: return .reloaded
            case .reconfigured?: return .reconfigured
            case .inserted?, .sectionReloaded?, nil: return .inserted
            }
        case .header(let section), .footer(let section):
            switch update.origin(ofNewSection: section) {
            case .unchanged?: return .unchanged
            case .moved?: return .moved
            case .reloaded?: return .reloaded
            case .inserted?, nil: return .inserted
            }
        }
    }
}
