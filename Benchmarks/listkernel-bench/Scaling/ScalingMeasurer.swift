import BenchmarkKit

/// One operation's figures at one size: its cost per call and, for an operation judged
/// against memory, what that cost is in reads that go to memory, warm and cold.
struct ScalingPoint {
    /// The size: rows, sections or items, as the operation's axis says.
    let size: Int
    /// Nanoseconds per operation on one structure, over the runs (warm: what stays cached
    /// between calls stays cached, as in an app with one list).
    let cost: SampleSummary
    /// `cost` ÷ one 64 MB read (`random_read_64mb_ns`), run by run; `nil` when not judged.
    var memoryReads: SampleSummary?
    /// The bytes of heap storage of one structure (`ListLayout.storageBytes`), when judged.
    var footprint: Int?
    /// Nanoseconds per operation when each call goes to a random one of `copies`
    /// independent structures that fill 64 MB together (cold: every call finds the caches
    /// as a call on a 10,000,000-row list does); `nil` when not judged.
    var cold: SampleSummary?
    /// `cold` ÷ one 64 MB read, run by run: the reads the operation waits for, one after
    /// another, when none of its memory is cached.
    var coldMemoryReads: SampleSummary?
    /// The number of structures the cold calls are spread over.
    var copies: Int?

    init(size: Int, cost: SampleSummary) {
        self.size = size
        self.cost = cost
    }
}

/// What one timed run of an operation at one size measured.
struct RunSample {
    /// Nanoseconds per operation: one value for a run of many calls, one per call for an
    /// operation timed call by call.
    var costs: [Double]
    /// For an operation judged in reads: the warm cost in 64 MB reads, the cold cost, and the
    /// cold cost in 64 MB reads.
    var memoryReads: Double?
    var cold: Double?
    var coldMemoryReads: Double?
}

/// One operation at one size, its world built, ready to be timed run after run. The scaling
/// run prepares every size of a group first and then takes the runs round-robin over the
/// sizes, so that a neighbour's load, which comes and goes over seconds on the shared
/// machines, falls on every size alike instead of bending the curve at one of them.
struct PreparedOperation {
    let size: Int
    /// The bytes of one structure and the number of copies the cold calls go to, when the
    /// operation is judged in reads.
    var footprint: Int?
    var copies: Int?
    /// Takes one timed run (the first, untimed in effect, is the warm-up).
    let run: () -> RunSample
}

/// How the scaling run times an operation: one warm-up, then a few measured runs (fewer
/// when a single run is long), each the mean of many calls, one long call, or a share of
/// calls timed one by one.
struct ScalingMeasurer {
    /// `--quick`: smaller sizes, fewer runs.
    let quick: Bool
    /// A 64 MB pointer chase (8 MB in a quick pass): the read that misses every cache.
    let memory: PointerChase
    init(quick: Bool) {
        self.quick = quick
        memory = PointerChase(bytes: (quick ? 8 : 64) << 20)
    }

    /// Measured runs per point (3 for an operation whose warm-up took over a quarter of a
    /// second).
    var runs: Int { quick ? 3 : 5 }

    /// How many independent structures of `bytes` each fill the memory floor's buffer
    /// together (at least one): the cold measurement spreads its calls over that many.
    ///
    /// - Complexity: O(1).
    func coldCopies(bytes: Int) -> Int { max(1, (memory.bytes + bytes - 1) / max(1, bytes)) }

    /// A run is one call of `body`, which performs `operations` operations; its cost is the
    /// nanoseconds per operation.
    func batches(size: Int, operations: Int, _ body: @escaping () -> Void) -> PreparedOperation {
        PreparedOperation(size: size) {
            RunSample(costs: [Double(ScalingMeasurer.elapsed(body)) / Double(operations)])
        }
    }

    /// A run is `callsPerRun` calls of `body`, each timed on its own (after `prepare`, which
    /// is not timed); the index counts calls across runs.
    func eachCall(size: Int, callsPerRun: Int, prepare: @escaping (Int) -> Void = { _ in }, _ body: @escaping (Int) -> Void) -> PreparedOperation {
        var next = 0
        return PreparedOperation(size: size) {
            var costs: [Double] = []
            costs.reserveCapacity(callsPerRun)
            for _ in 0..<callsPerRun {
                prepare(next)
                let start = monotonicNanoseconds()
                body(next)
                costs.append(Double(monotonicNanoseconds() - start))
                next += 1
            }
            return RunSample(costs: costs)
        }
    }

    /// An operation that goes to random places of its structure, measured twice per run:
    /// `warm` (every call on one structure of `footprint` bytes) and `cold` (every call on a
    /// random one of `copies` such structures, which fill the 64 MB buffer together). Each
    /// is timed right after a run of 64 MB reads, so that a neighbour's load that slows one
    /// slows the other: the costs in reads are taken run by run. Before the warm run, one
    /// untimed run puts back what the chase evicted (the upper levels of a tree a stream of
    /// calls keeps cached); the cold run needs none.
    func againstMemory(size: Int, operations: Int, footprint: Int, copies: Int, warm: @escaping () -> Void, cold: @escaping () -> Void) -> PreparedOperation {
        let reads = quick ? 20_000 : 200_000
        let memory = memory
        return PreparedOperation(size: size, footprint: footprint, copies: copies) {
            let beforeWarm = memory.nanosecondsPerRead(reads)
            warm()
            let warmCost = Double(ScalingMeasurer.elapsed(warm)) / Double(operations)
            let beforeCold = memory.nanosecondsPerRead(reads)
            let coldCost = Double(ScalingMeasurer.elapsed(cold)) / Double(operations)
            return RunSample(costs: [warmCost], memoryReads: warmCost / beforeWarm, cold: coldCost, coldMemoryReads: coldCost / beforeCold)
        }
    }

    /// Times the operations of one group at every size: every size is prepared first (its
    /// world built, outside any timed region), then each takes a warm-up run, then the
    /// measured runs go round-robin over the sizes. Points are keyed by operation key.
    func measure(_ group: ScalingGroup, sizes: [Int], report: (Int) -> Void) -> [String: [ScalingPoint]] {
        var prepared: [(size: Int, operations: [String: PreparedOperation])] = []
        for size in sizes {
            report(size)
            prepared.append((size, group.prepare(size, self)))
        }
        // The warm-up run decides how many runs an operation gets.
        var samples: [String: [[RunSample]]] = [:]
        var wanted: [String: [Int]] = [:]
        for (index, entry) in prepared.enumerated() {
            for (key, operation) in entry.operations {
                let start = monotonicNanoseconds()
                _ = operation.run()
                let warmUp = monotonicNanoseconds() - start
                samples[key, default: Array(repeating: [], count: prepared.count)][index] = []
                wanted[key, default: Array(repeating: 0, count: prepared.count)][index] = warmUp > 250_000_000 ? min(runs, 3) : runs
            }
        }
        for run in 0..<runs {
            for (index, entry) in prepared.enumerated() {
                for (key, operation) in entry.operations.sorted(by: { $0.key < $1.key }) where run < wanted[key]![index] {
                    samples[key]![index].append(operation.run())
                }
            }
        }
        var points: [String: [ScalingPoint]] = [:]
        for (index, entry) in prepared.enumerated() {
            for (key, operation) in entry.operations {
                let runs = samples[key]![index]
                var point = ScalingPoint(size: entry.size, cost: SampleSummary(runs.flatMap(\.costs))!)
                point.memoryReads = SampleSummary(runs.compactMap(\.memoryReads))
                point.cold = SampleSummary(runs.compactMap(\.cold))
                point.coldMemoryReads = SampleSummary(runs.compactMap(\.coldMemoryReads))
                point.footprint = operation.footprint
                point.copies = operation.copies
                points[key, default: []].append(point)
            }
        }
        return points
    }

    static func elapsed(_ body: () -> Void) -> UInt64 {
        let start = monotonicNanoseconds()
        body()
        return monotonicNanoseconds() - start
    }
}
