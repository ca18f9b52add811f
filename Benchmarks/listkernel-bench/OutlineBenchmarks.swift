import ListKernel
import ListKernelTesting

/// The outline world: `count` nodes under 1,000 top-level nodes (100 with
/// `--quick`), depth up to 6, extents random in 20...200, everything expanded. Top-level
/// node `heavy` holds `heavyDescendants` descendants; the others share the rest.
struct OutlineWorld {
    let items: [OutlineItem<Int>]
    let heavy: Int

    init(count: Int, topLevel: Int, heavyDescendants: Int, seed: UInt64 = 21) {
        var rng = SplitMix64(seed: seed)
        var items: [OutlineItem<Int>] = []
        items.reserveCapacity(count)
        let heavyTop = topLevel / 2
        let others = (count - topLevel - heavyDescendants) / (topLevel - 1)
        var remainder = (count - topLevel - heavyDescendants) % (topLevel - 1)
        var heavyID = 0
        for top in 0..<topLevel {
            if top == heavyTop { heavyID = items.count }
            items.append(OutlineItem(items.count, depth: 0, children: .container, isExpanded: true, extent: Double(rng.int(in: 20...200))))
            var descendants = top == heavyTop ? heavyDescendants : others
            if top != heavyTop && remainder > 0 {
                descendants += 1
                remainder -= 1
            }
            var previous = 0
            for _ in 0..<descendants {
                let depth = rng.int(in: 1...min(previous + 1, 5))
                items.append(OutlineItem(items.count, depth: depth, children: .container, isExpanded: true, extent: Double(rng.int(in: 20...200))))
                previous = depth
            }
        }
        self.items = items
        heavy = heavyID
    }

    /// The outline benchmarks' world: 1,000,000 nodes under 1,000 top-level nodes, the heavy
    /// node with 100,000 descendants (a tenth of each with `--quick`).
    static func standard(quick: Bool) -> OutlineWorld {
        OutlineWorld(count: quick ? 100_000 : 1_000_000, topLevel: quick ? 100 : 1_000, heavyDescendants: quick ? 10_000 : 100_000)
    }

    /// The world's outline shown through `OutlineListSource` on a new list; each bind writes
    /// the row's depth into the view.
    func makeListSource() -> OutlineListSource<Int, BenchView> {
        try! OutlineListSource(
            outline: makeOutline(), list: VirtualList<BenchView>(),
            makeItemView: { BenchView() }, makePlaceholderView: { BenchView() }
        ) { view, row in view.value = row.depth }
    }

    func makeOutline() -> Outline<Int> {
        var outline = try! Outline<Int>(sectionCount: 1, estimatedExtent: 44)
        let update = outline.insert(items, under: nil, inSection: 0, at: 0)
        precondition(update.status == .applied, "the outline world was rejected: \(update.status)")
        return outline
    }
}

/// The same world as a naive outline: child arrays and flags, with the visible rows (and
/// their tops) rebuilt from scratch after each toggle, as NSOutlineView, Flutter's
/// TreeSliver and ListKit do.
struct NaiveOutline {
    var children: [[Int32]]
    var roots: [Int32]
    var expanded: [Bool]
    var extents: [Int32]
    var rows: [Int32] = []
    var tops: [Int64] = []

    init(_ world: OutlineWorld) {
        children = Array(repeating: [], count: world.items.count)
        roots = []
        expanded = world.items.map(\.isExpanded)
        extents = world.items.map { Int32($0.extent! * 256) }
        var chain: [Int32] = []
        for item in world.items {
            chain.removeSubrange(item.depth...)
            if item.depth == 0 { roots.append(Int32(item.id)) } else { children[Int(chain[item.depth - 1])].append(Int32(item.id)) }
            chain.append(Int32(item.id))
        }
        rebuild()
    }

    mutating func rebuild() {
        rows.removeAll(keepingCapacity: true)
        tops.removeAll(keepingCapacity: true)
        var top: Int64 = 0
        var stack: [Int32] = roots.reversed()
        while let node = stack.popLast() {
            rows.append(node)
            tops.append(top)
            top += Int64(extents[Int(node)])
            if expanded[Int(node)] { stack.append(contentsOf: children[Int(node)].reversed()) }
        }
    }

    mutating func toggle(_ node: Int) {
        expanded[node].toggle()
        rebuild()
    }
}

/// Two snapshots of `count` nodes (100 top-level, depth up to 6): the second with 1% of the
/// nodes moved under another parent and 1% moved among their siblings. Also returns the
/// most moves a minimal diff may report: the nodes moved across parents plus the fewest
/// sibling moves (at most the nodes reordered).
func outlineDiffSnapshots(count: Int, seed: UInt64 = 31) -> (old: OutlineSnapshot<Int>, new: OutlineSnapshot<Int>, bound: Int) {
    var rng = SplitMix64(seed: seed)
    var parent = [Int](repeating: -1, count: count)
    var children = [[Int]](repeating: [], count: count)
    var roots: [Int] = []
    var depthOf = [Int](repeating: 0, count: count)
    var chain: [Int] = []
    for node in 0..<count {
        let depth = node == 0 ? 0 : rng.int(in: 0...min(depthOf[node - 1] + 1, 5))
        let depth0 = node % (count / 100) == 0 ? 0 : max(1, depth)
        chain.removeSubrange(min(chain.count, depth0)...)
        depthOf[node] = depth0
        if depth0 == 0 { roots.append(node) } else {
            parent[node] = chain[depth0 - 1]
            children[chain[depth0 - 1]].append(node)
        }
        chain.append(node)
    }
    func serialize() -> OutlineSnapshot<Int> {
        var items: [OutlineItem<Int>] = []
        items.reserveCapacity(count)
        var stack: [(Int, Int)] = roots.reversed().map { ($0, 0) }
        while let (node, depth) = stack.popLast() {
            items.append(OutlineItem(node, depth: depth, children: children[node].isEmpty ? .none : .container))
            for child in children[node].reversed() { stack.append((child, depth + 1)) }
        }
        return try! OutlineSnapshot(sections: [items])
    }
    let old = serialize()
    let moves = count / 100
    var moved = Set<Int>()
    while moved.count < moves {
        let node = rng.below(count)
        guard parent[node] >= 0, !moved.contains(node) else { continue }
        let target = rng.below(count)
        guard target != parent[node] else { continue }
        var ancestor = target
        var cycle = false
        while ancestor >= 0 {
            if ancestor == node { cycle = true }
            ancestor = parent[ancestor]
        }
        guard !cycle else { continue }
        children[parent[node]].removeAll { $0 == node }
        children[target].insert(node, at: rng.below(children[target].count + 1))
        parent[node] = target
        moved.insert(node)
    }
    var reordered = 0
    while reordered < moves {
        let node = rng.below(count)
        let p = parent[node]
        guard p >= 0, children[p].count > 1, !moved.contains(node) else { continue }
        children[p].removeAll { $0 == node }
        children[p].insert(node, at: rng.below(children[p].count + 1))
        reordered += 1
    }
    return (old, serialize(), moved.count + reordered)
}

func outlineScenarios() -> [Scenario] {
    [
        Scenario(title: "Outline toggle (collapse and expand a node with 100,000 visible descendants, 1M nodes) vs rebuilding the rows", metrics: [
            "outline_toggle_us", "naive_outline_toggle_us", "outline_build_ms", "outline_bytes_per_node",
        ]) { context in
            let world = OutlineWorld.standard(quick: context.quick)
            let before = residentBytes()
            var outline = world.makeOutline()
            let after = residentBytes()
            context.record("outline_bytes_per_node", Double(after - before) / Double(world.items.count), unit: "B")
            context.time("outline_build_ms", unit: .ms) { blackHole(world.makeOutline()) }
            precondition(outline.visibleDescendantCount(of: world.heavy) == (context.quick ? 10_000 : 100_000))
            context.timeEach("outline_toggle_us", unit: .us, operations: context.quick ? 2_000 : 20_000) { _ in
                blackHole(outline.toggle(world.heavy).status)
            }
            var naive = NaiveOutline(world)
            context.timeEach("naive_outline_toggle_us", unit: .us, operations: context.quick ? 10 : 40) { _ in
                naive.toggle(world.heavy)
                blackHole(naive.rows.count)
            }
        },
        Scenario(title: "Outline lookups (row at offset, parent; 1M nodes, all expanded)", metrics: ["outline_offset_lookup_ns", "outline_parent_ns", "outline_position_lookup_ns"]) { context in
            let world = OutlineWorld.standard(quick: context.quick)
            let outline = world.makeOutline()
            var rng = SplitMix64(seed: 97)
            let count = context.quick ? 100_000 : 1_000_000
            let content = Int(outline.rowsExtent(inSection: 0))
            let offsets = (0..<count).map { _ in Double(rng.below(content)) + 0.5 }
            let ids = (0..<count).map { _ in rng.below(world.items.count) }
            let rows = (0..<count).map { _ in rng.below(outline.rowCount(inSection: 0)) }
            context.time("outline_offset_lookup_ns", unit: .ns, operations: count) {
                var sum = 0
                for offset in offsets { sum &+= outline.row(atOffset: offset, inSection: 0)!.row.item }
                blackHole(sum)
            }
            context.time("outline_parent_ns", unit: .ns, operations: count) {
                var sum = 0
                for id in ids { sum &+= outline.parent(of: id) ?? 0 }
                blackHole(sum)
            }
            context.time("outline_position_lookup_ns", unit: .ns, operations: count) {
                var sum = 0
                for row in rows { sum &+= outline.configuration(ofRow: ItemPath(section: 0, item: row))!.depth }
                blackHole(sum)
            }
        },
        Scenario(title: "Outline expand-all (1M nodes, from all collapsed)", metrics: ["outline_expand_all_ms"]) { context in
            let world = OutlineWorld.standard(quick: context.quick)
            var outline = world.makeOutline()
            context.time("outline_expand_all_ms", unit: .ms, setup: { blackHole(outline.collapseAll().status) }) { _ in
                blackHole(outline.expandAll().status)
            }
            precondition(outline.rowCount(inSection: 0) == world.items.count)
        },
        Scenario(title: "VirtualList pass through OutlineListSource (fling, 1M outline nodes)", metrics: ["outline_scroll_frame_ns"]) { context in
            let world = OutlineWorld.standard(quick: context.quick)
            // The scroll_frame_ns pass, on the outline's rows: the same fling, viewport and
            // overscan, each entering row asking the outline for its reuse identifier and
            // its configuration (depth, disclosure, load state).
            let source = world.makeListSource()
            let passes = context.quick ? 20_000 : 200_000
            let offsets = flingOffsets(count: passes, content: source.list.layout.contentExtent, viewport: 900, seed: 11)
            var viewport = Viewport(size: 900, overscan: .init(ahead: 100, behind: 50))
            context.time("outline_scroll_frame_ns", unit: .ns, operations: passes) {
                for offset in offsets {
                    viewport.offset = offset
                    _ = try! source.list.setViewport(viewport)
                }
            }
        },
        Scenario(title: "OutlineListSource toggle (collapse and expand the node with 100,000 visible descendants through a list with views on screen, 1M nodes)", metrics: ["outline_list_toggle_us"]) { context in
            let world = OutlineWorld.standard(quick: context.quick)
            // outline_toggle_us, shown: the batch that deletes or inserts the descendants'
            // rows, their extents, and the pass, with the heavy node on screen.
            let source = world.makeListSource()
            let row = source.outline.row(of: world.heavy)!
            try! source.list.setViewport(Viewport(offset: source.list.layout.frame(of: .item(row))!.start, size: 900))
            context.timeEach("outline_list_toggle_us", unit: .us, operations: context.quick ? 20 : 100) { _ in
                blackHole(try! source.perform { $0.toggle(world.heavy) }.status)
            }
        },
        Scenario(title: "OutlineDiff compute (100,000 nodes, 1% moved to another parent, 1% reordered among siblings)", metrics: ["outline_diff_100k_ms", "outline_diff_100k_moves", "outline_diff_100k_move_bound"]) { context in
            let input = outlineDiffSnapshots(count: context.quick ? 10_000 : 100_000)
            var moves = 0
            context.time("outline_diff_100k_ms", unit: .ms) {
                let diff = OutlineDiff(from: input.old, to: input.new)
                moves = diff.moveCount
                blackHole(diff)
            }
            context.record("outline_diff_100k_moves", Double(moves))
            context.record("outline_diff_100k_move_bound", Double(input.bound))
        },
    ]
}
