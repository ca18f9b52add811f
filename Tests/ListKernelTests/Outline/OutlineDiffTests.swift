import Testing
@_spi(ListKernelTesting) import ListKernel
import ListKernelTesting

/// R14's tree diff against a naive oracle: parents by walking the preorder, the fewest
/// sibling moves by an O(n²) longest-increasing-subsequence table, and a replay check that
/// the children that stay keep their relative order.
@Suite struct OutlineDiffTests {
    /// Parent (nil: top level of a section, as -1 - section) and sibling order of each id.
    static func parents(_ snapshot: OutlineSnapshot<Int>) -> (parent: [Int: Int], siblings: [Int: [Int]]) {
        var parent: [Int: Int] = [:]
        var siblings: [Int: [Int]] = [:]
        for (section, items) in snapshot.sections.enumerated() {
            var chain: [Int] = []
            for item in items {
                chain.removeSubrange(item.depth...)
                let p = item.depth == 0 ? -1 - section : chain[item.depth - 1]
                parent[item.id] = p
                siblings[p, default: []].append(item.id)
                chain.append(item.id)
            }
        }
        return (parent, siblings)
    }

    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    /// A random forest as parent links, serialized; ids 0..<count.
    static func randomForest(_ rng: inout SplitMix64, count: Int, ids: [Int]) -> OutlineSnapshot<Int> {
        var items: [OutlineItem<Int>] = []
        for (k, id) in ids.prefix(count).enumerated() {
            let depth = k == 0 ? 0 : rng.int(in: 0...(items[k - 1].depth + 1))
            items.append(OutlineItem(id, depth: depth))
        }
        let split = items.isEmpty ? 0 : rng.below(items.count + 1)
        let second = Array(items[split...])
        let first = Array(items[..<split])
        var sections = [first, second]
        // A section must start at depth 0.
        for s in sections.indices where !sections[s].isEmpty {
            let shift = sections[s][0].depth
            var previous = -1
            sections[s] = sections[s].map { item in
                var item = item
                item.depth = max(0, min(item.depth - shift, previous + 1))
                previous = item.depth
                return item
            }
        }
        return try! OutlineSnapshot(sections: sections)
    }

    @Test(arguments: 0..<60)
    func theDiffIsExactAndHasTheFewestMoves(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let universe = Array(0..<40)
        var oldIDs = universe
        var newIDs = universe
        rng.shuffle(&oldIDs)
        rng.shuffle(&newIDs)
        let old = Self.randomForest(&rng, count: rng.int(in: 0...30), ids: oldIDs)
        let new = Self.randomForest(&rng, count: rng.int(in: 0...30), ids: rng.chance(1, in: 2) ? newIDs : oldIDs)
        let diff = OutlineDiff(from: old, to: new)
        let a = Self.parents(old)
        let b = Self.parents(new)
        #expect(Set(diff.deleted) == Set(a.parent.keys).subtracting(b.parent.keys))
        #expect(Set(diff.inserted) == Set(b.parent.keys).subtracting(a.parent.keys))
        let survivors = Set(a.parent.keys).intersection(b.parent.keys)
        #expect(Set(diff.reparented) == survivors.filter { a.parent[$0] != b.parent[$0] })
        var fewest = 0
        let reordered = Set(diff.reordered)
        #expect(reordered.count == diff.reordered.count && reordered.isDisjoint(with: diff.reparented))
        for (parent, children) in b.siblings {
            let kept = children.filter { survivors.contains($0) && a.parent[$0] == parent }
            let oldOrder = kept.map { a.siblings[parent]!.firstIndex(of: $0)! }
            fewest += kept.count - Self.lisLength(oldOrder)
            let staying = kept.filter { !reordered.contains($0) }
            let stayingOld = (a.siblings[parent] ?? []).filter { staying.contains($0) }
            #expect(staying == stayingOld, "the children that stay under \(parent) keep their order")
        }
        #expect(diff.reordered.count == fewest)
        #expect(diff.moveCount == diff.reparented.count + fewest)
        #expect(OutlineDiff(from: new, to: new).isEmpty)
    }

    @Test func aSubtreeMovedToAnotherParentIsOneMove_itsDescendantsTravel() throws {
        let old = try OutlineSnapshot(sections: [[
            OutlineItem("A"), OutlineItem("B", depth: 1), OutlineItem("C", depth: 2), OutlineItem("D", depth: 2), OutlineItem("E"),
        ]])
        let new = try OutlineSnapshot(sections: [[
            OutlineItem("A"), OutlineItem("E"), OutlineItem("B", depth: 1), OutlineItem("C", depth: 2), OutlineItem("D", depth: 2),
        ]])
        let diff = OutlineDiff(from: old, to: new)
        #expect(diff.reparented == ["B"] && diff.reordered.isEmpty && diff.moveCount == 1)
    }

    @Test func aSnapshotWithADuplicateOrABadDepthIsRejectedNamingIt() {
        #expect(throws: OutlineSnapshotError<Int>.duplicateIdentifier(1, section: 1, index: 0)) {
            try OutlineSnapshot(sections: [[OutlineItem(1)], [OutlineItem(1)]])
        }
        #expect(throws: OutlineSnapshotError<Int>.invalidDepth(section: 0, index: 1, depth: 2, maximum: 1)) {
            try OutlineSnapshot(sections: [[OutlineItem(1), OutlineItem(2, depth: 2)]])
        }
    }

    @Test func applyingASnapshotRetainsFlagsAndMeasurementsByDefault() throws {
        var outline = try Outline<String>(estimatedExtent: 30)
        _ = outline.insert([OutlineItem("A", children: .container, isExpanded: true), OutlineItem("B", depth: 1, children: .container), OutlineItem("C", depth: 2)], under: nil, at: 0)
        _ = outline.expand("B")
        _ = outline.setMeasuredExtent(50, for: "C")
        let snapshot = try OutlineSnapshot(sections: [[OutlineItem("B", children: .container), OutlineItem("C", depth: 1), OutlineItem("A", children: .container), OutlineItem("N", depth: 1)]])
        let (update, diff) = outline.apply(snapshot)
        #expect(update.status == .applied && update.reloadedSections == [0])
        #expect(diff?.reparented == ["B"] && diff?.inserted == ["N"])
        #expect(outline.isExpanded("B") && outline.isExpanded("A"), "retained")
        #expect(outline.extent(of: "C") == 50 && outline.extent(of: "N") == 30)
        _ = outline.apply(snapshot, expansion: .fromSnapshot)
        #expect(!outline.isExpanded("B") && !outline.isExpanded("A"))
        #expect(outline.apply(try OutlineSnapshot(sections: [[], []])).update.status == .sectionOutOfRange(section: 2, sectionCount: 1))
    }
}
