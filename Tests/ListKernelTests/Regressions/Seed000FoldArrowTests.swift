import Testing
import ListKernel
import ListKernelTesting

/// Seed 000 ("Apple Products"): the fold arrow's rotation lived in the reused header's layer,
/// so a recycled header showed the previous section's arrow. The kernel reconfigures a folded
/// or unfolded section's header, and configures every recycled header, so an arrow drawn from
/// the model is always its own section's.
@Suite struct Seed000FoldArrowTests {
    /// 40 sections of 4 self-sizing items, header 44, footer 1, as in the article.
    static let world = AuditWorld(
        sections: Array(repeating: AuditWorld.Section(itemCount: 4, header: 44, footer: 1, itemExtent: .estimated(44), measuredExtent: 52), count: 40),
        style: .plain, viewport: Viewport(size: 480), measuresInConfigure: true
    )

    /// Folds sections 0, 2 and 3 from their headers, scrolls to the end folding two more on
    /// the way, and back to the top.
    static func scenario<FrontEnd>(_ session: AuditSession<FrontEnd>, observe: () -> Void = {}) -> [AuditProblem] {
        var problems = Regression.perform([.tapHeader(section: 0), .tapHeader(section: 2), .tapHeader(section: 3)], on: session, observe: observe)
        let end = session.list.layout.contentExtent - 480
        problems += Regression.perform(Regression.scrolls(from: 0, to: end / 2, step: 150), on: session, observe: observe)
        let shown = session.list.displayed.filter { $0.element.kind == .header }.map(\.element.section)
        problems += Regression.perform(shown.prefix(2).map { .tapHeader(section: $0) }, on: session, observe: observe)
        let newEnd = session.list.layout.contentExtent - 480
        problems += Regression.perform(Regression.scrolls(from: session.list.viewport.offset, to: newEnd, step: 150), on: session, observe: observe)
        problems += Regression.perform(Regression.scrolls(from: newEnd, to: 0, step: 150), on: session, observe: observe)
        return problems
    }

    @Test func aRecycledHeaderShowsItsOwnSectionsFoldArrowAfterScrollingFarAndFoldingSeveralSections() throws {
        let session = try AuditSession(world: Seed000FoldArrowTests.world, frontEnd: AuditReferenceFrontEnd())
        let firstHeader = try #require(session.view(for: .header(section: 0)))
        var showedFolded = false
        var showedOtherUnfoldedSectionAfterwards = false
        let problems = Seed000FoldArrowTests.scenario(session) {
            guard let element = session.list.element(for: firstHeader) else { return }
            if element.section == 0, firstHeader.isArrowFolded { showedFolded = true }
            if showedFolded, element.section != 0, !session.model.isFolded(section: element.section) {
                #expect(!firstHeader.isArrowFolded, "\(firstHeader) shows a folded arrow for unfolded \(element)")
                showedOtherUnfoldedSectionAfterwards = true
            }
        }
        #expect(problems.isEmpty, "\(problems)")
        // The header view that showed folded section 0 went round the pool and showed an
        // unfolded section later, with its own (unfolded) arrow.
        #expect(showedFolded && showedOtherUnfoldedSectionAfterwards)
        // Five sections are folded, the rest are not, and every displayed header's arrow says so.
        #expect(session.model.foldedSections.count == 5)
        for shown in session.list.displayed where shown.element.kind == .header {
            #expect(shown.view.isArrowFolded == session.model.isFolded(section: shown.element.section), "\(shown.element)")
        }
        #expect(session.list.pool.counters(kind: .header, identifier: "header").reused > 40)
    }

    @Test func theSameScenarioCatchesAnArrowRotationKeptInTheView() throws {
        let session = try AuditSession(world: Seed000FoldArrowTests.world, frontEnd: FoldArrowKeptInViewFrontEnd())
        let problems = Seed000FoldArrowTests.scenario(session)
        let stale = try #require(problems.first { $0.kind == .staleContent && $0.element?.kind == .header }, "\(problems)")
        #expect(stale.part == "isFolded")
        #expect(stale.found == "true" || stale.found == "false")
        #expect(stale.found != stale.expected)
    }
}
