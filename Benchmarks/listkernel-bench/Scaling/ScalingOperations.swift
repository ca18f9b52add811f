import BenchmarkKit
import ListKernel
import ListKernelTesting

/// What an operation's size counts.
enum SizeAxis: String {
    case rows, sections, items
}

/// One core operation of the scaling run, and the growth its documentation promises.
struct ScalingOperation {
    /// The metric stem: `offset_lookup_random` → `offset_lookup_random_ns@1000` in JSON.
    let key: String
    /// "Type operation (variant)".
    let title: String
    /// The legend's short name.
    let label: String
    let axis: SizeAxis
    /// The documented complexity, as the fitted models name it.
    let documented: GrowthModel
    /// The documented complexity as the doc comment writes it ("O(S + k log n)").
    let documentedText: String
    /// Whether the operation goes to a random place of a structure that outgrows the caches,
    /// so its cost is judged in dependent reads of memory as large as the structure.
    var judgedInReads = false
}

/// Operations measured on the same world at each size (built once per size, outside the
/// timed regions).
struct ScalingGroup {
    let operations: [ScalingOperation]
    /// The sizes of a full run and of a quick pass.
    let sizes: [Int]
    let quickSizes: [Int]
    /// Measures every operation of the group at one size; the points are keyed by
    /// operation key.
    let measure: (_ size: Int, _ measurer: ScalingMeasurer) -> [String: ScalingPoint]
}

/// Rows 10^3…10^7 (sections of 100 items); sections 10^2…10^5.
let scalingRows = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
let scalingQuickRows = [1_000, 10_000, 100_000]
let scalingSections = [100, 1_000, 10_000, 100_000]
let scalingQuickSections = [100, 1_000, 10_000]

func scalingGroups() -> [ScalingGroup] {
    [layoutLookupGroup(), insertFrontGroup(), reconcileGroup(), batchApplyGroup(), sectionGroup(), linearDiffGroup(), sectionedDiffGroup()]
}

/// Offsets at random, offsets in fling order, flat positions at random, and measuring one
/// item, in the benchmark world of `n / 100` sections × 100 measured items.
private func layoutLookupGroup() -> ScalingGroup {
    let operations = [
        ScalingOperation(key: "offset_lookup_random", title: "ListLayout element(at:) (random offsets)", label: "offset lookup, random",
                         axis: .rows, documented: .logarithmic, documentedText: "O(log n)", judgedInReads: true),
        ScalingOperation(key: "offset_lookup_fling", title: "ListLayout element(at:) (offsets in fling order)", label: "offset lookup, fling order",
                         axis: .rows, documented: .logarithmic, documentedText: "O(log n)"),
        ScalingOperation(key: "position_lookup", title: "ListLayout element(at: FlatPosition) (random positions)", label: "flat-position lookup",
                         axis: .rows, documented: .logarithmic, documentedText: "O(log S)", judgedInReads: true),
        ScalingOperation(key: "measure_item", title: "ListLayout setItemExtent (random items)", label: "measure one item",
                         axis: .rows, documented: .logarithmic, documentedText: "O(log n)", judgedInReads: true),
    ]
    return ScalingGroup(operations: operations, sizes: scalingRows, quickSizes: scalingQuickRows) { rows, measurer in
        let sectionCount = rows / 100
        var layout = try! ListLayout(sections: variableWorld(sections: sectionCount))
        // The memory floor at this size: dependent reads in a buffer as large as the layout.
        let floor = PointerChase(bytes: layout.storageBytes)

        let count = measurer.quick ? 20_000 : 100_000
        var rng = SplitMix64(seed: 99)
        let content = Int(layout.contentExtent)
        let randomOffsets = (0..<count).map { _ in Double(rng.below(content)) + 0.5 }
        var fling: [Double] = []
        var y = 0.0
        while fling.count < count {
            fling.append(y)
            y += Double(rng.int(in: 5...900))
            if y >= layout.contentExtent { y = 0 }
        }
        let positions = (0..<count).map { _ in FlatPosition(rng.below(layout.positionCount)) }
        let paths = (0..<count).map { _ in ItemPath(section: rng.below(sectionCount), item: rng.below(100)) }
        let values = (0..<count).map { _ in Double(rng.int(in: 20...200)) }

        var points: [String: ScalingPoint] = [:]
        points["offset_lookup_random"] = measurer.paired(size: rows, operations: count, floor: floor) {
            blackHole(sumOfSections(layout, at: randomOffsets[...]))
        }
        points["offset_lookup_fling"] = ScalingPoint(size: rows, cost: measurer.batches(operations: count) {
            blackHole(sumOfSections(layout, at: fling[...]))
        })
        points["position_lookup"] = measurer.paired(size: rows, operations: count, floor: floor) {
            var sum = 0
            for position in positions { sum &+= layout.element(at: position)?.section ?? 0 }
            blackHole(sum)
        }
        points["measure_item"] = measurer.paired(size: rows, operations: count, floor: floor) {
            for index in 0..<count { try! layout.setItemExtent(values[index], at: paths[index]) }
        }
        blackHole(layout)
        return points
    }
}

/// Inserting one measured item at the front of a single section of n items.
private func insertFrontGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "insert_front", title: "ListLayout insertItems (front of one n-item section)", label: "insert at the front",
                                     axis: .rows, documented: .logarithmic, documentedText: "O(log n + 2048)")
    return ScalingGroup(operations: [operation], sizes: scalingRows, quickSizes: scalingQuickRows) { rows, measurer in
        var rng = SplitMix64(seed: 3)
        var layout = try! ListLayout(sections: [
            .init(itemExtents: (0..<rows).map { _ in Double(rng.int(in: 20...200)) }, header: 30),
        ])
        let cost = measurer.eachCall(measurer.quick ? 500 : 4_000) { index in
            try! layout.insertItems(at: ItemPath(section: 0, item: 0), measuredExtent: Double(20 + index % 180))
        }
        return [operation.key: ScalingPoint(size: rows, cost: cost)]
    }
}

/// One reconcile pass per frame of a fling, through a list of n rows.
private func reconcileGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "scroll_frame", title: "VirtualList setViewport (one pass in a fling)", label: "reconcile pass, fling",
                                     axis: .rows, documented: .logarithmic, documentedText: "O(log n + k + c)")
    return ScalingGroup(operations: [operation], sizes: scalingRows, quickSizes: scalingQuickRows) { rows, measurer in
        let frontEnd = BenchFrontEnd(sections: rows / 100, itemsPerSection: 100)
        let list = frontEnd.makeList()
        let passes = measurer.quick ? 5_000 : 20_000
        let offsets = flingOffsets(count: passes, content: list.layout.contentExtent, viewport: 900, seed: 11)
        var viewport = Viewport(size: 900, overscan: .init(ahead: 100, behind: 50))
        let cost = measurer.batches(operations: passes) {
            for offset in offsets {
                viewport.offset = offset
                _ = try! list.setViewport(viewport)
            }
        }
        withExtendedLifetime(frontEnd) {}
        return [operation.key: ScalingPoint(size: rows, cost: cost)]
    }
}

/// A batch of 50 random deletes and 50 random inserts applied through a list of n rows.
private func batchApplyGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "batch_apply", title: "VirtualList apply (50 random deletes and 50 inserts)", label: "batch apply (100 changes)",
                                     axis: .rows, documented: .linear, documentedText: "O(S + k log n)")
    return ScalingGroup(operations: [operation], sizes: scalingRows, quickSizes: scalingQuickRows) { rows, measurer in
        let frontEnd = CountsFrontEnd(counts: Array(repeating: 100, count: rows / 100), seed: 21)
        let list = frontEnd.makeList()
        try! list.setViewport(Viewport(offset: list.layout.contentExtent / 2, size: 900))
        var rng = SplitMix64(seed: 22)
        var batch = BatchUpdate()
        let cost = measurer.eachCall(measurer.quick ? 50 : 200, prepare: { _ in
            batch = frontEnd.randomChange(deletes: 50, inserts: 50, &rng)
        }) { _ in
            blackHole(try! list.apply(batch))
        }
        withExtendedLifetime(frontEnd) {}
        return [operation.key: ScalingPoint(size: rows, cost: cost)]
    }
}

/// Collapsing or expanding a random section, and inserting or deleting one, among S sections
/// of 100 measured items.
private func sectionGroup() -> ScalingGroup {
    let operations = [
        ScalingOperation(key: "toggle_section", title: "ListLayout setCollapsed (random sections)", label: "section toggle (sections)",
                         axis: .sections, documented: .logarithmic, documentedText: "O(log S)", judgedInReads: true),
        ScalingOperation(key: "insert_section", title: "ListLayout insertSections / deleteSections (one, at random)", label: "section insert (sections)",
                         axis: .sections, documented: .logarithmic, documentedText: "O(log S)", judgedInReads: true),
    ]
    return ScalingGroup(operations: operations, sizes: scalingSections, quickSizes: scalingQuickSections) { sectionCount, measurer in
        var layout = try! ListLayout(sections: variableWorld(sections: sectionCount))
        let floor = PointerChase(bytes: layout.storageBytes)
        var rng = SplitMix64(seed: 5)
        let count = measurer.quick ? 20_000 : 100_000
        let sections = (0..<count).map { _ in rng.below(sectionCount) }
        var points: [String: ScalingPoint] = [:]
        points["toggle_section"] = measurer.paired(size: sectionCount, operations: count, floor: floor) {
            for section in sections {
                try! layout.setCollapsed(!layout.isCollapsed(section: section), section: section)
            }
        }
        // An insert, then a delete, so the list keeps its size: the mean of both, splits and
        // merges of tree nodes included.
        let inserted = ListLayout.Section(itemCount: 100, itemExtent: .uniform(44), header: 30, footer: 10)
        let changes = measurer.quick ? 1_000 : 4_000
        let places = (0..<changes).map { index in rng.below(sectionCount + index % 2) }
        points["insert_section"] = measurer.paired(size: sectionCount, operations: changes, floor: floor) {
            for (index, place) in places.enumerated() {
                if index % 2 == 0 {
                    try! layout.insertSections([inserted], at: place)
                } else {
                    try! layout.deleteSections(place..<(place + 1))
                }
            }
        }
        return points
    }
}

/// Scenario A of Docs/DiffInputs.md (10% deleted, moved, updated, inserted) at n items.
private func linearDiffGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "linear_diff", title: "LinearDiff compute (scenario A)", label: "linear diff (items)",
                                     axis: .items, documented: .linearithmic, documentedText: "O(n log n)")
    return ScalingGroup(operations: [operation], sizes: scalingRows, quickSizes: scalingQuickRows) { items, measurer in
        let input = DiffInputs.scenarioA(count: items)
        let cost = measurer.batches(operations: 1) {
            blackHole(try! LinearDiff(from: input.old, to: input.new))
        }
        return [operation.key: ScalingPoint(size: items, cost: cost)]
    }
}

/// The 2-D scenario of Docs/DiffInputs.md at S sections of 10 items (a tenth emptied, 5% of
/// the items moved across sections).
private func sectionedDiffGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "sectioned_diff", title: "SectionedDiff compute (S sections × 10 items)", label: "sectioned diff (sections)",
                                     axis: .sections, documented: .linearithmic, documentedText: "O(S log S + n log n)")
    return ScalingGroup(operations: [operation], sizes: scalingSections, quickSizes: scalingQuickSections) { sectionCount, measurer in
        let input = DiffInputs.sectioned(sectionCount: sectionCount, itemsPerSection: 10)
        let cost = measurer.batches(operations: 1) {
            blackHole(try! SectionedDiff(from: input.old, to: input.new))
        }
        return [operation.key: ScalingPoint(size: sectionCount, cost: cost)]
    }
}
