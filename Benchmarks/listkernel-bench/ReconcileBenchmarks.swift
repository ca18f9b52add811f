import ListKernel
import ListKernelTesting

/// The view of the reconcile benchmarks: configure writes one integer into it.
final class BenchView {
    var value = 0
}

/// A data source over the benchmark world: one item and one header identifier, extents
/// random in 20...200 (or all estimated, for the self-sizing scenario).
final class BenchFrontEnd: ListDataSource {
    typealias View = BenchView
    let sections: Int
    let itemsPerSection: Int
    let extents: [[Double]]
    var measuresOnConfigure = false

    init(sections: Int, itemsPerSection: Int, seed: UInt64 = 7) {
        self.sections = sections
        self.itemsPerSection = itemsPerSection
        var rng = SplitMix64(seed: seed)
        extents = (0..<sections).map { _ in (0..<itemsPerSection).map { _ in Double(rng.int(in: 20...200)) } }
    }

    func numberOfSections(in list: VirtualList<BenchView>) -> Int { sections }
    func list(_ list: VirtualList<BenchView>, numberOfItemsInSection section: Int) -> Int { itemsPerSection }
    func list(_ list: VirtualList<BenchView>, metricsForSection section: Int) -> SectionMetrics {
        measuresOnConfigure
            ? SectionMetrics(header: 30, footer: 10, itemExtent: .estimated(44))
            : SectionMetrics(header: 30, footer: 10, measuredItemExtents: extents[section])
    }
    func list(_ list: VirtualList<BenchView>, reuseIdentifierFor element: ListElement) -> String { element.kind.name }
    func list(_ list: VirtualList<BenchView>, configure view: BenchView, for element: ListElement, binding: BindingToken) {
        view.value = element.section
        if measuresOnConfigure, case .item(let path) = element {
            try! list.setMeasuredExtent(extents[path.section][path.item], for: element)
        }
    }

    func makeList() -> VirtualList<BenchView> { makeBenchList(self) }
}

/// A plain-style list over `dataSource` with one identifier per kind ("item", "header",
/// "footer"), reloaded.
func makeBenchList(_ dataSource: some ListDataSource<BenchView>) -> VirtualList<BenchView> {
    let list = VirtualList<BenchView>(style: .plain)
    for kind in [ElementKind.item, .header, .footer] {
        try! list.register(kind: kind, reuseIdentifier: kind.name) { BenchView() }
    }
    list.dataSource = dataSource
    try! list.reloadData()
    return list
}

/// Offsets of a fling: steps of 5...60 points, wrapping to the top at the end.
func flingOffsets(count: Int, content: Double, viewport: Double, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    var offsets: [Double] = []
    offsets.reserveCapacity(count)
    var y = 0.0
    while offsets.count < count {
        offsets.append(y)
        y += Double(rng.int(in: 5...60))
        if y > content - viewport { y = 0 }
    }
    return offsets
}

func reconcileScenarios() -> [Scenario] {
    [
        Scenario(title: "VirtualList pass (fling, 1M rows vs 1k rows)", metrics: ["scroll_frame_ns", "scroll_frame_ns_small"]) { context in
            let passes = context.quick ? 20_000 : 200_000
            for (metric, sections) in [("scroll_frame_ns", context.quick ? 1_000 : 10_000), ("scroll_frame_ns_small", 10)] {
                let frontEnd = BenchFrontEnd(sections: sections, itemsPerSection: 100)
                let list = frontEnd.makeList()
                let offsets = flingOffsets(count: passes, content: list.layout.contentExtent, viewport: 900, seed: 11)
                var viewport = Viewport(size: 900, overscan: .init(ahead: 100, behind: 50))
                context.time(metric, unit: .ns, operations: passes) {
                    for offset in offsets {
                        viewport.offset = offset
                        _ = try! list.setViewport(viewport)
                    }
                }
                withExtendedLifetime(frontEnd) {}
            }
        },
        Scenario(title: "VirtualList pass (jump to a random offset)", metrics: ["jump_frame_ns"]) { context in
            let frontEnd = BenchFrontEnd(sections: context.quick ? 1_000 : 10_000, itemsPerSection: 100)
            let list = frontEnd.makeList()
            var rng = SplitMix64(seed: 12)
            let jumps = context.quick ? 2_000 : 20_000
            let offsets = (0..<jumps).map { _ in Double(rng.below(Int(list.layout.contentExtent) - 900)) }
            var viewport = Viewport(size: 900)
            context.time("jump_frame_ns", unit: .ns, operations: jumps) {
                for offset in offsets {
                    viewport.offset = offset
                    _ = try! list.setViewport(viewport)
                }
            }
            withExtendedLifetime(frontEnd) {}
        },
        Scenario(title: "VirtualList views (fling top to bottom)", metrics: ["views_created_fling", "views_peak_displayed"]) { context in
            let frontEnd = BenchFrontEnd(sections: context.quick ? 1_000 : 10_000, itemsPerSection: 100)
            let list = frontEnd.makeList()
            var rng = SplitMix64(seed: 13)
            var viewport = Viewport(size: 900, overscan: .init(ahead: 100, behind: 50))
            var peak = 0
            let end = list.layout.contentExtent - 900
            while viewport.offset < end {
                viewport.offset = min(end, viewport.offset + Double(rng.int(in: 5...60)))
                peak = max(peak, try! list.setViewport(viewport).displayed.count)
            }
            context.record("views_created_fling", Double(list.pool.totalCounters.created))
            context.record("views_peak_displayed", Double(peak))
            withExtendedLifetime(frontEnd) {}
        },
        Scenario(title: "VirtualList pass (self-sizing fling)", metrics: ["self_size_frame_ns"]) { context in
            let passes = context.quick ? 20_000 : 200_000
            let frontEnd = BenchFrontEnd(sections: context.quick ? 1_000 : 10_000, itemsPerSection: 100)
            frontEnd.measuresOnConfigure = true
            let list = frontEnd.makeList()
            // Estimated content: 100 × 44 per section; flinging never wraps inside it.
            let offsets = flingOffsets(count: passes, content: 1e12, viewport: 900, seed: 14)
            var viewport = Viewport(size: 900, overscan: .init(ahead: 100, behind: 50))
            var base = 0.0
            context.time("self_size_frame_ns", unit: .ns, operations: passes) {
                for offset in offsets {
                    // Follow the anchored offset, so every pass brings in rows still estimated.
                    viewport.offset = base + offset
                    let pass = try! list.setViewport(viewport)
                    base += pass.anchorAdjustment
                }
            }
            withExtendedLifetime(frontEnd) {}
        },
    ]
}
