import Testing
@_spi(ListKernelTesting) import ListKernel
@testable import ListKernelOutline
import ListKernelTesting

/// Everything a caller can get wrong returns a status naming it and leaves the outline bit
/// for bit as it was; nothing recurses over the outline's depth (R17).
@Suite struct OutlineRobustnessTests {
    /// Every stored array of the outline, for bit-for-bit comparisons.
    struct Image: Equatable {
        var units, hidden, depth, handles, leafFill, leafParent, leafTags, children, nodeFill, nodeParent, nodeTags: [[Int32]]
        var sums: [[OutlineSummary]]
        var heights: [Int]
        var ids: [Int?]
        var sectionOf, leafOf, parentOf: [Int32]
        var flags: [UInt8]
        var handleOf: [Int: Int32]
        var pending: [Int32: UInt64]
        var waiting: Set<Int32>
        var nextSerial: UInt64

        init(_ outline: Outline<Int>) {
            let s = outline.sections
            units = s.map(\.units); hidden = s.map(\.hidden); depth = s.map(\.depth); handles = s.map(\.handles)
            leafFill = s.map(\.leafFill); leafParent = s.map(\.leafParent); leafTags = s.map { $0.leafTagHidden + $0.leafTagDepth }
            children = s.map(\.children); nodeFill = s.map(\.nodeFill); nodeParent = s.map(\.nodeParent)
            nodeTags = s.map { $0.nodeTagHidden + $0.nodeTagDepth }; sums = s.map(\.sums); heights = s.map(\.height)
            ids = outline.ids; sectionOf = outline.sectionOf; leafOf = outline.leafOf; parentOf = outline.parentOf; flags = outline.flags
            handleOf = outline.handleOf; pending = outline.pendingSerial; waiting = outline.waiting; nextSerial = outline.nextSerial
        }
    }

    static func world() -> Outline<Int> {
        var outline = try! Outline<Int>(sectionCount: 2, estimatedExtent: 30)
        _ = outline.insert([
            OutlineItem(1, children: .container, isExpanded: true),
            OutlineItem(2, depth: 1, children: .container),
            OutlineItem(3, depth: 2),
            OutlineItem(4, depth: 1, children: .lazy),
            OutlineItem(5),
        ], under: nil, at: 0)
        return outline
    }

    @Test func everyRejectionNamesTheProblemAndChangesNothing() {
        var outline = Self.world()
        let image = Image(outline)
        let cases: [(OutlineUpdate<Int>, OutlineStatus<Int>)] = [
            (outline.expand(99), .unknownIdentifier(99)),
            (outline.collapse(-1), .unknownIdentifier(-1)),
            (outline.expand(5), .notExpandable(5)),
            (outline.expand(1), .noChange),
            (outline.collapse(2), .noChange),
            (outline.insert([OutlineItem(6)], under: 99, at: 0), .unknownParent(99)),
            (outline.insert([OutlineItem(6)], under: nil, inSection: 2, at: 0), .sectionOutOfRange(section: 2, sectionCount: 2)),
            (outline.insert([OutlineItem(6)], under: nil, inSection: Int.min, at: 0), .sectionOutOfRange(section: Int.min, sectionCount: 2)),
            (outline.insert([OutlineItem(6)], under: nil, at: Int.max), .indexOutOfRange(index: Int.max, count: 2)),
            (outline.insert([OutlineItem(6)], under: 1, at: -1), .indexOutOfRange(index: -1, count: 2)),
            (outline.insert([OutlineItem(6)], under: 4, at: 0), .parentNotLoaded(4)),
            (outline.insert([OutlineItem(3)], under: nil, at: 0), .duplicateIdentifier(3)),
            (outline.insert([OutlineItem(6), OutlineItem(6)], under: nil, at: 0), .duplicateIdentifier(6)),
            (outline.insert([OutlineItem(6, depth: 1)], under: nil, at: 0), .invalidDepth(index: 0, depth: 1, maximum: 0)),
            (outline.insert([OutlineItem(6), OutlineItem(7, depth: Int.max)], under: nil, at: 0), .invalidDepth(index: 1, depth: Int.max, maximum: 1)),
            (outline.insert([OutlineItem(6, children: .lazy), OutlineItem(7, depth: 1)], under: nil, at: 0), .invalidDepth(index: 1, depth: 1, maximum: 0)),
            (outline.insert([OutlineItem(6, extent: -1)], under: nil, at: 0), .invalidExtent(-1)),
            (outline.insert([OutlineItem(6, extent: .infinity)], under: nil, at: 0), .invalidExtent(.infinity)),
            (outline.insert([OutlineItem(6, extent: 1e300)], under: nil, at: 0), .invalidExtent(1e300)),
            (outline.move(99, under: nil, to: 0), .unknownIdentifier(99)),
            (outline.move(1, under: 99, to: 0), .unknownParent(99)),
            (outline.move(1, under: 1, to: 0), .cycle(1, into: 1)),
            (outline.move(1, under: 3, to: 0), .cycle(1, into: 3)),
            (outline.move(2, under: 4, to: 0), .parentNotLoaded(4)),
            (outline.move(5, under: nil, to: 2), .indexOutOfRange(index: 2, count: 1)),
            (outline.move(5, under: nil, to: Int.min), .indexOutOfRange(index: Int.min, count: 1)),
            (outline.move(5, under: nil, inSection: -3, to: 0), .sectionOutOfRange(section: -3, sectionCount: 2)),
            (outline.move(5, under: nil, to: 1), .noChange),
            (outline.delete(42), .unknownIdentifier(42)),
            (outline.reloadChildren(of: 42), .unknownIdentifier(42)),
            (outline.reloadChildren(of: 5), .notExpandable(5)),
            (outline.setMeasuredExtent(-0.5, for: 5), .invalidExtent(-0.5)),
            (outline.setMeasuredExtent(44, for: 77), .unknownIdentifier(77)),
            (outline.answer(OutlineLoadToken(serial: 0), with: []), .rejectedUnknownToken(OutlineLoadToken(serial: 0))),
            (outline.failLoad(OutlineLoadToken(serial: .max)), .rejectedUnknownToken(OutlineLoadToken(serial: .max))),
        ]
        for (update, expected) in cases {
            #expect(update.status == expected)
            #expect(update.hasNoRowEvents && update.loadRequests.isEmpty)
            #expect(!update.status.description.isEmpty)
        }
        #expect(outline.setMeasuredExtent(.nan, for: 5).status.description.contains("nan"))
        #expect(Image(outline) == image, "the outline is bit for bit as it was")
        #expect(OutlineStatus<Int>.indexOutOfRange(index: 7, count: 2).description == "index 7 is out of range: the valid places are 0...2")
    }

    @Test func questionsWithBadArgumentsAnswerNil() {
        let outline = Self.world()
        #expect(outline.configuration(ofRow: ItemPath(section: Int.max, item: 0)) == nil)
        #expect(outline.configuration(ofRow: ItemPath(section: 0, item: Int.min)) == nil)
        #expect(outline.configuration(ofRow: ItemPath(section: 0, item: 4)) == nil)
        #expect(outline.top(ofRow: ItemPath(section: -1, item: 0)) == nil)
        for offset in [Double.nan, .infinity, -.infinity, -1, 1e300, 150, -0.0001] {
            #expect(outline.row(atOffset: offset, inSection: 0) == nil || offset == -0.0001 && false)
        }
        #expect(outline.row(atOffset: 0, inSection: 5) == nil)
        #expect(outline.node(at: OutlinePath(section: 0, [])) == nil)
        #expect(outline.node(at: OutlinePath(section: 0, [Int.max])) == nil)
        #expect(outline.node(at: OutlinePath(section: 0, [-1])) == nil)
        #expect(outline.node(at: OutlinePath(section: 0, [0, 0, 0, 0])) == nil)
        #expect(outline.node(at: OutlinePath(section: 7, [0])) == nil)
        #expect(outline.child(Int.max, of: 1) == nil && outline.child(-1, of: nil) == nil && outline.child(0, of: 99) == nil)
        #expect(outline.parent(of: 99) == nil && outline.depth(of: 99) == nil && outline.path(of: 99) == nil)
        #expect(outline.rowCount(inSection: -1) == 0 && outline.rowsExtent(inSection: 9) == 0)
        #expect(outline.child(1, of: 1) == 4 && outline.child(0, of: 4) == nil, "a lazy node's children are not known")
    }

    @Test func badConstructionThrowsNamingTheNumber() {
        #expect(throws: OutlineError<Int>.self) { try Outline<Int>(sectionCount: -1) }
        #expect(throws: OutlineError<Int>.self) { try Outline<Int>(sectionCount: Int.max) }
        #expect(throws: OutlineError<Int>.self) { try Outline<Int>(estimatedExtent: .nan) }
        #expect(throws: OutlineError<Int>.self) { try Outline<Int>(placeholderExtent: -2) }
        #expect((try? Outline<Int>(sectionCount: 0))?.sectionCount == 0)
    }

    /// A chain of 100,000 nested nodes: building, every mapping of the deepest, collapsing
    /// and expanding the root, moving the deepest to the top, deleting the middle, the
    /// snapshot and its diff, all without recursion over the depth.
    @Test func aChainOf100000NestedNodesWorks() throws {
        let count = 100_000
        var outline = try Outline<Int>()
        let chain = (0..<count).map { OutlineItem($0, depth: $0, children: .container, isExpanded: true) }
        try InvariantChecks.$areSuspended.withValue(true) {
            #expect(outline.insert(chain, under: nil, at: 0).status == .applied)
            #expect(outline.rowCount(inSection: 0) == count)
            #expect(outline.depth(of: count - 1) == count - 1)
            #expect(outline.parent(of: count - 1) == count - 2)
            #expect(outline.indexInParent(of: count - 1) == 0)
            let path = try #require(outline.path(of: count - 1))
            #expect(path.indexes.count == count)
            #expect(outline.node(at: path) == count - 1)
            #expect(outline.descendantCount(of: 0) == count - 1)
            let collapse = outline.collapse(0)
            #expect(collapse.deletedRows == [OutlineRows(section: 0, rows: 1..<count)])
            #expect(outline.rowCount(inSection: 0) == 1)
            #expect(outline.expand(0).insertedRows == [OutlineRows(section: 0, rows: 1..<count)])
            #expect(outline.move(count - 1, under: nil, to: 0).status == .moved)
            #expect(outline.depth(of: count - 1) == 0)
            #expect(outline.delete(count / 2).status == .applied)
            #expect(outline.nodeCount == count / 2 + 1)
            let snapshot = outline.snapshot()
            let diff = OutlineDiff(from: snapshot, to: try OutlineSnapshot(sections: [chain]))
            #expect(diff.inserted.count == count / 2 - 1)
            #expect(diff.reparented == [count - 1] || diff.moveCount == 1)
            #expect(outline.collapseAll().status == .applied && outline.rowCount(inSection: 0) == 2)
            #expect(outline.expand(0, recursive: true).status == .expanded && outline.rowCount(inSection: 0) == count / 2 + 1)
        }
        outline._checkInvariantsNow()
    }
}
