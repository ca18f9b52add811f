import Testing
import ListKernel
import ListKernelTesting

/// Seed 004: the sections came from a plist read as a dictionary, so their order was
/// whatever `allKeys` returned, and the header's callback reloaded a section by the index it
/// was given. Sections must keep their source order, and a fold from the header's callback
/// must reach the right section after sections were inserted above it.
@Suite struct Seed004SectionOrderTests {
    /// Six sections, all folded so every header is on screen at once.
    static let world = AuditWorld(
        sections: (0..<6).map { _ in AuditWorld.Section(itemCount: 4, header: 44, itemExtent: .uniform(44), measuredExtent: 44, isFolded: true) },
        style: .grouped, viewport: Viewport(size: 600)
    )

    /// The displayed header titles, top to bottom.
    static func headerTitles<FrontEnd: AuditableFrontEnd>(_ session: AuditSession<FrontEnd>) -> [String?] where FrontEnd.View == AuditView {
        session.list.displayed.filter { $0.element.kind == .header }.map(\.view.title)
    }

    /// The model's header titles, in model order.
    static func modelTitles<FrontEnd>(_ session: AuditSession<FrontEnd>) -> [String?] {
        session.model.sections.indices.map { session.model.title(for: .header(section: $0)) }
    }

    @Test func sectionsKeepTheirSourceOrderThroughReloadsMovesAndSnapshots() throws {
        let session = try AuditSession(world: Seed004SectionOrderTests.world, frontEnd: AuditReferenceFrontEnd())
        #expect(Seed004SectionOrderTests.headerTitles(session) == (0..<6).map { "header S\($0) v0" })
        let steps: [AuditOperation] = [
            .reloadData,
            .update(.moveSection(from: 4, to: 1)),
            .applySnapshot([.moveSection(from: 0, to: 5), .moveSection(from: 2, to: 0)]),
            .update(.insertSection(at: 3, itemCount: 2)),
            .reloadData,
        ]
        for step in steps {
            let problems = session.perform(step)
            #expect(problems.isEmpty, "\(step): \(problems)")
            #expect(Seed004SectionOrderTests.headerTitles(session) == Seed004SectionOrderTests.modelTitles(session), "after \(step)")
        }
    }

    @Test func foldingFromTheHeadersCallbackReloadsTheRightSectionAfterSectionsWereInsertedAbove() throws {
        let session = try AuditSession(world: Seed004SectionOrderTests.world, frontEnd: AuditReferenceFrontEnd())
        let header = try #require(session.view(for: .header(section: 1)))
        #expect(session.perform(.update(.insertSection(at: 0, itemCount: 1))).isEmpty)
        #expect(session.perform(.applySnapshot([.insertSection(at: 0, itemCount: 2)])).isEmpty)
        // The header of the section that was second is fourth now: same view, not reconfigured.
        #expect(session.view(for: .header(section: 3)) === header)
        #expect(session.perform(.tapHeader(section: 3)).isEmpty)
        #expect(!session.list.isCollapsed(section: 3))
        #expect(session.list.displayed.contains { $0.element == .item(ItemPath(section: 3, item: 0)) })
        for s in [0, 1, 2, 4, 5, 6, 7] where session.model.isFolded(section: s) {
            #expect(session.list.isCollapsed(section: s))
        }
        #expect(session.model.foldedSections.count == 5)
    }

    @Test func theSameStepsCatchATapHandlerThatCapturedItsSectionAtConfigure() throws {
        let session = try AuditSession(world: Seed004SectionOrderTests.world, frontEnd: TapTargetCapturedAtConfigureFrontEnd())
        _ = session.perform(.update(.insertSection(at: 0, itemCount: 1)))
        _ = session.perform(.applySnapshot([.insertSection(at: 0, itemCount: 2)]))
        let problems = session.perform(.tapHeader(section: 3))
        let wrong = try #require(problems.first { $0.kind == .wrongTapTarget })
        #expect(wrong.found == "section 1")
        #expect(wrong.expected == "section 3")
    }
}
