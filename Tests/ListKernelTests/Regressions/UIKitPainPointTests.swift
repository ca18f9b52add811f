import Testing
import ListKernel
import ListKernelTesting

/// The reuse and update bugs UIKit users report most, each pinned by a scenario.
@Suite struct UIKitPainPointTests {
    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    /// Three sections of 6 rows of 44 points, all on screen.
    static let world = AuditWorld(
        sections: Array(repeating: AuditWorld.Section(itemCount: 6, header: 30, itemExtent: .uniform(44), measuredExtent: 44), count: 3),
        style: .grouped, viewport: Viewport(size: 1_000)
    )

    @Test func aReloadGoesThroughPrepareForReuseAndAReconfigureKeepsTheViewWithoutIt() throws {
        let frontEnd = PrepareCountingFrontEnd()
        let session = try AuditSession(world: UIKitPainPointTests.world, frontEnd: frontEnd)
        let reconfigured = try #require(session.view(for: .item(UIKitPainPointTests.path(0, 4))))

        #expect(session.perform(.update(.reconfigureItem(UIKitPainPointTests.path(0, 4)))).isEmpty)
        #expect(session.view(for: .item(UIKitPainPointTests.path(0, 4))) === reconfigured)
        #expect(reconfigured.title == "item 4 v1")
        #expect(frontEnd.prepared.isEmpty, "a reconfigure recycled a view: \(frontEnd.prepared)")

        #expect(session.perform(.update(.reloadItem(UIKitPainPointTests.path(0, 3)))).isEmpty)
        let reloaded = try #require(session.view(for: .item(UIKitPainPointTests.path(0, 3))))
        #expect(reloaded.title == "item 3 v1")
        // The reloaded row's view went back to the pool and came out again: one prepare.
        #expect(frontEnd.prepared == [reloaded.serial: 1])
        #expect(session.prepareForReuseCount == 1)
    }

    @Test func foldStateFollowsASectionThroughAMove() throws {
        let session = try AuditSession(world: UIKitPainPointTests.world, frontEnd: AuditReferenceFrontEnd())
        #expect(session.perform(.tapHeader(section: 0)).isEmpty)
        #expect(session.perform(.update(.moveSection(from: 0, to: 2))).isEmpty)
        #expect(session.list.isCollapsed(section: 2))
        #expect(!session.list.isCollapsed(section: 0))
        #expect(session.view(for: .header(section: 2))?.title == "header S0 v0")
        #expect(session.view(for: .header(section: 2))?.isArrowFolded == true)
        #expect(!session.list.displayed.contains { $0.element.kind == .item && $0.element.section == 2 })
        // And back, through a snapshot.
        #expect(session.perform(.applySnapshot([.moveSection(from: 2, to: 1)])).isEmpty)
        #expect(session.list.isCollapsed(section: 1))
        #expect(session.view(for: .header(section: 1))?.isArrowFolded == true)
    }

    @Test func aCountChangeWhileFoldedIsShownWhenTheSectionUnfolds() throws {
        let session = try AuditSession(world: UIKitPainPointTests.world, frontEnd: AuditReferenceFrontEnd())
        var problems = session.perform(.tapHeader(section: 1))
        problems += session.perform(.update(.insertItems(section: 1, at: 0, count: 3)))
        problems += session.perform(.update(.deleteItems(section: 1, at: 7, count: 2)))
        problems += session.perform(.applySnapshot([.moveItem(from: UIKitPainPointTests.path(0, 0), to: UIKitPainPointTests.path(1, 2))]))
        #expect(session.list.layout.itemCount(inSection: 1) == 8)
        #expect(!session.list.displayed.contains { $0.element.kind == .item && $0.element.section == 1 })
        problems += session.perform(.tapHeader(section: 1))
        let shown = session.list.displayed.filter { $0.element.kind == .item && $0.element.section == 1 }
        #expect(shown.map(\.view.title) == (0..<8).map { session.model.title(for: .item(UIKitPainPointTests.path(1, $0))) })
        #expect(problems.isEmpty, "\(problems)")
    }

    /// One row on screen; row 0's image is still loading when the list scrolls to row 10,
    /// which gets row 0's view. Then row 0's image arrives, then row 10's.
    static func lateImage<FrontEnd: AuditableFrontEnd>(_ frontEnd: FrontEnd) throws -> (session: AuditSession<FrontEnd>, problems: [AuditProblem]) {
        let world = AuditWorld(
            sections: [AuditWorld.Section(itemCount: 40, header: nil, itemExtent: .uniform(44), measuredExtent: 44)],
            style: .plain, viewport: Viewport(size: 44)
        )
        let session = try AuditSession(world: world, frontEnd: frontEnd)
        var problems = session.perform(.scroll(to: 440))
        #expect(session.pendingLoadCount == 2)
        problems += session.perform(.completeLoads(pick: 0, count: 1))   // row 0's, requested first
        return (session, problems)
    }

    @Test func aLateImageForARowThatScrolledAwayNeverLandsInItsRecycledView() throws {
        let (session, problems) = try UIKitPainPointTests.lateImage(AuditReferenceFrontEnd())
        #expect(problems.isEmpty, "\(problems)")
        let view = try #require(session.view(for: .item(UIKitPainPointTests.path(0, 10))))
        #expect(view.serial == 1)   // row 0's view, recycled
        #expect(view.image == nil)
        #expect(session.perform(.completeLoads(pick: 0, count: 1)).isEmpty)   // row 10's
        #expect(view.image == "image 10 v0")
    }

    @Test func theSameStepsCatchAnImageAppliedWithoutCheckingItsBinding() throws {
        let (_, problems) = try UIKitPainPointTests.lateImage(ImageWithoutTokenCheckFrontEnd())
        let late = try #require(problems.first { $0.kind == .lateAsyncResult })
        #expect(late.element == .item(UIKitPainPointTests.path(0, 10)))
        #expect(late.part == "image")
        #expect(late.found == "\"image 0 v0\"")
        #expect(late.expected == "nil")
        #expect(problems.contains { $0.kind == .staleContent && $0.part == "image" && $0.found == "\"image 0 v0\"" && $0.expected == "nil" })
    }

    @Test func reloadDataDuringAnUpdateIsRejectedAndTheUpdateStillApplies() throws {
        let session = try AuditSession(world: UIKitPainPointTests.world, frontEnd: AuditReferenceFrontEnd())
        var caught: ListError?
        try session.list.performBatchUpdates { batch in
            do throws(ListError) { try session.list.reloadData() } catch { caught = error }
            batch.reconfigureItems(at: [UIKitPainPointTests.path(0, 0)])
        }
        #expect(caught == .reentrantCall(operation: "reloadData()", callback: "the updates closure of performBatchUpdates(_:)"))
        #expect(session.check().isEmpty)
        #expect(session.perform(.update(.insertItems(section: 0, at: 0, count: 1))).isEmpty)
    }
}
