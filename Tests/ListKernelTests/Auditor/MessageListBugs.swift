import ListKernel
@_spi(AuditSamples) import ListKernelTesting

// Six reuse bugs a real message list has, that the 1.0 auditor could not see (it compared
// a title token, a fold arrow, an expanded flag and an image): each is the sample adapter
// with one step done wrong. `MessageListTwins` (ListKernelTesting) holds the twin of each,
// the same step done right.

/// Sets the preview only when there is one: a row without a preview keeps the last one.
final class OptionalPreviewLeaks: MessageListAudit {
    override func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
        cell.sender = content.sender
        if let preview = content.preview { cell.preview = preview }   // never cleared
        cell.badge = content.unreadCount
        cell.isFlagged = content.isFlagged
    }
}

/// Keeps the selection in the cell: the tap toggles the checkmark, configure never sets it.
final class SelectionKeptInCell: MessageListAudit {
    override func cellTapped(_ view: MessageListCell) {
        (view as? MessageCell)?.isChecked.toggle()
    }

    override func renderState(of element: AuditElement, in cell: MessageCell) {
        cell.isExpanded = element.isExpanded   // the checkmark is left as the tap left it
    }
}

/// Sets the badge at display time only: a reconfigure (same cell, no willDisplay) leaves
/// the old count.
final class BadgeSetAtDisplayTime: MessageListAudit {
    override func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
        cell.sender = content.sender
        cell.preview = content.preview
        cell.isFlagged = content.isFlagged
    }

    override func willDisplay(_ view: MessageListCell, for element: AuditElement) {
        guard let cell = view as? MessageCell, element.kind == .item else { return }
        cell.badge = element.badge
    }
}

/// Skips rendering when the cell last rendered the same identifier and version ("it already
/// shows this message"): an identifier that came back, or one another section uses too,
/// is not the same message.
final class SkipsSameIdentifierAndVersion: MessageListAudit {
    override func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
        if let key = cell.renderedKey, key.identifier == element.identifier, key.version == element.version { return }
        cell.apply(content)
        cell.renderedKey = (element.identifier, element.version)
    }
}

/// Checks a late avatar against the element the cell displays, not against the binding:
/// a reconfigure keeps the element (and a recycled cell may come back to the same index).
final class LateAvatarCheckedAgainstElement: MessageListAudit {
    override func loadAvatar(into cell: MessageCell, context: AuditContext<MessageListCell>) {
        cell.avatar = nil
        let element = context.element
        let list = context.list
        context.loadImage { [weak cell, weak list] image in
            guard let cell, let list, list.element(for: cell) == element else { return }
            cell.avatar = image
        }
    }
}

/// Acts on the item the cell was configured for: inserts above keep the cell, unconfigured.
final class TapActsOnConfiguredItem: MessageListAudit {
    override func configured(_ cell: MessageCell, for element: AuditElement) {
        cell.capturedPath = element.itemPath
    }

    override func item(selectedByTapping cell: MessageListCell, in list: VirtualList<MessageListCell>) -> ItemPath? {
        (cell as? MessageCell)?.capturedPath
    }
}
