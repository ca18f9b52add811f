import Testing
import ListKernel
import ListKernelTesting

// The token adapter of Docs/Testing.md ("The token adapter"), compiled and run, so the
// guide stays true; and its main-actor shape.

/// The view, as the app has it: a name, a chevron for section headers, a details part that
/// expands, an avatar that loads asynchronously.
final class ContactCell {
    var name = ""
    var chevronPointsRight = false
    var detailsHidden = true
    var avatar: String?
}

/// The adapter: the app's views and configure code, fed by the auditor's model.
final class ContactsAudit: AuditableFrontEnd {
    func register(in list: VirtualList<ContactCell>) throws(ListError) {
        try list.register(kind: .item, reuseIdentifier: "contact") { ContactCell() }
        try list.register(kind: .header, reuseIdentifier: "letter") { ContactCell() }
        try list.register(kind: .footer, reuseIdentifier: "letter") { ContactCell() }
    }

    func reuseIdentifier(for element: ListElement) -> String {
        element.kind == .item ? "contact" : "letter"
    }

    /// What `cellForRowAt` / `viewForHeaderInSection` do in the app, with the auditor's
    /// content in place of the app's model.
    func configure(_ cell: ContactCell, with content: AuditContent, context: AuditContext<ContactCell>) {
        cell.name = content.title ?? ""
        cell.chevronPointsRight = content.isFolded ?? false
        cell.detailsHidden = !(content.isExpanded ?? false)
        cell.avatar = nil
        context.loadImage { [weak cell] image in
            guard context.isCurrent else { return }   // the cell may show another row by now
            cell?.avatar = image
        }
    }

    /// Read from the view itself, never from a copy of `content` kept aside.
    func content(of cell: ContactCell) -> AuditContent {
        AuditContent(title: cell.name, isFolded: cell.chevronPointsRight, isExpanded: !cell.detailsHidden, image: cell.avatar)
    }
}

@Test(arguments: 1...4 as ClosedRange<UInt64>)
func contactCellsNeverShowStaleState(seed: UInt64) throws {
    let auditor = StaleStateAuditor { ContactsAudit() }
    let report = try auditor.run(seed: seed, operations: AuditStress.scaled(5_000))
    #expect(report.failure == nil, "\(report)")
}

@Test func aHeaderFoldedAtTheTopShowsItsOwnArrowAfterAFarScroll() throws {
    let world = AuditWorld(sections: Array(repeating: AuditWorld.Section(itemCount: 4, header: 44), count: 40))
    let session = try AuditSession(world: world, frontEnd: ContactsAudit())
    #expect(session.perform(.tapHeader(section: 0)).isEmpty)
    #expect(session.perform(.scroll(to: 4_000)).isEmpty)
    #expect(session.perform(.scroll(to: 0)).isEmpty)
    #expect(session.view(for: .header(section: 0))?.chevronPointsRight == true)
}

/// The main-actor shape a UIKit adapter has: views and adapter on the main actor, an
/// isolated conformance, a main-actor test.
@MainActor final class MainActorContactCell {
    var name = ""
    var chevronPointsRight = false
}

@MainActor final class MainActorContactsAudit: @MainActor AuditableFrontEnd {
    var features: AuditFeatures { [.title, .foldArrow] }

    func register(in list: VirtualList<MainActorContactCell>) throws(ListError) {
        for kind in [ElementKind.item, .header, .footer] {
            try list.register(kind: kind, reuseIdentifier: kind.name) { MainActorContactCell() }
        }
    }

    func configure(_ cell: MainActorContactCell, with content: AuditContent, context: AuditContext<MainActorContactCell>) {
        cell.name = content.title ?? ""
        cell.chevronPointsRight = content.isFolded ?? false
    }

    func content(of cell: MainActorContactCell) -> AuditContent {
        AuditContent(title: cell.name, isFolded: cell.chevronPointsRight)
    }
}

@MainActor @Test func aMainActorFrontEndIsAuditedOnTheMainActor() throws {
    let report = try StaleStateAuditor { MainActorContactsAudit() }.run(seed: 1, operations: AuditStress.scaled(2_000))
    #expect(report.failure == nil, "\(report)")
}
