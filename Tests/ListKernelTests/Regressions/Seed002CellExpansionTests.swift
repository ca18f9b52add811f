import Testing
import ListKernel
import ListKernelTesting

/// Seed 002: a button in a cell shows or hides a detail view and the cell's height doubles
/// (57 → 114 points). The expanded state must live in the model, not in the cell, or a
/// recycled cell arrives expanded; and the height change must move the rows below it without
/// moving the row the user looks at.
@Suite struct Seed002CellExpansionTests {
    /// One section of 60 rows of 57 points; `size` is the viewport's.
    static func world(size: Double) -> AuditWorld {
        AuditWorld(
            sections: [AuditWorld.Section(itemCount: 60, header: nil, itemExtent: .estimated(57), measuredExtent: 57, reportsExtentsUpFront: true)],
            style: .plain, viewport: Viewport(size: size)
        )
    }

    static func row(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }

    /// Expands row 3 in a viewport one row tall, then jumps to row 40: the only view in the
    /// pool is row 3's, so row 40 gets it.
    static func expandRow3ThenShowRow40<FrontEnd: AuditableFrontEnd>(
        _ frontEnd: FrontEnd
    ) throws -> (session: AuditSession<FrontEnd>, view: FrontEnd.View, problems: [AuditProblem]) {
        let session = try AuditSession(world: world(size: 57), frontEnd: frontEnd)
        var problems = session.perform(.scroll(to: 3 * 57))
        let view = try #require(session.view(for: .item(row(3))))
        problems += session.perform(.toggleExpansion(row(3)))
        problems += session.perform(.scroll(to: 40 * 57 + 57))   // row 3 is 57 points taller now
        return (session, view, problems)
    }

    @Test func aCellExpandedInRow3IsNotExpandedWhenItsViewIsReusedForRow40() throws {
        let (session, view, problems) = try Seed002CellExpansionTests.expandRow3ThenShowRow40(AuditReferenceFrontEnd())
        #expect(problems.isEmpty, "\(problems)")
        #expect(session.view(for: .item(Seed002CellExpansionTests.row(40))) === view)
        #expect(view.title == "item 40 v0")
        #expect(!view.isExpanded)
        #expect(session.model.isExpanded(Seed002CellExpansionTests.row(3)))
        #expect(session.list.layout.itemExtent(at: Seed002CellExpansionTests.row(3)) == 114)
    }

    @Test func theSameStepsCatchExpandedStateKeptInTheCell() throws {
        let (session, view, problems) = try Seed002CellExpansionTests.expandRow3ThenShowRow40(ExpandedStateInCellFrontEnd())
        #expect(session.view(for: .item(Seed002CellExpansionTests.row(40))) === view)
        #expect(view.isExpanded)
        let stale = try #require(problems.first { $0.kind == .staleContent })
        #expect(stale.element == .item(Seed002CellExpansionTests.row(40)))
        #expect(stale.part == "isExpanded")
        #expect(stale.found == "true")
        #expect(stale.expected == "false")
    }

    @Test func expandingARowMovesTheRowsBelowAndNotTheRowTheUserLooksAt() throws {
        let session = try AuditSession(world: Seed002CellExpansionTests.world(size: 480), frontEnd: AuditReferenceFrontEnd())
        let layout = { session.list.layout }
        func start(_ item: Int) throws -> Double { try #require(layout().frame(of: .item(Seed002CellExpansionTests.row(item)))).start }

        // Looking at row 2 (10 points into it); row 5, below, expands.
        #expect(session.perform(.scroll(to: 2 * 57 + 10)).isEmpty)
        let row2 = try start(2)
        let row6 = try start(6)
        #expect(session.perform(.toggleExpansion(Seed002CellExpansionTests.row(5))).isEmpty)
        #expect(session.list.viewport.offset == 2 * 57 + 10)
        #expect(try start(2) == row2)
        #expect(try start(6) == row6 + 57)
        #expect(layout().itemExtent(at: Seed002CellExpansionTests.row(5)) == 114)
        #expect(session.view(for: .item(Seed002CellExpansionTests.row(5)))?.isExpanded == true)

        // Looking at row 20; row 7, above, expands: the offset follows, so row 20 stays put
        // on screen.
        #expect(session.perform(.scroll(to: try start(20) + 10)).isEmpty)
        let offset = session.list.viewport.offset
        let row20OnScreen = try start(20) - offset
        #expect(session.perform(.toggleExpansion(Seed002CellExpansionTests.row(7))).isEmpty)
        #expect(session.list.viewport.offset == offset + 57)
        #expect(try start(20) - session.list.viewport.offset == row20OnScreen)
    }
}
