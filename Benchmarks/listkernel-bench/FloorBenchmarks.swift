/// The physical floor lookups are judged against: one dependent random read (a pointer
/// chase), measured in the same run.
///
/// `random_read_64mb_ns` is the floor of record: 64 MB is more than a core's share of the
/// last-level cache on the machines ListKernel is benchmarked on, and four times more pages
/// than the second-level TLB maps, so each read goes to memory (and usually walks the page
/// table first). `random_read_ns` (8 MB) is kept for comparison with older tables: on these
/// machines it is a last-level cache hit, not a memory read.
func floorScenarios() -> [Scenario] {
    [
        Scenario(title: "Memory random read (8 MB pointer chase)", metrics: ["random_read_ns"]) { context in
            let chase = PointerChase(bytes: 8 << 20)
            chase.time(&context, metric: "random_read_ns", reads: context.quick ? 200_000 : 2_000_000)
        },
        Scenario(title: "Memory random read (64 MB pointer chase)", metrics: ["random_read_64mb_ns"]) { context in
            let chase = PointerChase(bytes: (context.quick ? 8 : 64) << 20)
            chase.time(&context, metric: "random_read_64mb_ns", reads: context.quick ? 200_000 : 2_000_000)
        },
    ]
}

/// A buffer of `bytes` holding one random cycle through all its slots (Sattolo's algorithm),
/// so that following it is one dependent random read after another: the cost of a read in
/// memory of that size, which no prefetcher can hide.
struct PointerChase {
    /// The buffer's size.
    let bytes: Int
    private let next: [Int]

    /// A cycle through `bytes / 8` slots (at least 2), shuffled by `seed`.
    ///
    /// - Complexity: O(bytes).
    init(bytes: Int, seed: UInt64 = 0x5EED) {
        let count = max(2, bytes / MemoryLayout<Int>.stride)
        self.bytes = count * MemoryLayout<Int>.stride
        var next = Array(0..<count)
        var state = seed
        var i = count - 1
        while i > 0 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((state >> 33) % UInt64(i))
            next.swapAt(i, j)
            i -= 1
        }
        self.next = next
    }

    /// Follows `reads` links from `slot` and returns where it ended (hand it to
    /// `blackHole`, so the reads are not optimized away).
    ///
    /// - Complexity: O(reads).
    @inline(never)
    func follow(_ reads: Int, from slot: Int = 0) -> Int {
        var slot = slot
        next.withUnsafeBufferPointer { next in
            for _ in 0..<reads { slot = next[slot] }
        }
        return slot
    }

    /// The nanoseconds of one run of `reads` dependent reads, per read.
    ///
    /// - Complexity: O(reads).
    func nanosecondsPerRead(_ reads: Int) -> Double {
        let start = monotonicNanoseconds()
        blackHole(follow(reads))
        return Double(monotonicNanoseconds() - start) / Double(reads)
    }

    /// Records `metric`: a warm-up, then the context's runs of `reads` reads each.
    func time(_ context: inout BenchContext, metric: String, reads: Int) {
        context.time(metric, unit: .ns, operations: reads) { blackHole(follow(reads)) }
    }
}
