public import ListKernel

/// The correct twins of the six buggy message-list adapters of the auditor's tests: each
/// overrides the same step as its buggy one, the right way, and must pass at least 100,000
/// random operations (`listkernel-bench --twins` runs them; the tests run fewer).
///
/// | twin | its buggy one gets wrong |
/// |---|---|
/// | ``PreviewAlwaysSet`` | sets the preview only when there is one |
/// | ``CheckmarkFromModel`` | keeps the checkmark in the cell, toggled by the tap |
/// | ``BadgeInConfigure`` | sets the badge only at display time |
/// | ``SkipsOnlyUnchangedContent`` | skips rendering for "the same" identifier and version |
/// | ``AvatarCheckedByBinding`` | checks a late avatar against the element, not the binding |
/// | ``TapLooksUpItem`` | acts on the item the cell was configured for |
@_spi(AuditSamples) public enum MessageListTwins {
    /// Sets every part of the row, present or not: no preview hides the line.
    public final class PreviewAlwaysSet: MessageListAudit {
        /// Sets each part, `nil` included.
        ///
        /// - Complexity: O(1).
        override public func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
            cell.sender = content.sender
            cell.preview = content.preview
            cell.badge = content.unreadCount
            cell.isFlagged = content.isFlagged
        }
    }

    /// Toggles the checkmark at once on a tap, for feedback, and draws it from the model in
    /// every configure (the tap's reconfigure follows at once).
    public final class CheckmarkFromModel: MessageListAudit {
        /// Flips the checkmark now.
        ///
        /// - Complexity: O(1).
        override public func cellTapped(_ view: MessageListCell) {
            (view as? MessageCell)?.isChecked.toggle()
        }

        /// The checkmark and expansion from the model.
        ///
        /// - Complexity: O(1).
        override public func renderState(of element: AuditElement, in cell: MessageCell) {
            cell.isChecked = element.isSelected
            cell.isExpanded = element.isExpanded
        }
    }

    /// Sets the badge in configure, and refreshes it at display time as well.
    public final class BadgeInConfigure: MessageListAudit {
        /// Every part, the badge included.
        ///
        /// - Complexity: O(1).
        override public func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
            cell.apply(content)
        }

        /// The badge again, from the element about to display.
        ///
        /// - Complexity: O(1).
        override public func willDisplay(_ view: MessageListCell, for element: AuditElement) {
            guard let cell = view as? MessageCell, element.kind == .item else { return }
            cell.badge = element.badge
        }
    }

    /// Skips re-rendering the row's text only when what it would render equals what the
    /// cell rendered last: a cache keyed by the content itself.
    public final class SkipsOnlyUnchangedContent: MessageListAudit {
        /// Renders unless the cell already shows exactly `content`.
        ///
        /// - Complexity: O(1).
        override public func renderContent(_ content: MessageContent, in cell: MessageCell, for element: AuditElement) {
            guard cell.renderedContent != content else { return }
            cell.apply(content)
        }
    }

    /// Applies a late avatar only while the binding it was requested under is current.
    public final class AvatarCheckedByBinding: MessageListAudit {
        /// Clears, loads, and checks `list.isCurrent(binding)` when the image arrives.
        ///
        /// - Complexity: O(1).
        override public func loadAvatar(into cell: MessageCell, context: AuditContext<MessageListCell>) {
            cell.avatar = nil
            let binding = context.binding
            let list = context.list
            context.loadImage { [weak cell, weak list] image in
                guard let list, list.isCurrent(binding) else { return }
                cell?.avatar = image
            }
        }
    }

    /// Captures the configured item's path, as its buggy one does, but looks the item up
    /// at tap time.
    public final class TapLooksUpItem: MessageListAudit {
        /// Captures the path (unused for taps).
        ///
        /// - Complexity: O(1).
        override public func configured(_ cell: MessageCell, for element: AuditElement) {
            cell.capturedPath = element.itemPath
        }

        /// The item the list displays the cell for now.
        ///
        /// - Complexity: O(k) for k displayed elements.
        override public func item(selectedByTapping cell: MessageListCell, in list: VirtualList<MessageListCell>) -> ItemPath? {
            list.element(for: cell)?.itemPath
        }
    }

    /// Every twin by name, with a factory: what the stress runner runs.
    ///
    /// - Complexity: O(1).
    public static var all: [(name: String, make: @Sendable () -> MessageListAudit)] {
        [
            ("PreviewAlwaysSet", { PreviewAlwaysSet() }),
            ("CheckmarkFromModel", { CheckmarkFromModel() }),
            ("BadgeInConfigure", { BadgeInConfigure() }),
            ("SkipsOnlyUnchangedContent", { SkipsOnlyUnchangedContent() }),
            ("AvatarCheckedByBinding", { AvatarCheckedByBinding() }),
            ("TapLooksUpItem", { TapLooksUpItem() }),
        ]
    }
}
