import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// The outline analogues of the seeds' reuse bugs, through a front end that changes its row
/// views only as each update says (`OutlineEventFrontEnd`): a reused row keeping a deeper
/// node's indentation, the disclosure arrow of the node it showed before, or a
/// placeholder's "loading…" text. And random operations with no row ever stale.
@Suite struct OutlineStaleStateTests {
    static func check(_ outline: inout Outline<String>, _ frontEnd: inout OutlineEventFrontEnd<String>, _ update: OutlineUpdate<String>) {
        #expect(frontEnd.apply(update, from: outline) == nil)
        #expect(frontEnd.staleRows(comparedWith: outline).isEmpty, "stale rows after \(update.status)")
    }

    @Test func aRowMovedUpALevelDoesNotKeepTheDeeperIndentation() {
        var outline = try! Outline<String>()
        _ = outline.insert([
            OutlineItem("A", children: .container, isExpanded: true), OutlineItem("B", depth: 1, children: .container, isExpanded: true),
            OutlineItem("C", depth: 2),
        ], under: nil, at: 0)
        var frontEnd = OutlineEventFrontEnd(outline)
        let update = outline.move("C", under: nil, to: 0)
        #expect(update.movedRows == [Move(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))])
        #expect(update.reconfiguredRows == [ItemPath(section: 0, item: 0)], "depth 2 → 0 is a configuration change")
        Self.check(&outline, &frontEnd, update)
        #expect(frontEnd.views[0][0].depth == 0)
    }

    @Test func aToggledRowDoesNotKeepItsOldArrow_andARowThatOnlyShiftsIsNotReconfigured() {
        var outline = try! Outline<String>()
        _ = outline.insert([
            OutlineItem("A", children: .container, isExpanded: true), OutlineItem("A1", depth: 1),
            OutlineItem("B", children: .container), OutlineItem("B1", depth: 1),
        ], under: nil, at: 0)
        var frontEnd = OutlineEventFrontEnd(outline)
        let update = outline.collapse("A")
        #expect(update.deletedRows == [OutlineRows(section: 0, rows: 1..<2)])
        #expect(update.reconfiguredRows == [ItemPath(section: 0, item: 0)], "A's arrow flips; B only shifts up (R12)")
        Self.check(&outline, &frontEnd, update)
        #expect(frontEnd.views[0][0].isExpanded == false && frontEnd.views[0][1].kind == .item("B"))
        Self.check(&outline, &frontEnd, outline.expand("B"))
        Self.check(&outline, &frontEnd, outline.delete("A"))
        #expect(frontEnd.views[0][0] == OutlineRowConfiguration(kind: .item("B"), depth: 0, isExpandable: true, isExpanded: true, loadState: .none))
    }

    @Test func theRowAfterAnAnswerDoesNotKeepThePlaceholdersLoadingText() throws {
        var outline = try! Outline<String>()
        _ = outline.insert([OutlineItem("L", children: .lazy), OutlineItem("Z")], under: nil, at: 0)
        var frontEnd = OutlineEventFrontEnd(outline)
        let expand = outline.expand("L")
        Self.check(&outline, &frontEnd, expand)
        #expect(frontEnd.views[0][1].kind == .placeholder(owner: "L"))
        let answer = outline.answer(try #require(expand.loadRequests.first?.token), with: [OutlineItem("L1", children: .container)])
        Self.check(&outline, &frontEnd, answer)
        #expect(frontEnd.views[0][1] == OutlineRowConfiguration(kind: .item("L1"), depth: 1, isExpandable: true, isExpanded: false, loadState: .none))
        #expect(frontEnd.views[0][0].loadState == .loaded)
    }

    @Test func aFrontEndThatSkipsReconfigureEventsIsCaught() {
        var outline = try! Outline<String>()
        _ = outline.insert([OutlineItem("A", children: .container), OutlineItem("A1", depth: 1)], under: nil, at: 0)
        var frontEnd = OutlineEventFrontEnd(outline)
        frontEnd.ignoresReconfigure = true
        #expect(frontEnd.apply(outline.expand("A"), from: outline) == nil)
        #expect(frontEnd.staleRows(comparedWith: outline) == [ItemPath(section: 0, item: 0)], "A's view still shows a collapsed arrow")
    }

    /// Random expand, collapse, move, insert, delete and lazy loads: after every update the
    /// views, changed only by its events, show exactly what the outline says.
    @Test(arguments: 0..<16)
    func randomOperationsNeverLeaveARowStale(seed: UInt64) {
        var pair = OutlinePair(sections: 2)
        var generator = OutlineOpGenerator(seed: 7_000 + seed, maxBatch: 8)
        var frontEnd = OutlineEventFrontEnd(pair.outline)
        for _ in 0..<250 {
            let op = generator.next(pair)
            _ = pair.apply(op)
            let outline = pair.outline
            let update = pair.lastUpdate
            if let problem = frontEnd.apply(update, from: outline) {
                Issue.record("seed \(seed) after \(op): \(problem)")
                return
            }
            let stale = frontEnd.staleRows(comparedWith: outline)
            if !stale.isEmpty {
                let log = pair.log.map(\.description).joined(separator: "\n")
                Issue.record("seed \(seed) after \(op): stale rows \(stale)\n\(log)")
                return
            }
        }
        #expect(frontEnd.binds > 0)
    }
}
