import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// An outline shown by a `VirtualList` through `OutlineListSource`: every displayed view
/// shows its row's configuration after every operation, placeholders keep their own reuse
/// identifier, and a row that only shifts is not configured again (R12).
@Suite struct OutlineListSourceTests {
    final class RowView {
        var shown: AnyHashable?
        var binds = 0
    }

    static func make<ID: Hashable & Sendable>(_ outline: Outline<ID>) throws -> OutlineListSource<ID, RowView> {
        let list = VirtualList<RowView>()
        let source = try OutlineListSource(outline: outline, list: list, makeItemView: { RowView() }, makePlaceholderView: { RowView() }) { view, row in
            view.shown = AnyHashable(row)
            view.binds += 1
        }
        try list.setViewport(Viewport(size: 100_000))
        return source
    }

    /// The displayed views and rows that disagree, as descriptions.
    static func problems<ID: Hashable & Sendable>(_ source: OutlineListSource<ID, RowView>) -> [String] {
        var problems: [String] = []
        let displayed = source.list.displayed
        // Zero-extent rows are never displayed (Docs/Layout.md).
        var rows = 0
        for section in 0..<source.outline.sectionCount {
            source.outline.forEachRow(inSection: section, from: 0) { _, _, extent, _ in
                if extent > 0 { rows += 1 }
                return true
            }
        }
        if displayed.count != rows { problems.append("\(displayed.count) views for \(rows) rows of nonzero extent") }
        // The list's extents are the outline's, row for row.
        for section in 0..<source.outline.sectionCount {
            if source.list.layout.itemCount(inSection: section) != source.outline.rowCount(inSection: section) {
                problems.append("section \(section): the list has \(String(describing: source.list.layout.itemCount(inSection: section))) rows, the outline \(source.outline.rowCount(inSection: section))")
                continue
            }
            source.outline.forEachRow(inSection: section, from: 0) { path, _, extent, _ in
                if source.list.layout.itemExtent(at: path) != extent {
                    problems.append("\(path) is \(String(describing: source.list.layout.itemExtent(at: path))) in the list, \(extent) in the outline")
                }
                return true
            }
        }
        for entry in displayed {
            guard case .item(let path) = entry.element, let row = source.outline.configuration(ofRow: path) else { continue }
            if entry.view.shown != AnyHashable(row) { problems.append("\(path) shows \(String(describing: entry.view.shown)), not \(row)") }
            let isPlaceholder = if case .placeholder = row.kind { true } else { false }
            let expected = isPlaceholder ? OutlineListSource<ID, RowView>.placeholderReuseIdentifier : OutlineListSource<ID, RowView>.itemReuseIdentifier
            if entry.reuseIdentifier != expected { problems.append("\(path) uses \(entry.reuseIdentifier)") }
        }
        return problems
    }

    @Test func expandCollapseAndLazyLoadsShowTheRightRows_andAShiftedRowIsNotBoundAgain() throws {
        var outline = try Outline<String>(estimatedExtent: 20, placeholderExtent: 10)
        _ = outline.insert([
            OutlineItem("A", children: .container, isExpanded: true), OutlineItem("A1", depth: 1), OutlineItem("A2", depth: 1, children: .lazy),
            OutlineItem("B", children: .container), OutlineItem("B1", depth: 1), OutlineItem("C"),
        ], under: nil, at: 0)
        let source = try Self.make(outline)
        #expect(Self.problems(source).isEmpty)
        let viewOfB = try #require(source.list.displayed.first { $0.element == .item(ItemPath(section: 0, item: 3)) }?.view)
        let bindsOfB = viewOfB.binds
        #expect(try source.perform { $0.collapse("A") }.status == .collapsed)
        #expect(Self.problems(source).isEmpty)
        #expect(viewOfB.binds == bindsOfB, "B only shifted up: not configured again")
        _ = try source.perform { $0.expand("A") }
        let expand = try source.perform { $0.expand("A2") }
        #expect(Self.problems(source).isEmpty)
        let placeholder = try #require(source.list.displayed.first { $0.element == .item(ItemPath(section: 0, item: 3)) })
        #expect(placeholder.reuseIdentifier == OutlineListSource<String, RowView>.placeholderReuseIdentifier)
        #expect(placeholder.frame.extent == 10)
        let token = try #require(expand.loadRequests.first?.token)
        _ = try source.perform { $0.answer(token, with: [OutlineItem("P1", extent: 33), OutlineItem("P2")]) }
        #expect(Self.problems(source).isEmpty)
        #expect(source.list.layout.frame(of: .item(ItemPath(section: 0, item: 3)))?.extent == 33)
        _ = try source.perform { $0.move("C", under: "A", to: 0) }
        _ = try source.perform { $0.expandAll() }
        _ = try source.perform { $0.delete("A") }
        #expect(Self.problems(source).isEmpty)
        #expect(try source.perform { $0.expand("nope") }.status == .unknownIdentifier("nope"))
    }

    /// Random operations through the list: after each, every displayed view shows its row.
    @Test(arguments: 0..<6)
    func randomOperationsThroughTheListNeverLeaveAViewStale(seed: UInt64) throws {
        var pair = OutlinePair(sections: 2)
        var generator = OutlineOpGenerator(seed: 9_000 + seed, maxBatch: 8)
        let source = try Self.make(pair.outline)
        for _ in 0..<150 {
            let op = generator.next(pair)
            _ = pair.apply(op)
            let update = try source.perform { op.apply(to: &$0) }
            #expect(update.status.description == pair.lastUpdate.status.description)
            let problems = Self.problems(source)
            if !problems.isEmpty {
                Issue.record("seed \(seed) after \(op): \(problems.prefix(3))")
                return
            }
        }
    }

    /// R15: collapsing the node whose children fill the viewport pins the node to the top,
    /// instead of the list's rule (the row after the hidden block comes to the top edge).
    @Test func collapsingTheParentOfTheAnchorPinsTheParentToTheTop_andAVisibleAnchorStaysStill() throws {
        var outline = try Outline<String>(estimatedExtent: 20)
        var items = (0..<10).map { OutlineItem("Z\($0)") }
        items.append(OutlineItem("A", children: .container, isExpanded: true))
        items += (0..<100).map { OutlineItem("A\($0)", depth: 1) }
        items += (0..<50).map { OutlineItem("Y\($0)") }
        _ = outline.insert(items, under: nil, at: 0)
        let source = try Self.make(outline)
        try source.list.setViewport(Viewport(offset: 1_005, size: 200))
        _ = try source.perform { $0.collapse("A") }
        #expect(source.list.viewport.offset == 200, "A (10 rows of 20 down) is at the top")
        // A visible anchor stays still: expanding A again keeps A where it is.
        _ = try source.perform { $0.expand("A") }
        #expect(source.list.viewport.offset == 200)
        // Expanding something above the anchor pushes content down; the anchor keeps its place.
        try source.list.setViewport(Viewport(offset: 230, size: 200))
        _ = try source.perform { $0.insert([OutlineItem("new")], under: nil, at: 0) }
        #expect(source.list.viewport.offset == 250)
    }

    /// A change asked from inside a bind is refused and leaves both the outline and the list
    /// as they were.
    @Test func aPerformFromInsideConfigureIsRefused_andNothingChanges() throws {
        var outline = try Outline<String>(estimatedExtent: 20)
        _ = outline.insert([OutlineItem("A", children: .container), OutlineItem("A1", depth: 1), OutlineItem("B")], under: nil, at: 0)
        final class Box { weak var source: OutlineListSource<String, RowView>?; var refusals: [String] = [] }
        let box = Box()
        let list = VirtualList<RowView>()
        let source = try OutlineListSource(outline: outline, list: list, makeItemView: { RowView() }, makePlaceholderView: { RowView() }) { view, row in
            view.shown = AnyHashable(row)
            guard let source = box.source else { return }
            do { _ = try source.perform { $0.delete("B") } } catch { box.refusals.append("\(error)") }
        }
        box.source = source
        try list.setViewport(Viewport(size: 1_000))
        #expect(!box.refusals.isEmpty, "every bind tried to change the outline")
        #expect(source.outline.contains("B") && source.outline.rowCount(inSection: 0) == 2)
        #expect(list.layout.itemCount(inSection: 0) == 2)
    }
}
