import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// What the differential and stale-state runs found while the outline was written, each
/// shrunk to a named case.
@Suite struct OutlineFuzzerDiscoveredTests {
    /// Seed 20: a recursive expand of a node that was already expanded reported its row as
    /// reconfigured although its configuration did not change (R12).
    @Test func fuzzerDiscovered01_recursiveExpandOfAnExpandedNodeDoesNotReconfigureItsRow() {
        var outline = try! Outline<String>()
        _ = outline.insert([
            OutlineItem("A", children: .container, isExpanded: true), OutlineItem("B", depth: 1, children: .container),
            OutlineItem("C", depth: 2),
        ], under: nil, at: 0)
        let update = outline.expand("A", recursive: true)
        #expect(update.status == .expanded)
        #expect(!update.reconfiguredRows.contains(ItemPath(section: 0, item: 0)))
        #expect(outline.rowCount(inSection: 0) == 3)
        #expect(outline.expand("A", recursive: true).status == .noChange)
    }

    /// Seeds 1 and 23: an answer whose children repeat an identifier fails the load (the
    /// placeholder row goes, the node collapses), so it has events and is not a rejection.
    @Test func fuzzerDiscovered02_anAnswerThatRepeatsAnIdentifierFailsTheLoadAndIsNotARejection() throws {
        var outline = try Outline<String>()
        _ = outline.insert([OutlineItem("L", children: .lazy), OutlineItem("X")], under: nil, at: 0)
        let token = try #require(outline.expand("L").loadRequests.first?.token)
        let update = outline.answer(token, with: [OutlineItem("X")])
        #expect(update.status == .rejectedDuplicateIdentifier("X") && !update.status.isRejection)
        #expect(update.deletedRows == [OutlineRows(section: 0, rows: 1..<2)])
    }

    /// The list-source run: two copies of one outline issued the requests of waiting lazy
    /// nodes in different orders (a set's iteration order), so their serials differed. They
    /// now go out in row order.
    @Test func fuzzerDiscovered03_requestsOfWaitingLazyNodesGoOutInRowOrder() {
        var outline = try! Outline<Int>()
        _ = outline.insert([OutlineItem(0, children: .container)] + (1...20).map { OutlineItem($0, depth: 1, children: .lazy, isExpanded: true) }, under: nil, at: 0)
        let update = outline.expand(0)
        #expect(update.loadRequests.map(\.id) == Array(1...20))
        #expect(update.loadRequests.map(\.token.serial) == update.loadRequests.map(\.token.serial).sorted())
        #expect(update.insertedRows == [OutlineRows(section: 0, rows: 1..<41)], "20 nodes and their 20 placeholders")
    }
}
