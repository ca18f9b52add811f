import Testing
import ListKernel
import ListKernelTesting

// The complete example of Docs/Testing.md, compiled and run, so the guide stays true: an
// inbox whose rows show a sender, an optional preview, a checkmark, an unread badge and an
// avatar, audited through the app's own `cell.apply(viewModel)`.

// MARK: The app's code, as it is

/// The list's base view class.
class InboxView {}

/// What a row shows, as the app computes it from a message.
struct InboxRowModel {
    var sender: String
    var preview: String?
    var unreadCount: Int?
    var isSelected: Bool
}

/// A message row.
final class InboxCell: InboxView {
    var senderLabel = ""
    var previewLabel: String?          // nil: the line is hidden
    var checkmark = false
    var badge: Int?                    // nil: no badge
    var avatar: String?

    /// The app's configure code: the very code the audit runs.
    func apply(_ model: InboxRowModel) {
        senderLabel = model.sender
        previewLabel = model.preview
        checkmark = model.isSelected
        badge = model.unreadCount
    }
}

/// A group header (and footer) with a fold arrow.
final class InboxHeader: InboxView {
    var title = ""
    var arrowPointsRight = false
}

// MARK: The adapter

/// Everything a view of the inbox shows, as one value.
struct InboxShown: Equatable {
    var title: String
    var subtitle: String? = nil
    var isChecked = false
    var badge: Int? = nil
    var avatar: String? = nil
    var isFolded = false
}

final class InboxAudit: AuditAdapter {
    func register(in registry: AuditRegistry<InboxView, InboxShown>) throws(ListError) {
        try registry.register(kind: .item, make: InboxCell.init, configure: { cell, element, context in
            cell.apply(InboxRowModel(sender: element.title, preview: element.subtitle,
                                     unreadCount: element.badge, isSelected: element.isSelected))
            cell.avatar = nil
            context.loadImage { [weak cell] image in
                guard context.isCurrent else { return }   // the cell may show another row now
                cell?.avatar = image
            }
        }, rendered: { cell in
            InboxShown(title: cell.senderLabel, subtitle: cell.previewLabel, isChecked: cell.checkmark,
                       badge: cell.badge, avatar: cell.avatar)
        })
        for kind in [ElementKind.header, .footer] {
            try registry.register(kind: kind, make: InboxHeader.init, configure: { header, element, _ in
                header.title = element.title
                header.arrowPointsRight = kind == .header && element.isFolded
            }, rendered: { header in
                InboxShown(title: header.title, isFolded: header.arrowPointsRight)
            })
        }
    }

    /// What a view displaying `element` must show: written from the element, not from the
    /// app's code.
    func expected(for element: AuditElement) -> InboxShown {
        switch element.kind {
        case .item:
            InboxShown(title: element.title, subtitle: element.subtitle, isChecked: element.isSelected,
                       badge: element.badge, avatar: element.deliveredImage)
        case .header:
            InboxShown(title: element.title, isFolded: element.isFolded)
        default:
            InboxShown(title: element.title)
        }
    }
}

@Test(arguments: 1...4 as ClosedRange<UInt64>)
func inboxCellsNeverShowStaleState(seed: UInt64) throws {
    let auditor = StaleStateAuditor { InboxAudit() }
    let report = try auditor.run(seed: seed, operations: AuditStress.scaled(2_000))
    if let failure = report.failure { Issue.record("\(failure)") }   // printed once
}

// MARK: The guide's other snippets

@Test func aRowSelectedAndMovedKeepsItsCheckmarkAndAFreedRowLosesIt() throws {
    let world = AuditWorld(sections: [AuditWorld.Section(itemCount: 20, header: 44, itemExtent: .uniform(44), measuredExtent: 44)])
    let session = try AuditSession(world: world, frontEnd: InboxAudit())
    #expect(session.perform(.tapItem(ItemPath(section: 0, item: 2))).isEmpty)
    #expect(session.perform(.update(.insertItems(section: 0, at: 0, count: 3))).isEmpty)
    let moved = try #require(session.view(for: .item(ItemPath(section: 0, item: 5))) as? InboxCell)
    #expect(moved.checkmark)
    #expect(session.perform(.scroll(to: 600)).isEmpty)
    #expect(session.perform(.scroll(to: 0)).isEmpty)
    #expect(session.list.displayed.filter { ($0.view as? InboxCell)?.checkmark == true }.map(\.element) == [.item(ItemPath(section: 0, item: 5))])
}

/// The guide's "Reading a failure": the same adapter with the preview set only when
/// present, caught and reduced.
final class InboxAuditWithLeak: AuditAdapter {
    let correct = InboxAudit()

    func register(in registry: AuditRegistry<InboxView, InboxShown>) throws(ListError) {
        try correct.register(in: registry)
        try registry.register(kind: .item, make: InboxCell.init, configure: { cell, element, _ in
            cell.senderLabel = element.title
            if let preview = element.subtitle { cell.previewLabel = preview }   // the bug
            cell.checkmark = element.isSelected
            cell.badge = element.badge
            cell.avatar = nil
        }, rendered: { cell in
            InboxShown(title: cell.senderLabel, subtitle: cell.previewLabel, isChecked: cell.checkmark,
                       badge: cell.badge, avatar: cell.avatar)
        })
    }

    func expected(for element: AuditElement) -> InboxShown { correct.expected(for: element) }
}

@Test func theGuidesLeakIsCaughtAndNamedBySubtitle() throws {
    let report = try StaleStateAuditor { InboxAuditWithLeak() }.run(seed: 1, operations: 5_000)
    let failure = try #require(report.failure)
    let problem = try #require(failure.problems.first)
    #expect(problem.kind == .staleContent)
    #expect(problem.part == "subtitle")
    #expect(problem.expected == "nil")
    #expect(problem.message.contains("view #"))
    #expect(failure.operations.count <= 10)
}

/// The main-actor shape a UIKit adapter has: views and adapter on the main actor, an
/// isolated conformance, a main-actor test.
@MainActor final class MainActorInboxCell {
    var senderLabel = ""
    var arrowPointsRight = false
}

@MainActor final class MainActorInboxAudit: @MainActor AuditAdapter {
    func register(in registry: AuditRegistry<MainActorInboxCell, InboxShown>) throws(ListError) {
        for kind in [ElementKind.item, .header, .footer] {
            try registry.register(kind: kind, make: MainActorInboxCell.init, configure: { cell, element, _ in
                cell.senderLabel = element.title
                cell.arrowPointsRight = kind == .header && element.isFolded
            }, rendered: { cell in
                InboxShown(title: cell.senderLabel, isFolded: cell.arrowPointsRight)
            })
        }
    }

    func expected(for element: AuditElement) -> InboxShown {
        InboxShown(title: element.title, isFolded: element.kind == .header && element.isFolded)
    }
}

@MainActor @Test func aMainActorAdapterIsAuditedOnTheMainActor() throws {
    let report = try StaleStateAuditor { MainActorInboxAudit() }.run(seed: 1, operations: AuditStress.scaled(1_000))
    if let failure = report.failure { Issue.record("\(failure)") }
}

@Test func anInboxHeaderFoldedAtTheTopShowsItsOwnArrowAfterAFarScroll() throws {
    let world = AuditWorld(sections: Array(repeating: AuditWorld.Section(itemCount: 4, header: 44), count: 40))
    let session = try AuditSession(world: world, frontEnd: InboxAudit())
    #expect(session.perform(.tapHeader(section: 0)).isEmpty)
    #expect(session.perform(.scroll(to: 4_000)).isEmpty)
    #expect(session.perform(.scroll(to: 0)).isEmpty)
    let header = try #require(session.view(for: .header(section: 0)))
    #expect(session.rendered(header) == InboxShown(title: "Section 0", isFolded: true))
    #expect(session.expected(for: .header(section: 0)) == session.rendered(header))
}

@Test func theGuidesMixSwitchesLateResultsOffAndStressesReconfigures() throws {
    var auditor = StaleStateAuditor { InboxAudit() }
    auditor.mix.lateResults = 0       // no async content
    auditor.mix.reconfigures *= 4     // stress state set at display time
    let report = try auditor.run(seed: 2, operations: 600)
    #expect(report.failure == nil, "\(report)")
    #expect(report.operationsByName["completeLoads"] == nil)
    #expect(report.operations.filter { if case .update(.reconfigureItem) = $0 { true } else { false } }.count > 30)
}
