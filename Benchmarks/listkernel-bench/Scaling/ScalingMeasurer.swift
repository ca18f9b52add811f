import BenchmarkKit

/// One operation's figures at one size: its cost per call and, for an operation judged
/// against memory, the dependent random reads that cost amounts to.
struct ScalingPoint {
    /// The size: rows, sections or items, as the operation's axis says.
    let size: Int
    /// Nanoseconds per operation, over the runs.
    let cost: SampleSummary
    /// Nanoseconds per dependent random read in a buffer as large as the structure (the
    /// memory floor at this size), paired run by run with `cost`; `nil` when not judged.
    var floor: SampleSummary?
    /// Cost ÷ floor, run by run: the operation's cost in reads of the memory it lives in.
    var reads: SampleSummary?
    /// Cost ÷ one 64 MB read (`random_read_64mb_ns`), run by run: its cost in reads that go
    /// to memory.
    var memoryReads: SampleSummary?
    /// The bytes of heap storage of the structure (`ListLayout.storageBytes`), when judged.
    var footprint: Int?

    init(size: Int, cost: SampleSummary) {
        self.size = size
        self.cost = cost
    }
}

/// How the scaling run times an operation: one warm-up, then a few measured runs (fewer
/// when a single run is long), each the mean of many calls or one long call.
struct ScalingMeasurer {
    /// `--quick`: smaller sizes, fewer runs.
    let quick: Bool
    /// A 64 MB pointer chase (8 MB in a quick pass): the read that misses every cache.
    let memory: PointerChase
    init(quick: Bool) {
        self.quick = quick
        memory = PointerChase(bytes: (quick ? 8 : 64) << 20)
    }

    /// Measured runs per point.
    var runs: Int { quick ? 3 : 5 }

    /// Runs `body`, which performs `operations` operations, once to warm up and then `runs`
    /// times (3 when the warm-up took over a quarter of a second); nanoseconds per operation.
    func batches(operations: Int, _ body: () -> Void) -> SampleSummary {
        var samples: [Double] = []
        let warmUp = elapsed(body)
        let count = warmUp > 250_000_000 ? min(runs, 3) : runs
        for _ in 0..<count { samples.append(Double(elapsed(body)) / Double(operations)) }
        return SampleSummary(samples)!
    }

    /// Times each of `calls` calls of `body` on its own, after `calls / 10` warm-up calls;
    /// the spread is over single calls. `prepare` runs before each call, untimed.
    func eachCall(_ calls: Int, prepare: (Int) -> Void = { _ in }, _ body: (Int) -> Void) -> SampleSummary {
        for index in 0..<(calls / 10) {
            prepare(index)
            body(index)
        }
        var samples: [Double] = []
        samples.reserveCapacity(calls)
        for index in 0..<calls {
            prepare(index)
            let start = monotonicNanoseconds()
            body(index)
            samples.append(Double(monotonicNanoseconds() - start))
        }
        return SampleSummary(samples)!
    }

    /// Like `batches`, but each timed run of `body` is paired with a run of dependent reads
    /// through `floor` (a buffer as large as the structure) and through the 64 MB buffer,
    /// right before it (and an untimed run of `body`), so that a neighbour's load that slows
    /// one slows the others: the ratios are taken run by run.
    func paired(size: Int, operations: Int, floor: PointerChase, _ body: () -> Void) -> ScalingPoint {
        let reads = quick ? 20_000 : 200_000
        var costs: [Double] = []
        var floors: [Double] = []
        var ratios: [Double] = []
        var memoryRatios: [Double] = []
        for run in 0...runs {
            let memoryRead = memory.nanosecondsPerRead(reads)
            let floorRead = floor.nanosecondsPerRead(reads)
            // The chases evicted what a stream of these operations keeps cached (the upper
            // levels of a tree): one untimed pass puts it back.
            body()
            let cost = Double(elapsed(body)) / Double(operations)
            guard run > 0 else { continue }
            costs.append(cost)
            floors.append(floorRead)
            ratios.append(cost / floorRead)
            memoryRatios.append(cost / memoryRead)
        }
        var point = ScalingPoint(size: size, cost: SampleSummary(costs)!)
        point.floor = SampleSummary(floors)
        point.reads = SampleSummary(ratios)
        point.memoryReads = SampleSummary(memoryRatios)
        point.footprint = floor.bytes
        return point
    }

    private func elapsed(_ body: () -> Void) -> UInt64 {
        let start = monotonicNanoseconds()
        body()
        return monotonicNanoseconds() - start
    }
}
