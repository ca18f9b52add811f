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

    /// An outline of two sections with headers in a plain list: the header of the section
    /// at the top edge is pinned over outline rows, header views are bound by
    /// `configureSupplementary`, and folding a node keeps them.
    @Test func sectionHeadersPinOverOutlineRows_andAreBoundByTheirOwnClosure() throws {
        var outline = try Outline<String>(sectionCount: 2, estimatedExtent: 20)
        _ = outline.insert([OutlineItem("A", children: .container, isExpanded: true)] + (0..<30).map { OutlineItem("A\($0)", depth: 1) }, under: nil, at: 0)
        _ = outline.insert((0..<30).map { OutlineItem("B\($0)") }, under: nil, inSection: 1, at: 0)
        let list = VirtualList<RowView>(style: .plain)
        try list.register(kind: .header, reuseIdentifier: "header") { RowView() }
        let source = try OutlineListSource(
            outline: outline, list: list, makeItemView: { RowView() }, makePlaceholderView: { RowView() },
            sectionHeader: { _ in 30 }, configureSupplementary: { view, element in view.shown = AnyHashable("header \(element.section)") }
        ) { view, row in view.shown = AnyHashable(row) }
        try list.setViewport(Viewport(offset: 200, size: 200))
        let pinned = try #require(list.displayed.first { $0.element == .header(section: 0) })
        #expect(pinned.isPinned && pinned.frame.start == 200)
        #expect(pinned.view.shown == AnyHashable("header 0"))
        // Section 1 starts after header 0 (30) and 31 rows of 20.
        #expect(list.layout.frame(of: .header(section: 1))?.start == Double(30 + 31 * 20))
        _ = try source.perform { $0.collapse("A") }
        #expect(list.layout.frame(of: .header(section: 1))?.start == Double(30 + 20))
        try list.setViewport(Viewport(offset: 60, size: 200))
        let second = try #require(list.displayed.first { $0.element == .header(section: 1) })
        #expect(second.isPinned && second.view.shown == AnyHashable("header 1"))
        #expect(Self.problems(source).filter { !$0.contains("views for") }.isEmpty)
    }

    /// Prefetching hears nodes, not row paths, and never a placeholder.
    @Test func prefetchingHearsTheNodesOfTheRowsAhead() throws {
        var outline = try Outline<String>(estimatedExtent: 20, placeholderExtent: 20)
        _ = outline.insert((0..<40).map { OutlineItem("N\($0)", children: $0 == 16 ? .lazy : .none) }, under: nil, at: 0)
        let source = try Self.make(outline)
        try source.list.setViewport(Viewport(size: 200))
        _ = try source.perform { $0.expand("N16") }   // a placeholder row after N16
        var heard: [[String]] = []
        var cancelled: [[String]] = []
        source.prefetch = { heard.append($0) }
        source.cancelPrefetching = { cancelled.append($0) }
        source.list.prefetchDistance = 100
        try source.list.scroll(to: 20)
        // Window 20..<220 shows rows 1…10; the next 100 points hold rows 11…15.
        #expect(heard == [["N11", "N12", "N13", "N14", "N15"]])
        try source.list.scroll(to: 40)
        #expect(heard.last == ["N16"], "row 16 is N16; its placeholder (row 17) is not a node")
        try source.list.scroll(to: 120)
        // Window 120..<320 (rows 6…15); ahead 320..<420: rows 16…20, of which 17 is N16's
        // placeholder and 18…20 are N17…N19.
        #expect(heard.last == ["N17", "N18", "N19"])
        #expect(cancelled.isEmpty)
        // Reversing cancels what was announced below and never shown: rows 16…20 (row 15
        // was shown at offset 120).
        try source.list.scroll(to: 100)
        #expect(cancelled == [["N16", "N17", "N18", "N19"]])
    }

    /// A row measured from inside configure (self-sizing) keeps its extent while hidden
    /// under a collapsed ancestor: re-expanding shows it measured, not re-estimated.
    @Test func aRowMeasuredInsideConfigureKeepsItsExtentWhenItsParentFoldsAndUnfolds() throws {
        var outline = try Outline<String>(estimatedExtent: 20)
        _ = outline.insert([OutlineItem("A", children: .container, isExpanded: true)] + (0..<5).map { OutlineItem("A\($0)", depth: 1) } + [OutlineItem("B")], under: nil, at: 0)
        final class Box { weak var source: OutlineListSource<String, RowView>?; var failures: [String] = [] }
        let box = Box()
        let list = VirtualList<RowView>()
        let source = try OutlineListSource(outline: outline, list: list, makeItemView: { RowView() }, makePlaceholderView: { RowView() }) { view, row in
            view.shown = AnyHashable(row)
            guard let source = box.source, case .item(let id) = row.kind, id.hasPrefix("A"), id.count == 2,
                  let path = source.outline.row(of: id) else { return }
            do { try source.setMeasuredExtent(57, forRow: path) } catch { box.failures.append("\(error)") }
        }
        box.source = source
        try list.setViewport(Viewport(size: 1_000))
        #expect(box.failures.isEmpty)
        for k in 0..<5 {
            #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 1 + k)) == 57)
            #expect(source.outline.extent(of: "A\(k)") == 57 && source.outline.isMeasured("A\(k)"))
        }
        #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 0)) == 20, "A itself is not measured")
        _ = try source.perform { $0.collapse("A") }
        #expect(list.layout.frame(of: .item(ItemPath(section: 0, item: 1)))?.start == 20, "B right below A")
        _ = try source.perform { $0.expand("A") }
        for k in 0..<5 { #expect(list.layout.itemExtent(at: ItemPath(section: 0, item: 1 + k)) == 57) }
        #expect(Self.problems(source).isEmpty)
        // A bad measurement is a typed error and changes neither.
        #expect(throws: ListError.self) { try source.setMeasuredExtent(.nan, forRow: ItemPath(section: 0, item: 1)) }
        #expect(throws: ListError.self) { try source.setMeasuredExtent(10, forRow: ItemPath(section: 0, item: 99)) }
        #expect(source.outline.extent(of: "A0") == 57 && list.layout.itemExtent(at: ItemPath(section: 0, item: 1)) == 57)
    }
}
