import Testing
import ListKernel
import ListKernelTesting

/// Reproducers the auditor printed, pasted back as they came out: they compile as Swift, and
/// they replay the same way.
@Suite struct AuditorReproducerTests {
    /// Printed for `FoldArrowKeptInViewFrontEnd` (seed 000's bug): a folded header's view
    /// recycled for an open section keeps its folded arrow.
    @Test func auditorSeed3FoldArrowKeptInTheViewStillFailsFromItsReproducer() throws {
        let auditor = StaleStateAuditor { FoldArrowKeptInViewFrontEnd() }
        let failure = try #require(try auditor.replay(seed: 3, operations: [
            .tapHeader(section: 1),
            .scroll(to: 1396.0),
            .scrollToItem(ItemPath(section: 0, item: 0), .top),
        ]))
        #expect(failure.step == 2)
        #expect(failure.problems.contains { $0.kind == .staleContent && $0.element?.kind == .header && $0.part == "isFolded" && $0.found == "true" })
    }

    /// Printed by the first million-operation stress run (seed 1,056): one snapshot reloads
    /// section 2 and moves an item out of it. The item changed with the section, so it must be
    /// marked for itself; the correct front end then shows it at its new version.
    @Test func auditorSeed1056AnItemMovedOutOfAReloadedSectionShowsItsNewContent() throws {
        let auditor = StaleStateAuditor { AuditReferenceFrontEnd() }
        let failure = try auditor.replay(seed: 1056, operations: [
            .applySnapshot([.moveSection(from: 4, to: 0), .moveSection(from: 1, to: 0)]),
            .update(.moveSection(from: 1, to: 3)),
            .applySnapshot([.insertSection(at: 1, itemCount: 12)]),
            .update(.deleteSection(3)),
            .applySnapshot([.insertItems(section: 3, at: 0, count: 2), .deleteSection(1), .deleteSection(1)]),
            .update(.insertSection(at: 1, itemCount: 2)),
            .update(.deleteSection(0)),
            .toggleExpansion(ItemPath(section: 2, item: 7)),
            .scroll(to: 561.0),
            .applySnapshot([
                .reloadSection(2), .insertItems(section: 2, at: 0, count: 3), .deleteItems(section: 2, at: 2, count: 3),
                .moveItem(from: ItemPath(section: 2, item: 7), to: ItemPath(section: 1, item: 0)),
            ]),
        ])
        #expect(failure == nil, "\(failure.map { "\($0)" } ?? "")")
    }
}
