import Foundation
import ListKernel
import ListKernelTesting

// Live lists at scale (issue 13): applying a snapshot derived from the current one in time
// proportional to its edits, against the full diff of the same edits as an unrelated
// snapshot; a small batch at many sections whose counts come from the held snapshot;
// prepending estimated history above the viewport.

/// A diffable data source over `sections` sections of `itemsPerSection` items (identifiers
/// `section * itemsPerSection + item`), on a list with views on screen in the middle.
private func makeLiveList(sections: Int, itemsPerSection: Int, itemExtent: ListLayout.ItemExtent = .uniform(44))
    -> (VirtualList<BenchView>, ListDiffableDataSource<Int, Int, BenchView>)
{
    let list = VirtualList<BenchView>(style: .plain)
    for (kind, name) in [(ElementKind.item, "item"), (.header, "header"), (.footer, "footer")] {
        try! list.register(kind: kind, reuseIdentifier: name) { BenchView() }
    }
    let dataSource = ListDiffableDataSource<Int, Int, BenchView>(
        list: list,
        configure: { view, id, _, _ in view.value = id },
        configureSupplementary: { view, _, section in view.value = section },
        reuseIdentifier: { $0.kind == .header ? "header" : ($0.kind == .footer ? "footer" : "item") },
        sectionMetrics: { _ in SectionMetrics(header: 30, footer: 10, itemExtent: itemExtent) }
    )
    var snapshot = ListSnapshot<Int, Int>()
    try! snapshot.appendSections(Array(0..<sections))
    for section in 0..<sections {
        try! snapshot.appendItems(Array(section * itemsPerSection..<(section + 1) * itemsPerSection), toSection: section)
    }
    try! dataSource.apply(snapshot)
    try! list.setViewport(Viewport(offset: list.layout.contentExtent / 2, size: 900))
    return (list, dataSource)
}

/// `count` random item edits on `snapshot`: inserts, deletes, moves within and across
/// sections, reloads and reconfigures, spread over the sections.
private func randomEdits(_ snapshot: inout ListSnapshot<Int, Int>, count: Int, nextID: inout Int, _ rng: inout SplitMix64) {
    let sections = snapshot.numberOfSections
    func anyItem() -> Int? {
        for _ in 0..<8 {
            let section = rng.below(sections)
            if let items = snapshot.itemIdentifiers(inSection: section), !items.isEmpty { return items[rng.below(items.count)] }
        }
        return nil
    }
    for _ in 0..<count {
        guard let item = anyItem(), let other = anyItem(), item != other else { continue }
        switch rng.below(5) {
        case 0:
            try! snapshot.insertItems([nextID], beforeItem: item)
            nextID += 1
        case 1: try! snapshot.deleteItems([item])
        case 2: try! snapshot.moveItem(item, afterItem: other)
        case 3: try! snapshot.reloadItems([item])
        default: try! snapshot.reconfigureItems([item])
        }
    }
}

/// A copy of `snapshot` with the same contents and marks but no history: it is not derived
/// from the data source's snapshot, so applying it takes the full diff.
private func unrelatedCopy(_ snapshot: ListSnapshot<Int, Int>) -> ListSnapshot<Int, Int> {
    var copy = try! ListSnapshot(sections: snapshot.sections)
    try! copy.reloadItems(Array(snapshot.reloadedItemIdentifiers))
    try! copy.reconfigureItems(Array(snapshot.reconfiguredItemIdentifiers))
    return copy
}

/// A value the main actor fills in.
@MainActor private final class MainActorBox<Value> {
    var value: Value?
}

/// Runs `body` on the main actor and serves the main run loop until it is done: the runner
/// is synchronous, and main-actor jobs run only while the main run loop (or `dispatchMain`)
/// does.
///
/// Each turn of the run loop waits without a deadline and returns once it has served the
/// main queue. A turn with a deadline (it was 1 ms) arms a dispatch timer, and on Linux the
/// timers' handlers kept starting dispatch worker threads (hundreds over a run, `perf sched`),
/// which took the main thread's core away for milliseconds at a time: the stretches the
/// ticker then measured were the harness's own.
private func runOnMainActor<Value: Sendable>(_ body: @escaping @MainActor () async -> Value) -> Value {
    MainActor.assumeIsolated {
        let box = MainActorBox<Value>()
        Task { @MainActor in box.value = await body() }
        while box.value == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        return box.value!
    }
}

/// The longest stretch between two turns of the main queue (where main-actor jobs run): how
/// long the main actor was busy with anything else at a time (`longest`, wall-clock time),
/// and the most CPU time the main thread spent in one such stretch (`longestCPU`). The two
/// differ by the time the operating system gave the main thread's core to other threads (on
/// 2 cores, the diff and the background releases): the wall-clock figure is what a user
/// sees, the CPU figure what the kernel's main-actor work costs.
///
/// Each turn enqueues the next one on the main queue itself, as a display link or an event
/// does. A task looping on `Task.yield()` measured something else: on Linux the yielded job
/// goes to the global pool, whose threads (one of them running the diff, on 2 cores) then
/// hop it back to the main queue, so its gaps were the pool's latency, with the main thread
/// idle in `ppoll` (strace) for most of the longest one.
@MainActor private final class MainActorTicker {
    var last = monotonicNanoseconds()
    var lastCPU = threadCPUNanoseconds()
    var longest: UInt64 = 0
    var longestCPU: UInt64 = 0
    var running = true

    func start() {
        last = monotonicNanoseconds()
        lastCPU = threadCPUNanoseconds()
    }

    /// Ticks on every turn of the main queue until `stop(_:)`.
    func startTurns() {
        start()
        nextTurn()
    }

    /// Stops the turns; `done` runs once the last turn has ended.
    func stop(_ done: @escaping @MainActor () -> Void) {
        tick()
        running = false
        stopped = done
    }

    private var stopped: (@MainActor () -> Void)?

    private func nextTurn() {
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard self.running else {
                    self.stopped?()
                    return
                }
                self.tick()
                self.nextTurn()
            }
        }
    }

    func tick() {
        let now = monotonicNanoseconds()
        let nowCPU = threadCPUNanoseconds()
        longest = max(longest, now - last)
        longestCPU = max(longestCPU, nowCPU - lastCPU)
        last = now
        lastCPU = nowCPU
    }
}

func liveScenarios() -> [Scenario] {
    [
        Scenario(
            title: "ListDiffableDataSource apply (100 random edits on a derived snapshot vs an unrelated one, 1M items in 1,000 sections)",
            metrics: ["incremental_apply_1m_us", "full_apply_1m_ms", "full_over_incremental_apply"]
        ) { context in
            // Two identical lists get the same edit scripts (the same seed): one as derived
            // snapshots, the other, afterwards, as unrelated ones, so that neither path's
            // setup or released snapshots overlap the other's timed applies.
            // --quick: 100,000 items, not the figures of record.
            let sections = context.quick ? 100 : 1_000
            let (_, incremental) = makeLiveList(sections: sections, itemsPerSection: 1_000)
            let (_, full) = makeLiveList(sections: sections, itemsPerSection: 1_000)
            func measure(_ dataSource: ListDiffableDataSource<Int, Int, BenchView>, unrelated: Bool) -> [Double] {
                var rng = SplitMix64(seed: 1301)
                var nextID = 1_000_000
                var samples: [Double] = []
                for run in 0...context.runs {
                    var next = dataSource.snapshot()
                    randomEdits(&next, count: 100, nextID: &nextID, &rng)
                    let applied = unrelated ? unrelatedCopy(next) : next
                    let start = monotonicNanoseconds()
                    blackHole(try! dataSource.apply(applied))
                    if run > 0 { samples.append(Double(monotonicNanoseconds() - start)) }
                }
                return samples
            }
            let incrementalSamples = measure(incremental, unrelated: false)
            let fullSamples = measure(full, unrelated: true)
            precondition(incremental.snapshot() == full.snapshot(), "the two paths ended in different snapshots")
            context.record("incremental_apply_1m_us", nanoseconds: incrementalSamples, unit: .us)
            context.record("full_apply_1m_ms", nanoseconds: fullSamples, unit: .ms)
            context.record(
                "full_over_incremental_apply",
                samples: zip(fullSamples, incrementalSamples).map { $0 / $1 },
                unit: "×"
            )
        },
        Scenario(
            title: "ListSnapshot build (1M items in 1,000 sections: from sections, and by appends section by section)",
            metrics: ["snapshot_build_1m_ms", "snapshot_append_1m_ms"]
        ) { context in
            // What a front end pays to hand over a whole new state (the unrelated snapshot of
            // `full_apply_1m_ms`), built both ways a UIKit user builds one. --quick: 100,000.
            let sections = context.quick ? 100 : 1_000
            let input = (0..<sections).map { section in
                DiffSection(id: section, items: Array((section * 1_000)..<((section + 1) * 1_000)))
            }
            context.time("snapshot_build_1m_ms", unit: .ms, setup: { ListSnapshot<Int, Int>() }) { snapshot in
                snapshot = try! ListSnapshot(sections: input)
            }
            context.time("snapshot_append_1m_ms", unit: .ms, setup: { ListSnapshot<Int, Int>() }) { snapshot in
                try! snapshot.appendSections(input.map(\.id))
                for section in input { try! snapshot.appendItems(section.items, toSection: section.id) }
            }
        },
        Scenario(
            title: "ListDiffableDataSource apply (a 10-item batch, counts from the held snapshot, 100,000 sections), and deriving its snapshot",
            metrics: ["batch_apply_touched_us", "snapshot_derive_edits_us"]
        ) { context in
            let sections = context.quick ? 10_000 : 100_000
            let (_, dataSource) = makeLiveList(sections: sections, itemsPerSection: 10)
            var nextID = 1_000_000
            // The front end's side of each update: five deletes and five appends, each in a
            // random section.
            func makeTenEdits(_ next: inout ListSnapshot<Int, Int>, _ rng: inout SplitMix64) {
                for _ in 0..<5 {
                    let section = rng.below(sections)
                    let items = next.itemIdentifiers(inSection: section)!
                    if items.isEmpty { continue }
                    try! next.deleteItems([items[rng.below(items.count)]])
                }
                for _ in 0..<5 {
                    try! next.appendItems([nextID], toSection: rng.below(sections))
                    nextID += 1
                }
            }
            var rng = SplitMix64(seed: 1302)
            context.time("batch_apply_touched_us", unit: .us, setup: { () -> ListSnapshot<Int, Int> in
                var next = dataSource.snapshot()
                makeTenEdits(&next, &rng)
                return next
            }) { next in
                blackHole(try! dataSource.apply(next))
            }
            // That derivation timed on its own (its own random sections; nothing is applied, so
            // every run derives from the same snapshot).
            var deriving = SplitMix64(seed: 1305)
            context.time("snapshot_derive_edits_us", unit: .us, setup: { dataSource.snapshot() }) { next in
                makeTenEdits(&next, &deriving)
            }
        },
        Scenario(
            title: "LiveSnapshotApplier apply (an unrelated 1M-item snapshot with 100 edits, diffed off the main actor)",
            metrics: ["main_actor_block_ms", "main_actor_block_cpu_ms"]
        ) { context in
            let runs = context.runs
            let sections = context.quick ? 100 : 1_000
            let samples = runOnMainActor { () async -> [(wall: Double, cpu: Double)] in
                let (_, dataSource) = makeLiveList(sections: sections, itemsPerSection: 1_000)
                let applier = LiveSnapshotApplier(dataSource: dataSource)
                var rng = SplitMix64(seed: 1304)
                var nextID = 3_000_000
                var samples: [(wall: Double, cpu: Double)] = []
                for run in 0...runs {
                    var next = dataSource.snapshot()
                    randomEdits(&next, count: 100, nextID: &nextID, &rng)
                    let unrelated = unrelatedCopy(next)
                    let ticker = MainActorTicker()
                    ticker.startTurns()
                    let outcome = await applier.apply(unrelated)
                    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                        ticker.stop { finished.resume() }
                    }
                    guard case .applied = outcome else { preconditionFailure("the submission was not applied: \(outcome)") }
                    if run > 0 { samples.append((Double(ticker.longest), Double(ticker.longestCPU))) }
                }
                return samples
            }
            context.record("main_actor_block_ms", nanoseconds: samples.map(\.wall), unit: .ms)
            context.record("main_actor_block_cpu_ms", nanoseconds: samples.map(\.cpu), unit: .ms)
        },
        Scenario(
            title: "ListDiffableDataSource apply (append 100 items to a following 1M-item list, one pass)",
            metrics: ["follow_append_us"]
        ) { context in
            let sections = context.quick ? 100 : 1_000
            let (list, dataSource) = makeLiveList(sections: sections, itemsPerSection: 1_000)
            try! list.setEndBehaviour(EndBehaviour(follows: true))
            try! list.scrollToEnd()
            var nextID = 2_000_000
            context.time("follow_append_us", unit: .us, setup: { () -> ListSnapshot<Int, Int> in
                var next = dataSource.snapshot()
                try! next.appendItems(Array(nextID..<(nextID + 100)), toSection: sections - 1)
                nextID += 100
                return next
            }) { next in
                blackHole(try! dataSource.apply(next))
            }
            precondition(list.isAtEnd, "the list stopped following")
        },
        Scenario(
            title: "ListSnapshot, one long section (1,000,000 items): derive and insert one item before a random item, 3,000 times",
            metrics: ["long_section_insert_us"]
        ) { context in
            // Each derivation is made from the last (an edited message, a log line filed out
            // of order): its cost is what an edit in the middle of a chunked section copies,
            // a chunk and its tables, and now and then a split. --quick: 100,000 items, 300.
            let count = context.quick ? 100_000 : 1_000_000
            var base = ListSnapshot<Int, Int>()
            try! base.appendSections([0])
            try! base.appendItems(Array(0..<count), toSection: 0)
            var rng = SplitMix64(seed: 1305)
            var nextID = 2_000_000
            var samples: [Double] = []
            for _ in 0..<(context.quick ? 300 : 3_000) {
                let start = monotonicNanoseconds()
                var next = base
                let anchor = next.itemIdentifier(at: rng.below(next.numberOfItems(inSection: 0)!), inSection: 0)!
                try! next.insertItems([nextID], beforeItem: anchor)
                samples.append(Double(monotonicNanoseconds() - start))
                nextID += 1
                base = next
            }
            context.record("long_section_insert_us", nanoseconds: samples, unit: .us)
        },
        Scenario(
            title: "ListDiffableDataSource, a chat of 1,000,000 messages in one section (derive and append one; apply it, following)",
            metrics: ["chat_derive_append_us", "chat_apply_us"]
        ) { context in
            // A chat or a log is one long section. The derivation is the app's side of every
            // new message (`dataSource.snapshot()`, `appendItems`); the apply is the list's.
            // --quick: 100,000 messages (still past the 8,192 items of a chunked section).
            let (list, dataSource) = makeLiveList(sections: 1, itemsPerSection: context.quick ? 100_000 : 1_000_000)
            try! list.setEndBehaviour(EndBehaviour(follows: true))
            try! list.scrollToEnd()
            var nextID = 2_000_000
            context.time("chat_derive_append_us", unit: .us, setup: { () }) { _ in
                var next = dataSource.snapshot()
                try! next.appendItems([nextID], toSection: 0)
                nextID += 1
                blackHole(next)
            }
            context.time("chat_apply_us", unit: .us, setup: { () -> ListSnapshot<Int, Int> in
                var next = dataSource.snapshot()
                try! next.appendItems([nextID], toSection: 0)
                nextID += 1
                return next
            }) { next in
                blackHole(try! dataSource.apply(next))
            }
            precondition(list.isAtEnd, "the chat stopped following")
        },
        Scenario(
            title: "ListDiffableDataSource apply (prepend 1,000 estimated items above the viewport, then measure them)",
            metrics: ["prepend_jump_pt"]
        ) { context in
            let (list, dataSource) = makeLiveList(sections: 1, itemsPerSection: 10_000, itemExtent: .estimated(44))
            try! list.setViewport(Viewport(offset: 5_000 * 44 + 13, size: 900))
            var rng = SplitMix64(seed: 1303)
            var worst = 0.0
            var nextID = 1_000_000
            for _ in 0..<(context.quick ? 2 : 5) {
                guard let first = list.displayed.first(where: { $0.element.kind == .item && $0.frame.start + $0.frame.extent > list.viewport.offset }) else { break }
                let id = dataSource.itemIdentifier(for: first.element.itemPath!)!
                let screenBefore = first.frame.start - list.viewport.offset
                var next = dataSource.snapshot()
                let top = next.itemIdentifiers(inSection: 0)!.first!
                try! next.insertItems(Array(nextID..<(nextID + 1_000)), beforeItem: top)
                let prepended = Array(nextID..<(nextID + 1_000))
                nextID += 1_000
                try! dataSource.apply(next)
                // Measure every prepended item (all above the viewport) with its real extent.
                var extents: [ListElement: Double] = [:]
                for id in prepended { extents[.item(dataSource.itemPath(for: id)!)] = Double(rng.int(in: 20...300)) }
                try! list.setMeasuredExtents(extents)
                let path = dataSource.itemPath(for: id)!
                let frame = list.layout.frame(of: .item(path))!
                worst = max(worst, abs(frame.start - list.viewport.offset - screenBefore))
            }
            context.record("prepend_jump_pt", worst, unit: "pt")
        },
    ]
}
