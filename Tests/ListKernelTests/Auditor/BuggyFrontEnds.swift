import ListKernel
import ListKernelTesting

// Deliberately buggy front ends, each with one bug from the seed articles (or the one
// UIKit users report most). The auditor must catch every one of them.

/// Seed 003: the header is configured only when it is newly created; a dequeued header keeps
/// its old title and tag, and a tap folds the section the tag names. Like the original, the
/// header shows no arrow.
final class HeaderConfiguredOnlyWhenNewFrontEnd: AuditReferenceFrontEnd {
    override var features: AuditFeatures { [.title, .expansion, .asyncImage] }

    override func configure(_ view: AuditView, with content: AuditContent, context: AuditContext<AuditView>) {
        guard context.element.kind == .header else {
            return super.configure(view, with: content, context: context)
        }
        guard view.title == nil else { return }   // "if (header == nil) { create and configure }"
        view.title = content.title
        view.tag = context.element.section + 100
    }

    override func section(toggledByTapping header: AuditView, in list: VirtualList<AuditView>) -> Int? {
        header.tag - 100
    }
}

/// Seed 000: the fold arrow is rotated by the tap and the rotation stays in the view;
/// `configure` sets the title but never the arrow.
final class FoldArrowKeptInViewFrontEnd: AuditReferenceFrontEnd {
    override func configure(_ view: AuditView, with content: AuditContent, context: AuditContext<AuditView>) {
        let arrow = view.isArrowFolded
        super.configure(view, with: content, context: context)
        view.isArrowFolded = arrow   // left as the last animation left it
    }

    override func headerTapped(_ view: AuditView) {
        view.isArrowFolded.toggle()   // the layer animation, isRemovedOnCompletion = false
    }
}

/// Seed 002: the cell's button flips the cell's own expanded state; `configure` never sets it.
final class ExpandedStateInCellFrontEnd: AuditReferenceFrontEnd {
    override func configure(_ view: AuditView, with content: AuditContent, context: AuditContext<AuditView>) {
        let expanded = view.isExpanded
        super.configure(view, with: content, context: context)
        view.isExpanded = expanded
    }

    override func itemTapped(_ view: AuditView) {
        view.isExpanded.toggle()
    }
}

/// The UIKit classic: an async image applied to the captured cell without checking that
/// the cell still shows the row it was requested for.
final class ImageWithoutTokenCheckFrontEnd: AuditReferenceFrontEnd {
    override func configure(_ view: AuditView, with content: AuditContent, context: AuditContext<AuditView>) {
        view.title = content.title
        view.isArrowFolded = content.isFolded ?? false
        view.isExpanded = content.isExpanded ?? false
        view.image = nil
        guard context.element.kind == .item else { return }
        context.loadImage { [weak view] image in view?.image = image }   // no isCurrent check
    }
}

/// Seed 004's callback, written the tempting way: the header's tap handler captures the
/// section index when the header is configured. The list keeps a header's view (without
/// configuring it again) when sections are inserted above, so the captured index goes stale.
final class TapTargetCapturedAtConfigureFrontEnd: AuditReferenceFrontEnd {
    override func configure(_ view: AuditView, with content: AuditContent, context: AuditContext<AuditView>) {
        super.configure(view, with: content, context: context)
        view.capturedSection = context.element.section
    }

    override func section(toggledByTapping header: AuditView, in list: VirtualList<AuditView>) -> Int? {
        header.capturedSection
    }
}
