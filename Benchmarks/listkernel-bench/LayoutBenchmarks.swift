import ListKernel
import ListKernelTesting

/// The world: S sections × 100 items, item extents random in 20...200 points
/// (measured), headers 30, footers 10.
func variableWorld(sections: Int, itemsPerSection: Int = 100, seed: UInt64 = 7) -> [ListLayout.Section] {
    var rng = SplitMix64(seed: seed)
    return (0..<sections).map { _ in
        ListLayout.Section(
            itemExtents: (0..<itemsPerSection).map { _ in Double(rng.int(in: 20...200)) },
            header: 30,
            footer: 10
        )
    }
}

func layoutScenarios() -> [Scenario] {
    [
        Scenario(title: "ListLayout build (1M measured rows)", metrics: ["layout_build_ms", "bytes_per_row_variable"]) { context in
            let sectionCount = context.quick ? 1_000 : 10_000
            let specs = variableWorld(sections: sectionCount)
            // Memory first, while the heap holds no freed layout to reuse.
            let before = residentBytes()
            let layout = try! ListLayout(sections: specs)
            let after = residentBytes()
            blackHole(layout)
            // Warm builds: the pages are already mapped (a first build pays page faults too).
            context.time("layout_build_ms", unit: .ms) {
                blackHole(try! ListLayout(sections: specs))
            }
            context.record("bytes_per_row_variable", Double(after - before) / Double(sectionCount * 100), unit: "B")
        },
        Scenario(title: "ListLayout memory (10M uniform rows)", metrics: ["bytes_per_section_uniform"]) { context in
            let sectionCount = context.quick ? 1_000 : 10_000
            let specs = (0..<sectionCount).map { _ in ListLayout.Section(itemCount: 1_000, itemExtent: .uniform(44), header: 30, footer: 10) }
            let before = residentBytes()
            let layout = try! ListLayout(sections: specs)
            let after = residentBytes()
            context.record("bytes_per_section_uniform", Double(after - before) / Double(sectionCount), unit: "B")
            blackHole(layout)
        },
        Scenario(title: "ListLayout lookups (offset, position, range)", metrics: [
            "offset_lookup_ns", "offset_lookup_seq_ns", "position_lookup_ns", "range_query_ns",
        ]) { context in
            let layout = try! ListLayout(sections: variableWorld(sections: context.quick ? 1_000 : 10_000))
            var rng = SplitMix64(seed: 99)
            let count = context.quick ? 100_000 : 1_000_000
            let content = Int(layout.contentExtent)
            let randomOffsets = (0..<count).map { _ in Double(rng.below(content)) + 0.5 }
            let fling = lookupFlingOffsets(count: count, content: layout.contentExtent, &rng)
            let positions = (0..<count).map { _ in FlatPosition(rng.below(layout.positionCount)) }

            context.time("offset_lookup_ns", unit: .ns, operations: count) {
                var sum = 0
                for offset in randomOffsets { sum &+= layout.element(at: offset)!.section }
                blackHole(sum)
            }
            context.time("offset_lookup_seq_ns", unit: .ns, operations: count) {
                var sum = 0
                for offset in fling { sum &+= layout.element(at: offset)!.section }
                blackHole(sum)
            }
            context.time("position_lookup_ns", unit: .ns, operations: count) {
                var sum = 0
                for position in positions { sum &+= layout.element(at: position)?.section ?? 0 }
                blackHole(sum)
            }
            let windows = count / 10
            context.time("range_query_ns", unit: .ns, operations: windows) {
                var sum = 0
                for offset in randomOffsets.prefix(windows) {
                    layout.forEachElement(in: offset..<(offset + 900)) { placed in
                        sum &+= placed.section
                        return true
                    }
                }
                blackHole(sum)
            }
        },
        Scenario(title: "ListLayout lookups at 10M rows (beyond every cache)", metrics: ["offset_lookup_10m_ns", "offset_lookup_10m_reads"]) { context in
            // 100,000 sections × 100 measured items: about 90 MB of layout, so a random lookup
            // misses every cache, as the 64 MB pointer chase does; the ratio of the two is
            // the lookup's cost in reads that go to memory.
            let layout = try! ListLayout(sections: variableWorld(sections: context.quick ? 1_000 : 100_000, seed: 8))
            var rng = SplitMix64(seed: 98)
            let count = context.quick ? 100_000 : 1_000_000
            let content = Int(layout.contentExtent)
            let offsets = (0..<count).map { _ in Double(rng.below(content)) + 0.5 }
            context.time("offset_lookup_10m_ns", unit: .ns, operations: count) {
                blackHole(sumOfSections(layout, at: offsets[...]))
            }
            // The same ratio from paired runs: each run of lookups right after a run of 64 MB
            // reads, so that a neighbour's load that slows one slows the other too (the two
            // metrics above are measured tens of seconds apart).
            let chase = PointerChase(bytes: (context.quick ? 8 : 64) << 20)
            let reads = context.quick ? 50_000 : 500_000
            let lookups = offsets.prefix(context.quick ? 50_000 : 250_000)
            var ratios: [Double] = []
            for run in 0...context.runs {
                let read = chase.nanosecondsPerRead(reads)
                // The chase evicted the layout's upper tree levels, which a stream of lookups
                // keeps cached: warm them again before the timed lookups.
                blackHole(sumOfSections(layout, at: lookups.prefix(lookups.count / 4)))
                let start = monotonicNanoseconds()
                blackHole(sumOfSections(layout, at: lookups))
                let lookup = Double(monotonicNanoseconds() - start) / Double(lookups.count)
                if run > 0 { ratios.append(lookup / read) }
            }
            context.record("offset_lookup_10m_reads", samples: ratios, unit: "reads")
        },
        Scenario(title: "ListLayout mutations (toggle, measure)", metrics: [
            "toggle_section_ns", "naive_toggle_section_ns", "set_extent_ns",
        ]) { context in
            let sectionCount = context.quick ? 1_000 : 10_000
            var layout = try! ListLayout(sections: variableWorld(sections: sectionCount))
            var rng = SplitMix64(seed: 5)
            let count = context.quick ? 100_000 : 1_000_000
            let sections = (0..<count).map { _ in rng.below(sectionCount) }
            context.time("toggle_section_ns", unit: .ns, operations: count) {
                for section in sections {
                    let collapsed = layout.isCollapsed(section: section)
                    try! layout.setCollapsed(!collapsed, section: section)
                }
            }
            // Baseline: a flat prefix-sum array over every row, recomputed from scratch.
            var flat = variableWorld(sections: sectionCount).map { $0.measuredItemExtents! }
            var collapsed = [Bool](repeating: false, count: sectionCount)
            var prefix = [Double](repeating: 0, count: sectionCount * 102 + 1)
            let naiveCount = context.quick ? 20 : 100
            context.time("naive_toggle_section_ns", unit: .ns, operations: naiveCount) {
                for section in sections.prefix(naiveCount) {
                    collapsed[section].toggle()
                    var running = 0.0
                    var index = 0
                    for s in 0..<sectionCount {
                        running += 30
                        index += 1
                        prefix[index] = running
                        if !collapsed[s] {
                            for extent in flat[s] {
                                running += extent
                                index += 1
                                prefix[index] = running
                            }
                        }
                        running += 10
                        index += 1
                        prefix[index] = running
                    }
                }
                blackHole(prefix)
            }
            flat = []
            let paths = (0..<count).map { _ in ItemPath(section: rng.below(sectionCount), item: rng.below(100)) }
            let values = (0..<count).map { _ in Double(rng.int(in: 20...200)) }
            context.time("set_extent_ns", unit: .ns, operations: count) {
                for index in 0..<count { try! layout.setItemExtent(values[index], at: paths[index]) }
            }
        },
        Scenario(title: "ListLayout insert section (10,000 sections, O(log S))", metrics: ["insert_section_us"]) { context in
            var layout = try! ListLayout(sections: variableWorld(sections: context.quick ? 1_000 : 10_000))
            var rng = SplitMix64(seed: 4)
            let section = ListLayout.Section(itemCount: 100, itemExtent: .uniform(44), header: 30, footer: 10)
            context.timeEach("insert_section_us", unit: .us, operations: context.quick ? 200 : 2_000) { index in
                // Alternate an insert and a delete so the world keeps its size.
                if index % 2 == 0 {
                    try! layout.insertSections([section], at: rng.below(layout.sectionCount + 1))
                } else {
                    let doomed = rng.below(layout.sectionCount)
                    try! layout.deleteSections(doomed..<(doomed + 1))
                }
            }
        },
        Scenario(title: "ListLayout insert (front of a 1M-item section)", metrics: ["insert_front_us"]) { context in
            var rng = SplitMix64(seed: 3)
            let itemCount = context.quick ? 100_000 : 1_000_000
            var layout = try! ListLayout(sections: [
                .init(itemExtents: (0..<itemCount).map { _ in Double(rng.int(in: 20...200)) }, header: 30),
            ])
            let inserts = context.quick ? 2_000 : 20_000
            context.timeEach("insert_front_us", unit: .us, operations: inserts) { index in
                try! layout.insertItems(at: ItemPath(section: 0, item: 0), measuredExtent: Double(20 + index % 180))
            }
        },
    ]
}

/// The sum of the sections of the elements at `offsets` (each inside the content): a loop of
/// random lookups whose result can't be optimized away.
@inline(never)
/// `count` offsets in the order a fling asks a layout for them: from the top in steps of
/// 5…900 points, back to the top at the end of `content`.
func lookupFlingOffsets(count: Int, content: Double, _ rng: inout SplitMix64) -> [Double] {
    var fling: [Double] = []
    fling.reserveCapacity(count)
    var y = 0.0
    while fling.count < count {
        fling.append(y)
        y += Double(rng.int(in: 5...900))
        if y >= content { y = 0 }
    }
    return fling
}

func sumOfSections(_ layout: ListLayout, at offsets: ArraySlice<Double>) -> Int {
    var sum = 0
    for offset in offsets { sum &+= layout.element(at: offset)!.section }
    return sum
}
