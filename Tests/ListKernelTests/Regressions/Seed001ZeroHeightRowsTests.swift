import Testing
import ListKernel
import ListKernelTesting

/// Seed 001: a section "folded" by giving its rows height 0 keeps every row. A virtualizer
/// must not materialize zero-height rows, and scrolling past them must cost no more than
/// scrolling past a folded section. Work is counted (views made, configure calls), not timed.
@Suite struct Seed001ZeroHeightRowsTests {
    static let rows = 50_000

    /// 20 rows, then the big section, then 20 rows; the big section's rows are zero-height
    /// (reported up front, or uniform) or 44 points and folded.
    static func world(_ hidden: AuditWorld.Section) -> AuditWorld {
        let visible = AuditWorld.Section(itemCount: 20, header: 44, itemExtent: .uniform(44), measuredExtent: 44)
        return AuditWorld(sections: [visible, hidden, visible], style: .plain, viewport: Viewport(size: 480))
    }

    static let zeroHeightUpFront = AuditWorld.Section(itemCount: rows, header: 44, itemExtent: .estimated(44), measuredExtent: 0, reportsExtentsUpFront: true)
    static let zeroHeightUniform = AuditWorld.Section(itemCount: rows, header: 44, itemExtent: .uniform(0), measuredExtent: 0)
    static let folded = AuditWorld.Section(itemCount: rows, header: 44, itemExtent: .uniform(44), measuredExtent: 44, isFolded: true)

    /// Scrolls top to bottom and back in 60-point steps; returns the work done and every
    /// problem, and checks that no row of section 1 was ever displayed.
    static func scrollPast(_ hidden: AuditWorld.Section) throws -> (created: Int, configured: Int, problems: [AuditProblem]) {
        let session = try AuditSession(world: world(hidden), frontEnd: AuditReferenceFrontEnd())
        let end = session.list.layout.contentExtent - 480
        var problems: [AuditProblem] = []
        var hiddenRowsShown = 0
        InvariantChecks.$areSuspended.withValue(true) {
            problems = Regression.perform(Regression.scrolls(from: 0, to: end, step: 60) + Regression.scrolls(from: end, to: 0, step: 60), on: session) {
                hiddenRowsShown += session.list.displayed.filter { $0.element.kind == .item && $0.element.section == 1 }.count
            }
        }
        session.checkKernelInvariants()
        #expect(hiddenRowsShown == 0)
        return (session.list.pool.totalCounters.created, session.configureCount, problems)
    }

    @Test func aSectionFoldedByZeroHeightRowsMaterializesNoViewsForItsFiftyThousandRows() throws {
        for hidden in [Seed001ZeroHeightRowsTests.zeroHeightUpFront, Seed001ZeroHeightRowsTests.zeroHeightUniform] {
            let session = try AuditSession(world: Seed001ZeroHeightRowsTests.world(hidden), frontEnd: AuditReferenceFrontEnd())
            // The section's rows take no space: its header is followed by the next section's.
            let header = try #require(session.list.layout.frame(of: .header(section: 1)))
            #expect(session.list.layout.frame(of: .header(section: 2))?.start == header.end)
            // With its header at the top, the viewport shows no row of it.
            let problems = session.perform(.scroll(to: header.start))
            #expect(problems.isEmpty, "\(problems)")
            #expect(session.list.displayed.contains { $0.element == .header(section: 1) })
            #expect(!session.list.displayed.contains { $0.element.kind == .item && $0.element.section == 1 })
            #expect(session.list.displayed.count <= 480 / 44 + 3)
        }
    }

    @Test func scrollingPastFiftyThousandZeroHeightRowsCostsNoMoreThanScrollingPastAFoldedSection() throws {
        let folded = try Seed001ZeroHeightRowsTests.scrollPast(Seed001ZeroHeightRowsTests.folded)
        #expect(folded.problems.isEmpty, "\(folded.problems)")
        for hidden in [Seed001ZeroHeightRowsTests.zeroHeightUpFront, Seed001ZeroHeightRowsTests.zeroHeightUniform] {
            let zero = try Seed001ZeroHeightRowsTests.scrollPast(hidden)
            #expect(zero.problems.isEmpty, "\(zero.problems)")
            #expect(zero.created == folded.created, "views made: \(zero.created) past zero-height rows, \(folded.created) past a folded section")
            #expect(zero.configured == folded.configured, "configure calls: \(zero.configured) past zero-height rows, \(folded.configured) past a folded section")
        }
        // Both are bounded by the rows on screen, not by the 50,000 rows.
        #expect(folded.created <= 2 * (480 / 44 + 3))
    }
}
