import ListKernel
import ListKernelTesting

/// A data source whose item counts come from an array the benchmark changes before each
/// update (the model change of a batch happens outside the timed region). Extents are
/// random in 20...200 and reported up front while a section keeps its original count;
/// items inserted later take the list's estimate.
///
/// `counts` is read 10,000 times per update (the list asks every section's count); its
/// dynamic exclusivity checks would add ~25 µs per update that belong to this front end,
/// not to the kernel, so they are turned off as the kernel turns off its own (the reconcile
/// benchmarks' front end avoids them by holding its model in `let`s).
final class CountsFrontEnd: ListDataSource {
    typealias View = BenchView
    @exclusivity(unchecked) var counts: [Int]
    let extents: [[Double]]

    init(counts: [Int], seed: UInt64) {
        self.counts = counts
        var rng = SplitMix64(seed: seed)
        extents = counts.map { count in (0..<count).map { _ in Double(rng.int(in: 20...200)) } }
    }

    func numberOfSections(in list: VirtualList<BenchView>) -> Int { counts.count }
    func list(_ list: VirtualList<BenchView>, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func list(_ list: VirtualList<BenchView>, metricsForSection section: Int) -> SectionMetrics {
        extents[section].count == counts[section]
            ? SectionMetrics(header: 30, footer: 10, measuredItemExtents: extents[section], estimate: 110)
            : SectionMetrics(header: 30, footer: 10, itemExtent: .estimated(110))
    }
    func list(_ list: VirtualList<BenchView>, reuseIdentifierFor element: ListElement) -> String { element.kind.name }
    func list(_ list: VirtualList<BenchView>, configure view: BenchView, for element: ListElement, binding: BindingToken) {
        view.value = element.section
    }

    func makeList() -> VirtualList<BenchView> { makeBenchList(self) }

    /// Changes the model by `deletes` deletes and `inserts` inserts at random places (each in
    /// a random section), and returns the batch that describes the change.
    func randomChange(deletes: Int, inserts: Int, _ rng: inout SplitMix64) -> BatchUpdate {
        var deleted: [Int: Int] = [:]
        var inserted: [Int: Int] = [:]
        var remaining = deletes
        while remaining > 0 {
            let section = rng.below(counts.count)
            if counts[section] > deleted[section, default: 0] {
                deleted[section, default: 0] += 1
                remaining -= 1
            }
        }
        for _ in 0..<inserts { inserted[rng.below(counts.count), default: 0] += 1 }
        var batch = BatchUpdate()
        for (section, count) in deleted {
            batch.deleteItems(at: distinct(count, below: counts[section], &rng).map { ItemPath(section: section, item: $0) })
        }
        for (section, count) in deleted { counts[section] -= count }
        for (section, count) in inserted {
            counts[section] += count
            batch.insertItems(at: distinct(count, below: counts[section], &rng).map { ItemPath(section: section, item: $0) })
        }
        return batch
    }

    /// `count` distinct integers in `0..<bound`.
    private func distinct(_ count: Int, below bound: Int, _ rng: inout SplitMix64) -> [Int] {
        var chosen = Set<Int>()
        while chosen.count < count { chosen.insert(rng.below(bound)) }
        return Array(chosen)
    }
}

func updateScenarios() -> [Scenario] {
    [
        Scenario(title: "VirtualList apply (100 random inserts and deletes, 1M rows)", metrics: [
            "batch_apply_us", "batch_apply_empty_us", "batch_validate_us",
        ]) { context in
            let sectionCount = context.quick ? 1_000 : 10_000
            let frontEnd = CountsFrontEnd(counts: Array(repeating: 100, count: sectionCount), seed: 21)
            let list = frontEnd.makeList()
            try! list.setViewport(Viewport(offset: list.layout.contentExtent / 2, size: 900))
            var rng = SplitMix64(seed: 22)
            let batches = context.quick ? 200 : 2_000

            // Validation alone, on the same kind of batch (the model is put back after).
            var validateSamples: [Double] = []
            for run in 0..<(batches / 4) {
                let before = frontEnd.counts
                let batch = frontEnd.randomChange(deletes: 50, inserts: 50, &rng)
                let after = frontEnd.counts
                let start = monotonicNanoseconds()
                let update = try! batch.validated(itemCountsBefore: before, itemCountsAfter: after)
                let elapsed = monotonicNanoseconds() - start
                blackHole(update)
                frontEnd.counts = before
                if run >= batches / 40 { validateSamples.append(Double(elapsed)) }
            }
            context.record("batch_validate_us", nanoseconds: validateSamples, unit: .us)

            // The whole update path: validation, layout, reconcile.
            var samples: [Double] = []
            for run in 0..<(batches + batches / 10) {
                let batch = frontEnd.randomChange(deletes: 50, inserts: 50, &rng)
                let start = monotonicNanoseconds()
                let pass = try! list.apply(batch)
                let elapsed = monotonicNanoseconds() - start
                blackHole(pass)
                if run >= batches / 10 { samples.append(Double(elapsed)) }
            }
            context.record("batch_apply_us", nanoseconds: samples, unit: .us)

            // The floor: an empty batch through the same path (counts, validation, pass).
            context.timeEach("batch_apply_empty_us", unit: .us, operations: batches) { _ in
                blackHole(try! list.apply(BatchUpdate()))
            }
            withExtendedLifetime(frontEnd) {}
        },
        Scenario(title: "VirtualList fold (a 1,000-item section on screen, 10,000 sections)", metrics: ["collapse_update_us"]) { context in
            let sectionCount = context.quick ? 1_000 : 10_000
            let target = sectionCount / 2
            var counts = Array(repeating: 100, count: sectionCount)
            counts[target] = 1_000
            let frontEnd = CountsFrontEnd(counts: counts, seed: 23)
            let list = frontEnd.makeList()
            let start = list.layout.sectionFrame(target)?.start ?? 0
            try! list.setViewport(Viewport(offset: start, size: 900))
            // Alternates collapse (even) and expand (odd); the warm-up ends expanded.
            context.timeEach("collapse_update_us", unit: .us, operations: context.quick ? 400 : 4_000) { index in
                blackHole(try! list.setCollapsed(index % 2 == 0, section: target))
            }
            withExtendedLifetime(frontEnd) {}
        },
        Scenario(title: "ListDiffableDataSource apply (100 random item inserts and deletes, 100k items)", metrics: ["diffable_apply_ms"]) { context in
            let sectionCount = context.quick ? 100 : 1_000
            let list = VirtualList<BenchView>(style: .plain)
            for (kind, name) in [(ElementKind.item, "item"), (.header, "header"), (.footer, "footer")] {
                try! list.register(kind: kind, reuseIdentifier: name) { BenchView() }
            }
            let dataSource = ListDiffableDataSource<Int, Int, BenchView>(
                list: list,
                configure: { view, id, _, _ in view.value = id },
                configureSupplementary: { view, _, section in view.value = section },
                reuseIdentifier: { $0.kind == .header ? "header" : ($0.kind == .footer ? "footer" : "item") },
                sectionMetrics: { _ in SectionMetrics(header: 30, footer: 10, itemExtent: .uniform(110)) }
            )
            var snapshot = ListSnapshot<Int, Int>()
            try! snapshot.appendSections(Array(0..<sectionCount))
            for section in 0..<sectionCount { try! snapshot.appendItems(Array(section * 100..<(section + 1) * 100), toSection: section) }
            try! dataSource.apply(snapshot)
            try! list.setViewport(Viewport(offset: list.layout.contentExtent / 2, size: 900))
            var rng = SplitMix64(seed: 24)
            var nextID = sectionCount * 100
            context.time("diffable_apply_ms", unit: .ms, setup: { () -> ListSnapshot<Int, Int> in
                var next = dataSource.snapshot()
                let ids = next.itemIdentifiers
                try! next.deleteItems(Array(Set((0..<50).map { _ in ids[rng.below(ids.count)] })))
                let remaining = next.itemIdentifiers
                for _ in 0..<50 {
                    try! next.insertItems([nextID], beforeItem: remaining[rng.below(remaining.count)])
                    nextID += 1
                }
                return next
            }) { next in
                blackHole(try! dataSource.apply(next))
            }
            withExtendedLifetime(dataSource) {}
        },
    ]
}
