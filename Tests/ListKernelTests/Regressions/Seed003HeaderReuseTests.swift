import Testing
import ListKernel
import ListKernelTesting

/// Seed 003 (the three kingdoms): the header was configured only when newly created, so a
/// dequeued header kept its old title and its `tag = section + 100`, and tapping it folded
/// the wrong section. The author also asked about a kingdom with no generals (越): an empty
/// section must still show its header and fold and unfold cleanly.
@Suite struct Seed003HeaderReuseTests {
    /// 30 kingdoms of 3 generals (some with none), header 44, rows 44.
    static let world = AuditWorld(
        sections: (0..<30).map { AuditWorld.Section(itemCount: $0 % 7 == 3 ? 0 : 3, header: 44, itemExtent: .uniform(44), measuredExtent: 44) },
        style: .plain, viewport: Viewport(size: 400)
    )

    /// Scrolls far enough that every header view has been recycled, then taps a displayed
    /// header.
    static func scenario<FrontEnd>(_ session: AuditSession<FrontEnd>) -> (problems: [AuditProblem], tapped: Int) {
        var problems = Regression.perform(Regression.scrolls(from: 0, to: 2_000, step: 100), on: session)
        let tapped = session.list.displayed.last { $0.element.kind == .header }!.element.section
        problems += session.perform(.tapHeader(section: tapped))
        return (problems, tapped)
    }

    @Test func aReusedHeaderShowsTheRightTitleAndFoldsTheRightSection() throws {
        let session = try AuditSession(world: Seed003HeaderReuseTests.world, frontEnd: AuditReferenceFrontEnd())
        let (problems, tapped) = Seed003HeaderReuseTests.scenario(session)
        #expect(problems.isEmpty, "\(problems)")
        // Every header view now displayed was made for an earlier section and recycled.
        let header = try #require(session.view(for: .header(section: tapped)))
        #expect(header.serial <= 400 / 44 + 2)
        #expect(header.title == "header S\(tapped) v0")
        #expect(header.isArrowFolded)
        // Exactly the tapped section is folded, in the model and in the list.
        #expect(session.model.foldedSections == [session.model.sections[tapped].id])
        for s in 0..<30 { #expect(session.list.isCollapsed(section: s) == (s == tapped)) }
    }

    @Test func theSameScenarioCatchesAHeaderConfiguredOnlyWhenNewlyCreated() throws {
        let session = try AuditSession(world: Seed003HeaderReuseTests.world, frontEnd: HeaderConfiguredOnlyWhenNewFrontEnd())
        let (problems, _) = Seed003HeaderReuseTests.scenario(session)
        let stale = try #require(problems.first { $0.kind == .staleContent })
        #expect(stale.element?.kind == .header)
        #expect(stale.part == "title")
        #expect(stale.found?.hasPrefix("\"header S") == true)
        #expect(stale.found != stale.expected)
        #expect(problems.contains { $0.kind == .wrongTapTarget }, "\(problems)")
    }

    @Test func anEmptySectionShowsItsHeaderAndFoldsAndUnfoldsCleanly() throws {
        // 魏 (3), 越 (0), 吴 (3).
        let world = AuditWorld(
            sections: [3, 0, 3].map { AuditWorld.Section(itemCount: $0, header: 44, footer: 1, itemExtent: .uniform(44), measuredExtent: 44) },
            style: .plain, viewport: Viewport(size: 600)
        )
        let session = try AuditSession(world: world, frontEnd: AuditReferenceFrontEnd())
        let empty = ListElement.header(section: 1)
        #expect(session.view(for: empty)?.title == "header S1 v0")
        let below = session.list.layout.frame(of: .header(section: 2))

        var problems = session.perform(.tapHeader(section: 1))
        #expect(session.list.isCollapsed(section: 1))
        #expect(session.view(for: empty)?.isArrowFolded == true)
        #expect(session.list.layout.frame(of: .header(section: 2)) == below)   // nothing to hide

        problems += session.perform(.tapHeader(section: 1))
        #expect(!session.list.isCollapsed(section: 1))
        #expect(session.view(for: empty)?.isArrowFolded == false)
        #expect(session.list.layout.frame(of: .header(section: 2)) == below)

        // Generals arrive while it is folded; unfolding shows them.
        problems += session.perform(.tapHeader(section: 1))
        problems += session.perform(.update(.insertItems(section: 1, at: 0, count: 2)))
        #expect(!session.list.displayed.contains { $0.element.kind == .item && $0.element.section == 1 })
        problems += session.perform(.tapHeader(section: 1))
        let generals = session.list.displayed.filter { $0.element.kind == .item && $0.element.section == 1 }
        #expect(generals.map(\.view.title) == [0, 1].map { session.model.title(for: .item(ItemPath(section: 1, item: $0))) })
        #expect(problems.isEmpty, "\(problems)")
    }
}
