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
    /// Builds the group's world at one size and hands back its operations ready to be timed,
    /// keyed by operation key.
    let prepare: (_ size: Int, _ measurer: ScalingMeasurer) -> [String: PreparedOperation]
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
/// item, in the benchmark world of `n / 100` sections × 100 measured items. The random ones
/// are also measured cold, over independent copies of the layout that fill 64 MB together.
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
        let world = variableWorld(sections: sectionCount)
        // Built one by one, so each copy has storage of its own.
        var copies = [try! ListLayout(sections: world)]
        let footprint = copies[0].storageBytes
        while copies.count < measurer.coldCopies(bytes: footprint) { copies.append(try! ListLayout(sections: world)) }

        let count = measurer.quick ? 20_000 : 100_000
        var rng = SplitMix64(seed: 99)
        let content = Int(copies[0].contentExtent)
        let randomOffsets = (0..<count).map { _ in Double(rng.below(content)) + 0.5 }
        let fling = lookupFlingOffsets(count: count, content: copies[0].contentExtent, &rng)
        let positions = (0..<count).map { _ in FlatPosition(rng.below(copies[0].positionCount)) }
        let paths = (0..<count).map { _ in ItemPath(section: rng.below(sectionCount), item: rng.below(100)) }
        let values = (0..<count).map { _ in Double(rng.int(in: 20...200)) }
        let copyOf = (0..<count).map { _ in rng.below(copies.count) }

        var points: [String: PreparedOperation] = [:]
        points["offset_lookup_random"] = measurer.againstMemory(size: rows, operations: count, footprint: footprint, copies: copies.count, warm: {
            blackHole(sectionsAt(copies[0], randomOffsets))
        }, cold: {
            var sum = 0
            for index in 0..<count { sum &+= copies[copyOf[index]].element(at: randomOffsets[index])?.section ?? 0 }
            blackHole(sum)
        })
        points["offset_lookup_fling"] = measurer.batches(size: rows, operations: count) {
            blackHole(sectionsAt(copies[0], fling))
        }
        points["position_lookup"] = measurer.againstMemory(size: rows, operations: count, footprint: footprint, copies: copies.count, warm: {
            var sum = 0
            for position in positions { sum &+= copies[0].element(at: position)?.section ?? 0 }
            blackHole(sum)
        }, cold: {
            var sum = 0
            for index in 0..<count { sum &+= copies[copyOf[index]].element(at: positions[index])?.section ?? 0 }
            blackHole(sum)
        })
        points["measure_item"] = measurer.againstMemory(size: rows, operations: count, footprint: footprint, copies: copies.count, warm: {
            for index in 0..<count { try! copies[0].setItemExtent(values[index], at: paths[index]) }
        }, cold: {
            for index in 0..<count { try! copies[copyOf[index]].setItemExtent(values[index], at: paths[index]) }
        })
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
        // Each timed insert's item is deleted again before the next call, untimed, so the
        // section keeps its n items however many calls the run makes.
        let insert = measurer.eachCall(size: rows, callsPerRun: measurer.quick ? 200 : 800, prepare: { index in
            if index > 0 { try! layout.deleteItems(0..<1, inSection: 0) }
        }) { index in
            try! layout.insertItems(at: ItemPath(section: 0, item: 0), measuredExtent: Double(20 + index % 180))
        }
        return [operation.key: insert]
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
        let pass = measurer.batches(size: rows, operations: passes) {
            for offset in offsets {
                viewport.offset = offset
                _ = try! list.setViewport(viewport)
            }
            withExtendedLifetime(frontEnd) {}
        }
        return [operation.key: pass]
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
        let apply = measurer.eachCall(size: rows, callsPerRun: measurer.quick ? 20 : 40, prepare: { _ in
            batch = frontEnd.randomChange(deletes: 50, inserts: 50, &rng)
        }) { _ in
            blackHole(try! list.apply(batch))
            withExtendedLifetime(frontEnd) {}
        }
        return [operation.key: apply]
    }
}

/// Collapsing or expanding a random section, and inserting or deleting one, among S sections
/// of 100 measured items; warm on one layout and cold over copies that fill 64 MB together.
private func sectionGroup() -> ScalingGroup {
    let operations = [
        ScalingOperation(key: "toggle_section", title: "ListLayout setCollapsed (random sections)", label: "section toggle (sections)",
                         axis: .sections, documented: .logarithmic, documentedText: "O(log S)", judgedInReads: true),
        ScalingOperation(key: "insert_section", title: "ListLayout insertSections / deleteSections (one, at random)", label: "section insert (sections)",
                         axis: .sections, documented: .logarithmic, documentedText: "O(log S)", judgedInReads: true),
    ]
    return ScalingGroup(operations: operations, sizes: scalingSections, quickSizes: scalingQuickSections) { sectionCount, measurer in
        let world = variableWorld(sections: sectionCount)
        var copies = [try! ListLayout(sections: world)]
        let footprint = copies[0].storageBytes
        while copies.count < measurer.coldCopies(bytes: footprint) { copies.append(try! ListLayout(sections: world)) }
        var rng = SplitMix64(seed: 5)
        let count = measurer.quick ? 20_000 : 100_000
        let sections = (0..<count).map { _ in rng.below(sectionCount) }
        let copyOf = (0..<count).map { _ in rng.below(copies.count) }
        func toggle(_ copy: Int, _ section: Int) {
            try! copies[copy].setCollapsed(!copies[copy].isCollapsed(section: section), section: section)
        }
        var points: [String: PreparedOperation] = [:]
        points["toggle_section"] = measurer.againstMemory(size: sectionCount, operations: count, footprint: footprint, copies: copies.count, warm: {
            for section in sections { toggle(0, section) }
        }, cold: {
            for index in 0..<count { toggle(copyOf[index], sections[index]) }
        })
        // An insert at a random place, then a delete at another of the same copy, so every
        // layout keeps its size: the mean of both, splits and merges of tree nodes included.
        let inserted = ListLayout.Section(itemCount: 100, itemExtent: .uniform(44), header: 30, footer: 10)
        let changes = measurer.quick ? 1_000 : 4_000
        let places = (0..<changes / 2).map { _ in (insert: rng.below(sectionCount + 1), delete: rng.below(sectionCount + 1)) }
        func insertAndDelete(_ copy: Int, _ place: (insert: Int, delete: Int)) {
            try! copies[copy].insertSections([inserted], at: place.insert)
            try! copies[copy].deleteSections(place.delete..<(place.delete + 1))
        }
        points["insert_section"] = measurer.againstMemory(size: sectionCount, operations: changes, footprint: footprint, copies: copies.count, warm: {
            for place in places { insertAndDelete(0, place) }
        }, cold: {
            for (index, place) in places.enumerated() { insertAndDelete(copyOf[index], place) }
        })
        return points
    }
}

/// Scenario A of Docs/DiffInputs.md (10% deleted, moved, updated, inserted) at n items.
private func linearDiffGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "linear_diff", title: "LinearDiff compute (scenario A)", label: "linear diff (items)",
                                     axis: .items, documented: .linearithmic, documentedText: "O(n log n)")
    return ScalingGroup(operations: [operation], sizes: scalingRows, quickSizes: scalingQuickRows) { items, measurer in
        let input = DiffInputs.scenarioA(count: items)
        let diff = measurer.batches(size: items, operations: 1) {
            blackHole(try! LinearDiff(from: input.old, to: input.new))
        }
        return [operation.key: diff]
    }
}

/// The 2-D scenario of Docs/DiffInputs.md at S sections of 10 items (a tenth emptied, 5% of
/// the items moved across sections).
private func sectionedDiffGroup() -> ScalingGroup {
    let operation = ScalingOperation(key: "sectioned_diff", title: "SectionedDiff compute (S sections × 10 items)", label: "sectioned diff (sections)",
                                     axis: .sections, documented: .linearithmic, documentedText: "O(S log S + n log n)")
    return ScalingGroup(operations: [operation], sizes: scalingSections, quickSizes: scalingQuickSections) { sectionCount, measurer in
        let input = DiffInputs.sectioned(sectionCount: sectionCount, itemsPerSection: 10)
        let diff = measurer.batches(size: sectionCount, operations: 1) {
            blackHole(try! SectionedDiff(from: input.old, to: input.new))
        }
        return [operation.key: diff]
    }
}

/// The sum of the sections at `offsets` (an offset past the end counts 0: measuring items
/// between runs moves the end of the content a little).
private func sectionsAt(_ layout: ListLayout, _ offsets: [Double]) -> Int {
    var sum = 0
    for offset in offsets { sum &+= layout.element(at: offset)?.section ?? 0 }
    return sum
}
