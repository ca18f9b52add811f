public import ListKernel

// A message list, as an app has it, under the auditor: the auditor's own tests run it, and
// subclasses of it that each get one thing wrong (in the test target) or right in another
// way (`MessageListTwins.swift`). Testing SPI: `@_spi(AuditSamples) import ListKernelTesting`.

/// The list's view class: every cell of the message list.
@_spi(AuditSamples) open class MessageListCell {
    /// A cell with nothing shown.
    ///
    /// - Complexity: O(1).
    public init() {}
}

/// A message row: sender, an optional preview line, an unread badge, a flag, a checkmark,
/// an expanded part and an avatar that loads asynchronously.
@_spi(AuditSamples) public final class MessageCell: MessageListCell {
    /// The sender label.
    public var sender = ""
    /// The preview label's text; `nil` hides the label.
    public var preview: String?
    /// The unread badge; `nil` hides it.
    public var badge: Int?
    /// Whether the flag icon shows.
    public var isFlagged = false
    /// Whether the checkmark shows (the row is selected).
    public var isChecked = false
    /// Whether the expanded part shows.
    public var isExpanded = false
    /// The avatar image, or `nil` while none has loaded.
    public var avatar: String?
    /// What the cell last rendered, for front ends that skip rendering the same again.
    public var renderedContent: MessageContent?
    /// The identifier and version the cell last rendered, for the same.
    public var renderedKey: (identifier: Int, version: Int)?
    /// An item path captured when the cell was configured, for tap handlers written that way.
    public var capturedPath: ItemPath?

    /// Shows `content`: the app's configure code for the row's text, badge and flag.
    ///
    /// - Complexity: O(1).
    public func apply(_ content: MessageContent) {
        sender = content.sender
        preview = content.preview
        badge = content.unreadCount
        isFlagged = content.isFlagged
        renderedContent = content
    }
}

/// A group header: a title, an optional subtitle, an optional count and a fold arrow.
@_spi(AuditSamples) public final class GroupHeaderCell: MessageListCell {
    /// The title label.
    public var title = ""
    /// The subtitle label; `nil` hides it.
    public var subtitle: String?
    /// The count bubble; `nil` hides it.
    public var count: Int?
    /// Whether the fold arrow points right (folded).
    public var isArrowFolded = false
}

/// A group footer: a line of text and an optional note.
@_spi(AuditSamples) public final class GroupFooterCell: MessageListCell {
    /// The text label.
    public var text = ""
    /// The note label; `nil` hides it.
    public var note: String?
}

/// The text part of a message row, as the app's view model has it.
@_spi(AuditSamples) public struct MessageContent: Equatable, Sendable {
    /// The sender.
    public var sender: String
    /// The preview line, if any.
    public var preview: String?
    /// The unread count, if any.
    public var unreadCount: Int?
    /// Whether the message is flagged.
    public var isFlagged: Bool

    /// The content of `element`: its title, subtitle, badge and flag.
    ///
    /// - Complexity: O(1).
    public init(_ element: AuditElement) {
        sender = element.title
        preview = element.subtitle
        unreadCount = element.badge
        isFlagged = element.isFlagged
    }
}

/// What a cell of the message list shows, read back from the cell.
@_spi(AuditSamples) public enum MessageListShown: Equatable, Sendable {
    /// A message row.
    case message(sender: String, preview: String?, badge: Int?, isFlagged: Bool, isChecked: Bool, isExpanded: Bool, avatar: String?)
    /// A group header.
    case header(title: String, subtitle: String?, count: Int?, isFolded: Bool)
    /// A group footer.
    case footer(text: String, note: String?)
}

/// A correct message-list adapter: everything a cell shows comes from the element in
/// configure, selection from the model, the avatar only while the binding is current, taps
/// find their item at tap time. Each step is an open method, so a subclass changes one.
///
/// - Complexity: every member is O(1) unless it says otherwise.
@_spi(AuditSamples) open class MessageListAudit: AuditAdapter {
    /// The list's view class.
    public typealias View = MessageListCell

    /// Cells made (rows, headers and footers).
    public private(set) var cellsMade = 0
    /// Elements announced for prefetching and not cancelled or displayed since, by section
    /// and item identifier.
    public private(set) var prefetching: Set<[Int]> = []
    /// How many prefetch announcements and cancellations the adapter heard.
    public private(set) var prefetchEvents = 0

    /// An adapter with no cells yet.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Registers the row, header and footer classes.
    ///
    /// - Complexity: O(1).
    open func register(in registry: AuditRegistry<MessageListCell, MessageListShown>) throws(ListError) {
        try registry.register(kind: .item, reuseIdentifier: "message", make: { [unowned self] in
            cellsMade += 1
            return MessageCell()
        }, configure: { [unowned self] cell, element, context in
            configureMessage(cell, for: element, context: context)
        }, rendered: { cell in
            .message(sender: cell.sender, preview: cell.preview, badge: cell.badge, isFlagged: cell.isFlagged,
                     isChecked: cell.isChecked, isExpanded: cell.isExpanded, avatar: cell.avatar)
        })
        try registry.register(kind: .header, reuseIdentifier: "group", make: { [unowned self] in
            cellsMade += 1
            return GroupHeaderCell()
        }, configure: { (header: GroupHeaderCell, element, _) in
            header.title = element.title
            header.subtitle = element.subtitle
            header.count = element.badge
            header.isArrowFolded = element.isFolded
        }, rendered: { header in
            .header(title: header.title, subtitle: header.subtitle, count: header.count, isFolded: header.isArrowFolded)
        })
        try registry.register(kind: .footer, reuseIdentifier: "group", make: { [unowned self] in
            cellsMade += 1
            return GroupFooterCell()
        }, configure: { (footer: GroupFooterCell, element, _) in
            footer.text = element.title
            footer.note = element.subtitle
        }, rendered: { footer in
            .footer(text: footer.text, note: footer.note)
        })
    }

    /// `message` for items, `group` for headers and footers.
    ///
    /// - Complexity: O(1).
    open func reuseIdentifier(for element: AuditElement) -> String {
        element.kind == .item ? "message" : "group"
    }

    /// What a cell displaying `element` shows: its values, its selection and expansion,
    /// and the avatar delivered to it.
    ///
    /// - Complexity: O(1).
    open func expected(for element: AuditElement) -> MessageListShown {
        switch element.kind {
        case .header:
            .header(title: element.title, subtitle: element.subtitle, count: element.badge, isFolded: element.isFolded)
        case .footer:
            .footer(text: element.title, note: element.subtitle)
        default:
            .message(sender: element.title, preview: element.subtitle, badge: element.badge, isFlagged: element.isFlagged,
                     isChecked: element.isSelected, isExpanded: element.isExpanded, avatar: element.deliveredImage)
        }
    }

    /// The row's configure: content, state, avatar, then whatever else the cell keeps.
    ///
    /// - Complexity: O(1).
    open func configureMessage(_ cell: MessageCell, for element: AuditElement, context: AuditContext<MessageListCell>) {
        renderContent(MessageContent(element), in: cell, for: element)
        renderState(of: element, in: cell)
        loadAvatar(into: cell, context: context)
        configured(cell, for: element)
    }

    /// Shows the row's text, badge and flag: the app's `cell.apply(content)`.
    ///
    /// - Complexity: O(1).
    open func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
        cell.apply(content)
    }

    /// Shows the row's selection and expansion, from the model.
    ///
    /// - Complexity: O(1).
    open func renderState(of element: AuditElement, in cell: MessageCell) {
        cell.isChecked = element.isSelected
        cell.isExpanded = element.isExpanded
    }

    /// Clears the avatar and loads the row's own; a result applies only while the
    /// configuration is current.
    ///
    /// - Complexity: O(1).
    open func loadAvatar(into cell: MessageCell, context: AuditContext<MessageListCell>) {
        cell.avatar = nil
        context.loadImage { [weak cell] image in
            guard context.isCurrent else { return }
            cell?.avatar = image
        }
    }

    /// Called last in configure. Default: nothing.
    ///
    /// - Complexity: O(1).
    open func configured(_ cell: MessageCell, for element: AuditElement) {}

    /// Keeps track of prefetched items (nothing to load in the audit).
    ///
    /// - Complexity: O(elements).
    open func prefetch(_ elements: [AuditElement]) {
        prefetchEvents += 1
        for element in elements { prefetching.insert([element.sectionIdentifier, element.identifier]) }
    }

    /// Forgets cancelled prefetches.
    ///
    /// - Complexity: O(elements).
    open func cancelPrefetching(_ elements: [AuditElement]) {
        prefetchEvents += 1
        for element in elements { prefetching.remove([element.sectionIdentifier, element.identifier]) }
    }

    /// Nothing at display time.
    ///
    /// - Complexity: O(1).
    open func willDisplay(_ view: MessageListCell, for element: AuditElement) {}

    /// Nothing at the end of display.
    ///
    /// - Complexity: O(1).
    open func didEndDisplaying(_ view: MessageListCell, for element: AuditElement) {}

    /// Nothing: selection lives in the model; the tap's item is looked up at tap time.
    ///
    /// - Complexity: O(1).
    open func cellTapped(_ view: MessageListCell) {}

    /// The item the list displays `cell` for, looked up now.
    ///
    /// - Complexity: O(k) for k displayed elements.
    open func item(selectedByTapping cell: MessageListCell, in list: VirtualList<MessageListCell>) -> ItemPath? {
        list.element(for: cell)?.itemPath
    }
}
